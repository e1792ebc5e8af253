// JSON reports: every number of a summary or comparison under stable keys
// (snake_case, named like the C++ fields), so scripts and spreadsheets can
// read them. Numbers that cannot be computed (an interval from one value)
// are null.

#include <cmath>

#include "reports/render/report.hpp"

namespace grove::render {

using nlohmann::json;

namespace {

constexpr int kFormatVersion = 1;

json number(double value) { return std::isfinite(value) ? json(value) : json(nullptr); }

json interval(const stats::Interval& i) {
  return {{"estimate", number(i.estimate)}, {"low", number(i.low)}, {"high", number(i.high)}};
}

json proportion(const balance::Proportion& p) {
  return {{"successes", p.successes},
          {"trials", p.trials},
          {"estimate", number(p.interval.estimate)},
          {"low", number(p.interval.low)},
          {"high", number(p.interval.high)}};
}

json histogram(const stats::Histogram& h) {
  json edges = json::array();
  for (double edge : h.edges) edges.push_back(number(edge));
  return {{"edges", edges}, {"counts", h.counts}, {"integer", h.integer}};
}

json distribution(const balance::Distribution& d) {
  return {{"n", d.n},
          {"mean", number(d.mean)},
          {"sd", number(d.sd)},
          {"mean_low", number(d.mean_ci.low)},
          {"mean_high", number(d.mean_ci.high)},
          {"min", number(d.min)},
          {"p10", number(d.p10)},
          {"q1", number(d.q1)},
          {"median", number(d.median)},
          {"q3", number(d.q3)},
          {"p90", number(d.p90)},
          {"max", number(d.max)},
          {"histogram", histogram(d.histogram)}};
}

json test(const stats::TestResult& t) {
  return {{"test", t.test},
          {"statistic", number(t.statistic)},
          {"dof", number(t.dof)},
          {"p_value", number(t.p_value)}};
}

json uses(const std::vector<balance::UseResult>& list) {
  json out = json::array();
  for (const balance::UseResult& use : list) {
    out.push_back({{"name", use.name},
                   {"total", use.total},
                   {"per_game", distribution(use.per_game)},
                   {"used_share", proportion(use.used_share)},
                   {"win_rate_used", proportion(use.win_rate_used)},
                   {"win_rate_unused", proportion(use.win_rate_unused)},
                   {"difference", number(use.difference)},
                   {"test", test(use.test)},
                   {"p_holm", number(use.p_adjusted)}});
  }
  return out;
}

}  // namespace

json interval_json(const stats::Interval& value) { return interval(value); }

json summary_json(const balance::Summary& s, const balance::RunInfo& info) {
  const json run = info;  // the run as it is stored (game_record.hpp)

  json seats = json::array();
  for (const balance::SeatResult& seat : s.seats) {
    seats.push_back({{"seat", seat.seat},
                     {"win_rate", proportion(seat.win_rate)},
                     {"sole_wins", seat.sole_wins},
                     {"shared_wins", seat.shared_wins},
                     {"score", distribution(seat.score)}});
  }
  json agents = json::array();
  for (const balance::AgentResult& agent : s.agent_results) {
    agents.push_back({{"agent", agent.agent},
                      {"seats", agent.seats},
                      {"blocks", agent.blocks},
                      {"seat_games", agent.seat_games},
                      {"fair_share", agent.fair_share},
                      {"win_rate", interval(agent.win_rate)},
                      {"block_sd", number(agent.block_sd)}});
  }
  json seat_metrics = json::array();
  for (const balance::SeatMetricResult& metric : s.seat_metrics) {
    json per_seat = json::array();
    for (const balance::Distribution& d : metric.per_seat) per_seat.push_back(distribution(d));
    seat_metrics.push_back({{"name", metric.name},
                            {"per_seat", per_seat},
                            {"winners", distribution(metric.winners)},
                            {"non_winners", distribution(metric.non_winners)},
                            {"seat_mean", distribution(metric.seat_mean)},
                            {"test", test(metric.test)}});
  }
  json game_metrics = json::array();
  for (const balance::GameMetricResult& metric : s.game_metrics) {
    game_metrics.push_back({{"name", metric.name}, {"per_game", distribution(metric.per_game)}});
  }

  json notable = json::array();
  for (const balance::NotableGame& game : s.notable.games) {
    notable.push_back({{"game", game.index},
                       {"why", game.why},
                       {"moves", game.moves},
                       {"winning_margin", game.margin ? json(*game.margin) : json(nullptr)},
                       {"command", game.command}});
  }

  json summary = {{"confidence", s.confidence},
                  {"games", s.games},
                  {"ended", s.ended},
                  {"unfinished", s.unfinished},
                  {"sole_victories", s.sole_victories},
                  {"shared_victories", s.shared_victories},
                  {"draws", s.draws},
                  {"no_winner", s.no_winner},
                  {"unfinished_rate", proportion(s.unfinished_rate)},
                  {"draw_rate", proportion(s.draw_rate)},
                  {"shared_rate", proportion(s.shared_rate)},
                  {"seconds", s.seconds},
                  {"fair_share", s.fair_share},
                  {"seats", seats},
                  {"first_player_advantage", interval(s.first_player_advantage)},
                  {"minimum_games", s.minimum_games},
                  {"games_to_detect", s.games_to_detect},
                  {"agents_differ", s.agents_differ},
                  {"agents", agents},
                  {"complete_blocks", s.complete_blocks},
                  {"incomplete_blocks", s.incomplete_blocks},
                  {"has_scores", s.has_scores},
                  {"all_scores", distribution(s.all_scores)},
                  {"winning_margin", distribution(s.winning_margin)},
                  {"moves", distribution(s.moves)},
                  {"decisions", distribution(s.decisions)},
                  {"turns", distribution(s.turns)},
                  {"lead_changes", distribution(s.lead_changes)},
                  {"decisiveness", distribution(s.decisiveness)},
                  {"actions", uses(s.actions)},
                  {"items", uses(s.items)},
                  {"seat_metrics", seat_metrics},
                  {"game_metrics", game_metrics},
                  {"notable_games", notable},
                  {"unfinished_not_listed", s.notable.unfinished_not_listed},
                  {"widest_interval", number(balance::widest_interval(s))}};
  return {{"format", "grove balance report"},
          {"format_version", kFormatVersion},
          {"run", run},
          {"summary", summary},
          {"findings", balance::key_findings(s)}};
}

std::string render_json(const balance::Summary& summary, const balance::RunInfo& info) {
  return summary_json(summary, info).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

json comparison_json(const balance::Comparison& c) {
  json rows = json::array();
  for (const balance::ComparisonRow& row : c.rows) {
    rows.push_back({{"key", row.key},
                    {"label", row.label},
                    {"proportion", row.proportion},
                    {"unit", row.unit},
                    {"a", interval(row.a)},
                    {"b", interval(row.b)},
                    {"n_a", row.n_a},
                    {"n_b", row.n_b},
                    {"counted", row.counted},
                    {"difference", number(row.difference)},
                    {"test", test(row.test)},
                    {"p_holm", number(row.p_adjusted)},
                    {"significant", row.significant},
                    {"sentence", row.sentence}});
  }
  return {{"format", "grove balance comparison"},
          {"format_version", kFormatVersion},
          {"game", c.game},
          {"game_title", c.game_title},
          {"players", c.players},
          {"a", {{"label", c.label_a}, {"games", c.games_a}, {"ended", c.ended_a}}},
          {"b", {{"label", c.label_b}, {"games", c.games_b}, {"ended", c.ended_b}}},
          {"level", c.level},
          {"confidence", c.confidence},
          {"rows", rows},
          {"notes", c.notes},
          {"findings", balance::comparison_findings(c)}};
}

std::string render_comparison_json(const balance::Comparison& comparison) {
  return comparison_json(comparison).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace grove::render
