#include "tools/grove/game_pages.hpp"

#include <fmt/format.h>

#include <utility>

#include "engine/core/words.hpp"
#include "tools/grove/game_log.hpp"

namespace grove::cli {
namespace {

// How to see the steps a long page left out.
constexpr const char* kAllSteps = "--steps 0 keeps every step";

// Draws the game as it goes: one page step per state.
class StepDrawer {
 public:
  explicit StepDrawer(std::size_t limit) : steps_(limit) {}

  void start(const Rules& rules, const State& state) {
    add(rules, state, render::PageStep{});
    next_actor_ = rules.node(state).actor;
  }

  void move(const Rules& rules, const State& after, const Move& move, const EventLog* events) {
    render::PageStep step;
    step.number = ++moves_;
    step.move = rules.move_text(move);
    step.actor = next_actor_ == kNoSeat ? "chance" : seat_label(next_actor_);
    if (events != nullptr) {
      for (const Event& event : *events) step.events.push_back(event.text);
    }
    add(rules, after, std::move(step));
    next_actor_ = rules.node(after).actor;
  }

  render::PageSteps& steps() { return steps_; }
  std::int64_t moves() const { return moves_; }

 private:
  void add(const Rules& rules, const State& state, render::PageStep step) {
    step.summary = rules.state_summary(state);
    step.picture = rules.board_svg(state);
    if (step.picture.empty()) step.board = rules.board(state);
    steps_.add(std::move(step));
  }

  render::PageSteps steps_;
  std::int64_t moves_ = 0;
  Seat next_actor_ = kNoSeat;
};

// A check as the page lists it: what the step asked.
std::string step_text(const ScenarioStep& step) {
  switch (step.kind) {
    case ScenarioStep::Kind::Illegal:
      return "illegal: " + step.move +
             (step.reason.empty() ? "" : " (reason: " + step.reason + ")") +
             (step.reason_contains.empty() ? ""
                                           : " (reason contains: " + step.reason_contains + ")");
    case ScenarioStep::Kind::Legal:
      return "legal: " + step.move;
    case ScenarioStep::Kind::Expect:
      break;
    case ScenarioStep::Kind::Move:
    case ScenarioStep::Kind::Random:
      return step.move;
  }
  std::vector<std::string> what;
  if (step.state) what.emplace_back("state");
  if (!step.events.empty()) what.emplace_back("events");
  if (!step.absent_events.empty()) what.emplace_back("absent events");
  if (step.legal_moves) what.emplace_back("legal moves");
  if (!step.legal_moves_include.empty()) what.emplace_back("legal moves include");
  if (!step.legal_moves_exclude.empty()) what.emplace_back("legal moves exclude");
  if (step.properties_hold) what.emplace_back("properties hold");
  if (step.end_reachable) what.emplace_back("end reachable");
  if (step.same_position_as_move) {
    what.push_back("same position as after move " + std::to_string(*step.same_position_as_move));
  }
  return "expect " + join(what, ", ");
}

class PageWatcher final : public ReplayWatcher {
 public:
  explicit PageWatcher(std::size_t limit) : drawer_(limit) {}

  void started(const Rules& rules, const State& state) override {
    legend_ = rules.board_legend();
    drawer_.start(rules, state);
  }
  void moved(const Rules& rules, const State& after, const Move& move,
             const EventLog& events) override {
    drawer_.move(rules, after, move, &events);
  }
  void checked(const ScenarioStep& step, bool held) override {
    drawer_.steps().last().checks.push_back({step.line, step_text(step), held, "", "", ""});
  }
  void checked_end(const EndExpectation& end, bool held) override {
    drawer_.steps().last().checks.push_back({end.line, "end", held, "", "", ""});
  }

  StepDrawer& drawer() { return drawer_; }
  const std::string& legend() const { return legend_; }

 private:
  StepDrawer drawer_;
  std::string legend_;
};

}  // namespace

render::GamePage scenario_page(const Scenario& scenario, const ReplayChecks& checks,
                               std::size_t steps, ScenarioResult& result) {
  PageWatcher watcher(steps);
  result = replay_scenario(scenario, checks, &watcher);
  render::GamePage page;
  page.title = scenario.title.empty() ? scenario.file : scenario.title;
  std::vector<std::string> players;
  for (Seat seat = 0; seat < scenario.players; ++seat)
    players.push_back(scenario.player_name(seat));
  page.subtitle = fmt::format("{}, variant {}, players {}{}", scenario.game->title,
                              scenario.variant.name(), join(players, ", "),
                              scenario.seed == 0 ? "" : fmt::format(", seed {}", scenario.seed));
  page.source = scenario.file + (scenario.source.empty() ? "" : " \u2014 " + scenario.source);
  page.legend = watcher.legend();
  page.failed = !result.passed();
  page.result =
      result.passed()
          ? fmt::format("Passed: every check held ({} moves)", result.moves)
          : fmt::format("{} at line {}: {}",
                        result.status == ScenarioResult::Status::Error ? "Error" : "Failed",
                        result.line, result.message);
  render::PageSteps& kept = watcher.drawer().steps();
  if (!result.passed() && !kept.empty()) {
    // The failing check is the last one the replay reported; a move that
    // was refused, or rules that threw, made none, so it is added here.
    std::vector<render::PageCheck>& made = kept.last().checks;
    if (made.empty() || made.back().held) {
      made.push_back(
          {result.line, "the step at line " + std::to_string(result.line), false, "", "", ""});
    }
    made.back().message = result.message;
    made.back().expected = result.expected;
    made.back().actual = result.actual;
  }
  kept.move_into(page, kAllSteps);
  return page;
}

render::GamePage stored_game_page(const StoredGame& game, std::int64_t run, std::int64_t number,
                                  std::size_t steps) {
  const Rules& rules = *game.rules;
  StepDrawer drawer(steps);
  std::unique_ptr<State> state = rules.initial_state();
  drawer.start(rules, *state);
  render::GamePage page;
  page.title = fmt::format("Run {}, game {}", run, number);
  page.subtitle =
      fmt::format("{}, variant {}, {} players, seed {}; seats: {}", game.info.game_title,
                  game.info.variant, game.info.players, game.record.seed, seats_text(game.record));
  page.source = fmt::format("balance run {} in the results database", run);
  page.legend = rules.board_legend();
  page.result = "Stored result: " + stored_result(game.record);
  for (const Move& move : game.moves) {
    EventLog events;
    const Verdict verdict = rules.apply(*state, move, &events);
    if (!verdict.is_legal()) {
      page.failed = true;
      page.result = fmt::format(
          "The stored game does not play again under this grove's rules: move {} '{}' is refused "
          "({})",
          drawer.moves() + 1, rules.move_text(move), verdict.reason());
      break;
    }
    drawer.move(rules, *state, move, &events);
  }
  drawer.steps().move_into(page, kAllSteps);
  return page;
}

}  // namespace grove::cli
