// The grove command as a user runs it: one-line errors with suggestions,
// exit codes, help on every subcommand, reproducible play, replay reports,
// and runs that survive being interrupted or killed.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "engine/core/event.hpp"
#include "engine/core/variant.hpp"
#include "engine/games/builtin.hpp"
#include "tests/support/sanitizers.hpp"
#include "tests/support/temp_folder.hpp"

extern char** environ;

namespace grove {
namespace {

namespace fs = std::filesystem;

// The game graph of a small variant, walked here through the rules alone
// (their moves, chance outcomes, apply and state equality), not through
// grove explore: the figures explore must print, found another way.
struct GraphWalk {
  std::int64_t states = 0;
  std::int64_t transitions = 0;  // moves and chance outcomes, over every state
  int depth = 0;                 // the most moves from the start to a state, by the shortest way
  std::set<std::string> clauses;
  std::int64_t differ = 0;  // states where `other` gives other moves or other successors
  int first_differ = -1;    // the fewest moves to one of them
  std::int64_t never_end = 0;
  double p1_wins = 0;          // under uniformly random play
  double expected_length = 0;  // in moves, under uniformly random play
};

GraphWalk walk_graph(const Rules& rules, const Rules* other) {
  std::vector<std::unique_ptr<State>> states;
  std::vector<int> depth;
  std::unordered_multimap<std::uint64_t, std::size_t> index;
  std::vector<std::vector<std::pair<std::size_t, double>>> edges;
  std::vector<double> win;  // 1 where the game is over and P1 is among the winners
  std::vector<bool> over;
  const auto find_or_add = [&](std::unique_ptr<State> state, int at) {
    const std::uint64_t hash = state->hash();
    for (auto [i, end] = index.equal_range(hash); i != end; ++i) {
      if (states[i->second]->equals(*state)) return i->second;
    }
    index.emplace(hash, states.size());
    states.push_back(std::move(state));
    depth.push_back(at);
    return states.size() - 1;
  };
  GraphWalk walk;
  find_or_add(rules.initial_state(), 0);
  for (std::size_t s = 0; s < states.size(); ++s) {
    const State& state = *states[s];
    const Node node = rules.node(state);
    edges.emplace_back();
    over.push_back(node.kind == NodeKind::Terminal);
    win.push_back(0);
    walk.depth = std::max(walk.depth, depth[s]);
    if (node.kind == NodeKind::Terminal) {
      const std::vector<Seat> winners = rules.outcome(state).winners();
      win[s] = std::find(winners.begin(), winners.end(), Seat{0}) != winners.end() ? 1 : 0;
      continue;
    }
    std::vector<std::pair<Move, double>> moves;
    if (node.kind == NodeKind::Chance) {
      std::vector<ChanceOutcome> outcomes;
      rules.chance_outcomes(state, outcomes);
      for (const ChanceOutcome& o : outcomes) moves.emplace_back(o.move, o.probability.to_double());
    } else {
      std::vector<Move> legal;
      rules.legal_moves(state, legal);
      for (const Move& move : legal) moves.emplace_back(move, 1.0 / double(legal.size()));
    }
    bool differs = false;
    if (other != nullptr) {
      const Node other_node = other->node(state);
      std::vector<std::string> mine, theirs;
      for (const auto& [move, chance] : moves) {
        mine.push_back(rules.move_text(move) + " " + std::to_string(chance));
      }
      if (node.kind == NodeKind::Chance) {
        std::vector<ChanceOutcome> outcomes;
        other->chance_outcomes(state, outcomes);
        for (const ChanceOutcome& o : outcomes) {
          theirs.push_back(other->move_text(o.move) + " " +
                           std::to_string(o.probability.to_double()));
        }
      } else {
        std::vector<Move> legal;
        other->legal_moves(state, legal);
        for (const Move& move : legal) {
          theirs.push_back(other->move_text(move) + " " +
                           std::to_string(1.0 / double(legal.size())));
        }
      }
      std::sort(mine.begin(), mine.end());
      std::sort(theirs.begin(), theirs.end());
      differs = other_node.kind != node.kind || other_node.actor != node.actor || mine != theirs;
    }
    for (const auto& [move, chance] : moves) {
      ++walk.transitions;
      std::unique_ptr<State> next = state.clone();
      EventLog log;
      EXPECT_TRUE(rules.apply(*next, move, &log).is_legal()) << rules.move_text(move);
      for (const Event& event : log) walk.clauses.emplace(event.clause);
      if (other != nullptr && !differs) {
        std::unique_ptr<State> theirs = state.clone();
        differs = !other->apply(*theirs, move, nullptr).is_legal() || !theirs->equals(*next);
      }
      const std::size_t target = find_or_add(std::move(next), depth[s] + 1);
      edges[s].emplace_back(target, chance);
    }
    if (differs) {
      ++walk.differ;
      if (walk.first_differ < 0) walk.first_differ = depth[s];  // states come by depth
    }
  }
  walk.states = static_cast<std::int64_t>(states.size());
  // States from which no end can be reached: those no path back from an end
  // reaches.
  std::vector<bool> ends(states.size(), false);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t s = 0; s < states.size(); ++s) {
      if (ends[s]) continue;
      bool reaches = over[s];
      for (const auto& [target, chance] : edges[s]) reaches = reaches || ends[target];
      if (reaches) ends[s] = changed = true;
    }
  }
  walk.never_end = std::count(ends.begin(), ends.end(), false);
  // P1's chance and the expected length, iterated over the cycles until
  // nothing moves.
  std::vector<double> p1 = win;
  std::vector<double> length(states.size(), 0.0);
  for (int sweep = 0; sweep < 1000000; ++sweep) {
    double change = 0;
    for (std::size_t s = 0; s < states.size(); ++s) {
      if (over[s] || !ends[s]) continue;
      double p = 0;
      double l = 1;
      for (const auto& [target, chance] : edges[s]) {
        p += chance * p1[target];
        l += chance * length[target];
      }
      change = std::max({change, std::fabs(p - p1[s]), std::fabs(l - length[s])});
      p1[s] = p;
      length[s] = l;
    }
    if (change < 1e-14) break;
  }
  walk.p1_wins = p1[0];
  walk.expected_length = length[0];
  return walk;
}

std::string fmt_join(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : ", ") + word;
  return text;
}

// What grove play's last line says: "P2 wins; P1 place 2, P2 place 1, P3
// place 2 after 16 moves." (with "(N points)" after each place where the
// game keeps a score), checked against the log above it: the moves are
// numbered 1 to N.
struct Result {
  int winner = 0;           // 1 for P1
  std::vector<int> places;  // by seat
  std::vector<int> points;  // by seat, where given
  int moves = 0;
};

Result result_of_play(const std::string& text) {
  Result result;
  static const std::regex line(R"(\n(P(\d) wins; (.*) after (\d+) moves\.)\n)");
  std::smatch found;
  EXPECT_TRUE(std::regex_search(text, found, line)) << text.substr(text.size() - 1000);
  if (found.empty()) return result;
  result.winner = std::stoi(found[2]);
  result.moves = std::stoi(found[4]);
  static const std::regex seat(R"(P(\d) place (\d)(?: \((-?\d+) points?\))?)");
  const std::string places = found[3];
  int expected_seat = 1;
  for (auto i = std::sregex_iterator(places.begin(), places.end(), seat);
       i != std::sregex_iterator(); ++i, ++expected_seat) {
    EXPECT_EQ(std::stoi((*i)[1]), expected_seat) << places;
    result.places.push_back(std::stoi((*i)[2]));
    if ((*i)[3].matched) result.points.push_back(std::stoi((*i)[3]));
  }
  EXPECT_TRUE(result.winner >= 1 && result.winner <= static_cast<int>(result.places.size()) &&
              result.places[static_cast<std::size_t>(result.winner - 1)] == 1)
      << found[1];
  // The log numbers the moves 1 to N; a long log is cut once, where it says
  // so, and goes on from a later move.
  static const std::regex numbered(R"(\n *(\d+)\. )");
  const std::size_t cut = text.find(" lines left out (--log-lines 0 prints the whole game) ...");
  int last = 0;
  bool past_cut = false;
  for (auto i = std::sregex_iterator(text.begin(), text.end(), numbered);
       i != std::sregex_iterator(); ++i) {
    const int number = std::stoi((*i)[1]);
    if (!past_cut && cut != std::string::npos && static_cast<std::size_t>(i->position()) > cut) {
      past_cut = true;
      EXPECT_GT(number, last + 1);  // the moves left out
    } else {
      EXPECT_EQ(number, last + 1);
    }
    last = number;
  }
  EXPECT_EQ(last, result.moves);
  return result;
}

// `prefix` and `percent` with one decimal, as the reports print rates.
std::string fmt_percent(const std::string& prefix, double percent) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", percent);
  return prefix + text;
}

// The number after `marker` in `text` (NaN, and a failure, without one).
double number_after(const std::string& text, const std::string& marker) {
  const auto at = text.find(marker);
  EXPECT_NE(at, std::string::npos) << marker << "\n" << text;
  return at == std::string::npos ? std::nan("") : std::stod(text.substr(at + marker.size()));
}

struct Output {
  int code;
  std::string text;  // stdout and stderr together
};

class CliTest : public ::testing::Test {
 protected:
  Output grove(const std::string& arguments) {
    const std::string command = std::string(GROVE_BINARY) + " " + arguments + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    std::string text;
    char buffer[4096];
    std::size_t got = 0;
    while ((got = fread(buffer, 1, sizeof buffer, pipe)) > 0) text.append(buffer, got);
    const int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
  }

  std::string write(const std::string& name, const std::string& text) {
    return folder_.write(name, text);
  }

  std::string query(const std::string& sql) {
    sqlite3* db = nullptr;
    sqlite3_open(db_.c_str(), &db);
    sqlite3_stmt* statement = nullptr;
    std::string value;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_text(statement, 0) != nullptr) {
      value = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    }
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return value;
  }

  // Starts grove with `arguments` in the background, its output (both
  // streams) going to `output`.
  pid_t start(const std::vector<std::string>& arguments, const std::string& output = "/dev/null") {
    std::vector<std::string> words = {GROVE_BINARY};
    words.insert(words.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (auto& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t child = 0;
    const int started = posix_spawn(&child, GROVE_BINARY, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    EXPECT_EQ(started, 0);
    return child;
  }

  // A command that must succeed: its output, and a failure naming the
  // command when it exits with anything but 0.
  std::string ok(const std::string& arguments) {
    const Output out = grove(arguments);
    EXPECT_EQ(out.code, 0) << "grove " << arguments << "\n" << out.text.substr(0, 3000);
    return out.text;
  }
  // A command that must be refused as bad input (exit 2): its message.
  std::string refused(const std::string& arguments) {
    const Output out = grove(arguments);
    EXPECT_EQ(out.code, 2) << "grove " << arguments << "\n" << out.text.substr(0, 3000);
    return out.text;
  }

  // The exact chance that P1 wins Pass the Pandas under uniformly random
  // play, as grove explore prints it, at `players` with `dice` each (-1,
  // and a failure, when explore does not say it).
  double explored_p1_win(int players, int dice) {
    const Output explored =
        grove("explore pass_the_pandas --players " + std::to_string(players) +
              " --set dice_per_player=" + std::to_string(dice) + " --no-rulings --db " + db_);
    EXPECT_EQ(explored.code, 0) << explored.text;
    const std::string marker = "uniformly random play: P1 wins ";
    const auto at = explored.text.find(marker);
    EXPECT_NE(at, std::string::npos) << explored.text;
    return at == std::string::npos ? -1.0 : std::stod(explored.text.substr(at + marker.size()));
  }

  // Waits until `done` holds, asking every few milliseconds (false when it
  // still does not after `limit`): a child's progress, read from its store.
  bool wait_until(const std::function<bool()>& done,
                  std::chrono::seconds limit = std::chrono::seconds(60)) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (!done()) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
  }
  bool newest_run_is_running() {
    return query("SELECT status FROM runs ORDER BY id DESC LIMIT 1") == "running";
  }
  // Waits until the run `child` began is recorded as running (false after
  // a minute without). Asked by process id, not as the newest run: a run
  // killed before stays "running" and would be taken for the child's own
  // before the child could even watch for a stop.
  bool wait_for_running_run(pid_t child) {
    return wait_until([&] {
      return query("SELECT status FROM runs WHERE pid = " + std::to_string(child) +
                   " ORDER BY id DESC LIMIT 1") == "running";
    });
  }

  testing::TempFolder folder_{"cli"};
  std::string db_ = folder_ / "grove.db";
};

TEST_F(CliTest, WithoutACommandItShowsUsage) {
  const Output out = grove("");
  EXPECT_EQ(out.code, 2);
  EXPECT_NE(out.text.find("usage: grove COMMAND"), std::string::npos);
}

TEST_F(CliTest, EverySubcommandHasHelp) {
  for (const std::string command :
       {"games", "rules", "play", "replay", "fuzz", "explore", "balance", "sweep", "tune",
        "compare", "report", "show", "view", "results", "schema", "score"}) {
    const Output out = grove(command + " --help");
    EXPECT_EQ(out.code, 0) << command;
    EXPECT_NE(out.text.find("usage: grove " + command), std::string::npos) << out.text;
  }
}

TEST_F(CliTest, MistakesGetOneLineWithASuggestion) {
  EXPECT_EQ(refused("reply"),
            "grove: error: unknown command 'reply' (did you mean 'replay'?); commands: games, "
            "rules, play, replay, fuzz, explore, balance, sweep, tune, compare, report, show, "
            "view, results, schema, score\n");
  EXPECT_EQ(refused("rules pass_the_panda"),
            "grove: error: unknown game 'pass_the_panda' (did you mean 'pass_the_pandas'?); "
            "known games: pass_the_pandas, bamboo_harvest, takenoko, forest_shuffle\n");
  EXPECT_EQ(refused("play pass_the_pandas --db " + db_ + " --set dice_per_playr=4"),
            "grove: error: --set: 'dice_per_playr': unknown parameter of pass_the_pandas (did you "
            "mean 'dice_per_player'?); see 'grove rules pass_the_pandas'\n");
  EXPECT_EQ(refused("play pass_the_pandas --sed 4"),
            "grove: error: unrecognised option '--sed' (did you mean '--seed'?); see 'grove play "
            "--help'\n");
  EXPECT_EQ(refused("play pass_the_pandas --players 9 --db " + db_),
            "grove: error: 'players': Pass the Pandas is for 2 to 5 players, not 9\n");
  EXPECT_EQ(refused("play pass_the_pandas --players 0 --db " + db_),
            "grove: error: 'players': Pass the Pandas is for 2 to 5 players, not 0\n");
  EXPECT_EQ(refused("play pass_the_pandas --seed -1 --db " + db_),
            "grove: error: '--seed': expected a whole number from 0 to 18446744073709551615, "
            "got '-1'\n");
  EXPECT_EQ(grove("play pass_the_pandas --players many").code, 2);
  EXPECT_EQ(refused("play pass_the_pandas --db /nonexistent/grove.db"),
            "grove: error: /nonexistent/grove.db: cannot create the file: there is no folder "
            "/nonexistent\n");
  EXPECT_EQ(grove("rules pass_the_panda").code, 2);
}

TEST_F(CliTest, RulesShowParametersRulingsAndClauses) {
  const Output out = grove("rules pass_the_pandas");
  EXPECT_EQ(out.code, 0);
  EXPECT_NE(out.text.find("dice_per_player  = {2: 6, 3: 6, 4: 5, 5: 4}"), std::string::npos);
  EXPECT_NE(out.text.find("ptp.challenge_basis  = rolled"), std::string::npos);
  EXPECT_NE(out.text.find("ptp.challenge.transfer"), std::string::npos);
}

TEST_F(CliTest, PlayIsReproducibleFromItsSeedAndRecorded) {
  const Output first = grove("play pass_the_pandas --players 3 --seed 11 --db " + db_);
  const Output second = grove("play pass_the_pandas --players 3 --seed 11 --db " + db_);
  ASSERT_EQ(first.code, 0) << first.text;
  ASSERT_EQ(second.code, 0) << second.text;
  auto without_run = [](const std::string& text) {
    return text.substr(0, text.find("Recorded as run"));
  };
  EXPECT_EQ(without_run(first.text), without_run(second.text));
  EXPECT_EQ(first.text.rfind("Pass the Pandas: 3 players, variant default, seed 11", 0), 0u)
      << first.text;
  // The game ends when one player is out of dice: that player wins, the
  // others share second place, and the last table shows the winner without
  // dice and the 18 dice of three players (six each) held or removed.
  const Result result = result_of_play(first.text);
  for (std::size_t seat = 0; seat < result.places.size(); ++seat) {
    EXPECT_EQ(result.places[seat], static_cast<int>(seat) + 1 == result.winner ? 1 : 2);
  }
  static const std::regex table(
      R"(\n      game over; dice P1 (\d+)(?: \(place 1\))?, P2 (\d+)(?: \(place 1\))?, )"
      R"(P3 (\d+)(?: \(place 1\))?; (\d+) removed\n)");
  std::smatch end;
  ASSERT_TRUE(std::regex_search(first.text, end, table)) << first.text;
  int dice = std::stoi(end[4]);
  for (int seat = 1; seat <= 3; ++seat) {
    dice += std::stoi(end[static_cast<std::size_t>(seat)]);
    EXPECT_EQ(std::stoi(end[static_cast<std::size_t>(seat)]) == 0, seat == result.winner) << end[0];
  }
  EXPECT_EQ(dice, 18) << end[0];
  EXPECT_EQ(
      query("SELECT count(*) FROM runs WHERE kind = 'play' AND status = 'completed' AND seed = 11"),
      "2");
}

TEST_F(CliTest, PlayWithAgentsPlaysAStoredBalanceGameAgain) {
  Output out =
      grove("balance bamboo_harvest --agents greedy,random --games 2 --seed 3 --db " + db_);
  ASSERT_EQ(out.code, 0) << out.text;
  // Game 1 is the second rotation: random in seat 1, greedy in seat 2.
  EXPECT_EQ(query("SELECT agents FROM balance_games WHERE game_index = 1"),
            "[\"random\",\"greedy\"]");
  // SQLite keeps the seed as a signed 64-bit number.
  const auto seed = static_cast<std::uint64_t>(
      std::stoll(query("SELECT seed FROM balance_games WHERE game_index = 1")));
  const std::string moves = query("SELECT moves FROM balance_games WHERE game_index = 1");
  out = grove("play bamboo_harvest --agents random,greedy --seed " + std::to_string(seed) +
              " --db " + db_);
  ASSERT_EQ(out.code, 0) << out.text.substr(0, 2000);
  EXPECT_NE(out.text.find("seed " + std::to_string(seed) + ", agents random, greedy\n"),
            std::string::npos);
  EXPECT_NE(out.text.find(" after " + moves + " moves.\n"), std::string::npos)
      << "stored: " << moves << " moves; " << out.text.substr(out.text.size() - 400);
  const std::string winner = query("SELECT winners FROM balance_games WHERE game_index = 1");
  EXPECT_NE(out.text.find("\nP" + std::to_string(std::stoi(winner.substr(1)) + 1) + " wins"),
            std::string::npos)
      << winner;

  EXPECT_EQ(refused("play bamboo_harvest --agents greedy,grredy --db " + db_),
            "grove: error: '--agents': 'grredy': unknown agent (did you mean 'greedy'?); the "
            "agents are random, greedy, mcts (mcts:ITERATIONS, mcts:ms=MILLISECONDS or "
            "mcts:ITERATIONS:PLAYOUT_MOVES sets its budget)\n");
  EXPECT_EQ(refused("play bamboo_harvest --agents greedy,greedy,mcts --db " + db_),
            "grove: error: '--agents': 3 agents for 2 seats\n");
}

// How many times `part` occurs in `text`.
std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

// A game too long to read is cut: its first lines, how many were left out
// and how to see them, then its end; --log-lines 0 prints all of it.
TEST_F(CliTest, PlayCutsALongGameAndSaysHowToSeeAllOfIt) {
  const Output cut = grove("play takenoko --seed 1 --db " + db_);
  const Output whole = grove("play takenoko --seed 1 --log-lines 0 --db " + db_);
  EXPECT_EQ(cut.code, whole.code) << cut.text.substr(0, 2000);
  EXPECT_EQ(whole.text.find("lines left out"), std::string::npos);
  const std::size_t shown = count_of(cut.text, "\n");
  const std::size_t all = count_of(whole.text, "\n");
  ASSERT_GT(all, shown + 1000);
  EXPECT_LE(shown, 3000U + 100U);  // the limit, and the last table and the result after it
  EXPECT_NE(cut.text.find("      ... " + std::to_string(all - shown + 1) +
                          " lines left out (--log-lines 0 prints the whole game) ...\n"),
            std::string::npos);
  // The end is the same.
  const std::string ending = whole.text.substr(whole.text.size() - 500);
  EXPECT_EQ(cut.text.substr(cut.text.size() - 500), ending);
}

TEST_F(CliTest, BambooHarvestShowsTheForestAsAGrid) {
  // grove play draws the table whenever another player is to decide ...
  const Output play = grove("play bamboo_harvest --players 3 --seed 4 --db " + db_);
  ASSERT_EQ(play.code, 0) << play.text;
  EXPECT_NE(play.text.find("           a       b       c       d       e       f       g"),
            std::string::npos)
      << play.text.substr(0, 3000);
  EXPECT_NE(play.text.find("\n        7  "), std::string::npos);  // the seventh row
  // The legend once, under the first table, however many tables follow.
  const std::string legend = "KH:P1 a card built by P1, 9D!P2 a card disturbed by P2";
  const std::size_t first = play.text.find(legend);
  EXPECT_NE(first, std::string::npos) << play.text.substr(0, 3000);
  EXPECT_EQ(play.text.find(legend, first + 1), std::string::npos);
  EXPECT_GT(count_of(play.text, "           a       b       c"), 5U);
  // Before set-up placed any token: 14 reeds and 10 tokens each (Set Up 4;
  // Contents).
  EXPECT_NE(play.text.find("\n        P3: 14 reeds, 0/10 tokens, deeds "), std::string::npos);
  // One player wins by a path or by tokens; the others share second place,
  // and the last table says who won.
  const Result result = result_of_play(play.text);
  for (std::size_t seat = 0; seat < result.places.size(); ++seat) {
    EXPECT_EQ(result.places[seat], static_cast<int>(seat) + 1 == result.winner ? 1 : 2);
  }
  EXPECT_NE(play.text.find("\n        game over, P" + std::to_string(result.winner) + " won\n"),
            std::string::npos);
  // ... and so does a failing scenario, at the point where it failed.
  write("bh.yaml",
        "game: bamboo_harvest\nplayers: 2\nparameters: {forest_rows: 2, forest_columns: 2, "
        "setup_tokens: 1}\nstart:\n  forest: [\"7H:P1 3D\", \"9D 9H:P2\"]\n"
        "  players: {P1: {reeds: 40, up: [3C]}}\n"
        "steps:\n  - P1 builds b1 with 3C\n  - expect: {state: {players: {P1: {reeds: 40}}}}\n");
  const Output replay = grove("replay " + folder_ / "bh.yaml" + " --db " + db_);
  EXPECT_EQ(replay.code, 1);
  EXPECT_NE(replay.text.find("      the table at that point:\n"
                             "           a       b\n"
                             "        1  7H:P1   3D:P1\n"
                             "        2  9D      9H:P2\n"
                             "        P1: 10 reeds, 2/10 tokens, no deeds\n"),
            std::string::npos)
      << replay.text;
}

TEST_F(CliTest, ForestShuffleScoreListsEveryCardsPoints) {
  write("forest.yaml",
        "players:\n"
        "  P1:\n"
        "    forest:\n"
        "      - {tree: beech, top: chaffinch, left: [european_hare, european_hare]}\n"
        "      - {tree: beech}\n"
        "    cave: 2\n"
        "  P3:\n"
        "    forest: [{tree: linden}]\n");
  const Output out = grove("score forest_shuffle " + folder_ / "forest.yaml");
  ASSERT_EQ(out.code, 0) << out.text;
  // The forests, a tree to a line, then every card's points and why.
  EXPECT_NE(out.text.find("     1 Beech            top: Chaffinch (TB03) | bottom: - | left: "
                          "European Hare x2 (LR01, LR02) | right: -\n"),
            std::string::npos)
      << out.text;
  EXPECT_NE(out.text.find("P1: 11 points\n"
                          "  tree 1    Beech                        0  Beech: 2, needs 4\n"
                          "     top    Chaffinch                    5  on: Beech\n"
                          "     left   European Hare                2  2 x 1 (European Hare)\n"
                          "     left   European Hare                2  2 x 1 (European Hare)\n"
                          "  tree 2    Beech                        0  Beech: 2, needs 4\n"
                          "  cave      2 cards                      2\n"
                          "P2: 0 points\n"),
            std::string::npos)
      << out.text;
  EXPECT_NE(out.text.find("P3: 3 points\n"), std::string::npos) << out.text;
  // The same from a scenario's start.
  const std::string scenario =
      ok("score " + std::string(GROVE_SOURCE_DIR) +
         "/scenarios/forest_shuffle/scoring_rulebook_example_85_points.yaml");
  EXPECT_NE(scenario.find("P1: 85 points\n"), std::string::npos) << scenario;

  write("broken.yaml", "players:\n  P1:\n    forest: [{tree: oak, top: european_hare}]\n");
  EXPECT_EQ(refused("score forest_shuffle " + folder_ / "broken.yaml"),
            "grove: error: " + folder_ / "broken.yaml" +
                ":3:31: 'P1.forest.top': the European Hare is not played to the top of a tree\n");
  EXPECT_EQ(grove("score takenoko " + folder_ / "forest.yaml").code, 2);
}

TEST_F(CliTest, ForestShufflePlayShowsEachForestAndTheFinalScoreSheet) {
  const Output play = grove("play forest_shuffle --players 3 --seed 5 --db " + db_);
  ASSERT_EQ(play.code, 0) << play.text.substr(0, 2000);
  // Each player is dealt six cards (Setup).
  EXPECT_NE(play.text.find("\n      P3: hand (6): "), std::string::npos);
  // The first tree P1 plants is drawn as P1's tree 1 at the next table.
  std::smatch planted;
  ASSERT_TRUE(
      std::regex_search(play.text, planted, std::regex("\n        P1 plants an? (.+) as tree 1\n")))
      << play.text.substr(0, 3000);
  const auto after = play.text.find(planted[0]);
  EXPECT_NE(play.text.find("\n           1 " + planted[1].str() + " ", after), std::string::npos)
      << planted[1];
  // The final score sheets: each player's card points add up to the total
  // the last line gives; places follow the totals.
  const Result result = result_of_play(play.text);
  ASSERT_EQ(result.points.size(), 3u);
  const auto over = play.text.find("\n      the game is over\n");
  ASSERT_NE(over, std::string::npos);
  static const std::regex card(
      R"(^        (?:tree +\d+|   top|   bottom|   left|   right|cave) +(.*?) +(-?\d+)(?:  .*)?$)");
  std::istringstream sheets(play.text.substr(over));
  int seat = 0;
  std::vector<int> summed(3, 0);
  for (std::string line; std::getline(sheets, line);) {
    std::smatch m;
    if (std::regex_match(line, m, std::regex(R"(      P(\d): (-?\d+) points)"))) {
      seat = std::stoi(m[1]);
      EXPECT_EQ(std::stoi(m[2]), result.points[static_cast<std::size_t>(seat - 1)]) << line;
    } else if (seat > 0 && std::regex_match(line, m, card)) {
      summed[static_cast<std::size_t>(seat - 1)] += std::stoi(m[2]);
    }
  }
  EXPECT_EQ(summed, result.points);
  for (std::size_t a = 0; a < 3; ++a) {
    for (std::size_t b = 0; b < 3; ++b) {
      if (result.points[a] > result.points[b]) {
        EXPECT_LT(result.places[a], result.places[b]);
      }
    }
  }
}

// A failing scenario after a long game shows the start of the log and the
// lines before the failure, says how many lines it left out and how to see
// them all; --log-lines 0 prints everything.
TEST_F(CliTest, ReplayCutsALongLogAndSaysHowToSeeAllOfIt) {
  const std::string file = write("long.yaml",
                                 "game: forest_shuffle\nplayers: 2\nseed: 5\nsteps:\n"
                                 "  - random: 150\n"
                                 "  - {illegal: P1 dances, reason: not this reason}\n");
  const Output cut = grove("replay " + file + " --db " + db_);
  EXPECT_EQ(cut.code, 1) << cut.text;
  const Output whole = grove("replay " + file + " --log-lines 0 --db " + db_);
  EXPECT_EQ(whole.code, 1) << whole.text;
  EXPECT_EQ(whole.text.find("lines left out"), std::string::npos);
  // Every line of the whole log is either shown or counted in the marker.
  const std::size_t shown = count_of(cut.text, "\n");
  const std::size_t all = count_of(whole.text, "\n");
  ASSERT_GT(all, shown + 100) << cut.text;
  EXPECT_NE(cut.text.find("      ... " + std::to_string(all - shown + 1) +
                          " lines left out (--log-lines 0 prints the whole log) ...\n"),
            std::string::npos)
      << cut.text;
  // The log's last line, the failing step's neighbour, is kept.
  const std::size_t table = whole.text.find("      the table at that point:");
  ASSERT_NE(table, std::string::npos) << whole.text;
  const std::size_t last = whole.text.rfind('\n', table - 2);
  EXPECT_NE(cut.text.find(whole.text.substr(last, table - last)), std::string::npos);
  EXPECT_EQ(grove("replay " + file + " --log-lines -1 --db " + db_).text,
            "grove: error: '--log-lines': expected a number of lines (0: all)\n");
}

// The data a page of grove view steps through, read back from the page.
nlohmann::json page_data(const std::string& page) {
  std::ifstream in(page);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string marker = "const game = ";
  const std::size_t start = html.find(marker);
  if (start == std::string::npos) return nullptr;
  const std::size_t end = html.find(";\n", start);
  return nlohmann::json::parse(html.substr(start + marker.size(), end - start - marker.size()));
}

std::size_t checks_on(const nlohmann::json& page, bool held) {
  std::size_t count = 0;
  for (const auto& step : page["steps"]) {
    for (const auto& check : step["checks"]) count += check["held"] == held ? 1 : 0;
  }
  return count;
}

TEST_F(CliTest, ViewDrawsEveryStepOfAScenarioWithItsChecks) {
  const std::string scenario = "scenarios/pass_the_pandas/bamboo_challenge_example_1.yaml";
  const std::string page = folder_ / "example.html";
  const std::string said =
      ok("view " + std::string(GROVE_SOURCE_DIR) + "/" + scenario + " -o " + page);
  const nlohmann::json data = page_data(page);
  ASSERT_TRUE(data.is_object()) << said;
  // One step per move the replay made, and the start.
  const std::string replayed =
      ok("replay " + std::string(GROVE_SOURCE_DIR) + "/" + scenario + " --db " + db_);
  const std::size_t moves = std::stoul(replayed.substr(replayed.find(" (") + 2));
  EXPECT_EQ(data["steps"].size(), moves + 1) << replayed;
  EXPECT_EQ(data["steps"][1]["number"], 1);
  EXPECT_FALSE(data["steps"][1]["move"].get<std::string>().empty());
  EXPECT_FALSE(data["failed"]);
  EXPECT_GT(checks_on(data, true), 0U);
  EXPECT_EQ(checks_on(data, false), 0U);
  // Pass the Pandas draws its table: every step has a picture.
  for (const auto& step : data["steps"]) EXPECT_TRUE(step.contains("picture"));
  EXPECT_NE(said.find("steps"), std::string::npos) << said;
}

TEST_F(CliTest, ViewShowsWhereAScenarioFailsAndCutsALongGame) {
  const std::string file = write("broken.yaml",
                                 "game: forest_shuffle\nplayers: 2\nseed: 5\nsteps:\n"
                                 "  - random: 150\n"
                                 "  - {illegal: P1 dances, reason: not this reason}\n");
  const std::string page = folder_ / "broken.html";
  ok("view " + file + " -o " + page + " --steps 30");
  const nlohmann::json data = page_data(page);
  ASSERT_TRUE(data.is_object());
  EXPECT_TRUE(data["failed"]);
  EXPECT_NE(data["result"].get<std::string>().find("line 6"), std::string::npos) << data["result"];
  // 151 steps cut to 30: the first 10 and the last 20, and the 121 between
  // said, with how to see them.
  EXPECT_EQ(data["steps"].size(), 30U);
  EXPECT_EQ(data["left_out"], 121);
  EXPECT_EQ(data["steps"][9]["number"], 9);
  EXPECT_EQ(data["steps"][10]["number"], 131);
  EXPECT_NE(data["left_out_hint"].get<std::string>().find("--steps 0"), std::string::npos);
  // The failing check is on the last step, with the rules' own reason.
  const auto& last = data["steps"].back()["checks"];
  ASSERT_EQ(last.size(), 1U);
  EXPECT_FALSE(last[0]["held"]);
  EXPECT_EQ(last[0]["line"], 6);
  EXPECT_EQ(last[0]["expected"], "not this reason");
  EXPECT_FALSE(last[0]["actual"].get<std::string>().empty());
  EXPECT_EQ(page_data(page)["steps"].size(), 30U);
  ok("view " + file + " -o " + page + " --steps 0");
  EXPECT_EQ(page_data(page)["steps"].size(), 151U);
}

// Text from a scenario reaches the page as data, never as markup: a title
// that would end the page's script is read back as written, and the checks
// made among the moves a long page leaves out are kept after the gap.
TEST_F(CliTest, ViewKeepsScenarioTextAsDataAndEveryCheck) {
  const std::string title = "</script><!--<script> <img src=x onerror=alert(1)> & done";
  const std::string file =
      write("hostile.yaml", "title: '" + title +
                                "'\ngame: pass_the_pandas\nplayers: 2\nseed: 4\nsteps:\n"
                                "  - random: 5\n  - expect: {properties: hold}\n"
                                "  - random: 20\n");
  const std::string page = folder_ / "hostile.html";
  ok("view " + file + " -o " + page + " --steps 4");
  std::ifstream in(page);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t script = html.find("const game = ");
  ASSERT_NE(script, std::string::npos);
  const std::string data_text = html.substr(script, html.find(";\n", script) - script);
  EXPECT_EQ(data_text.find('<'), std::string::npos) << "markup in the data";
  const nlohmann::json data = page_data(page);
  ASSERT_TRUE(data.is_object());
  EXPECT_EQ(data["title"], title);
  EXPECT_EQ(data["steps"].size(), 4U);
  EXPECT_EQ(checks_on(data, true), 1U) << data.dump();
}

TEST_F(CliTest, ViewPlaysAStoredGameAgain) {
  ok("balance pass_the_pandas --games 4 --seed 1 --db " + db_);
  const std::string page = folder_ / "game.html";
  ok("view 1 2 -o " + page + " --db " + db_);
  const nlohmann::json data = page_data(page);
  ASSERT_TRUE(data.is_object());
  EXPECT_EQ(
      data["steps"].size(),
      std::stoul(query("SELECT moves FROM balance_games WHERE run_id = 1 AND game_index = 2")) + 1);
  EXPECT_NE(data["result"].get<std::string>().find("Stored result"), std::string::npos);
  EXPECT_EQ(data["title"], "Run 1, game 2");
}

TEST_F(CliTest, ViewRefusesWhatItCannotDraw) {
  EXPECT_NE(refused("view 1 2 3").find("expected a scenario file, or a balance run and a game"),
            std::string::npos);
  EXPECT_NE(refused("view x 3 --db " + db_).find("'RUN': expected a number from 0, not 'x'"),
            std::string::npos);
  EXPECT_NE(refused("view " + folder_ / "missing.yaml").find("missing.yaml"), std::string::npos);
  const std::string scenario =
      write("short.yaml", "game: pass_the_pandas\nplayers: 2\nsteps: [roll P1 blank=6]\n");
  EXPECT_NE(refused("view " + scenario + " --steps -1").find("'--steps'"), std::string::npos);
  EXPECT_NE(refused("view " + scenario + " -o " + folder_ / "no/such/folder/page.html")
                .find("cannot write"),
            std::string::npos);
  ok("balance pass_the_pandas --games 2 --seed 1 --db " + db_);
  EXPECT_NE(
      refused("view 1 7 --db " + db_).find("run 1 has no game 7: its games are numbered 0 to 1"),
      std::string::npos);
}

TEST_F(CliTest, ReplayWritesAPageForEachFailingScenario) {
  write("cases/good.yaml", "game: pass_the_pandas\nplayers: 2\nsteps: [roll P1 blank=6]\n");
  write("cases/bad.yaml",
        "game: pass_the_pandas\nplayers: 2\nsteps:\n  - roll P1 blank=6\n"
        "  - expect: {state: {turn: P1}}\n");
  write("more/bad.yaml",
        "game: pass_the_pandas\nplayers: 2\nsteps:\n  - illegal: roll P1 blank=6\n");
  const std::string pages = folder_ / "pages";
  const Output out = grove("replay " + folder_ / "cases" + " " + folder_ / "more" + " --html " +
                           pages + " --db " + db_);
  EXPECT_EQ(out.code, 1) << out.text;
  EXPECT_FALSE(fs::exists(pages + "/good.html"));
  const nlohmann::json first = page_data(pages + "/bad.html");
  const nlohmann::json second = page_data(pages + "/bad-2.html");
  ASSERT_TRUE(first.is_object() && second.is_object()) << out.text;
  EXPECT_EQ(checks_on(first, false) + checks_on(second, false), 2U);
}

TEST_F(CliTest, ReplayReportsPassFailAndWritesJunit) {
  write("cases/good.yaml", "game: pass_the_pandas\nplayers: 2\nsteps: [roll P1 blank=6]\n");
  write("cases/bad.yaml",
        "game: pass_the_pandas\nplayers: 2\nsteps:\n  - roll P1 blank=6\n"
        "  - expect: {state: {turn: P1}}\n");
  write("cases/broken.yaml", "game: pass_the_pandas\nplayers: [a, b\n");
  const std::string junit = folder_ / "junit.xml";
  const Output out = grove("replay " + folder_ / "cases" + " --db " + db_ + " --junit " + junit);
  // A malformed scenario is bad input, as everywhere else: 2 outranks a
  // failed check's 1.
  EXPECT_EQ(out.code, 2);
  EXPECT_NE(out.text.find("PASS  " + folder_ / "cases/good.yaml"), std::string::npos) << out.text;
  EXPECT_NE(out.text.find("FAIL  " + folder_ / "cases/bad.yaml"), std::string::npos);
  EXPECT_NE(out.text.find("      line 5: the state is not as expected\n      expected: turn = P1\n"
                          "      happened: turn = P2\n"),
            std::string::npos)
      << out.text;
  EXPECT_NE(out.text.find("ERROR " + folder_ / "cases/broken.yaml"), std::string::npos);
  EXPECT_NE(out.text.find("broken.yaml:3:1: malformed YAML"), std::string::npos);
  EXPECT_NE(out.text.find("3 scenarios: 1 passed, 1 failed, 1 errors"), std::string::npos);
  std::ifstream xml(junit);
  std::stringstream content;
  content << xml.rdbuf();
  EXPECT_NE(content.str().find("tests=\"2\" failures=\"1\" errors=\"0\""), std::string::npos)
      << content.str();
  EXPECT_EQ(query("SELECT status FROM runs ORDER BY id DESC LIMIT 1"), "failed");
  // The cases that could be read all play Pass the Pandas with its default
  // rules, so the run is recorded as such.
  EXPECT_EQ(query("SELECT game || ' ' || variant FROM runs ORDER BY id DESC LIMIT 1"),
            "pass_the_pandas default");
  EXPECT_EQ(query("SELECT count(*) FROM scenario_results"), "3");
  // Failed checks alone exit 1.
  EXPECT_EQ(grove("replay " + folder_ / "cases/good.yaml" + " " + folder_ / "cases/bad.yaml" +
                  " --db " + db_)
                .code,
            1);
  // A mistake inside start: names file, line and column, as grove score does.
  write("start/d4.yaml",
        "game: pass_the_pandas\nplayers: 2\nstart:\n  turn: P1\n  dice: {P1: 3}\n");
  const Output start = grove("replay " + folder_ / "start" + " --db " + db_);
  EXPECT_EQ(start.code, 2);
  EXPECT_NE(start.text.find("      " + folder_ / "start/d4.yaml" + ":5:3: 'dice': unknown key"),
            std::string::npos)
      << start.text;
}

TEST_F(CliTest, FuzzChecksGamesShowsCoverageAndRecordsTheRun) {
  // At three dice a player. With the dice and rulings drawn, its games
  // averaged 884 states (some ran to the step bound): 40 s a run under the
  // sanitizers, for a test of what the command prints and stores.
  const std::string game = "fuzz pass_the_pandas --set dice_per_player=3 --games 6 --seed 3";
  const Output out = grove(game + " --findings " + folder_ / "findings" + " --db " + db_);
  ASSERT_EQ(out.code, 0) << out.text;
  EXPECT_NE(out.text.find("Pass the Pandas: fuzzing 6 games, seed 3, 1 job, variant default "
                          "(dice_per_player={2: 3, 3: 3, 4: 3, 5: 3})\n"),
            std::string::npos)
      << out.text;
  EXPECT_NE(out.text.find("games 6/6, "), std::string::npos) << out.text;  // progress
  // The summary: six games, each ended, no finding; the clauses fired and
  // those named as never fired make up every clause of the game.
  const std::size_t clauses = builtin_games().get("pass_the_pandas").clauses.size();
  std::smatch summary;
  ASSERT_TRUE(std::regex_search(
      out.text, summary,
      std::regex(R"(\n6 games, \d+ states checked in [^,]*, 6 ended, 0 findings; rule coverage: )"
                 R"((\d+) of (\d+) clauses fired\. Stored as run 1 in )")))
      << out.text;
  EXPECT_EQ(std::stoul(summary[2]), clauses);
  std::smatch coverage;
  ASSERT_TRUE(std::regex_search(
      out.text, coverage,
      std::regex(R"(\nrule coverage: (\d+) of (\d+) clauses fired; never: (.*)\n)")))
      << out.text;
  EXPECT_EQ(coverage[1], summary[1]);
  const std::string never = coverage[3];
  EXPECT_EQ(std::stoul(coverage[1]) + 1 + std::count(never.begin(), never.end(), ','), clauses)
      << never;
  EXPECT_EQ(query("SELECT status FROM runs WHERE kind = 'fuzz'"), "passed");
  // Two jobs play the same games.
  const Output parallel = grove(game + " --jobs 2 --db " + db_);
  ASSERT_EQ(parallel.code, 0) << parallel.text;
  const auto states = [](const std::string& text) {
    const auto at = text.find(" states checked in ");
    return text.substr(text.rfind('\n', at) + 1, at - text.rfind('\n', at) - 1);
  };
  EXPECT_EQ(states(parallel.text), states(out.text));
  EXPECT_EQ(refused("fuzz pass_the_pandas --jobs 0 --db " + db_),
            "grove: error: '--jobs': expected 1 to 256 jobs\n");
}

TEST_F(CliTest, OutputsThatCannotBeWrittenAreRefusedBeforeTheWork) {
  // Found at the end, these lost a whole run's findings or report.
  write("afile", "");
  write("cases/good.yaml", "game: pass_the_pandas\nplayers: 2\nsteps: [roll P1 blank=6]\n");
  EXPECT_EQ(refused("fuzz pass_the_pandas --games 2 --findings " + folder_ / "afile/sub" +
                    " --db " + db_),
            "grove: error: '--findings': cannot write into " + folder_ / "afile/sub" +
                ": Not a directory\n");
  EXPECT_EQ(refused("explore pass_the_pandas --findings " + folder_ / "afile" + " --db " + db_),
            "grove: error: '--findings': cannot write into " + folder_ / "afile" +
                ": it is a file, not a folder\n");
  const Output junit = grove("replay " + folder_ / "cases" + " --junit " +
                             folder_ / "missing/junit.xml" + " --db " + db_);
  EXPECT_EQ(junit.text, "grove: error: '--junit': cannot write " + folder_ / "missing/junit.xml" +
                            ": there is no folder " + folder_ / "missing" + "\n");
  EXPECT_EQ(junit.code, 2);
  const std::string long_name(300, 'a');
  EXPECT_NE(
      refused("fuzz pass_the_pandas --games 2 --findings " + folder_ / long_name + " --db " + db_)
          .find("File name too long"),
      std::string::npos);
  // Nothing was started, so nothing was stored.
  EXPECT_FALSE(std::filesystem::exists(db_));
  // A findings folder a clean run did not need is not left behind.
  ASSERT_EQ(grove("fuzz pass_the_pandas --games 2 --seed 3 --findings " + folder_ / "new/findings" +
                  " --db " + db_)
                .code,
            0);
  EXPECT_FALSE(std::filesystem::exists(folder_ / "new"));
}

TEST_F(CliTest, AFuzzFindingIsShrunkWrittenStoredAndReplayable) {
  // Three moves are too few for any game of Pass the Pandas: with that bound
  // every game is a possibly infinite one, which is what a finding needs.
  const Output out = grove("fuzz pass_the_pandas --max-steps 3 --games 4 --jobs 2 --seed 5 " +
                           std::string("--findings ") + folder_ / "found" + " --db " + db_);
  EXPECT_EQ(out.code, 1) << out.text;
  EXPECT_NE(out.text.find("FINDING in game "), std::string::npos) << out.text;
  EXPECT_NE(out.text.find("possible-infinite-game"), std::string::npos) << out.text;
  // Each of the two jobs may have found one before it was stopped.
  EXPECT_NE(query("SELECT count(*) FROM findings WHERE kind = 'possible-infinite-game'"), "0");
  EXPECT_EQ(query("SELECT status FROM runs WHERE kind = 'fuzz'"), "failed");
  const std::string file = query("SELECT file FROM findings ORDER BY id LIMIT 1");
  ASSERT_FALSE(file.empty());
  // The scenario reproduces it: the game is not over after those moves.
  const Output replay = grove("replay " + file + " --db " + db_);
  EXPECT_EQ(replay.code, 1) << replay.text;
  EXPECT_NE(replay.text.find("the game should be over"), std::string::npos) << replay.text;
  EXPECT_NE(ok("results show 1 --db " + db_).find("\n  FINDING 1 (possible-infinite-game, game "),
            std::string::npos);
}

// With no water face no die leaves the game: the endless game is written,
// printed and stored as its loop, which the replay goes round before it
// fails where the game must be over.
TEST_F(CliTest, AnEndlessGameFoundByFuzzIsWrittenAsItsLoop) {
  const Output out = grove(
      "fuzz pass_the_pandas --set water_faces=0 --players 3 --max-steps 1000 --games 10 "
      "--seed 4 --findings " +
      folder_ / "found" + " --db " + db_);
  EXPECT_EQ(out.code, 1) << out.text;
  EXPECT_NE(out.text.find("no end within 1000 moves"), std::string::npos) << out.text;
  const std::string scenario = query("SELECT scenario FROM findings ORDER BY id LIMIT 1");
  EXPECT_NE(scenario.find("  # the loop: back to the position after move "), std::string::npos)
      << scenario;
  EXPECT_NE(scenario.find("  - expect: {same_position_as_move: "), std::string::npos) << scenario;
  EXPECT_EQ(scenario.find("random:"), std::string::npos) << scenario;
  const std::string moves = query("SELECT moves FROM findings ORDER BY id LIMIT 1");
  ASSERT_FALSE(moves.empty());
  EXPECT_LT(std::stoi(moves), 300) << scenario;
  const std::string file = query("SELECT file FROM findings ORDER BY id LIMIT 1");
  EXPECT_NE(out.text.find(scenario), std::string::npos) << out.text;
  const Output replay = grove("replay " + file + " --db " + db_);
  EXPECT_EQ(replay.code, 1) << replay.text;
  EXPECT_NE(replay.text.find("the game should be over"), std::string::npos) << replay.text;
  EXPECT_NE(replay.text.find(moves + ". "), std::string::npos) << replay.text;
}

TEST_F(CliTest, FuzzReplaysStoredFindingsFirstAndSaysWhichStillFail) {
  ASSERT_EQ(grove("fuzz pass_the_pandas --games 1 --seed 1 --db " + db_).code, 0);
  const std::string insert =
      "INSERT INTO findings (run_id, game, kind, scenario, found_at, status) VALUES (1, "
      "'pass_the_pandas', ";
  query(insert +
        "'invariant', 'game: pass_the_pandas\nplayers: 2\nsteps:\n  - expect: {state: "
        "{round: 9}}\n', '2026-01-01', 'open')");
  query(insert +
        "'stuck-state', 'game: pass_the_pandas\nplayers: 2\nsteps:\n  - expect: {properties: "
        "hold}\n', '2026-01-01', 'open')");
  const Output out = grove("fuzz pass_the_pandas --games 1 --seed 1 --db " + db_);
  EXPECT_EQ(out.code, 1) << out.text;
  EXPECT_NE(out.text.find("finding 1 (invariant, found by run 1): still fails: the state is not "
                          "as expected"),
            std::string::npos)
      << out.text;
  EXPECT_NE(out.text.find("finding 2 (stuck-state, found by run 1): its scenario passes now: "
                          "fixed"),
            std::string::npos)
      << out.text;
  EXPECT_EQ(query("SELECT status || ' ' || checked_run FROM findings WHERE id = 2"), "fixed 2");
  EXPECT_EQ(query("SELECT status FROM findings WHERE id = 1"), "open");
  // A fixed finding is not replayed again.
  const Output again = grove("fuzz pass_the_pandas --games 1 --seed 1 --db " + db_);
  EXPECT_EQ(again.code, 1) << again.text;  // finding 1 still fails
  EXPECT_NE(again.text.find("finding 1 (invariant, found by run 1): still fails"),
            std::string::npos)
      << again.text;
  EXPECT_EQ(again.text.find("finding 2"), std::string::npos) << again.text;
}

// Every figure explore prints about a small variant, against the same
// variant walked here through the rules alone (walk_graph), state by whole
// state: --full-states, so that the game's view merges nothing.
TEST_F(CliTest, ExploreReportsEverythingAndStoresTheRun) {
  const std::string variant =
      std::string(GROVE_SOURCE_DIR) + "/scenarios/pass_the_pandas/variants/explore_two_dice.yaml";
  const Output out = grove("explore pass_the_pandas --variant " + variant +
                           " --full-states --findings " + folder_ / "found" + " --db " + db_);
  ASSERT_EQ(out.code, 0) << out.text;

  const Game& game = builtin_games().get("pass_the_pandas");
  const Variant base = load_variant_file(game, variant);
  const auto rules = game.rules(base, 2);
  const auto with = [&](const std::string& ruling) {
    Variant changed = base;
    changed.set_ruling_text(ruling);
    return game.rules(changed, 2);
  };
  const auto set_aside = with("ptp.challenge_basis=set_aside");
  const GraphWalk walk = walk_graph(*rules, set_aside.get());
  ASSERT_GT(walk.differ, 0);
  EXPECT_EQ(walk_graph(*rules, with("ptp.pandamonium_end=immediately").get()).differ, 0);
  const std::string states = std::to_string(walk.states);
  const std::string transitions = std::to_string(walk.transitions);
  const std::string depth = std::to_string(walk.depth);
  std::vector<std::string> never;
  for (const Clause& clause : game.clauses) {
    if (walk.clauses.count(clause.id) == 0) never.push_back(clause.id);
  }
  ASSERT_EQ(walk.never_end, 0);
  for (const std::string& expected :
       {"Explored " + states + " states (" + states + " expanded) and " + transitions +
            " transitions, " + depth + " moves deep",
        std::string("The search is complete: every reachable state was expanded."),
        std::string("Fingerprints: 64-bit, "),
        std::string("  stuck (not over, nothing to do):  none"),
        std::string("  states from which no end can be reached:  none"),
        "  ptp.challenge_basis=set_aside                matters in " + std::to_string(walk.differ) +
            " states (the first after " + std::to_string(walk.first_differ) + " moves)",
        std::string("  ptp.pandamonium_end=immediately              never matters in this variant"),
        "Rule clauses: " + std::to_string(walk.clauses.size()) + " of " +
            std::to_string(game.clauses.size()) + " reached; never reachable: " + fmt_join(never) +
            "\n",
        "NOTE ruling-matters: ptp.challenge_basis=set_aside changes the game in " +
            std::to_string(walk.differ) + " states"}) {
    EXPECT_NE(out.text.find(expected), std::string::npos) << expected << "\n" << out.text;
  }
  EXPECT_NEAR(number_after(out.text, "uniformly random play: P1 wins "), walk.p1_wins, 1e-11);
  EXPECT_NEAR(number_after(out.text, ", P2 wins "), 1 - walk.p1_wins, 1e-11);
  EXPECT_NEAR(number_after(out.text, "expected length: "), walk.expected_length, 1e-8);
  EXPECT_EQ(query("SELECT states || ' ' || transitions || ' ' || complete FROM explorations"),
            states + " " + transitions + " 1");
  EXPECT_EQ(query("SELECT status FROM runs WHERE kind = 'explore'"), "passed");
  EXPECT_EQ(query("SELECT kind || ' ' || status FROM findings"), "ruling-matters noted");
  const std::string file = query("SELECT file FROM findings");
  EXPECT_TRUE(fs::exists(file)) << file;
  // The note's scenario holds under the variant's reading and fails under the other.
  EXPECT_EQ(grove("replay " + file + " --db " + db_).code, 0);
  EXPECT_EQ(grove("replay " + file + " --ruling ptp.challenge_basis=set_aside --db " + db_).code,
            1);
  const std::string shown = ok("results show 1 --db " + db_);
  EXPECT_NE(shown.find("\n  explored " + states + " states, " + transitions +
                       " transitions, depth " + depth + ", 2 players, complete;"),
            std::string::npos)
      << shown;
  const nlohmann::json json = nlohmann::json::parse(ok("results show 1 --json --db " + db_));
  EXPECT_TRUE(json.dump().find("\"fingerprint_bytes\"") != std::string::npos) << json.dump(2);
}

// A sweep of Pass the Pandas' dice at four players between random agents:
// stored as one sweep of three paired points, its first-player advantage
// moving the way the exact explorer says, and within its intervals of the
// explorer's exact values at one and two dice.
TEST_F(CliTest, SweepOfDiceAgreesWithTheExplorer) {
  if (testing::kSanitized) {
    GTEST_SKIP() << "a statistical answer from 12,000 games, checked in the first pass; "
                    "AStoppedSweepKeepsItsFinishedPoints... takes the sweep's paths";
  }
  const Output out = grove(
      "sweep pass_the_pandas --players 4 --agents random --set dice_per_player=1:3 --games 4000 "
      "--seed 3 --target first_player_advantage=0 --db " +
      db_);
  ASSERT_EQ(out.code, 0) << out.text;
  EXPECT_NE(out.text.find("dice_per_player=2"), std::string::npos) << out.text;
  EXPECT_NE(out.text.find("point 3/3"), std::string::npos) << out.text;
  EXPECT_NE(out.text.find("Stored as sweep 1"), std::string::npos) << out.text;
  EXPECT_EQ(query("SELECT kind || ' ' || status FROM runs WHERE id = 1"), "sweep passed");
  EXPECT_EQ(query("SELECT points_planned FROM sweeps WHERE run_id = 1"), "3");
  EXPECT_EQ(query("SELECT group_concat(setting, ' ') FROM sweep_points"),
            "{\"dice_per_player\":\"1\"} {\"dice_per_player\":\"2\"} "
            "{\"dice_per_player\":\"3\"}");
  // Paired: every point dealt from the sweep's seed.
  EXPECT_EQ(query("SELECT count(DISTINCT seed) FROM runs WHERE kind = 'balance'"), "1");
  EXPECT_EQ(query("SELECT count(*) FROM balance_games"), "12000");

  const std::string json = folder_ / "sweep.json";
  ASSERT_EQ(grove("report 1 --format json -o " + json + " --target seat1=0.25 --db " + db_).code,
            0);
  std::ifstream in(json);
  const nlohmann::json report = nlohmann::json::parse(in);
  ASSERT_EQ(report["points"].size(), 3u);
  std::vector<double> advantage;
  for (const auto& point : report["points"]) {
    advantage.push_back(point["figures"]["first_player_advantage"]["estimate"].get<double>());
  }
  const double exact_1 = explored_p1_win(4, 1) - 0.25;
  const double exact_2 = explored_p1_win(4, 2) - 0.25;
  for (const auto& [index, exact] : {std::pair{0, exact_1}, std::pair{1, exact_2}}) {
    const auto& interval =
        report["points"][index]["figures"]["first_player_advantage"]["simultaneous"];
    EXPECT_LE(interval["low"].get<double>(), exact) << report["points"][index].dump();
    EXPECT_GE(interval["high"].get<double>(), exact) << report["points"][index].dump();
  }
  // Monotone, in the direction the explorer gives from one die to two.
  const double direction = exact_2 > exact_1 ? 1 : -1;
  EXPECT_GT(direction * (advantage[1] - advantage[0]), 0) << out.text;
  EXPECT_GT(direction * (advantage[2] - advantage[1]), 0) << out.text;
  EXPECT_EQ(report["targets"][0]["figure"], "seat1");

  const std::string html = folder_ / "sweep.html";
  ASSERT_EQ(grove("report 1 -o " + html + " --db " + db_).code, 0);
  std::ifstream page(html);
  const std::string text((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("<svg"), std::string::npos);
  EXPECT_NE(text.find("sweep of dice_per_player"), std::string::npos);
}

// A tune of Pass the Pandas' dice at two players between random agents,
// aiming at a first-player advantage of 7 points: every candidate's exact
// value comes from the explorer, so the tune is judged against the truth.
// Its best variant must be the one whose exact advantage is nearest the
// target, and every finalist's interval must hold its exact value.
TEST_F(CliTest, TuneOfDiceFindsTheExplorersBest) {
  if (testing::kSanitized) {
    GTEST_SKIP() << "a statistical answer from 60,000 games, checked in the first pass; "
                    "AStoppedTuneKeepsItsFinishedTrials... takes the tune's paths";
  }
  const Output out = grove(
      "tune pass_the_pandas --players 2 --agents random --vary dice_per_player=1:6 --target "
      "first_player_advantage=0.07 --budget 60000 --seed 5 --db " +
      db_);
  ASSERT_EQ(out.code, 0) << out.text;
  EXPECT_NE(out.text.find("Stored as tune 1"), std::string::npos) << out.text;
  EXPECT_EQ(query("SELECT kind || ' ' || status FROM runs WHERE id = 1"), "tune passed");
  // Six candidates, one halving to three, three confirmed: nine trials,
  // each a stored balance run, and never more games than the budget.
  EXPECT_EQ(query("SELECT count(*) FROM tune_trials WHERE tune_run_id = 1"), "9");
  EXPECT_EQ(query("SELECT count(*) <= 60000 FROM balance_games"), "1");

  std::map<int, double> exact;  // dice -> the first player's exact advantage
  for (int dice = 1; dice <= 6; ++dice) exact[dice] = explored_p1_win(2, dice) - 0.5;
  int nearest = 1;
  for (const auto& [dice, advantage] : exact) {
    if (std::fabs(advantage - 0.07) < std::fabs(exact[nearest] - 0.07)) nearest = dice;
  }

  const std::string json = folder_ / "tune.json";
  ASSERT_EQ(grove("report 1 --format json -o " + json + " --db " + db_).code, 0);
  std::ifstream in(json);
  const nlohmann::json report = nlohmann::json::parse(in);
  ASSERT_TRUE(report["finished"].get<bool>());
  const auto& candidates = report["candidates"];
  ASSERT_EQ(candidates.size(), 6u);
  EXPECT_EQ(candidates[0]["label"], "dice_per_player=" + std::to_string(nearest)) << out.text;
  int finalists = 0;
  for (const auto& candidate : candidates) {
    if (!candidate["finalist"].get<bool>()) continue;
    ++finalists;
    const int dice = std::stoi(candidate["setting"]["dice_per_player"].get<std::string>());
    const auto& interval =
        candidate["figures"]["first_player_advantage"]["confirmation_simultaneous"];
    EXPECT_LE(interval["low"].get<double>(), exact[dice]) << candidate.dump();
    EXPECT_GE(interval["high"].get<double>(), exact[dice]) << candidate.dump();
  }
  EXPECT_EQ(finalists, 3);

  const std::string html = folder_ / "tune.html";
  ASSERT_EQ(grove("report 1 -o " + html + " --db " + db_).code, 0);
  std::ifstream page(html);
  const std::string text((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("tune of dice_per_player"), std::string::npos);
}

TEST_F(CliTest, TuneMistakesAreOneLine) {
  EXPECT_EQ(refused("tune pass_the_pandas --vary dice_per_player --db " + db_),
            "grove: error: '--target': a tune needs at least one target, as NAME=VALUE or "
            "NAME=LOW:HIGH (first_player_advantage=0, length=40:60)\n");
  EXPECT_EQ(refused("tune pass_the_pandas --target length=5 --db " + db_),
            "grove: error: '--vary': nothing to tune: give the parameters or rulings to vary as "
            "--vary NAME (its whole declared range) or --vary NAME=FROM:TO[:STEP]\n");
  EXPECT_EQ(refused("tune pass_the_pandas --vary dice_per_playr --target length=5 --db " + db_),
            "grove: error: --vary: 'dice_per_playr': unknown parameter of pass_the_pandas (did you "
            "mean 'dice_per_player'?); see 'grove rules pass_the_pandas'\n");
  EXPECT_EQ(refused("tune pass_the_pandas --set dice_per_player=1:3 --target length=5 --db " + db_),
            "grove: error: '--set': 'dice_per_player=1:3': a tune varies a parameter with --vary "
            "dice_per_player=1:3; --set fixes one value\n");
  EXPECT_EQ(refused("tune pass_the_pandas --vary dice_per_player --target length=9:5 --db " + db_),
            "grove: error: --target: 'length=9:5': LOW 9 is above HIGH 5\n");
  EXPECT_EQ(
      refused("tune pass_the_pandas --vary dice_per_player --target length=5 --budget 50 --db " +
              db_),
      "grove: error: --budget: '50': too small to tune: at least 96 games are needed to try 4 "
      "candidates with 8 games each first and confirm 3\n");
  // A misspelled figure is said after the first trial, and the tune is
  // marked as stopped by an error.
  const Output target = grove(
      "tune pass_the_pandas --vary dice_per_player=1:4 --agents random --target lenght=5 "
      "--budget 200 --db " +
      db_);
  EXPECT_EQ(target.code, 2);
  EXPECT_NE(target.text.find("(did you mean 'length'?)"), std::string::npos) << target.text;
  EXPECT_EQ(query("SELECT status FROM runs WHERE kind = 'tune'"), "error");
  EXPECT_EQ(query("SELECT count(*) FROM tune_trials"), "1");
}

TEST_F(CliTest, SweepMistakesAreOneLine) {
  EXPECT_EQ(refused("sweep pass_the_pandas --set dice_per_player=4:2 --db " + db_),
            "grove: error: --set: 'dice_per_player': FROM 4 is above TO 2 in '4:2'\n");
  EXPECT_EQ(refused("sweep pass_the_pandas --set dice_per_player=0:2 --db " + db_),
            "grove: error: --set: 'dice_per_player': '0:2' leaves the parameter's range 1..10; "
            "see 'grove rules pass_the_pandas'\n");
  EXPECT_EQ(refused("sweep pass_the_pandas --set dice_per_playr=1:2 --db " + db_),
            "grove: error: --set: 'dice_per_playr': unknown parameter of pass_the_pandas (did you "
            "mean 'dice_per_player'?); see 'grove rules pass_the_pandas'\n");
  const Output none = grove("sweep pass_the_pandas --set water_faces=2 --db " + db_);
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.text.find("nothing to sweep"), std::string::npos) << none.text;
  const Output target = grove(
      "sweep pass_the_pandas --set dice_per_player=1:2 --games 8 --agents random --target "
      "lenght=5 --db " +
      db_);
  EXPECT_EQ(target.code, 2);
  EXPECT_NE(target.text.find("grove: error: --target: 'lenght': expected NAME=VALUE with NAME one "
                             "of seat1, seat2, first_player_advantage, length"),
            std::string::npos)
      << target.text;
  EXPECT_NE(target.text.find("(did you mean 'length'?)"), std::string::npos) << target.text;
  EXPECT_EQ(query("SELECT status FROM runs WHERE kind = 'sweep'"), "error");
  EXPECT_EQ(refused("report 2 --target seat1=0.5 --db " + db_),
            "grove: error: '--target': only a sweep's report has targets\n");
}

TEST_F(CliTest, ExploreFindsAGameThatCannotEndAndExitsWithOne) {
  // Dice with only blank faces never move: no game can ever end.
  const Output out = grove(
      "explore pass_the_pandas --set dice_per_player=1 --set water_faces=0 --set "
      "panda_faces=0 --set bamboo_faces=0 --no-rulings --full-states --findings " +
      folder_ / "found" + " --db " + db_);
  EXPECT_EQ(out.code, 1) << out.text;
  // Every state of that variant, walked here (whole states, as
  // --full-states counts them): none can reach an end.
  const Game& game = builtin_games().get("pass_the_pandas");
  Variant blank(game);
  for (const char* setting :
       {"dice_per_player=1", "water_faces=0", "panda_faces=0", "bamboo_faces=0"}) {
    blank.set_parameter_text(setting);
  }
  const GraphWalk walk = walk_graph(*game.rules(blank, 2), nullptr);
  EXPECT_EQ(walk.never_end, walk.states);
  EXPECT_NE(out.text.find("FINDING no-end-reachable: " + std::to_string(walk.states) +
                          " states from which the game can never end"),
            std::string::npos)
      << out.text;
  EXPECT_NE(out.text.find("the game never ends 1.000000000000"), std::string::npos) << out.text;
  const std::string file = query("SELECT file FROM findings");
  const Output replay = grove("replay " + file + " --db " + db_);
  EXPECT_EQ(replay.code, 1) << replay.text;
  EXPECT_NE(replay.text.find("no end of the game can be reached from here"), std::string::npos)
      << replay.text;
  EXPECT_EQ(query("SELECT status FROM runs WHERE kind = 'explore'"), "failed");
}

TEST_F(CliTest, ExploreFromAPositionAndWithinBounds) {
  const std::string start =
      std::string(GROVE_SOURCE_DIR) + "/scenarios/bamboo_harvest/explore_2x3_start.yaml";
  Output out = grove("explore bamboo_harvest --start " + start + " --no-rulings --db " + db_);
  EXPECT_EQ(out.code, 0) << out.text;
  EXPECT_NE(out.text.find("from the end of " + start), std::string::npos) << out.text;
  EXPECT_NE(out.text.find("The search is complete"), std::string::npos) << out.text;
  out = grove("explore pass_the_pandas --max-states 50 --no-rulings --db " + db_);
  EXPECT_EQ(out.code, 0) << out.text;
  EXPECT_NE(out.text.find("The search was STOPPED by the --max-states bound: "), std::string::npos)
      << out.text;
  EXPECT_NE(out.text.find("Outcome probabilities: not computed: the search was not complete"),
            std::string::npos)
      << out.text;
  EXPECT_EQ(query("SELECT stopped_by FROM explorations WHERE complete = 0"),
            "the --max-states bound");
}

// A variant small at one player count is not explored at another without
// a word: what it is there, and a first look at its size, come first.
// The look stops after 1 s: two dice (436 whole states) are well inside
// that even under the sanitizers on a slow machine, where three dice's
// 2,886 once were not.
TEST_F(CliTest, ExploreSaysWhatAVariantIsAtAnotherPlayerCountBeforeStarting) {
  const std::string variant =
      std::string(GROVE_SOURCE_DIR) + "/scenarios/pass_the_pandas/variants/explore_two_dice.yaml";
  Output out = grove("explore pass_the_pandas --variant " + variant +
                     " --players 3 --max-states 1000 --no-rulings --db " + db_);
  EXPECT_EQ(out.code, 0) << out.text;
  EXPECT_NE(out.text.find("WARNING: dice_per_player: the variant changes it for 2 players only; "
                          "with 3 it is the game's 6\n"),
            std::string::npos)
      << out.text;
  const std::size_t look = out.text.find("rulings not compared): more than ");
  EXPECT_NE(look, std::string::npos) << out.text;
  EXPECT_NE(out.text.find(" a level). The search stops at ", look), std::string::npos) << out.text;
  // At the count it was made for: no warning, and its whole size, which
  // the search itself finds and says.
  out = grove("explore pass_the_pandas --variant " + variant + " --no-rulings --db " + db_);
  EXPECT_EQ(out.code, 0) << out.text;
  EXPECT_EQ(out.text.find("WARNING"), std::string::npos) << out.text;
  std::smatch whole;
  ASSERT_TRUE(std::regex_search(out.text, whole,
                                std::regex("first 50,000 states\\): ([0-9]+) states in all, "
                                           "([0-9]+) moves deep\\.")))
      << out.text;
  EXPECT_NE(out.text.find("Explored " + whole[1].str() + " states"), std::string::npos) << out.text;
  EXPECT_NE(out.text.find(whole[2].str() + " moves deep, in "), std::string::npos) << out.text;
  // On whole states the look counts what that search will find, not the
  // view's fewer states.
  const std::string views = whole[1].str();
  out = grove("explore pass_the_pandas --variant " + variant + " --full-states --no-rulings --db " +
              db_);
  EXPECT_EQ(out.code, 0) << out.text;
  ASSERT_TRUE(std::regex_search(out.text, whole,
                                std::regex("first 50,000 states\\): ([0-9]+) states in all")))
      << out.text;
  EXPECT_NE(whole[1].str(), views);
  EXPECT_NE(out.text.find("Explored " + whole[1].str() + " states"), std::string::npos) << out.text;
}

// Past 50,000 states (or a second) the search says how large the graph
// looks as it goes on, from its own levels: the look comes before the
// search's figures, and names the levels it has.
TEST_F(CliTest, ExploreSaysHowLargeTheGraphLooksAsItGoesOn) {
  const Output out = grove(
      "explore pass_the_pandas --players 2 --set dice_per_player=6 --full-states "
      "--no-rulings --db " +
      db_);
  EXPECT_EQ(out.code, 0) << out.text;
  std::smatch look;
  ASSERT_TRUE(std::regex_search(
      out.text, look,
      std::regex("A first look \\(the search's first second or first 50,000 states\\): more "
                 "than ([0-9]+) states: the first ([0-9]+) moves deep, level ([0-9]+) holds "
                 "[0-9]+ states and level ([0-9]+) [0-9]+ \\(×[0-9.]+ a level\\)\\. The search "
                 "stops at [0-9]+ MB")))
      << out.text;
  EXPECT_LT(std::stoll(look[1].str()), 151013);  // the whole graph, Explored below
  EXPECT_EQ(std::stoi(look[3].str()) + 1, std::stoi(look[2].str()));
  EXPECT_EQ(look[4].str(), look[2].str());
  EXPECT_LT(out.text.find("A first look"), out.text.find("Explored 151013 states")) << out.text;
}

TEST_F(CliTest, ExploreRefusesBadInputInOneLine) {
  EXPECT_EQ(refused("explore pass_the_pandas --max-states -5 --db " + db_),
            "grove: error: '--max-states': expected a number of states (0: no limit)\n");
  EXPECT_EQ(refused("explore pass_the_pandas --jobs 0 --db " + db_),
            "grove: error: '--jobs': expected 1 to 64 threads\n");
  EXPECT_EQ(refused("explore pass_the_pandas --start nowhere.yaml --db " + db_),
            "grove: error: nowhere.yaml: cannot read the file\n");
  const std::string other_game =
      std::string(GROVE_SOURCE_DIR) + "/scenarios/bamboo_harvest/explore_2x3_start.yaml";
  EXPECT_EQ(refused("explore pass_the_pandas --start " + other_game + " --db " + db_),
            "grove: error: " + other_game +
                ":1:1: 'game': the scenario is for bamboo_harvest, not pass_the_pandas\n");
  const std::string failing = write("failing.yaml",
                                    "game: pass_the_pandas\nplayers: 2\nsteps:\n  - roll P2 "
                                    "water=1\n");
  const Output bad_start = grove("explore pass_the_pandas --start " + failing + " --db " + db_);
  EXPECT_EQ(bad_start.code, 2);
  EXPECT_NE(bad_start.text.find("failing.yaml:4:1: 'steps': the --start scenario does not "
                                "replay: 'roll P2 water=1 panda=0 bamboo=0 blank=0' was rejected: "
                                "it is P1's turn to roll, not P2's"),
            std::string::npos)
      << bad_start.text;
  // Nothing was recorded for refused commands.
  EXPECT_EQ(query("SELECT count(*) FROM runs"), "");
}

TEST_F(CliTest, ResultsListAndShow) {
  ok("play pass_the_pandas --seed 3 --db " + db_);
  std::string out = ok("results --db " + db_);
  EXPECT_NE(out.find("play      pass_the_pandas   completed"), std::string::npos) << out;
  out = ok("results show 1 --db " + db_);
  EXPECT_EQ(out.rfind("run 1: grove play pass_the_pandas --seed 3 --db", 0), 0u) << out;
  EXPECT_NE(out.find("\n  seed     3\n"), std::string::npos) << out;
  const nlohmann::json shown = nlohmann::json::parse(ok("results show 1 --json --db " + db_));
  EXPECT_EQ(shown["seed"], 3) << shown.dump(2);
  EXPECT_EQ(refused("results show 7 --db " + db_), "grove: error: no run 7 in " + db_ + "\n");
  EXPECT_EQ(refused("results shw --db " + db_),
            "grove: error: unknown results action 'shw' (did you mean 'show'?); use 'list', "
            "'show RUN' or 'check'\n");
  EXPECT_EQ(ok("results check --db " + db_),
            db_ + ": intact (SQLite's integrity check found nothing wrong)\n");
}

TEST_F(CliTest, BalanceStoresEveryGameAndReportsInThreeFormats) {
  Output out = grove(
      "balance pass_the_pandas --players 3 --agents greedy,random --games 30 "
      "--seed 5 --jobs 2 --db " +
      db_);
  ASSERT_EQ(out.code, 0) << out.text;
  EXPECT_NE(out.text.find("30 games of Pass the Pandas (default), 3 players, agents greedy, "
                          "random, greedy: all games played in "),
            std::string::npos)
      << out.text;
  // Seat 1's wins, counted from the stored games.
  const int seat1 =
      std::stoi(query("SELECT count(*) FROM balance_games WHERE run_id = 1 AND winners = '[0]'"));
  EXPECT_NE(out.text.find(fmt_percent("\n- Seat 1 wins ", 100.0 * seat1 / 30) + " ["),
            std::string::npos)
      << seat1 << " wins\n"
      << out.text;
  EXPECT_NE(out.text.find("\nStored as run 1 in " + db_), std::string::npos) << out.text;
  EXPECT_EQ(query("SELECT COUNT(*) FROM balance_games WHERE run_id = 1"), "30");
  EXPECT_EQ(query("SELECT stopped_by FROM balance_runs WHERE run_id = 1"), "all games played");
  EXPECT_EQ(query("SELECT status FROM runs WHERE id = 1"), "passed");
  // The same seed plays the same games.
  ok("balance pass_the_pandas --players 3 --agents greedy,random --games 30 --seed 5 --db " + db_);
  EXPECT_EQ(query("SELECT COUNT(*) FROM balance_games a JOIN balance_games b ON "
                  "a.game_index = b.game_index AND a.run_id = 1 AND b.run_id = 2 WHERE "
                  "a.winners = b.winners AND a.moves = b.moves"),
            "30");

  const std::string html = folder_ / "report.html";
  out = grove("report 1 --db " + db_ + " -o " + html);
  ASSERT_EQ(out.code, 0) << out.text;
  std::ifstream page(html);
  const std::string text((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("<svg"), std::string::npos);
  EXPECT_EQ(text.find("http"), std::string::npos) << "the page must stand alone";
  const std::string md = ok("report 1 --format md --db " + db_);
  EXPECT_NE(md.find("\n## Win rate by seat\n"), std::string::npos) << md;
  const nlohmann::json json = nlohmann::json::parse(ok("report 1 --format json --db " + db_));
  EXPECT_EQ(json["summary"]["games"], 30) << json.dump(2);
  EXPECT_DOUBLE_EQ(json["summary"]["seats"][0]["win_rate"]["successes"].get<double>(), seat1);
}

// Every game of a balance run is kept with its moves: grove show plays any
// of them again under the run's rules (here a variant given only on the
// command line), and its scenario replays to the same end.
TEST_F(CliTest, ShowPlaysAStoredGameAgainAndItsScenarioReplays) {
  int run = 0;
  for (const std::string game :
       {"pass_the_pandas", "bamboo_harvest", "takenoko", "forest_shuffle"}) {
    const std::string variant =
        game == "pass_the_pandas"
            ? " --set dice_per_player=4 --ruling ptp.challenge_basis=set_aside"
            : "";
    Output out = grove("balance " + game + " --agents greedy,random --games 2 --seed 4" + variant +
                       " --db " + db_);
    ASSERT_EQ(out.code, 0) << out.text;
    ++run;
    const std::string where = " WHERE run_id = " + std::to_string(run) + " AND game_index = 1";
    const std::string moves = query("SELECT moves FROM balance_games" + where);
    const std::string scenario = folder_ / (game + ".yaml");
    out = grove("show " + std::to_string(run) + " 1 --scenario " + scenario + " --db " + db_);
    ASSERT_EQ(out.code, 0) << out.text.substr(0, 2000);
    EXPECT_EQ(out.text.rfind("Run " + std::to_string(run) + ", game 1: ", 0), 0u) << out.text;
    // Game 1 is the second rotation: random in seat 1, greedy in seat 2.
    EXPECT_NE(out.text.find("\nSeats: P1 random, P2 greedy\nStored result: "), std::string::npos);
    EXPECT_NE(out.text.find("\n   1. "), std::string::npos) << "the log, move by move";
    EXPECT_NE(out.text.find(" after " + moves + " moves.\n"), std::string::npos)
        << moves << " moves stored; " << out.text.substr(out.text.size() - 500);
    EXPECT_EQ(query("SELECT length(move_list) > 0 FROM balance_games" + where), "1");
    out = grove("replay " + scenario + " --db " + db_);
    EXPECT_EQ(out.code, 0) << out.text.substr(0, 3000);
    EXPECT_EQ(out.text.rfind("PASS  " + scenario, 0), 0u) << out.text.substr(0, 3000);
    ++run;  // the replay is a run too
  }
  std::ifstream written(folder_ / "pass_the_pandas.yaml");
  const std::string text((std::istreambuf_iterator<char>(written)), {});
  EXPECT_NE(text.find("parameters: {dice_per_player: {2: 4, 3: 4, 4: 4, 5: 4}}\nrulings: "
                      "{ptp.challenge_basis: set_aside}\nplayers: 2\nsteps:\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\nend:\n  places: {P1: "), std::string::npos) << text;

  // The report lists the games worth a look, each with the command.
  // The longest is the stored game with the most moves.
  const std::string report = ok("report 1 --format md --db " + db_);
  EXPECT_NE(report.find("\n## Games to look at\n"), std::string::npos) << report;
  EXPECT_NE(report.find("| longest | " +
                        query("SELECT max(moves) FROM balance_games WHERE run_id = 1") + " | "),
            std::string::npos)
      << report;
  EXPECT_NE(report.find(" | grove show 1 "), std::string::npos) << report;
}

TEST_F(CliTest, ShowRefusesBadInputInOneLine) {
  ASSERT_EQ(grove("balance pass_the_pandas --games 4 --seed 1 --db " + db_).code, 0);
  ok("play pass_the_pandas --seed 1 --db " + db_);
  const auto refuses = [&](const std::string& arguments, const std::string& message) {
    const Output out = grove("show " + arguments + " --db " + db_);
    EXPECT_EQ(out.code, 2) << arguments;
    EXPECT_EQ(out.text, "grove: error: " + message + "\n") << arguments;
  };
  refuses("9 0", "'RUN': there is no run 9 in " + db_ + " ('grove results list' shows the runs)");
  refuses("2 0", "'RUN': run 2 in " + db_ +
                     " is not a balance run but a play run ('grove results list' shows the runs)");
  refuses("1 4", "'GAME': run 1 has no game 4: its games are numbered 0 to 3");
  refuses("1", "the option '--game' is required but missing; see 'grove show --help'");
  // The run's rules are rebuilt from its stored variant settings: a hash
  // other than the stored one is said, and settings this grove cannot read
  // are refused.
  query("UPDATE balance_runs SET info = json_set(info, '$.variant_hash', '0123') WHERE run_id = 1");
  const Output rehashed = grove("show 1 0 --db " + db_);
  EXPECT_EQ(rehashed.code, 0) << rehashed.text;
  EXPECT_NE(rehashed.text.find("grove: warning: the rules rebuilt for run 1 hash to "),
            std::string::npos)
      << rehashed.text;
  EXPECT_NE(rehashed.text.find(", not 0123 as when it was played"), std::string::npos);
  query(
      "UPDATE balance_runs SET info = json_set(info, '$.variant_settings', "
      "json_array('dice_per_playr=4')) WHERE run_id = 1");
  refuses("1 0",
          "'RUN': run 1's variant cannot be rebuilt by this grove: 'dice_per_playr': unknown "
          "parameter of "
          "pass_the_pandas (did you mean 'dice_per_player'?); see 'grove rules pass_the_pandas'");
  // A run stored before grove kept each game's moves.
  query("UPDATE balance_games SET move_list = NULL WHERE game_index = 2");
  const std::string seed = std::to_string(
      static_cast<std::uint64_t>(std::stoll(query("SELECT seed FROM balance_games WHERE "
                                                  "game_index = 2"))));
  refuses(
      "1 2",
      "'GAME': run 1 was stored by a grove that did not keep each game's moves, so game 2 "
      "cannot be shown; 'grove play pass_the_pandas --players 2 --agents greedy,greedy --seed " +
          seed + "' with the run's variant plays it again");
  // Moves damaged where SQLite cannot see it: cut short, or a byte that is
  // no move.
  query(
      "UPDATE balance_games SET move_list = substr(move_list, 1, length(move_list) - 2) "
      "WHERE game_index = 1");
  query("UPDATE balance_games SET move_list = X'ff' WHERE game_index = 3");
  for (const std::string game : {"1", "3"}) {
    const Output out = grove("show 1 " + game + " --db " + db_);
    EXPECT_EQ(out.code, 2) << out.text;
    EXPECT_EQ(out.text.rfind("grove: error: " + db_ + ": run 1: the move list of game " + game +
                                 " is damaged and cannot be read (",
                             0),
              0u)
        << out.text;
    EXPECT_EQ(std::count(out.text.begin(), out.text.end(), '\n'), 1) << out.text;
  }
  EXPECT_EQ(refused("show 1 0 --scenario " + folder_ / "no/such/folder/x.yaml" + " --db " + db_),
            "grove: error: '--scenario': cannot write " + folder_ / "no/such/folder/x.yaml" +
                ": there is no folder " + folder_ / "no/such/folder" + "\n");
}

TEST_F(CliTest, CompareTwoVariantsInPlainWords) {
  const std::string basic = write("basic.yaml", "game: pass_the_pandas\nname: basic\n");
  const std::string fewer =
      write("fewer.yaml", "game: pass_the_pandas\nname: fewer\nparameters: {dice_per_player: 3}\n");
  const Output out = grove("compare " + basic + " " + fewer + " --games 400 --seed 2 --db " + db_);
  ASSERT_EQ(out.code, 0) << out.text;
  EXPECT_EQ(query("SELECT COUNT(*) FROM runs WHERE kind = 'balance'"), "2");
  // Figures counted from the stored games of each run.
  const auto mean_moves = [&](int run) {
    return std::stod(
        query("SELECT avg(moves) FROM balance_games WHERE run_id = " + std::to_string(run)));
  };
  const auto advantage = [&](int run) {  // seat 1's win rate - 1/2, in points
    return 100.0 *
               std::stoi(query("SELECT count(*) FROM balance_games WHERE run_id = " +
                               std::to_string(run) + " AND winners = '[0]'")) /
               400 -
           50;
  };
  // The first player's advantage: its row gives each run's figure, their
  // difference, and a verdict that agrees with its p-value.
  std::smatch row;
  ASSERT_TRUE(std::regex_search(
      out.text, row,
      std::regex(R"(\n\| the first player's advantage \| (-?[\d.]+)% [^|]*\(400\) \| )"
                 R"((-?[\d.]+)% [^|]*\(400\) \| ([+-][\d.]+) points \| )"
                 R"(z-test on the paired blocks' standard errors \| p ([=<]) ([\d.]+) \| )"
                 R"((no evidence of a change|a real change) \|\n)")))
      << out.text;
  EXPECT_NEAR(std::stod(row[1]), advantage(1), 0.051) << row[0];
  EXPECT_NEAR(std::stod(row[2]), advantage(2), 0.051) << row[0];
  EXPECT_NEAR(std::stod(row[3]), advantage(2) - advantage(1), 0.11) << row[0];
  const double p = std::stod(row[5]);
  EXPECT_GT(p, 0) << row[0];
  EXPECT_LE(p, 1) << row[0];
  EXPECT_EQ(row[6] == "a real change", p < 0.05) << row[0];
  // Fewer dice make shorter games, and the comparison says so, with each
  // run's mean length.
  std::smatch length;
  ASSERT_TRUE(std::regex_search(
      out.text, length,
      std::regex(
          R"(\n- The game length fell from ([\d.]+) ± [\d.]+ moves to ([\d.]+) ± [\d.]+ )"
          R"(moves \(over 400 games each; Welch's t-test, p < 0\.0001: a real change\)\.\n)")))
      << out.text;
  EXPECT_NEAR(std::stod(length[1]), mean_moves(1), 0.051) << length[0];
  EXPECT_NEAR(std::stod(length[2]), mean_moves(2), 0.051) << length[0];
  // The stored runs compare the same way by number.
  const Output again = grove("compare 1 2 --db " + db_);
  EXPECT_EQ(again.code, 0) << again.text;
  EXPECT_NE(out.text.find(again.text), std::string::npos) << again.text;
}

TEST_F(CliTest, BalanceRefusesBadInputInOneLine) {
  EXPECT_EQ(refused("balance pass_the_pandas --agents greedy,radnom --db " + db_),
            "grove: error: '--agents': 'radnom': unknown agent (did you mean 'random'?); the "
            "agents are random, greedy, mcts (mcts:ITERATIONS, mcts:ms=MILLISECONDS or "
            "mcts:ITERATIONS:PLAYOUT_MOVES sets its budget)\n");
  EXPECT_EQ(refused("balance pass_the_pandas --agents mcts:0 --db " + db_),
            "grove: error: '--agents': 'mcts:0': the iterations must be a number from 1 to "
            "10000000, as in 'mcts:500:10'\n");
  EXPECT_EQ(refused("balance pass_the_pandas --agents greedy,greedy,random --db " + db_),
            "grove: error: '--agents': 3 agents for 2 seats\n");
  EXPECT_EQ(refused("balance pass_the_pandas --games 0 --db " + db_),
            "grove: error: '--games': expected 1 to 100000000 games\n");
  EXPECT_EQ(refused("balance pass_the_pandas --precision 2 --db " + db_),
            "grove: error: '--precision': expected a half-width below 0.5 (0.02 = +/- 2 points; "
            "0: no early stop)\n");
  EXPECT_EQ(refused("balance pass_the_pandas --players 7 --db " + db_),
            "grove: error: '--players': Pass the Pandas is for 2 to 5 players\n");
  // A name longer than the system allows is the user's to shorten.
  const Output too_long =
      grove("balance pass_the_pandas --db " + folder_ / (std::string(300, 'd') + ".db"));
  EXPECT_EQ(too_long.code, 2);
  EXPECT_NE(too_long.text.find("grove: error: "), std::string::npos) << too_long.text;
  EXPECT_NE(too_long.text.find(".db: File name too long\n"), std::string::npos) << too_long.text;
  // A variant the game refuses is said as play says it, before any game.
  const std::string no_faces =
      "--set water_faces=0 --set panda_faces=0 --set bamboo_faces=0 --set blank_faces=0";
  const Output faceless = grove("balance pass_the_pandas " + no_faces + " --db " + db_);
  EXPECT_EQ(faceless.text, "grove: error: 'blank_faces': the die needs at least one face\n");
  EXPECT_EQ(faceless.code, 2);
  const std::string faceless_variant =
      write("faceless.yaml",
            "game: pass_the_pandas\nname: faceless\nparameters: {water_faces: 0, "
            "panda_faces: 0, bamboo_faces: 0, blank_faces: 0}\n");
  EXPECT_EQ(refused("compare " + faceless_variant + " " + faceless_variant + " --db " + db_),
            faceless.text);
  ok("play pass_the_pandas --seed 1 --db " + db_);
  EXPECT_EQ(refused("report 1 --db " + db_),
            "grove: error: 'RUN': run 1 in " + db_ +
                " is not a balance run but a play run ('grove results list' shows the runs)\n");
  EXPECT_EQ(refused("compare 998 999 --db " + db_), "grove: error: 'RUN': there is no run 998 in " +
                                                        db_ +
                                                        " ('grove results list' shows the runs)\n");
  EXPECT_EQ(refused("report 1 --format pdf --db " + db_),
            "grove: error: '--format': expected html, md or json, got 'pdf' (did you mean "
            "'md'?)\n");
  EXPECT_EQ(refused("compare 1 " + write("v.yaml", "name: v\n") + " --db " + db_),
            "grove: error: '" + folder_ / "v.yaml" +
                "': give two run numbers or two variant files, not one of each\n");
  EXPECT_EQ(grove("report 1 --db " + db_).code, 2);
}

TEST_F(CliTest, ACorruptDatabaseIsOneLineAndUntouched) {
  const std::string junk = write("junk.db", std::string(8192, 'z'));
  const Output out = grove("play pass_the_pandas --db " + junk);
  EXPECT_EQ(out.code, 2);
  EXPECT_EQ(
      out.text,
      "grove: error: " + junk +
          ": not an SQLite database, so not a grove results "
          "file; grove left it untouched. Move it aside or use --db to choose another file\n");
  EXPECT_EQ(fs::file_size(junk), 8192u);
}

TEST_F(CliTest, ADamagedGameRecordIsOneLineWithWhereAndUntouched) {
  // SQLite's own checks pass: the bytes of one stored game's JSON are cut.
  ASSERT_EQ(grove("balance pass_the_pandas --games 4 --seed 1 --db " + db_).code, 0);
  query("UPDATE balance_games SET record = substr(record, 1, 40) WHERE game_index = 2");
  const std::string damaged = query("SELECT record FROM balance_games WHERE game_index = 2");
  ASSERT_EQ(damaged.size(), 40u);
  for (const std::string command : {"report 1 --format md", "compare 1 1"}) {
    const Output out = grove(command + " --db " + db_);
    EXPECT_EQ(out.code, 2) << command;
    EXPECT_EQ(out.text.rfind("grove: error: " + db_ +
                                 ": run 1: the record of game 2 is damaged "
                                 "and cannot be read (",
                             0),
              0u)
        << out.text;
    EXPECT_EQ(std::count(out.text.begin(), out.text.end(), '\n'), 1) << out.text;
  }
  EXPECT_EQ(query("SELECT record FROM balance_games WHERE game_index = 2"), damaged);
}

// A long replay, interrupted with Ctrl-C (SIGINT) once results are arriving:
// the run is marked interrupted and keeps the results stored before.
// A Takenoko fuzz game and its shrinking take seconds; SIGINT (or SIGTERM)
// to the command alone stops it mid-game, with its job processes, and keeps
// what was stored.
TEST_F(CliTest, InterruptedFuzzStopsMidGameWithItsJobs) {
  const pid_t child = start({"fuzz", "takenoko", "--games", "1000", "--jobs", "2", "--seed", "5",
                             "--db", db_, "--findings", folder_ / "found"});
  ASSERT_TRUE(wait_for_running_run(child)) << "the run never started";
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(child, SIGTERM);
  // Before, the jobs played on to the end of their games and the parent
  // waited for them; a few seconds is ample for a stop that takes a move.
  const auto signalled = std::chrono::steady_clock::now();
  int status = 0;
  while (waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() - signalled > std::chrono::seconds(10)) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      FAIL() << "grove fuzz did not stop within 10 s of SIGTERM";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_EQ(query("SELECT status FROM runs"), "interrupted");
}

// A disk that fills up mid-run: one line, exit 2, and the file intact with
// the run's games up to there. Needs a small tmpfs, so root; skipped where
// the test may not mount one.
TEST_F(CliTest, AFullDiskIsOneLineAndTheFileStaysIntact) {
  const std::string small = folder_ / "small";
  fs::create_directories(small);
  if (std::system(("mount -t tmpfs -o size=256k tmpfs " + small + " 2>/dev/null").c_str()) != 0) {
    GTEST_SKIP() << "cannot mount a small tmpfs here";
  }
  const std::string db = small + "/grove.db";
  const Output out = grove("balance pass_the_pandas --games 1000000 --seed 1 --db " + db);
  const Output check = grove("results check --db " + db);
  const Output list = grove("results list --db " + db);
  EXPECT_EQ(list.code, 0) << list.text;
  std::system(("umount " + small).c_str());
  EXPECT_EQ(out.code, 2);
  EXPECT_NE(out.text.find("grove: error: " + db + ": the disk is full while storing balance games"),
            std::string::npos)
      << out.text;
  EXPECT_EQ(check.code, 0) << check.text;
  EXPECT_NE(list.text.find("incomplete"), std::string::npos) << list.text;
}

// Each long command killed outright (kill -9) or stopped (Ctrl-C) at a
// seeded random moment: the file stays intact, what earlier runs stored is
// unchanged, and the run says how it ended (incomplete, interrupted).
TEST_F(CliTest, KilledOrStoppedAtAnyMomentLosesNothingStored) {
  ASSERT_EQ(grove("balance pass_the_pandas --games 40 --seed 3 --db " + db_).code, 0);
  const std::string earlier =
      "SELECT count(*) || ':' || sum(length(record)) || ':' || sum(moves) FROM balance_games "
      "WHERE run_id = 1";
  const std::string stored = query(earlier);
  ASSERT_FALSE(stored.empty());
  const std::vector<std::vector<std::string>> commands = {
      {"balance", "pass_the_pandas", "--games", "10000000", "--seed", "1", "--jobs", "2"},
      // Takenoko's fuzz games take seconds each: long enough for jobs that
      // outlive their parent to be seen.
      {"fuzz", "takenoko", "--games", "10000000", "--seed", "1", "--jobs", "2", "--findings",
       folder_ / "found"},
      {"explore", "takenoko", "--findings", folder_ / "found"},
  };
  std::mt19937 moments(2026);
  for (const auto& command : commands) {
    for (const int signal : {SIGKILL, SIGINT}) {
      std::vector<std::string> arguments = command;
      arguments.insert(arguments.end(), {"--db", db_});
      const std::string printed = folder_ / "printed";
      const pid_t child = start(arguments, printed);
      ASSERT_TRUE(wait_for_running_run(child)) << command[0] << " never started";
      std::this_thread::sleep_for(
          std::chrono::milliseconds(std::uniform_int_distribution<int>(20, 400)(moments)));
      kill(child, signal);
      int status = 0;
      waitpid(child, &status, 0);
      const std::string run = query("SELECT max(id) FROM runs");
      const std::string shown = ok("results show " + run + " --db " + db_);
      if (signal == SIGKILL) {
        EXPECT_NE(shown.find("status   incomplete"), std::string::npos) << shown;
      } else {
        std::ifstream printed_file(printed);
        const std::string output((std::istreambuf_iterator<char>(printed_file)), {});
        ASSERT_TRUE(WIFEXITED(status))
            << command[0] << " ended by signal " << WTERMSIG(status) << " after printing:\n"
            << output;
        EXPECT_EQ(WEXITSTATUS(status), 130) << command[0];
        EXPECT_NE(shown.find("status   interrupted"), std::string::npos) << shown;
      }
      const Output check = grove("results check --db " + db_);
      EXPECT_EQ(check.code, 0) << command[0] << ": " << check.text;
      EXPECT_EQ(query(earlier), stored) << command[0];
    }
  }
  // No job of a killed parent plays on: they end with it (they ran on for
  // about a minute before).
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  int left = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::ifstream cmdline(entry.path() / "cmdline");
    std::string words((std::istreambuf_iterator<char>(cmdline)), {});
    if (words.find(db_) != std::string::npos) ++left;
  }
  EXPECT_EQ(left, 0) << "grove processes still running on " << db_;
}

TEST_F(CliTest, AStoppedSweepKeepsItsFinishedPointsAndAKilledOneStaysIncomplete) {
  // Points of 8,000 games (2,000 under the sanitizers, which take as long
  // over them): the first finishes within a second, the second is stopped
  // part way.
  const std::string games = testing::kSanitized ? "2000" : "8000";
  const std::vector<std::string> sweep = {"sweep",     "pass_the_pandas",
                                          "--players", "4",
                                          "--agents",  "random",
                                          "--set",     "dice_per_player=1:3",
                                          "--games",   games,
                                          "--seed",    "4",
                                          "--db",      db_};
  const std::string sweep_run = "SELECT max(id) FROM runs WHERE kind = 'sweep'";
  for (const int signal : {SIGINT, SIGKILL}) {
    const pid_t child = start(sweep);
    // Stopped once the first point is in the sweep and the next one plays.
    ASSERT_TRUE(wait_until(
        [&] {
          return query("SELECT count(*) FROM sweep_points WHERE sweep_run_id = (" + sweep_run +
                       ")") == "1" &&
                 newest_run_is_running();
        },
        std::chrono::seconds(120)))
        << "the first point never finished";
    kill(child, signal);
    int status = 0;
    waitpid(child, &status, 0);
    const std::string run = query(sweep_run);
    const std::string shown = ok("results show " + run + " --db " + db_);
    if (signal == SIGINT) {
      ASSERT_TRUE(WIFEXITED(status));
      EXPECT_EQ(WEXITSTATUS(status), 130);
      EXPECT_NE(shown.find("status   interrupted"), std::string::npos) << shown;
    } else {
      EXPECT_NE(shown.find("status   incomplete"), std::string::npos) << shown;
    }
    // The finished point is kept, with all its games, and its report reads.
    EXPECT_EQ(query("SELECT count(*) FROM balance_games WHERE run_id = (SELECT balance_run_id FROM "
                    "sweep_points WHERE sweep_run_id = " +
                    run + ")"),
              games);
    EXPECT_EQ(
        grove("report " + run + " --format md -o " + (folder_ / "sweep.md") + " --db " + db_).code,
        0);
    EXPECT_EQ(grove("results check --db " + db_).code, 0);
  }
}

TEST_F(CliTest, AStoppedTuneKeepsItsFinishedTrialsAndItsReportSaysSo) {
  // Four candidates, one round of 12,000 games each: the first trial
  // finishes within seconds, the second is stopped part way.
  const pid_t child =
      start({"tune", "pass_the_pandas", "--players", "4", "--agents", "random", "--vary",
             "dice_per_player=1:4", "--target", "first_player_advantage=0", "--budget", "64000",
             "--seed", "4", "--db", db_});
  ASSERT_TRUE(wait_until(
      [&] { return query("SELECT count(*) FROM tune_trials") == "1" && newest_run_is_running(); },
      std::chrono::seconds(120)))
      << "the first trial never finished";
  kill(child, SIGINT);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_EQ(query("SELECT status FROM runs WHERE kind = 'tune'"), "interrupted");
  EXPECT_EQ(query("SELECT count(*) FROM tune_trials"), "1");
  EXPECT_EQ(query("SELECT count(*) FROM balance_games WHERE run_id = (SELECT balance_run_id FROM "
                  "tune_trials)"),
            "12000");
  const Output report = grove("report 1 --format md --db " + db_);
  ASSERT_EQ(report.code, 0) << report.text;
  EXPECT_NE(report.text.find("The tune was interrupted after 12000 of its 64000 games"),
            std::string::npos)
      << report.text;
  EXPECT_EQ(grove("results check --db " + db_).code, 0);
}

TEST_F(CliTest, InterruptedReplayKeepsItsResults) {
  const std::string scenario =
      "game: pass_the_pandas\nplayers: 5\nparameters: {pandamonium: true, pandamonium_target: "
      "400}\n"
      "steps: [{random: end}]\n";
  for (int i = 0; i < 400; ++i)
    write("slow/case" + std::to_string(1000 + i) + ".yaml",
          scenario + "seed: " + std::to_string(i) + "\n");
  const pid_t child = start({"replay", folder_ / "slow", "--db", db_}, folder_ / "out.txt");

  ASSERT_TRUE(wait_until([&] {
    const std::string stored = query("SELECT count(*) FROM scenario_results");
    return !stored.empty() && stored != "0";
  })) << "no result was stored";
  kill(child, SIGINT);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_EQ(query("SELECT status FROM runs"), "interrupted");
  const int stored = std::stoi(query("SELECT count(*) FROM scenario_results"));
  EXPECT_GE(stored, 1);
  EXPECT_LT(stored, 400);
  EXPECT_NE(query("SELECT summary FROM runs").find("interrupted after"), std::string::npos);
}

// grove score takenoko: the plantation, then each player's completed
// objectives with their points, the Emperor card and the total, and the
// places; from a scenario's start too.
TEST_F(CliTest, TakenokoScoreListsEveryCompletedObjectiveAndThePlaces) {
  write("takenoko.yaml",
        "emperor: P2\n"
        "plantation:\n"
        "  - {at: [1, 0], colour: green, height: 2}\n"
        "players:\n"
        "  P1: {completed: [plot-green-line, panda-2-pink]}\n"
        "  P2:\n"
        "    completed: [plot-green-curve, plot-green-triangle, plot-yellow-line,\n"
        "                plot-yellow-curve, plot-yellow-triangle, plot-pink-line,\n"
        "                plot-pink-curve, gardener-green-3x4, panda-2-green]\n"
        "    hand: [panda-3-colours]\n");
  const std::string out = ok("score takenoko " + folder_ / "takenoko.yaml");
  EXPECT_NE(out.find("plantation:\n"), std::string::npos) << out;
  EXPECT_NE(out.find("P1: 7 points (2 objectives completed; 5 points from panda objectives)\n"
                     "  plot      plot-green-line                2  three green plots in a "
                     "straight line\n"
                     "  panda     panda-2-pink                   5  2 pink bamboo section(s) on "
                     "the player's board\n"
                     "P2: 34 points (9 objectives completed; 3 points from panda objectives)\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("  emperor   the Emperor card               2  taken by the player who set "
                     "off the last round\n"
                     "  in hand   1 card                         0  objectives not completed "
                     "score nothing\n"
                     "places if the game ended now:\n"
                     "  1st  P2  34 points, 3 from panda objectives\n"
                     "  2nd  P1  7 points, 5 from panda objectives\n"),
            std::string::npos)
      << out;
  // The rulebook's tie-break, from a scenario's start: P1 26 with the
  // Emperor card, P2 19.
  const std::string scenario = ok("score " + std::string(GROVE_SOURCE_DIR) +
                                  "/scenarios/takenoko/end_tie_break_panda_points.yaml");
  EXPECT_NE(scenario.find("P1: 26 points (9 objectives completed; 3 points from panda "
                          "objectives)\n"),
            std::string::npos)
      << scenario;
  EXPECT_NE(scenario.find("  1st  P1  26 points, 3 from panda objectives\n"
                          "  2nd  P2  19 points, 15 from panda objectives\n"),
            std::string::npos)
      << scenario;
  // A game without a sheet names the games that keep one.
  EXPECT_NE(refused("score " + std::string(GROVE_SOURCE_DIR) +
                    "/scenarios/pass_the_pandas/bamboo_challenge_example_2.yaml")
                .find("works for games that do (forest_shuffle, takenoko)"),
            std::string::npos);
}

// The names alone, one a line, for scripts and the bash completion
// (tools/completion/grove.bash): every game, and each game's parameters,
// rulings with every alternative (the default first) and clauses.
TEST_F(CliTest, GamesAndRulesListNamesForScripts) {
  std::string names;
  for (const auto& game : builtin_games().games()) names += game->name + "\n";
  const Output games = grove("games --names");
  EXPECT_EQ(games.code, 0);
  EXPECT_EQ(games.text, names);
  EXPECT_NE(grove("games --help").text.find("--names"), std::string::npos);

  for (const auto& game : builtin_games().games()) {
    std::string expected;
    for (const auto& spec : game->parameters) expected += "parameter " + spec.name + "\n";
    for (const auto& ruling : game->rulings) {
      expected += "ruling " + ruling.id + "=" + ruling.default_alternative + "\n";
      for (const auto& alternative : ruling.alternatives) {
        if (alternative.id != ruling.default_alternative) {
          expected += "ruling " + ruling.id + "=" + alternative.id + "\n";
        }
      }
    }
    for (const auto& clause : game->clauses) expected += "clause " + clause.id + "\n";
    const Output rules = grove("rules " + game->name + " --names");
    EXPECT_EQ(rules.code, 0) << game->name;
    EXPECT_EQ(rules.text, expected) << game->name;
  }
  const std::string ptp = grove("rules pass_the_pandas --names").text;
  EXPECT_EQ(ptp.rfind("parameter dice_per_player\n", 0), 0u) << ptp;
  EXPECT_NE(ptp.find("\nruling ptp.challenge_basis=rolled\nruling ptp.challenge_basis=set_aside\n"),
            std::string::npos)
      << ptp;
  EXPECT_NE(grove("rules --help").text.find("--names"), std::string::npos);
  EXPECT_EQ(grove("rules pass_the_panda --names").code, 2);
}

}  // namespace
}  // namespace grove
