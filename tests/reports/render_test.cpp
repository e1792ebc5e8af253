// The reports: the HTML page is self-contained (no script, no external
// resource), has one <svg> per chart and escapes every text from data;
// Markdown has the same tables; JSON has every number under stable keys;
// and, where Chromium is installed, the page renders in a real browser.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>

#include "engine/core/errors.hpp"
#include "reports/render/report.hpp"
#include "reports/render/svg.hpp"
#include "reports/render/tables.hpp"
#include "tests/support/temp_folder.hpp"

namespace grove::render {
namespace {

using balance::GameRecord;
using balance::RunInfo;
using balance::Summary;

const std::string kHostile = "<script>alert('x')</script> & \"friends\"";

RunInfo hostile_info() {
  RunInfo info;
  info.game = "forest_shuffle";
  info.game_title = kHostile;
  info.variant = "cheap <b>bears</b>";
  info.players = 2;
  info.agents = {"mcts", "random"};
  info.seed = 42;
  info.games_planned = 200;
  info.stopped_by = "all games played";
  info.command = "grove balance forest_shuffle --games 200 --set 'x=<img src=x onerror=alert(1)>'";
  return info;
}

// 200 games between mcts and random with scores, actions, items (one named
// like markup) and metrics.
std::vector<GameRecord> records(const RunInfo& info) {
  std::mt19937 rng(5);
  std::bernoulli_distribution mcts_wins(0.7);
  std::uniform_int_distribution<int> score(20, 80);
  std::uniform_int_distribution<int> length(60, 140);
  std::vector<GameRecord> out;
  for (int index = 0; index < 200; ++index) {
    GameRecord g;
    g.index = index;
    g.block = index / 2;
    g.rotation = index % 2;
    g.agents = g.rotation == 0 ? info.agents : std::vector<std::string>{"random", "mcts"};
    g.ended = index % 25 != 24;
    g.moves = length(rng);
    g.decisions = g.moves / 2;
    g.turns = g.moves / 4;
    if (g.ended) {
      const bool mcts = mcts_wins(rng);
      const int winner = (g.agents[0] == "mcts") == mcts ? 0 : 1;
      g.places = {winner == 0 ? 1 : 2, winner == 0 ? 2 : 1};
      const int high = score(rng);
      g.scores = {winner == 0 ? high + 5 : high, winner == 0 ? high : high + 5};
      g.lead_changes = index % 4;
      g.winner_leads_from = g.turns / 2;
      g.actions = {{{"plays", 10}, {"draws", 8}}, {{"plays", 9}, {"draws", 9}}};
      g.items = {{{"linden", 1}}, {{"<svg onload=alert(1)>", winner == 1 ? 1 : 0}}};
      g.metrics = {
          {"points from birds", 0, 12}, {"points from birds", 1, 9}, {"winter cards", kNoSeat, 3}};
    }
    out.push_back(g);
  }
  return out;
}

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size())) {
    ++count;
  }
  return count;
}

class RenderTest : public ::testing::Test {
 protected:
  RunInfo info = hostile_info();
  Summary summary = balance::summarize(info, records(info));
};

// Seats, agents, score box plots, winning margin, game length, lead
// changes, action use, item use.
constexpr std::size_t kCharts = 8;

TEST_F(RenderTest, HtmlHasOneSvgPerChart) {
  const std::string html = render_html(summary, info);
  EXPECT_EQ(count_of(html, "<svg"), kCharts);
  EXPECT_EQ(count_of(html, "</svg>"), kCharts);
  for (const char* chart :
       {"Win rate by seat", "Win rate by agent", "Scores by seat", "Winning margin", "Game length",
        "Lead changes", "Action use", "Item use"}) {
    EXPECT_NE(html.find(std::string("aria-label=\"") + chart), std::string::npos) << chart;
  }
  // The fair-share line and error bars are there, with axis values.
  EXPECT_NE(html.find("fair share 50.0%"), std::string::npos);
  EXPECT_NE(html.find("stroke-dasharray"), std::string::npos);
  EXPECT_NE(html.find(">50%</text>"), std::string::npos);
}

TEST_F(RenderTest, HtmlIsSelfContained) {
  const std::string html = render_html(summary, info);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<style>"), std::string::npos);
  EXPECT_NE(html.find("@media print"), std::string::npos);
  for (const char* external : {"http", "url(", "@import", "<link", "<img", "<iframe", "<object",
                               "<embed", "<script", "xlink"}) {
    EXPECT_EQ(html.find(external), std::string::npos) << external;
  }
  // No element has an attribute that loads something. (The hostile command
  // line holds "<img src=x ...>", escaped: it is text, not markup.)
  EXPECT_FALSE(std::regex_search(html, std::regex("<[a-zA-Z][^>]*\\s(src|href|srcset)\\s*=")));
  EXPECT_NE(html.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
}

TEST_F(RenderTest, HtmlEscapesEveryTextFromData) {
  const std::string html = render_html(summary, info);
  EXPECT_EQ(count_of(html, "<script"), 0u);
  EXPECT_EQ(html.find("<b>bears"), std::string::npos);
  EXPECT_EQ(html.find("<svg onload"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;friends&quot;"),
            std::string::npos);
  EXPECT_NE(html.find("&lt;svg onload=alert(1)&gt;"), std::string::npos);
  EXPECT_NE(html.find("cheap &lt;b&gt;bears&lt;/b&gt;"), std::string::npos);
}

TEST_F(RenderTest, HtmlPutsTheKeyFindingsFirstWithTables) {
  const std::string html = render_html(summary, info);
  const auto findings = html.find("Key findings");
  ASSERT_NE(findings, std::string::npos);
  EXPECT_LT(findings, html.find("<svg"));
  EXPECT_NE(html.find("Seat 1 wins "), std::string::npos);
  EXPECT_GT(count_of(html, "<table>"), 6u);
  EXPECT_NE(html.find("<td class=\"num\">"), std::string::npos);
}

TEST_F(RenderTest, ChartlessPageForARunWithoutEndedGames) {
  std::vector<GameRecord> cut(4);
  for (std::size_t i = 0; i < cut.size(); ++i) {
    cut[i].index = static_cast<std::int64_t>(i);
    cut[i].block = cut[i].index / 2;
    cut[i].rotation = static_cast<int>(i % 2);
  }
  const Summary none = balance::summarize(info, cut);
  const std::string html = render_html(none, info);
  EXPECT_EQ(count_of(html, "<svg"), 0u);
  EXPECT_NE(html.find("None of the 4 games reached an end"), std::string::npos);
}

TEST_F(RenderTest, MarkdownHasTheTablesAndFindingsWithoutCharts) {
  const std::string md = render_markdown(summary, info);
  EXPECT_EQ(md.find("<svg"), std::string::npos);
  EXPECT_EQ(md.find("<script"), std::string::npos);
  EXPECT_NE(md.find("## Key findings\n\n- Seat 1 wins "), std::string::npos);
  EXPECT_NE(md.find("| seat | win rate | 95% CI | vs fair share | sole wins | shared wins |"),
            std::string::npos);
  EXPECT_NE(md.find("| seat 1 | "), std::string::npos);
  EXPECT_NE(md.find("| agent | seats per game |"), std::string::npos);
  EXPECT_NE(md.find("| mcts | 1 | "), std::string::npos);
  EXPECT_NE(md.find("| moves | 192 | "), std::string::npos);
  EXPECT_NE(md.find("| plays | "), std::string::npos);
  EXPECT_NE(md.find("| points from birds | "), std::string::npos);
  EXPECT_NE(md.find("| --- | ---: |"), std::string::npos);
  // Every table row has as many cells as its header.
  std::istringstream lines(md);
  std::string line;
  std::size_t columns = 0;
  for (std::size_t n = 0; std::getline(lines, line); ++n) {
    if (line.rfind("|", 0) != 0) {
      columns = 0;
      continue;
    }
    const std::size_t cells = count_of(line, " |");
    if (columns == 0) columns = cells;
    EXPECT_EQ(cells, columns) << line;
  }
}

// A rate is "65.0% [57.1, 72.2]" in every format, never "± half-width"
// (its interval is not symmetric), and the headline says how many games it
// is over: here 8 of the 200 were cut at the step bound.
TEST_F(RenderTest, RatesPrintWithTheirBoundsAndTheirGamesInEveryFormat) {
  ASSERT_GT(summary.unfinished, 0);
  const std::string headline =
      "Seat 1 wins " + stats::percent_interval(summary.seats[0].win_rate.interval) + " of the " +
      std::to_string(summary.ended) + " of 200 games that ended";
  EXPECT_NE(render_html(summary, info).find("<li>" + headline), std::string::npos);
  // Markdown escapes the brackets, so that they cannot make a link.
  std::string escaped;
  for (char c : headline)
    escaped += c == '[' || c == ']' ? std::string("\\") + c : std::string(1, c);
  const std::string md = render_markdown(summary, info);
  EXPECT_NE(md.find("- " + escaped), std::string::npos) << md.substr(0, 1500);
  EXPECT_EQ(md.find("% ±"), std::string::npos);
  const nlohmann::json doc = summary_json(summary, info);
  EXPECT_EQ(doc["findings"][0].get<std::string>().rfind(headline, 0), 0u);
  EXPECT_EQ(doc["summary"]["minimum_games"], summary.minimum_games);
  EXPECT_EQ(doc["summary"]["games_to_detect"], summary.games_to_detect);
  EXPECT_EQ(doc["summary"]["seats"][0]["win_rate"]["trials"], summary.ended);
}

// The games to look at, chosen once (balance::notable_games) and listed
// alike in every format with the command that shows each.
TEST_F(RenderTest, EveryFormatListsTheGamesToLookAtWithTheirCommands) {
  info.run_id = 7;
  summary = balance::summarize(info, records(info));
  ASSERT_FALSE(summary.notable.games.empty());
  const balance::NotableGame& longest = summary.notable.games[0];
  ASSERT_EQ(longest.why, "longest");
  const std::string command = fmt::format("grove show 7 {}", longest.index);
  EXPECT_NE(render_markdown(summary, info)
                .find(fmt::format("| {} | longest | {} | 5 | {} |", longest.index, longest.moves,
                                  command)),
            std::string::npos);
  const std::string html = render_html(summary, info);
  EXPECT_NE(html.find("<section id=\"games\">"), std::string::npos);
  EXPECT_NE(html.find("<td>" + command + "</td>"), std::string::npos);
  const nlohmann::json doc = summary_json(summary, info);
  EXPECT_EQ(doc["summary"]["notable_games"][0]["command"], command);
  EXPECT_EQ(doc["summary"]["notable_games"][0]["game"], longest.index);
  // The 8 games cut at the step bound follow the extremes.
  EXPECT_EQ(doc["summary"]["notable_games"].size(), 3u + 8u);
  EXPECT_EQ(doc["summary"]["unfinished_not_listed"], 0);
}

// The JSON against figures counted here from the 200 games themselves (and
// values the games were made with: every 25th game cut, scores 5 apart,
// 12 and 9 points from birds, 3 winter cards), not against the summary
// it was rendered from.
TEST_F(RenderTest, JsonHasEveryNumberUnderStableKeys) {
  const std::vector<GameRecord> games = records(info);
  std::int64_t ended = 0;
  std::array<std::int64_t, 2> wins{};
  double moves = 0;
  double least_moves = 1e9;
  double most_moves = 0;
  double lead_changes = 0;
  double decisiveness = 0;
  double birds_of_winners = 0;
  std::map<std::int64_t, std::pair<double, double>> mcts_by_block;  // wins, ended games
  for (const GameRecord& g : games) {
    if (!g.ended) continue;
    ++ended;
    const std::size_t winner = g.places[0] == 1 ? 0 : 1;
    ++wins[winner];
    moves += g.moves;
    least_moves = std::min(least_moves, static_cast<double>(g.moves));
    most_moves = std::max(most_moves, static_cast<double>(g.moves));
    lead_changes += static_cast<double>(g.lead_changes);
    // Ludii's decisiveness: the share of the turns the winner led to the end.
    decisiveness += 1.0 - static_cast<double>(g.winner_leads_from) / static_cast<double>(g.turns);
    birds_of_winners += winner == 0 ? 12 : 9;
    auto& [mcts_wins, block_games] = mcts_by_block[g.block];
    mcts_wins += g.agents[winner] == "mcts" ? 1 : 0;
    block_games += 1;
  }
  double mcts_rate = 0;
  for (const auto& [block, counts] : mcts_by_block) mcts_rate += counts.first / counts.second;
  mcts_rate /= static_cast<double>(mcts_by_block.size());
  const auto n = static_cast<double>(ended);
  ASSERT_EQ(ended, 192);  // every 25th of the 200 games was cut

  const nlohmann::json doc = nlohmann::json::parse(render_json(summary, info));
  EXPECT_EQ(doc["format"], "grove balance report");
  EXPECT_EQ(doc["run"]["game_title"], kHostile);  // data stays data in JSON
  EXPECT_EQ(doc["run"]["seed"], 42);
  const nlohmann::json& s = doc["summary"];
  EXPECT_EQ(s["games"], 200);
  EXPECT_EQ(s["ended"], ended);
  EXPECT_EQ(s["unfinished"], 8);
  EXPECT_EQ(s["sole_victories"], ended);
  EXPECT_EQ(s["draws"], 0);
  EXPECT_EQ(s["shared_victories"], 0);
  EXPECT_DOUBLE_EQ(s["fair_share"].get<double>(), 0.5);
  for (std::size_t seat = 0; seat < 2; ++seat) {
    const nlohmann::json& rate = s["seats"][seat]["win_rate"];
    EXPECT_EQ(s["seats"][seat]["seat"], seat + 1);
    EXPECT_DOUBLE_EQ(rate["successes"].get<double>(), static_cast<double>(wins[seat]));
    EXPECT_EQ(rate["trials"], ended);
    EXPECT_DOUBLE_EQ(rate["estimate"].get<double>(), static_cast<double>(wins[seat]) / n);
    EXPECT_LT(rate["low"].get<double>(), rate["estimate"].get<double>());
    EXPECT_GT(rate["high"].get<double>(), rate["estimate"].get<double>());
    EXPECT_EQ(s["seats"][seat]["sole_wins"], wins[seat]);
  }
  EXPECT_DOUBLE_EQ(s["first_player_advantage"]["estimate"].get<double>(),
                   static_cast<double>(wins[0]) / n - 0.5);
  EXPECT_DOUBLE_EQ(s["first_player_advantage"]["low"].get<double>(),
                   s["seats"][0]["win_rate"]["low"].get<double>() - 0.5);

  // The agents, by name, from the block means of mcts's wins.
  ASSERT_EQ(s["agents"].size(), 2u);
  EXPECT_EQ(s["agents"][0]["agent"], "mcts");
  EXPECT_EQ(s["agents"][1]["agent"], "random");
  EXPECT_EQ(s["agents"][0]["blocks"], 100);
  EXPECT_EQ(s["agents"][0]["seat_games"], ended);
  EXPECT_NEAR(s["agents"][0]["win_rate"]["estimate"].get<double>(), mcts_rate, 1e-12);
  EXPECT_NEAR(s["agents"][1]["win_rate"]["estimate"].get<double>(), 1 - mcts_rate, 1e-12);
  EXPECT_EQ(s["complete_blocks"], 100);

  // Length, leads and scores, over the ended games.
  EXPECT_EQ(s["moves"]["n"], ended);
  EXPECT_NEAR(s["moves"]["mean"].get<double>(), moves / n, 1e-9);
  EXPECT_DOUBLE_EQ(s["moves"]["min"].get<double>(), least_moves);
  EXPECT_DOUBLE_EQ(s["moves"]["max"].get<double>(), most_moves);
  std::int64_t counted = 0;
  for (const auto& count : s["moves"]["histogram"]["counts"]) counted += count.get<std::int64_t>();
  EXPECT_EQ(counted, ended);
  EXPECT_NEAR(s["lead_changes"]["mean"].get<double>(), lead_changes / n, 1e-9);
  EXPECT_NEAR(s["decisiveness"]["mean"].get<double>(), decisiveness / n, 1e-9);
  EXPECT_EQ(s["all_scores"]["n"], 2 * ended);
  EXPECT_EQ(s["winning_margin"]["n"], ended);
  EXPECT_DOUBLE_EQ(s["winning_margin"]["mean"].get<double>(), 5);
  EXPECT_DOUBLE_EQ(s["winning_margin"]["min"].get<double>(), 5);
  EXPECT_DOUBLE_EQ(s["winning_margin"]["max"].get<double>(), 5);

  // Actions: both seats draw (8 + 9) and play (10 + 9) in every ended game.
  ASSERT_EQ(s["actions"].size(), 2u);
  EXPECT_EQ(s["actions"][0]["name"], "draws");
  EXPECT_EQ(s["actions"][1]["name"], "plays");
  EXPECT_DOUBLE_EQ(s["actions"][0]["total"].get<double>(), 17 * n);
  EXPECT_DOUBLE_EQ(s["actions"][1]["per_game"]["mean"].get<double>(), 19);
  EXPECT_DOUBLE_EQ(s["actions"][1]["used_share"]["estimate"].get<double>(), 1);
  EXPECT_TRUE(s["actions"][1]["test"]["p_value"].is_null());  // every seat plays: no test
  // Items: seat 2's markup-named item only in the games seat 2 won.
  ASSERT_EQ(s["items"].size(), 2u);
  EXPECT_EQ(s["items"][0]["name"], "<svg onload=alert(1)>");
  EXPECT_DOUBLE_EQ(s["items"][0]["total"].get<double>(), static_cast<double>(wins[1]));
  EXPECT_DOUBLE_EQ(s["items"][0]["win_rate_used"]["estimate"].get<double>(), 1);
  EXPECT_EQ(s["items"][1]["name"], "linden");
  EXPECT_DOUBLE_EQ(s["items"][1]["total"].get<double>(), n);

  // The game's own figures: 12 and 9 points from birds by seat, 3 winter
  // cards a game.
  ASSERT_EQ(s["seat_metrics"].size(), 1u);
  const nlohmann::json& birds = s["seat_metrics"][0];
  EXPECT_EQ(birds["name"], "points from birds");
  EXPECT_DOUBLE_EQ(birds["per_seat"][0]["mean"].get<double>(), 12);
  EXPECT_DOUBLE_EQ(birds["per_seat"][1]["mean"].get<double>(), 9);
  EXPECT_EQ(birds["per_seat"][0]["n"], ended);
  EXPECT_NEAR(birds["winners"]["mean"].get<double>(), birds_of_winners / n, 1e-9);
  ASSERT_EQ(s["game_metrics"].size(), 1u);
  EXPECT_EQ(s["game_metrics"][0]["name"], "winter cards");
  EXPECT_EQ(s["game_metrics"][0]["per_game"]["n"], ended);
  EXPECT_DOUBLE_EQ(s["game_metrics"][0]["per_game"]["mean"].get<double>(), 3);
  EXPECT_DOUBLE_EQ(s["game_metrics"][0]["per_game"]["sd"].get<double>(), 0);
  EXPECT_FALSE(doc["findings"].empty());
}

TEST_F(RenderTest, ComparisonReportsHaveTheTableAndSentences) {
  RunInfo other = info;
  other.variant = "dear <deer>";
  std::vector<GameRecord> games = records(other);
  for (GameRecord& g : games) g.moves += 30;  // longer games under the other variant
  const balance::Comparison c = balance::compare(summary, balance::summarize(other, games));

  const std::string md = render_comparison_markdown(c);
  EXPECT_NE(md.find("| measure | A: "), std::string::npos);
  EXPECT_NE(md.find("| the game length, in moves | "), std::string::npos);
  EXPECT_NE(md.find("- The game length rose from "), std::string::npos) << md;
  EXPECT_NE(md.find("Welch's t-test"), std::string::npos);
  EXPECT_EQ(md.find("<deer>"), std::string::npos);
  // The game's own metrics, with Holm's correction over them.
  EXPECT_NE(md.find("| the game metric 'winter cards' | "), std::string::npos) << md;
  EXPECT_NE(md.find("| the seat metric 'points from birds' (mean over seats) | "),
            std::string::npos);
  EXPECT_NE(md.find("; after Holm: p = "), std::string::npos);

  const std::string html = render_comparison_html(c);
  EXPECT_EQ(html.find("<deer>"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_NE(html.find("dear &lt;deer&gt;"), std::string::npos);
  EXPECT_EQ(html.find("http"), std::string::npos);
  EXPECT_NE(html.find("a real change"), std::string::npos);

  const nlohmann::json doc = nlohmann::json::parse(render_comparison_json(c));
  EXPECT_EQ(doc["rows"].size(), c.rows.size());
  EXPECT_EQ(doc["rows"][0]["key"], "first_player_advantage");
  EXPECT_TRUE(doc["rows"][0]["test"]["p_value"].is_number());
  EXPECT_TRUE(doc["rows"][0]["p_holm"].is_null());  // not one of the game's metrics
  EXPECT_EQ(doc["rows"][0]["n_a"], summary.ended);
  EXPECT_EQ(doc["rows"][0]["counted"], "games");
  const nlohmann::json& last = doc["rows"].back();
  EXPECT_EQ(last["key"], "seat_metric.points from birds");
  EXPECT_TRUE(last["p_holm"].is_number()) << last.dump();
}

// Renders `html` in headless Chromium: returns the DOM it built, after
// checking that a screenshot of it is a non-empty PNG. Empty when Chromium
// failed (the test has failed then).
std::string render_in_chromium(const testing::TempFolder& folder, const std::string& html) {
  const std::string chromium = "/usr/bin/chromium";
  const std::string page = folder.write("report.html", html);
  const std::string profile = folder / "profile";
  const std::string flags =
      "--headless --no-sandbox --disable-gpu --disable-background-networking "
      "--disable-component-update --disable-sync --no-first-run "
      "--user-data-dir=" +
      profile;
  const std::string dom = folder / "dom.html";
  const std::string png = folder / "report.png";
  const std::string dump = "timeout 120 " + chromium + " " + flags + " --dump-dom file://" + page +
                           " > " + dom + " 2> " + (folder / "dump.log");
  const int dumped = std::system(dump.c_str());
  EXPECT_TRUE(WIFEXITED(dumped) && WEXITSTATUS(dumped) == 0) << dump;
  std::ifstream in(dom);
  const std::string rendered((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());

  const std::string shot = "timeout 120 " + chromium + " " + flags +
                           " --hide-scrollbars --window-size=1200,2000 --screenshot=" + png +
                           " file://" + page + " > " + (folder / "shot.log") + " 2>&1";
  const int shot_status = std::system(shot.c_str());
  EXPECT_TRUE(WIFEXITED(shot_status) && WEXITSTATUS(shot_status) == 0) << shot;
  EXPECT_TRUE(std::filesystem::exists(png));
  if (std::filesystem::exists(png)) {
    EXPECT_GT(std::filesystem::file_size(png), 10000u);
    std::ifstream image(png, std::ios::binary);
    char magic[8] = {};
    image.read(magic, 8);
    EXPECT_EQ(std::string(magic + 1, 3), "PNG");
  }
  return rendered;
}

bool have_chromium() { return std::filesystem::exists("/usr/bin/chromium"); }

// The page renders in a real browser: the DOM must come back with every
// chart (so the page parses as intended, with the escaped text as text).
TEST_F(RenderTest, RendersInHeadlessChromium) {
  if (!have_chromium()) {
    GTEST_SKIP() << "Chromium is not installed (/usr/bin/chromium): the HTML was not rendered";
  }
  const testing::TempFolder folder("report_render");
  const std::string rendered = render_in_chromium(folder, render_html(summary, info));
  EXPECT_EQ(count_of(rendered, "<svg"), kCharts);
  EXPECT_NE(rendered.find("Key findings"), std::string::npos);
  EXPECT_EQ(count_of(rendered, "<script"), 0u);  // the hostile title stayed text
  EXPECT_NE(rendered.find("&lt;script&gt;"), std::string::npos);
}

// A sweep over two axes (a parameter, and a ruling with a hostile name)
// of runs made like the one above, each point's games a little different.
balance::SweepSummary hostile_sweep(const std::vector<std::string>& targets) {
  balance::SweepInfo sweep;
  sweep.run_id = 7;
  sweep.game = "forest_shuffle";
  sweep.game_title = kHostile;
  sweep.variant = "default";
  sweep.axes = {{false, "cards", {"1", "2", "3"}, {1, 2, 3}},
                {true, "fs.<b>rule</b>", {"a", "<i>b</i>"}, {}}};
  sweep.players = 2;
  sweep.agents = {"mcts", "random"};
  sweep.seed = 42;
  sweep.games_per_point = 200;
  sweep.points_planned = 6;
  sweep.status = "passed";
  sweep.command = "grove sweep forest_shuffle --set cards=1:3 --ruling 'fs.<b>rule</b>=a,<i>b</i>'";
  const RunInfo info = hostile_info();
  std::vector<balance::SweepPoint> points;
  for (std::int64_t index = 0; index < 6; ++index) {
    std::vector<GameRecord> games = records(info);
    games.resize(static_cast<std::size_t>(150 + 10 * index));  // the lengths differ
    points.push_back(
        balance::summarize_point(index, sweep, info, games, balance::simultaneous_confidence(6)));
  }
  return balance::summarize_sweep(sweep, std::move(points), targets);
}

// Seats 1 and 2, the first player's advantage, length, margin, one metric.
constexpr std::size_t kSweepCharts = 6;

TEST(SweepReport, OneLineChartPerFigureWithBandsEscapedAndSelfContained) {
  const balance::SweepSummary sweep = hostile_sweep({"first_player_advantage=0"});
  const std::string html = render_sweep_html(sweep);
  EXPECT_EQ(count_of(html, "<svg"), kSweepCharts);
  // One line and one band per value of the second axis in every chart.
  EXPECT_EQ(count_of(html, "class=\"series\""), 2 * kSweepCharts);
  EXPECT_EQ(count_of(html, "class=\"band\""), 2 * kSweepCharts);
  EXPECT_NE(html.find("target 0.0 points"), std::string::npos);  // an advantage, in points
  EXPECT_NE(html.find("fair share 50.0%"), std::string::npos);
  EXPECT_EQ(count_of(html, "<script"), 0u);
  EXPECT_EQ(html.find("<b>rule"), std::string::npos);
  EXPECT_EQ(html.find("<i>b"), std::string::npos);
  EXPECT_NE(html.find("fs.&lt;b&gt;rule&lt;/b&gt;=&lt;i&gt;b&lt;/i&gt;"), std::string::npos);
  for (const char* external : {"http", "url(", "<link", "<img", "xlink"}) {
    EXPECT_EQ(html.find(external), std::string::npos) << external;
  }
  EXPECT_NE(html.find("Bonferroni"), std::string::npos);

  const std::string markdown = render_sweep_markdown(sweep);
  EXPECT_NE(markdown.find("## the first player's advantage"), std::string::npos);
  EXPECT_EQ(markdown.find("<b>"), std::string::npos);

  const nlohmann::json doc = nlohmann::json::parse(render_sweep_json(sweep));
  EXPECT_EQ(doc["format"], "grove-sweep-1");
  ASSERT_EQ(doc["points"].size(), 6u);
  EXPECT_EQ(doc["points"][3]["setting"]["cards"], "2");
  EXPECT_EQ(doc["points"][3]["setting"]["fs.<b>rule</b>"], "<i>b</i>");
  const nlohmann::json& advantage = doc["points"][0]["figures"]["first_player_advantage"];
  EXPECT_LE(advantage["simultaneous"]["low"].get<double>(), advantage["low"].get<double>());
  EXPECT_EQ(doc["targets"][0]["figure"], "first_player_advantage");
  EXPECT_EQ(doc["sweep"]["axes"][1]["ruling"], true);
}

TEST(SweepReport, AnUnknownTargetIsAnInputErrorWithTheClosestName) {
  try {
    hostile_sweep({"first_player_advantag=0"});
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("(did you mean 'first_player_advantage'?)"),
              std::string::npos)
        << error.what();
  }
}

TEST(SweepReport, RendersInHeadlessChromium) {
  if (!have_chromium()) {
    GTEST_SKIP() << "Chromium is not installed (/usr/bin/chromium): the HTML was not rendered";
  }
  const testing::TempFolder folder("sweep_render");
  const std::string rendered =
      render_in_chromium(folder, render_sweep_html(hostile_sweep({"seat1=0.5"})));
  EXPECT_EQ(count_of(rendered, "<svg"), kSweepCharts);
  EXPECT_EQ(count_of(rendered, "<polyline"), 2 * kSweepCharts);
  EXPECT_NE(rendered.find("Key findings"), std::string::npos);
  EXPECT_EQ(count_of(rendered, "<script"), 0u);
  EXPECT_NE(rendered.find("&lt;script&gt;"), std::string::npos);
}

// A tune of a parameter (cards=1..6) and, unless `one_axis`, of a ruling
// with a hostile name, played with hand-made games: seat 1 wins more the
// more cards, evenly at cards=3, and the ruling's second alternative makes
// the games longer. Played to the end, or (`finish` false) interrupted
// after its first search round.
balance::TuneSummary hostile_tune(bool finish, bool one_axis = false) {
  balance::TuneInfo info;
  info.run_id = 9;
  info.game = "forest_shuffle";
  info.game_title = kHostile;
  info.variant = "default";
  info.fixed = {"water=<u>2</u>"};
  info.axes = {{false, "cards", {"1", "2", "3", "4", "5", "6"}, {1, 2, 3, 4, 5, 6}}};
  if (!one_axis) info.axes.push_back({true, "fs.<b>rule</b>", {"a", "<i>b</i>"}, {}});
  info.players = 2;
  info.agents = {"random", "random"};
  info.seed = 42;
  info.budget = 480;
  info.status = finish ? "passed" : "interrupted";
  info.command = "grove tune forest_shuffle --vary cards --ruling 'fs.<b>rule</b>'";
  info.targets = {balance::parse_tune_target("first_player_advantage=0"),
                  balance::parse_tune_target("length=50:62")};
  balance::plan_tune(info);
  balance::Tune tune(info);
  std::int64_t run = 100;
  do {
    for (const balance::TuneTrial& trial : tune.pending()) {
      const auto at =
          balance::point_coordinates(info.axes, static_cast<std::size_t>(trial.candidate));
      const int cards = static_cast<int>(info.axes[0].numbers[at[0]]);
      const bool longer = at.size() > 1 && at[1] == 1;
      std::mt19937_64 rng(trial.seed + static_cast<std::uint64_t>(trial.candidate));
      std::bernoulli_distribution first_wins(0.5 + 0.12 * (cards - 3));
      std::vector<GameRecord> games;
      for (std::int64_t index = 0; index < trial.games; ++index) {
        GameRecord g;
        g.index = index;
        g.block = index / 2;
        g.rotation = static_cast<int>(index % 2);
        g.agents = info.agents;
        g.ended = true;
        g.places = first_wins(rng) ? std::vector<int>{1, 2} : std::vector<int>{2, 1};
        g.moves = 40 + 4 * cards + (longer ? 15 : 0) + static_cast<std::int64_t>(rng() % 5);
        g.decisions = g.moves / 2;
        g.turns = g.moves / 4;
        games.push_back(g);
      }
      tune.add(trial, std::move(games), ++run);
    }
  } while (finish && !tune.pending().empty());
  return tune.summary();
}

// The text of the section `id` of an HTML page.
std::string html_section_of(const std::string& html, const std::string& id) {
  const auto start = html.find("<section id=\"" + id + "\">");
  if (start == std::string::npos) return "";
  return html.substr(start, html.find("</section>", start) - start);
}

TEST(TuneReport, TheFinalistsTableNamesEachFinalistWithItsVerdicts) {
  const balance::TuneSummary tune = hostile_tune(true);
  ASSERT_TRUE(tune.finished);
  const std::string md = render_tune_markdown(tune);
  EXPECT_NE(md.find("# " + markdown_cell(kHostile) + ": tune of cards and fs.&lt;b>rule&lt;/b>"),
            std::string::npos)
      << md.substr(0, 300);
  EXPECT_NE(md.find("- **candidates**: 12 of 12\n"), std::string::npos);
  EXPECT_NE(md.find("- **parameter**: cards: 1..6 (6 values)\n"), std::string::npos);
  EXPECT_NE(md.find("- **targets**: " + markdown_cell("first_player_advantage=0, length=50:62")),
            std::string::npos);
  EXPECT_NE(md.find("- **budget**: 480 games, 468 played\n"), std::string::npos);
  // The search's two rounds and the confirmation, as planned.
  EXPECT_NE(md.find("| 1 | 12 | 14 | 12 of 12 |"), std::string::npos);
  EXPECT_NE(md.find("| 2 | 6 | 30 | 6 of 6 |"), std::string::npos);
  EXPECT_NE(md.find("| confirmation | 3 | 40 | 3 of 3 |"), std::string::npos);
  std::size_t rank = 0;
  for (const balance::TuneCandidate& c : tune.candidates) {
    if (!c.confirmation) continue;
    const std::string start = fmt::format("| {} | {} | 40 | ", ++rank, markdown_cell(c.label));
    const auto at = md.find(start);
    ASSERT_NE(at, std::string::npos) << start;
    const std::string row = md.substr(at, md.find('\n', at) - at);
    ASSERT_EQ(c.verdicts.size(), 2u);
    for (balance::TargetVerdict verdict : c.verdicts) {
      EXPECT_NE(row.find(" | " + balance::verdict_text(verdict) + " | "), std::string::npos) << row;
    }
    EXPECT_NE(row.find(fmt::format(" | {} | grove report ", balance::verdict_text(*c.overall))),
              std::string::npos)
        << row;
  }
  EXPECT_EQ(rank, 3u);
  const std::string finalists = html_section_of(render_tune_html(tune), "finalists");
  EXPECT_NE(finalists.find("Bonferroni"), std::string::npos);
  EXPECT_NE(finalists.find("<td>" + escape(tune.candidates.front().label) + "</td>"),
            std::string::npos);
  // The figures of the search section rest on the search's own games.
  EXPECT_NE(md.find("## Search"), std::string::npos);
  EXPECT_NE(md.find("flatter"), std::string::npos);
  for (const balance::TuneCandidate& c : tune.candidates) {
    EXPECT_NE(md.find("| " + markdown_cell(c.label) + " | " + std::to_string(c.rounds) + " | "),
              std::string::npos)
        << c.label;
  }
}

TEST(TuneReport, EveryTextFromDataIsEscapedAndThePageSelfContained) {
  const balance::TuneSummary tune = hostile_tune(true);
  const std::string html = render_tune_html(tune);
  EXPECT_EQ(count_of(html, "<script"), 0u);
  for (const char* markup : {"<b>rule", "<i>b", "<u>2", "<img"}) {
    EXPECT_EQ(html.find(markup), std::string::npos) << markup;
  }
  EXPECT_NE(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("fs.&lt;b&gt;rule&lt;/b&gt;=&lt;i&gt;b&lt;/i&gt;"), std::string::npos);
  for (const char* external : {"http", "url(", "<link", "xlink"}) {
    EXPECT_EQ(html.find(external), std::string::npos) << external;
  }
  EXPECT_EQ(count_of(html, "<svg"), 0u);  // two axes: no line to draw
  const std::string md = render_tune_markdown(tune);
  for (const char* markup : {"<script", "<b>", "<i>", "<u>"}) {
    EXPECT_EQ(md.find(markup), std::string::npos) << markup;
  }
}

TEST(TuneReport, AOneAxisTuneChartsItsSearchLoss) {
  const balance::TuneSummary tune = hostile_tune(true, true);
  const std::string search = html_section_of(render_tune_html(tune), "search");
  EXPECT_EQ(count_of(search, "<svg"), 1u);
  EXPECT_NE(search.find("aria-label=\"Search loss by cards"), std::string::npos);
  EXPECT_EQ(count_of(search, "<circle"), 6u);  // one per candidate
}

TEST(TuneReport, JsonHasEveryCandidateWithItsFiguresAndVerdicts) {
  const balance::TuneSummary tune = hostile_tune(true);
  const nlohmann::json doc = nlohmann::json::parse(render_tune_json(tune));
  EXPECT_EQ(doc["format"], "grove-tune-1");
  for (const char* key : {"tune", "figures", "stages", "candidates", "findings"}) {
    EXPECT_TRUE(doc.contains(key)) << key;
  }
  EXPECT_EQ(doc["tune"]["game_title"], kHostile);  // data stays data in JSON
  EXPECT_EQ(doc["tune"]["targets"][1]["text"], "length=50:62");
  ASSERT_EQ(doc["stages"].size(), 3u);
  EXPECT_EQ(doc["stages"][2]["confirmation"], true);
  EXPECT_EQ(doc["stages"][2]["games_each"], 40);
  ASSERT_EQ(doc["candidates"].size(), 12u);
  const nlohmann::json& best = doc["candidates"][0];
  EXPECT_EQ(best["label"], tune.candidates.front().label);
  EXPECT_EQ(best["finalist"], true);
  EXPECT_EQ(best["confirmation_games"], 40);
  EXPECT_EQ(best["overall"], balance::verdict_text(*tune.candidates.front().overall));
  EXPECT_EQ(best["verdicts"][1]["target"], "length=50:62");
  EXPECT_EQ(best["balance_runs"].size(), 3u);  // two search rounds and the confirmation
  const nlohmann::json& advantage = best["figures"]["first_player_advantage"];
  EXPECT_LE(advantage["confirmation_simultaneous"]["low"].get<double>(),
            advantage["confirmation"]["low"].get<double>());
  EXPECT_TRUE(advantage["search"]["estimate"].is_number());
  // A candidate dropped by the search has no confirmation: null, not NaN.
  const nlohmann::json& last = doc["candidates"].back();
  EXPECT_EQ(last["finalist"], false);
  EXPECT_TRUE(last["overall"].is_null());
  EXPECT_TRUE(last["figures"]["length"]["confirmation"].is_null());
  EXPECT_EQ(last["setting"].size(), 2u);
  EXPECT_TRUE(last["setting"].contains("fs.<b>rule</b>"));
  EXPECT_EQ(doc["findings"], balance::tune_findings(tune));
}

TEST(TuneReport, AnUnfinishedTuneRendersWithoutFinalistsAndSaysSo) {
  const balance::TuneSummary tune = hostile_tune(false);
  ASSERT_FALSE(tune.finished);
  const std::string html = render_tune_html(tune);
  const std::string finalists = html_section_of(html, "finalists");
  EXPECT_NE(finalists.find("No finalist has played its confirmation games"), std::string::npos);
  EXPECT_EQ(finalists.find("<table>"), std::string::npos);
  EXPECT_NE(html.find("No finalist was confirmed"), std::string::npos);
  const std::string md = render_tune_markdown(tune);
  EXPECT_NE(md.find("The tune was interrupted after 168 of its 480 games"), std::string::npos);
  EXPECT_NE(md.find("| 2 | 6 | 30 | 0 of 6 |"), std::string::npos);  // planned, not played
  const nlohmann::json doc = tune_json(tune);
  EXPECT_EQ(doc["finished"], false);
  for (const nlohmann::json& c : doc["candidates"]) {
    EXPECT_TRUE(c["overall"].is_null());
    EXPECT_EQ(c["rounds"], 1);
  }
}

}  // namespace
}  // namespace grove::render
