// Summaries of hand-built game records with known answers (win rates,
// shared victories, draws, margins, agents' paired blocks, use of actions,
// metrics), and comparisons of two runs where a difference is real and
// where it is not.

#include "reports/balance/summary.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <random>

#include "engine/core/errors.hpp"
#include "reports/balance/compare.hpp"

namespace grove::balance {
namespace {

RunInfo run_info(int players, std::vector<std::string> agents, std::string variant = "default") {
  RunInfo info;
  info.game = "pass_the_pandas";
  info.game_title = "Pass the Pandas";
  info.variant = std::move(variant);
  info.players = players;
  info.agents = std::move(agents);
  return info;
}

// Builds a run's records game by game, with indices, blocks and rotations
// as the runner numbers them and agents rotated as the runner seats them.
class Records {
 public:
  explicit Records(const RunInfo& info) : info_(info) {}

  GameRecord& add(std::vector<int> places, std::vector<std::int64_t> scores = {}) {
    GameRecord record;
    const int players = info_.players;
    record.index = static_cast<std::int64_t>(records_.size());
    record.block = record.index / players;
    record.rotation = static_cast<int>(record.index % players);
    record.seed = static_cast<std::uint64_t>(record.block);
    for (int seat = 0; seat < players; ++seat) {
      const int from = ((seat - record.rotation) % players + players) % players;
      record.agents.push_back(info_.agents[static_cast<std::size_t>(from)]);
    }
    record.ended = !places.empty();
    record.places = std::move(places);
    record.scores = std::move(scores);
    record.moves = 10;
    record.decisions = 6;
    record.turns = 4;
    records_.push_back(record);
    return records_.back();
  }
  // A game won by exactly the seat holding `agent` (the others second).
  GameRecord& won_by_agent(const std::string& agent) {
    std::vector<int> places(static_cast<std::size_t>(info_.players), 2);
    const std::size_t next = records_.size();
    const int rotation = static_cast<int>(static_cast<std::int64_t>(next) % info_.players);
    for (int seat = 0; seat < info_.players; ++seat) {
      const int from = ((seat - rotation) % info_.players + info_.players) % info_.players;
      if (info_.agents[static_cast<std::size_t>(from)] == agent) {
        places[static_cast<std::size_t>(seat)] = 1;
      }
    }
    return add(places);
  }
  GameRecord& unfinished() { return add({}); }
  const std::vector<GameRecord>& all() const { return records_; }

 private:
  RunInfo info_;
  std::vector<GameRecord> records_;
};

TEST(Summary, CountsWinsSharedVictoriesAndDraws) {
  const RunInfo info = run_info(2, {"random", "random"});
  Records r(info);
  for (int i = 0; i < 6; ++i) r.add({1, 2});
  for (int i = 0; i < 3; ++i) r.add({2, 1});
  r.add({1, 1});  // a draw: every seat first
  r.unfinished();
  const Summary s = summarize(info, r.all());
  EXPECT_EQ(s.games, 11);
  EXPECT_EQ(s.ended, 10);
  EXPECT_EQ(s.unfinished, 1);
  EXPECT_EQ(s.draws, 1);
  EXPECT_EQ(s.shared_victories, 0);
  EXPECT_EQ(s.sole_victories, 9);
  EXPECT_DOUBLE_EQ(s.seats[0].win_rate.successes, 6.5);
  EXPECT_EQ(s.seats[0].win_rate.trials, 10);
  EXPECT_DOUBLE_EQ(s.seats[0].win_rate.interval.estimate, 0.65);
  EXPECT_DOUBLE_EQ(s.seats[1].win_rate.interval.estimate, 0.35);
  // Games 2k and 2k+1 are the two rotations of block k, dealt alike; the
  // interval's width comes from seat 1's five block means (the last block
  // has only its unfinished first game).
  const stats::Interval by_blocks =
      stats::mean_interval(stats::moments({1.0, 1.0, 1.0, 0.0, 0.25}));
  const stats::Interval expected{0.65, 0.65 - by_blocks.half_width(),
                                 std::min(1.0, 0.65 + by_blocks.half_width())};
  EXPECT_DOUBLE_EQ(s.seats[0].win_rate.interval.low, expected.low);
  EXPECT_DOUBLE_EQ(s.seats[0].win_rate.interval.high, expected.high);
  EXPECT_EQ(s.seats[0].sole_wins, 6);
  EXPECT_EQ(s.seats[0].shared_wins, 1);
  EXPECT_DOUBLE_EQ(s.fair_share, 0.5);
  EXPECT_NEAR(s.first_player_advantage.estimate, 0.15, 1e-12);
  EXPECT_NEAR(s.first_player_advantage.low, expected.low - 0.5, 1e-12);
  EXPECT_DOUBLE_EQ(s.draw_rate.interval.estimate, 0.1);
  EXPECT_NEAR(s.unfinished_rate.interval.estimate, 1.0 / 11, 1e-12);
  EXPECT_FALSE(s.agents_differ);
  EXPECT_TRUE(s.agent_results.empty());
  EXPECT_FALSE(s.has_scores);
  EXPECT_EQ(s.moves.n, 10);  // unfinished games have no length
}

TEST(Summary, SharesAVictoryAmongItsWinners) {
  const RunInfo info = run_info(3, {"random", "random", "random"});
  Records r(info);
  r.add({1, 1, 3});  // shared by seats 1 and 2
  r.add({1, 1, 1});  // a draw
  r.add({2, 3, 1});
  r.add({1, 2, 3});
  const Summary s = summarize(info, r.all());
  EXPECT_EQ(s.shared_victories, 1);
  EXPECT_EQ(s.draws, 1);
  EXPECT_EQ(s.sole_victories, 2);
  EXPECT_NEAR(s.seats[0].win_rate.successes, 0.5 + 1.0 / 3 + 1, 1e-12);
  EXPECT_NEAR(s.seats[1].win_rate.successes, 0.5 + 1.0 / 3, 1e-12);
  EXPECT_NEAR(s.seats[2].win_rate.successes, 1.0 / 3 + 1, 1e-12);
  double total = 0;
  for (const SeatResult& seat : s.seats) total += seat.win_rate.interval.estimate;
  EXPECT_NEAR(total, 1.0, 1e-12);  // the credit of every game adds up to one win
  EXPECT_NEAR(s.fair_share, 1.0 / 3, 1e-12);
  EXPECT_EQ(s.seats[1].shared_wins, 2);
}

TEST(Summary, MeasuresScoresAndWinningMargins) {
  const RunInfo info = run_info(3, {"random", "random", "random"});
  Records r(info);
  r.add({1, 2, 3}, {10, 7, 2});  // margin 3
  r.add({2, 1, 3}, {5, 9, 1});   // margin 4
  r.add({1, 1, 3}, {8, 8, 3});   // shared: margin 5 over seat 3
  r.add({1, 1, 1}, {4, 4, 4});   // draw: no margin
  r.add({1, 2, 3}, {6, 12, 0});  // won another way than by points: -6
  const Summary s = summarize(info, r.all());
  EXPECT_TRUE(s.has_scores);
  EXPECT_EQ(s.winning_margin.n, 4);
  EXPECT_DOUBLE_EQ(s.winning_margin.mean, (3 + 4 + 5 - 6) / 4.0);
  EXPECT_DOUBLE_EQ(s.winning_margin.median, 3.5);
  EXPECT_DOUBLE_EQ(s.seats[0].score.mean, (10 + 5 + 8 + 4 + 6) / 5.0);
  EXPECT_EQ(s.all_scores.n, 15);
  // Seats share the same bins so their histograms can be set side by side.
  EXPECT_EQ(s.seats[0].score.histogram.edges, s.seats[2].score.histogram.edges);
  std::int64_t counted = 0;
  for (auto c : s.seats[1].score.histogram.counts) counted += c;
  EXPECT_EQ(counted, 5);
}

// The longest, shortest and widest-won games are the first of their
// equals among those that ended; games cut at the step bound follow, at
// most as many as asked, with the rest counted.
TEST(NotableGames, PicksTheExtremesAndListsTheGamesCutAtTheBound) {
  const RunInfo info = run_info(3, {"random", "random", "random"});
  Records r(info);
  r.add({1, 2, 3}, {10, 7, 2}).moves = 30;  // margin 3
  r.unfinished().moves = 500;
  r.add({2, 1, 3}, {5, 9, 1}).moves = 12;   // margin 4
  r.add({1, 2, 3}, {6, 12, 0}).moves = 40;  // margin -6, the longest
  r.add({1, 1, 1}, {4, 4, 4}).moves = 12;   // a draw: no margin; as short as game 2
  r.add({2, 3, 1}, {5, 1, 9}).moves = 40;   // margin 4 again, as long as game 3
  for (int i = 0; i < 3; ++i) r.unfinished().moves = 500;
  const NotableGames notable = notable_games(r.all(), 12, 2);
  ASSERT_EQ(notable.games.size(), 5u);
  const auto row = [&](std::size_t i) {
    const NotableGame& game = notable.games[i];
    return fmt::format("{} {} {} {} {}", game.why, game.index, game.moves,
                       game.margin ? std::to_string(*game.margin) : "-", game.command);
  };
  EXPECT_EQ(row(0), "longest 3 40 -6 grove show 12 3");
  EXPECT_EQ(row(1), "shortest 2 12 4 grove show 12 2");
  EXPECT_EQ(row(2), "largest winning margin 2 12 4 grove show 12 2");
  EXPECT_EQ(row(3), "cut at the step bound 1 500 - grove show 12 1");
  EXPECT_EQ(row(4), "cut at the step bound 6 500 - grove show 12 6");
  EXPECT_EQ(notable.unfinished_not_listed, 2);
  // The summary carries them, with the run's number in the commands.
  RunInfo stored = info;
  stored.run_id = 12;
  const NotableGames summarized = summarize(stored, r.all()).notable;
  ASSERT_EQ(summarized.games.size(), 7u);  // the 4 games cut at the bound are within its 10
  EXPECT_EQ(summarized.games[0].command, "grove show 12 3");
  EXPECT_EQ(summarized.unfinished_not_listed, 0);
  // A run not stored yet has no number to show them by.
  EXPECT_EQ(notable_games(r.all(), 0).games[0].command, "grove show RUN 3");
  // Without scores there is no margin, and without games nothing at all.
  const RunInfo two = run_info(2, {"random", "random"});
  Records unscored(two);
  unscored.add({1, 2});
  EXPECT_EQ(notable_games(unscored.all(), 1).games.size(), 2u);
  EXPECT_TRUE(notable_games({}, 1).games.empty());
}

TEST(Summary, AgentWinRatesComeFromCompleteBlockMeans) {
  const RunInfo info = run_info(2, {"mcts", "random"});
  Records r(info);
  // Block means of mcts: 1, 0.5, 0.5, 1 -> mean 0.75, sd √(1/12).
  r.won_by_agent("mcts");
  r.won_by_agent("mcts");
  r.won_by_agent("mcts");
  r.won_by_agent("random");
  r.won_by_agent("random");
  r.won_by_agent("mcts");
  r.won_by_agent("mcts");
  r.won_by_agent("mcts");
  r.won_by_agent("mcts");  // block 4 has only its first rotation: left out
  const Summary s = summarize(info, r.all());
  EXPECT_TRUE(s.agents_differ);
  EXPECT_EQ(s.complete_blocks, 4);
  EXPECT_EQ(s.incomplete_blocks, 1);
  ASSERT_EQ(s.agent_results.size(), 2u);
  const AgentResult& mcts = s.agent_results[0];
  EXPECT_EQ(mcts.agent, "mcts");
  EXPECT_EQ(mcts.seats, 1);
  EXPECT_EQ(mcts.blocks, 4);
  EXPECT_EQ(mcts.seat_games, 8);
  EXPECT_NEAR(mcts.win_rate.estimate, 0.75, 1e-12);
  EXPECT_NEAR(mcts.block_sd, std::sqrt(1.0 / 12), 1e-12);
  // t(3) over the four block means, cut at 100%.
  EXPECT_NEAR(mcts.win_rate.low, 0.75 - 3.182446 * std::sqrt(1.0 / 12) / 2, 1e-5);
  EXPECT_EQ(mcts.win_rate.high, 1.0);
  EXPECT_NEAR(s.agent_results[1].win_rate.estimate, 0.25, 1e-12);
  // The agents rotate, so the seats come out even here although mcts is
  // far stronger: seat 1 won 5 of the 9 games.
  EXPECT_NEAR(s.seats[0].win_rate.interval.estimate, 5.0 / 9, 1e-12);

  const double widest = widest_interval(s);
  EXPECT_DOUBLE_EQ(widest,
                   std::max({s.seats[0].win_rate.interval.half_width(),
                             s.seats[1].win_rate.interval.half_width(), mcts.win_rate.half_width(),
                             s.agent_results[1].win_rate.half_width()}));
  EXPECT_GT(widest, mcts.win_rate.half_width() - 1e-12);
}

TEST(Summary, WidestIntervalIsInfiniteUntilItCanBeComputedAndShrinksWithGames) {
  const RunInfo info = run_info(2, {"mcts", "random"});
  Records few(info);
  few.won_by_agent("mcts");
  few.won_by_agent("mcts");
  EXPECT_TRUE(std::isinf(widest_interval(summarize(info, few.all()))));  // one block
  EXPECT_TRUE(std::isinf(widest_interval(summarize(info, {}))));

  std::mt19937 rng(3);
  std::bernoulli_distribution strong(0.7);
  Records many(info);
  for (int i = 0; i < 400; ++i) many.won_by_agent(strong(rng) ? "mcts" : "random");
  const double at_400 = widest_interval(summarize(info, many.all()));
  for (int i = 0; i < 1200; ++i) many.won_by_agent(strong(rng) ? "mcts" : "random");
  const double at_1600 = widest_interval(summarize(info, many.all()));
  EXPECT_LT(at_1600, at_400);
  EXPECT_NEAR(at_1600, at_400 / 2, at_400 * 0.15);  // ∝ 1/√n
}

TEST(Summary, MeasuresLengthLeadsAndDecisiveness) {
  const RunInfo info = run_info(2, {"random", "random"});
  Records r(info);
  GameRecord& a = r.add({1, 2});
  a.moves = 30;
  a.turns = 10;
  a.lead_changes = 3;
  a.winner_leads_from = 7;  // led the last 30%
  GameRecord& b = r.add({2, 1});
  b.moves = 50;
  b.turns = 20;
  b.lead_changes = 1;
  b.winner_leads_from = 0;  // led from the start
  GameRecord& c = r.add({1, 2});
  c.moves = 40;
  c.turns = 8;
  c.lead_changes = 5;
  c.winner_leads_from = -1;  // never led at the end
  GameRecord& d = r.add({1, 1});
  d.moves = 20;
  d.turns = 5;  // a draw: no decisiveness
  const Summary s = summarize(info, r.all());
  EXPECT_DOUBLE_EQ(s.moves.mean, 35);
  EXPECT_DOUBLE_EQ(s.moves.median, 35);
  EXPECT_EQ(s.decisiveness.n, 3);
  EXPECT_NEAR(s.decisiveness.mean, (0.3 + 1.0 + 0.0) / 3, 1e-12);
  EXPECT_DOUBLE_EQ(s.lead_changes.mean, 9.0 / 4);
  EXPECT_NEAR(s.moves.mean_ci.half_width(), stats::t_critical(3) * std::sqrt(500.0 / 3) / 2, 1e-9);
}

TEST(Summary, RelatesActionUseToWinning) {
  const RunInfo info = run_info(2, {"random", "random"});
  Records r(info);
  // Seats that swap win 4 of 5; seats that do not swap win 1 of 5.
  for (int i = 0; i < 5; ++i) {
    const bool seat1_swaps = i < 3;
    GameRecord& g = r.add(i < 4 ? std::vector<int>{seat1_swaps ? 1 : 2, seat1_swaps ? 2 : 1}
                                : std::vector<int>{2, 1});
    g.actions.resize(2);
    g.items.resize(2);
    if (seat1_swaps) {
      g.actions[0]["swap"] = 2;
    } else {
      g.actions[1]["swap"] = 1;
    }
    g.actions[0]["build"] = 1;
    g.actions[1]["build"] = 1;
    g.items[0]["linden"] = 1;
  }
  // Game 5 (i = 4): seat 2 swapped and won. Swappers: games 0,1,2 seat 1
  // (won), games 3,4 seat 2 (won, won) -> 5 of 5; non-swappers 0 of 5.
  const Summary s = summarize(info, r.all());
  ASSERT_EQ(s.actions.size(), 2u);
  const UseResult& build = s.actions[0];
  const UseResult& swap = s.actions[1];
  EXPECT_EQ(build.name, "build");
  EXPECT_EQ(swap.name, "swap");
  EXPECT_DOUBLE_EQ(swap.total, 8);
  EXPECT_DOUBLE_EQ(swap.per_game.mean, 8.0 / 5);
  EXPECT_DOUBLE_EQ(swap.used_share.interval.estimate, 0.5);
  EXPECT_DOUBLE_EQ(swap.win_rate_used.interval.estimate, 1.0);
  EXPECT_DOUBLE_EQ(swap.win_rate_unused.interval.estimate, 0.0);
  EXPECT_DOUBLE_EQ(swap.difference, 1.0);
  EXPECT_NEAR(swap.test.p_value, stats::two_proportion_z_test(5, 5, 0, 5).p_value, 1e-12);
  EXPECT_LT(swap.test.p_value, 0.01);
  // Every seat builds: nothing to compare against.
  EXPECT_TRUE(std::isnan(build.test.p_value));
  ASSERT_EQ(s.items.size(), 1u);
  EXPECT_DOUBLE_EQ(s.items[0].used_share.interval.estimate, 0.5);
}

// Runs of 200 two-player games in which 40 items are used at random,
// unrelated to winning: before the correction, 40 tests at 5% gave some
// key finding in most runs. With Holm's correction the chance of any is
// at most 5%; a planted item that wins three games in four is found.
TEST(Summary, KeyFindingsNameNoUseThatOnlyChanceTiesToWinning) {
  const RunInfo info = run_info(2, {"random", "random"});
  std::mt19937 rng(7);
  std::bernoulli_distribution coin(0.5);
  std::bernoulli_distribution planted_wins(0.75);
  const auto mentions_item = [](const std::vector<std::string>& findings, const std::string& what) {
    for (const std::string& finding : findings) {
      if (finding.find("Seats that used the item '" + what) != std::string::npos) return true;
    }
    return false;
  };
  int runs_with_a_false_finding = 0;
  int runs_finding_the_planted_item = 0;
  const int runs = 60;
  for (int run = 0; run < runs; ++run) {
    Records r(info);
    for (int game = 0; game < 200; ++game) {
      // The planted item is held by one seat; it wins three games in four.
      const int holder = coin(rng) ? 0 : 1;
      const bool holder_wins = planted_wins(rng);
      const int winner = holder_wins ? holder : 1 - holder;
      GameRecord& g = r.add(winner == 0 ? std::vector<int>{1, 2} : std::vector<int>{2, 1});
      g.items.resize(2);
      g.items[static_cast<std::size_t>(holder)]["planted"] = 1;
      for (int item = 0; item < 40; ++item) {
        for (std::size_t seat = 0; seat < 2; ++seat) {
          if (coin(rng)) g.items[seat]["null" + std::to_string(item)] = 1;
        }
      }
    }
    const std::vector<std::string> findings = key_findings(summarize(info, r.all()));
    bool false_finding = false;
    for (int item = 0; item < 40; ++item) {
      false_finding = false_finding || mentions_item(findings, "null" + std::to_string(item) + "'");
    }
    runs_with_a_false_finding += false_finding ? 1 : 0;
    runs_finding_the_planted_item += mentions_item(findings, "planted'") ? 1 : 0;
  }
  std::cout << runs_with_a_false_finding << " of " << runs << " runs named a null item; "
            << runs_finding_the_planted_item << " found the planted one\n";
  // At most 5% of runs in the long run: 3 of 60 expected at worst, and 8 or
  // more would be unlikely (p < 0.01) if the correction held.
  EXPECT_LE(runs_with_a_false_finding, 7);
  EXPECT_GE(runs_finding_the_planted_item, runs * 9 / 10);
}

TEST(Summary, AveragesSeatAndGameMetrics) {
  const RunInfo info = run_info(2, {"random", "random"});
  Records r(info);
  r.add({1, 2}).metrics = {{"birds", 0, 8}, {"birds", 1, 2}, {"rounds", kNoSeat, 5}};
  r.add({2, 1}).metrics = {{"birds", 0, 4}, {"birds", 1, 6}, {"rounds", kNoSeat, 7}};
  r.add({1, 2}).metrics = {{"birds", 0, 6}, {"birds", 1, 1}};  // no "rounds": absent, not 0
  const Summary s = summarize(info, r.all());
  ASSERT_EQ(s.seat_metrics.size(), 1u);
  EXPECT_EQ(s.seat_metrics[0].name, "birds");
  EXPECT_DOUBLE_EQ(s.seat_metrics[0].per_seat[0].mean, 6);
  EXPECT_DOUBLE_EQ(s.seat_metrics[0].per_seat[1].mean, 3);
  EXPECT_DOUBLE_EQ(s.seat_metrics[0].winners.mean, (8 + 6 + 6) / 3.0);
  EXPECT_DOUBLE_EQ(s.seat_metrics[0].non_winners.mean, (2 + 4 + 1) / 3.0);
  // One value per game for comparisons: the mean over its seats.
  EXPECT_EQ(s.seat_metrics[0].seat_mean.n, 3);
  EXPECT_DOUBLE_EQ(s.seat_metrics[0].seat_mean.mean,
                   ((8 + 2) / 2.0 + (4 + 6) / 2.0 + (6 + 1) / 2.0) / 3);
  ASSERT_EQ(s.game_metrics.size(), 1u);
  EXPECT_EQ(s.game_metrics[0].per_game.n, 2);
  EXPECT_DOUBLE_EQ(s.game_metrics[0].per_game.mean, 6);
}

TEST(Summary, MergingRecordsOfPiecesGivesTheSameSummary) {
  const RunInfo info = run_info(2, {"mcts", "random"});
  Records r(info);
  std::mt19937 rng(11);
  std::bernoulli_distribution coin(0.6);
  for (int i = 0; i < 40; ++i) r.won_by_agent(coin(rng) ? "mcts" : "random");
  std::vector<GameRecord> shuffled = r.all();
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  const Summary whole = summarize(info, r.all());
  const Summary merged = summarize(info, shuffled);
  EXPECT_EQ(whole.seats[0].win_rate.successes, merged.seats[0].win_rate.successes);
  EXPECT_DOUBLE_EQ(whole.agent_results[0].win_rate.estimate,
                   merged.agent_results[0].win_rate.estimate);
  EXPECT_DOUBLE_EQ(widest_interval(whole), widest_interval(merged));
}

TEST(Summary, SeatIntervalsWidenWhenTheRotationsOfABlockPlayAlike) {
  const RunInfo info = run_info(2, {"random", "random"});
  // 400 blocks of two games each. Duplicated: both rotations of a block end
  // alike, so there are only 400 independent outcomes; alternated: the
  // rotations of each block are independent coin flips.
  std::mt19937 rng(5);
  std::bernoulli_distribution coin(0.5);
  Records duplicated(info);
  Records independent(info);
  for (int block = 0; block < 400; ++block) {
    const bool first = coin(rng);
    duplicated.add(first ? std::vector<int>{1, 2} : std::vector<int>{2, 1});
    duplicated.add(first ? std::vector<int>{1, 2} : std::vector<int>{2, 1});
    for (int rotation = 0; rotation < 2; ++rotation) {
      independent.add(coin(rng) ? std::vector<int>{1, 2} : std::vector<int>{2, 1});
    }
  }
  const double wilson = stats::wilson_interval(400, 800).half_width();
  const double alike = summarize(info, duplicated.all()).seats[0].win_rate.interval.half_width();
  const double apart = summarize(info, independent.all()).seats[0].win_rate.interval.half_width();
  EXPECT_NEAR(alike / wilson, std::sqrt(2.0), 0.1);
  EXPECT_NEAR(apart / wilson, 1.0, 0.1);
}

TEST(Summary, AnAgentsWinRateIntervalStaysWithinZeroAndOne) {
  // Nearly every block won outright by mcts: the t interval over so few
  // blocks would reach past 100%; a win rate cannot.
  const RunInfo info = run_info(2, {"mcts", "random"});
  Records r(info);
  for (int block = 0; block < 6; ++block) {
    r.won_by_agent("mcts");
    r.won_by_agent(block == 0 ? "random" : "mcts");
  }
  const Summary s = summarize(info, r.all());
  const AgentResult& mcts = s.agent_results[0];
  ASSERT_EQ(mcts.agent, "mcts");
  EXPECT_NEAR(mcts.win_rate.estimate, 11.0 / 12.0, 1e-12);
  EXPECT_LT(mcts.win_rate.low, mcts.win_rate.estimate);
  EXPECT_LE(mcts.win_rate.high, 1.0);
  EXPECT_GE(s.agent_results[1].win_rate.low, 0.0);
}

TEST(Summary, RejectsRecordsOfAnotherPlayerCount) {
  const RunInfo info = run_info(2, {"random", "random"});
  Records r(run_info(3, {"random", "random", "random"}));
  r.add({1, 2, 3});
  EXPECT_THROW(summarize(info, r.all()), std::invalid_argument);
}

TEST(KeyFindings, PutTheFirstPlayersAdvantageFirstWithItsIntervalAndGames) {
  const RunInfo info = run_info(2, {"random", "random"});
  Records r(info);
  for (int i = 0; i < 700; ++i) r.add({1, 2});
  for (int i = 0; i < 300; ++i) r.add({2, 1});
  const std::vector<std::string> findings = key_findings(summarize(info, r.all()));
  ASSERT_FALSE(findings.empty());
  // Every block is one outcome twice (seat 1 wins both rotations or
  // neither), so the interval is the t interval over the 500 block means.
  std::vector<double> blocks(350, 1.0);
  blocks.resize(500, 0.0);
  const double half = stats::mean_interval(stats::moments(blocks)).half_width();
  const stats::Interval seat1{0.7, 0.7 - half, 0.7 + half};
  const stats::Interval advantage{0.2, 0.2 - half, 0.2 + half};
  EXPECT_EQ(findings[0], "Seat 1 wins " + stats::percent_interval(seat1) +
                             " of 1,000 games (fair share 50.0%): a first-player advantage of "
                             "20.0 points " +
                             stats::percent_bounds(advantage) + ".");
  EXPECT_EQ(stats::percent_interval(seat1), "70.0% [66.0, 74.0]");  // not "70.0% ± 4.0"

  // Enough games for a 5-point difference to show, and none does.
  Records even(info);
  for (int i = 0; i < 1000; ++i)
    even.add(i % 4 < 2 ? std::vector<int>{1, 2} : std::vector<int>{2, 1});
  const Summary fair = summarize(info, even.all());
  ASSERT_GE(fair.ended, fair.games_to_detect);
  const std::vector<std::string> fair_findings = key_findings(fair);
  EXPECT_NE(fair_findings[0].find("within chance of the fair share, no evidence of a first-player "
                                  "advantage (+0.0 points " +
                                  stats::percent_bounds(fair.first_player_advantage) + ")"),
            std::string::npos)
      << fair_findings[0];
}

// Four games won by seat 1 once gave the headline "a first-player
// advantage of 50.0 points" (Wilson's interval, [51%, 100%], clears 50%).
TEST(KeyFindings, SayTooFewGamesToTellBelowTheMinimumAndHowManyAreNeeded) {
  const RunInfo info = run_info(2, {"random", "random"});
  Records r(info);
  for (int i = 0; i < 4; ++i) r.add({1, 2});
  const Summary s = summarize(info, r.all());
  EXPECT_EQ(s.minimum_games, stats::minimum_trials(0.5));
  EXPECT_EQ(s.games_to_detect, stats::trials_to_detect(0.5, kDifferenceToDetect));
  EXPECT_GT(s.first_player_advantage.low, 0);  // the interval alone would claim it
  const std::string headline = key_findings(s)[0];
  EXPECT_EQ(headline.rfind("Seat 1 wins 100.0% [51.0, 100.0] of 4 games (fair share 50.0%): too "
                           "few games to tell",
                           0),
            0u)
      << headline;
  EXPECT_NE(headline.find(fmt::format("at least {} ended games are needed for any claim about a "
                                      "seat, and about {} ended games are needed to detect a "
                                      "5-point difference from the fair share",
                                      s.minimum_games, s.games_to_detect)),
            std::string::npos)
      << headline;
  EXPECT_EQ(headline.find("advantage of"), std::string::npos) << headline;

  // Enough games for a claim, but within chance of the fair share and
  // too few to see a 5-point difference: not called even.
  Records hundred(info);
  for (int i = 0; i < 100; ++i)
    hundred.add(i % 2 == 0 ? std::vector<int>{1, 2} : std::vector<int>{2, 1});
  const Summary some = summarize(info, hundred.all());
  ASSERT_GE(some.ended, some.minimum_games);
  ASSERT_LT(some.ended, some.games_to_detect);
  const std::string within = key_findings(some)[0];
  EXPECT_NE(within.find("too few games to tell whether the first player has an advantage"),
            std::string::npos)
      << within;
  EXPECT_NE(within.find(fmt::format("about {} ended games are needed", some.games_to_detect)),
            std::string::npos);
  EXPECT_EQ(within.find("no evidence"), std::string::npos) << within;

  // The other seats wait for the same minimum.
  const RunInfo three = run_info(3, {"random", "random", "random"});
  Records few(three);
  for (int i = 0; i < 9; ++i) few.add({2, 1, 3});
  const std::vector<std::string> three_findings = key_findings(summarize(three, few.all()));
  EXPECT_NE(three_findings[1].find("Other seats: too few games to tell"), std::string::npos)
      << three_findings[1];
}

TEST(KeyFindings, SayOverHowManyEndedGamesTheSeatsAreWhenSomeWereCut) {
  const RunInfo info = run_info(2, {"random", "random"});
  Records r(info);
  for (int i = 0; i < 200; ++i) {
    if (i % 5 < 3) {
      r.unfinished();
    } else {
      r.add(i % 2 == 0 ? std::vector<int>{1, 2} : std::vector<int>{2, 1});
    }
  }
  const Summary s = summarize(info, r.all());
  ASSERT_EQ(s.ended, 80);
  const std::string headline = key_findings(s)[0];
  EXPECT_EQ(headline.rfind("Seat 1 wins " + stats::percent_interval(s.seats[0].win_rate.interval) +
                               " of the 80 of 200 games that ended (fair share 50.0%): ",
                           0),
            0u)
      << headline;
}

// An item used in a dozen seat-games, all won: Holm's correction alone
// would let it through, but the users' group is below the minimum.
TEST(KeyFindings, NameNoUseFromTooFewSeatGamesInEitherGroup) {
  const RunInfo info = run_info(2, {"random", "random"});
  Records r(info);
  for (int i = 0; i < 400; ++i) {
    GameRecord& g = r.add(i % 2 == 0 ? std::vector<int>{1, 2} : std::vector<int>{2, 1});
    g.items.resize(2);
    if (i < 12) g.items[i % 2 == 0 ? 0 : 1]["rare"] = 1;  // held by the winner
    g.items[0]["common"] = 1;
  }
  const Summary s = summarize(info, r.all());
  const UseResult& rare = s.items[1];
  ASSERT_EQ(rare.name, "rare");
  EXPECT_LT(rare.p_adjusted, 0.05);
  EXPECT_LT(rare.win_rate_used.trials, s.minimum_games);
  const std::vector<std::string> findings = key_findings(s);
  const std::string expected = fmt::format(
      "Too few games to tell whether using the item 'rare' goes with winning: {} seat-games used "
      "it and {} did not, and each group needs at least {}.",
      rare.win_rate_used.trials, rare.win_rate_unused.trials, s.minimum_games);
  EXPECT_NE(std::find(findings.begin(), findings.end(), expected), findings.end());
  for (const std::string& finding : findings) {
    EXPECT_EQ(finding.find("Seats that used the item 'rare'"), std::string::npos) << finding;
  }
}

// --- Comparisons --------------------------------------------------------------

Summary run_with_seat1_rate(const std::string& variant, int games, double rate, std::uint32_t seed,
                            int moves_mean) {
  const RunInfo info = run_info(2, {"random", "random"}, variant);
  Records r(info);
  std::mt19937 rng(seed);
  std::bernoulli_distribution first(rate);
  std::normal_distribution<double> length(moves_mean, 8);
  for (int i = 0; i < games; ++i) {
    const bool seat1 = first(rng);
    GameRecord& g = r.add(seat1 ? std::vector<int>{1, 2} : std::vector<int>{2, 1},
                          {seat1 ? 10 : 6, seat1 ? 6 : 10});
    g.moves = static_cast<std::int64_t>(std::lround(length(rng)));
  }
  return summarize(info, r.all());
}

const ComparisonRow& row(const Comparison& c, const std::string& key) {
  for (const ComparisonRow& r : c.rows) {
    if (r.key == key) return r;
  }
  throw std::runtime_error("no row " + key);
}

TEST(Compare, FindsARealChangeAndSaysSo) {
  const Summary a = run_with_seat1_rate("default", 4000, 0.58, 1, 40);
  const Summary b = run_with_seat1_rate("balanced", 4000, 0.51, 2, 36);
  const Comparison c = compare(a, b);
  EXPECT_EQ(c.label_a, "default (random, random)");
  const ComparisonRow& advantage = row(c, "first_player_advantage");
  EXPECT_TRUE(advantage.significant);
  EXPECT_LT(advantage.test.p_value, 0.001);
  EXPECT_EQ(advantage.test.test, "z-test on the paired blocks' standard errors");
  // The test's standard errors are the printed intervals' own.
  const double z = stats::z_critical();
  const double se = std::hypot(a.seats[0].win_rate.interval.half_width() / z,
                               b.seats[0].win_rate.interval.half_width() / z);
  EXPECT_NEAR(advantage.test.statistic, advantage.difference / se, 1e-9);
  EXPECT_NEAR(advantage.difference,
              b.seats[0].win_rate.interval.estimate - a.seats[0].win_rate.interval.estimate, 1e-12);
  EXPECT_EQ(advantage.sentence.rfind("the first player's advantage fell from ", 0), 0u)
      << advantage.sentence;
  // Both values with their intervals' bounds, and the games behind them.
  EXPECT_NE(advantage.sentence.find("from " + stats::percent_interval(a.first_player_advantage) +
                                    " to " + stats::percent_interval(b.first_player_advantage)),
            std::string::npos)
      << advantage.sentence;
  EXPECT_NE(advantage.sentence.find(
                "(over 4,000 games each; z-test on the paired blocks' standard errors, p "),
            std::string::npos)
      << advantage.sentence;
  EXPECT_NE(advantage.sentence.find(": a real change)"), std::string::npos) << advantage.sentence;
  const ComparisonRow& moves = row(c, "moves");
  EXPECT_EQ(moves.test.test, "Welch's t-test");
  EXPECT_TRUE(moves.significant);
  EXPECT_EQ(moves.sentence.rfind("the game length fell from ", 0), 0u) << moves.sentence;
  // The sentence's figures are the rows' own.
  EXPECT_NE(advantage.sentence.find(stats::percent(a.first_player_advantage.estimate)),
            std::string::npos);
  const std::vector<std::string> findings = comparison_findings(c);
  EXPECT_EQ(findings[0].rfind("The first player's advantage fell", 0), 0u) << findings[0];
}

TEST(Compare, FindsNoEvidenceWhereNothingChanged) {
  const Summary a = run_with_seat1_rate("default", 300, 0.55, 5, 40);
  const Summary b = run_with_seat1_rate("default", 300, 0.55, 6, 40);
  const Comparison c = compare(a, b);
  EXPECT_EQ(c.label_a, "default (random, random) [first run]");
  const ComparisonRow& advantage = row(c, "first_player_advantage");
  EXPECT_FALSE(advantage.significant) << advantage.sentence;
  EXPECT_GT(advantage.test.p_value, 0.05);
  EXPECT_NE(advantage.sentence.find(": no evidence of a change)"), std::string::npos)
      << advantage.sentence;
  EXPECT_FALSE(row(c, "moves").significant) << row(c, "moves").sentence;
}

TEST(Compare, SaysStayedWhenThePrintedValuesAgree) {
  const Summary a = run_with_seat1_rate("default", 200, 0.5, 8, 40);
  const Comparison c = compare(a, a);
  const ComparisonRow& seat = row(c, "seat_1_win_rate");
  EXPECT_NE(seat.sentence.find("stayed at"), std::string::npos) << seat.sentence;
  EXPECT_DOUBLE_EQ(seat.test.p_value, 1);
}

TEST(Compare, ComparesAgentsOverBlocks) {
  const RunInfo info = run_info(2, {"mcts", "random"});
  std::mt19937 rng(21);
  auto make = [&](double strength) {
    Records r(info);
    std::bernoulli_distribution strong(strength);
    for (int i = 0; i < 800; ++i) r.won_by_agent(strong(rng) ? "mcts" : "random");
    return summarize(info, r.all());
  };
  const Comparison c = compare(make(0.8), make(0.6));
  const ComparisonRow& mcts = row(c, "agent_win_rate.mcts");
  EXPECT_EQ(mcts.test.test, "Welch's t-test");
  EXPECT_EQ(mcts.n_a, 400);
  EXPECT_TRUE(mcts.significant);
  EXPECT_NE(mcts.sentence.find("the win rate of mcts fell"), std::string::npos) << mcts.sentence;
}

// Two runs whose game reports three metrics: "rounds" per game and "birds"
// per seat change between them, "wind" does not.
TEST(Compare, ComparesTheGamesOwnMetricsAsOneFamilyUnderHolm) {
  const RunInfo info = run_info(2, {"random", "random"});
  std::mt19937 rng(31);
  auto make = [&](double rounds, double birds) {
    Records r(info);
    std::normal_distribution<double> round_count(rounds, 2);
    std::normal_distribution<double> wind(5, 1);
    std::normal_distribution<double> bird_points(birds, 2);
    for (int i = 0; i < 300; ++i) {
      r.add(i % 2 == 0 ? std::vector<int>{1, 2} : std::vector<int>{2, 1}).metrics = {
          {"rounds", kNoSeat, round_count(rng)},
          {"wind", kNoSeat, wind(rng)},
          {"birds", 0, bird_points(rng)},
          {"birds", 1, bird_points(rng)}};
    }
    return summarize(info, r.all());
  };
  const Summary a = make(10, 6);
  const Summary b = make(12, 7);
  const Comparison c = compare(a, b);

  std::vector<const ComparisonRow*> metrics;
  for (const ComparisonRow& r : c.rows) {
    if (r.key.rfind("game_metric.", 0) == 0 || r.key.rfind("seat_metric.", 0) == 0) {
      metrics.push_back(&r);
    }
  }
  ASSERT_EQ(metrics.size(), 3u);
  std::vector<double> p_values;
  for (const ComparisonRow* r : metrics) p_values.push_back(r->test.p_value);
  const std::vector<double> holm = stats::holm_adjusted(p_values);
  for (std::size_t i = 0; i < metrics.size(); ++i) {
    const ComparisonRow& r = *metrics[i];
    EXPECT_EQ(r.test.test, "Welch's t-test");
    EXPECT_DOUBLE_EQ(r.p_adjusted, holm[i]) << r.key;
    EXPECT_EQ(r.significant, r.p_adjusted < c.level) << r.key;
    EXPECT_NE(r.sentence.find(stats::p_text(r.p_adjusted) +
                              " after Holm's correction over the 3 metrics compared"),
              std::string::npos)
        << r.sentence;
  }
  const ComparisonRow& rounds = row(c, "game_metric.rounds");
  EXPECT_EQ(rounds.label, "the game metric 'rounds'");
  EXPECT_EQ(rounds.n_a, 300);
  EXPECT_TRUE(rounds.significant) << rounds.sentence;
  EXPECT_EQ(rounds.sentence.rfind("the game metric 'rounds' rose from ", 0), 0u) << rounds.sentence;
  EXPECT_FALSE(row(c, "game_metric.wind").significant) << row(c, "game_metric.wind").sentence;
  // A seat metric is compared on one value per game, its mean over the seats.
  const ComparisonRow& birds = row(c, "seat_metric.birds");
  EXPECT_EQ(birds.n_a, a.seat_metrics[0].seat_mean.n);
  EXPECT_DOUBLE_EQ(birds.a.estimate, a.seat_metrics[0].seat_mean.mean);
  EXPECT_TRUE(birds.significant) << birds.sentence;
  // Other rows are not in the family.
  EXPECT_TRUE(std::isnan(row(c, "moves").p_adjusted));
  bool noted = false;
  for (const std::string& note : c.notes) {
    noted = noted || note.find("one family of 3 tests") != std::string::npos;
  }
  EXPECT_TRUE(noted);
}

TEST(Compare, PrintsAsymmetricIntervalsByTheirBounds) {
  ComparisonRow share;
  share.proportion = true;
  EXPECT_EQ(interval_text(share, stats::wilson_interval(4, 4)), "100.0% [51.0, 100.0]");
  ComparisonRow mean;
  EXPECT_EQ(interval_text(mean, {40.2, 39.68, 40.72}), "40.2 ± 0.52");
  // A standard deviation's chi-square interval is wider above than below.
  const stats::Interval sd = stats::sd_interval({50, 0, 2});
  EXPECT_EQ(interval_text(mean, sd),
            "2 [" + stats::number(sd.low) + ", " + stats::number(sd.high) + "]");
}

TEST(Compare, RefusesRunsOfDifferentGamesOrPlayerCounts) {
  const Summary a = run_with_seat1_rate("default", 20, 0.5, 1, 40);
  Summary other_game = a;
  other_game.game = "takenoko";
  EXPECT_THROW(compare(a, other_game), InputError);
  try {
    compare(a, other_game);
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("different games"), std::string::npos) << e.what();
  }
  Summary other_count = a;
  other_count.players = 3;
  EXPECT_THROW(compare(a, other_count), InputError);
}

}  // namespace
}  // namespace grove::balance
