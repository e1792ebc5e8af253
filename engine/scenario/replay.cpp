#include "engine/scenario/replay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "engine/core/agent.hpp"
#include "engine/core/words.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/scenario/yaml_match.hpp"

namespace grove {
namespace {

// Carries the game through the steps; each check returns false after
// recording the failure in the result.
class Replayer {
 public:
  Replayer(const Scenario& scenario, const ReplayChecks& checks, ReplayWatcher* watcher,
           ScenarioResult& result)
      : scenario_(scenario),
        checks_(checks),
        watcher_(watcher),
        result_(result),
        rng_(scenario.seed) {}

  void run() {
    // A rule that throws is a failure of the game this scenario guards, not
    // of grove: it is reported where it happened.
    try {
      replay_steps();
    } catch (const std::exception& error) {
      fail(at_line_, std::string("the rules threw an error: ") + error.what());
    }
  }

  bool error() const { return error_; }
  std::shared_ptr<const State> end_state() { return std::move(state_); }

 private:
  void replay_steps() {
    try {
      rules_ = scenario_.game->rules(scenario_.variant, scenario_.players);
    } catch (const InputError& error) {
      fail(0, "the variant cannot be played: " + error.message());
      return;
    }
    if (!scenario_.player_names.empty()) {
      std::vector<std::string> names;
      for (Seat seat = 0; seat < scenario_.players; ++seat)
        names.push_back(scenario_.player_name(seat));
      result_.log.push_back("players: " + join(names, ", "));
    }
    if (scenario_.start) {
      try {
        state_ = rules_->state_from_yaml(*scenario_.start);
      } catch (const InputError& error) {
        // Said as the loader says a mistake anywhere else in the file:
        // file, line and column first.
        error_ = true;
        fail(error.where().line, error.in_file(scenario_.file).what());
        return;
      }
      result_.log.push_back("start: " + rules_->state_summary(*state_));
    } else {
      state_ = rules_->initial_state();
    }
    // The positions that `same_position_as_move` checks come back to, and
    // only those: a long random run keeps no more than it must.
    for (const ScenarioStep& step : scenario_.steps) {
      if (step.same_position_as_move) kept_[*step.same_position_as_move] = nullptr;
    }
    keep();
    if (watcher_ != nullptr) watcher_->started(*rules_, *state_);
    if (!invariants_hold(scenario_.start_line)) return;
    for (const ScenarioStep& step : scenario_.steps) {
      if (!run_step(step)) return;
    }
    if (scenario_.end) {
      const bool held = check_end(*scenario_.end);
      if (watcher_ != nullptr) watcher_->checked_end(*scenario_.end, held);
    }
  }

  bool run_step(const ScenarioStep& step) {
    at_line_ = step.line;
    switch (step.kind) {
      case ScenarioStep::Kind::Move:
        return play(step);
      case ScenarioStep::Kind::Random:
        return play_randomly(step);
      case ScenarioStep::Kind::Illegal:
      case ScenarioStep::Kind::Legal:
      case ScenarioStep::Kind::Expect:
        break;
    }
    const bool held = step.kind == ScenarioStep::Kind::Illegal ? check_rejected(step)
                      : step.kind == ScenarioStep::Kind::Legal ? check_accepted(step)
                                                               : check_expectations(step);
    if (watcher_ != nullptr) watcher_->checked(step, held);
    return held;
  }

  // The step's move, read and due before the end of the game; otherwise the
  // replay fails at the step and there is none.
  std::optional<Move> move_to_try(const ScenarioStep& step) {
    const MoveParse parsed = rules_->parse_move(step.move);
    if (!parsed.ok()) {
      fail(step.line, parsed.error);
      return std::nullopt;
    }
    if (rules_->node(*state_).kind == NodeKind::Terminal) {
      fail(step.line, fmt::format("'{}' comes after the end of the game", step.move));
      return std::nullopt;
    }
    return parsed.move;
  }

  bool play(const ScenarioStep& step) {
    const std::optional<Move> move = move_to_try(step);
    return move && apply(*move, step.line);
  }

  bool apply(const Move& move, int line) {
    EventLog events;
    const Verdict verdict = rules_->apply(*state_, move, &events);
    const std::string text = rules_->move_text(move);
    if (!verdict.is_legal()) {
      return fail(line, fmt::format("'{}' was rejected: {}", text, verdict.reason()),
                  "a legal move", rules_->state_summary(*state_));
    }
    ++result_.moves;
    result_.log.push_back(fmt::format("{:>3}. {}", result_.moves, text));
    for (const Event& event : events) result_.log.push_back("       " + event.text);
    if (watcher_ != nullptr) watcher_->moved(*rules_, *state_, move, events);
    pending_events_.insert(pending_events_.end(), events.begin(), events.end());
    keep();
    return invariants_hold(line);
  }

  // The position after the moves played so far, if a check comes back to it.
  void keep() {
    const auto kept = kept_.find(result_.moves);
    if (kept != kept_.end()) kept->second = state_->clone();
  }

  // `expect: {same_position_as_move: K}`: the position is the one after
  // move K, compared whole; a difference is shown in the YAML form.
  bool check_same_position(const ScenarioStep& step) {
    const int earlier = *step.same_position_as_move;
    if (earlier >= result_.moves) {
      // The loader checks this where it can count the moves; after
      // `random: end` only the replay can.
      error_ = true;
      const InputError mistake(
          {scenario_.file, step.line, 0}, "same_position_as_move",
          fmt::format("{} is not an earlier move: {} played before this step", earlier,
                      result_.moves == 1
                          ? std::string("1 move or chance outcome")
                          : fmt::format("{} moves and chance outcomes", result_.moves)));
      return fail(step.line, mistake.what());
    }
    const State& then = *kept_.at(earlier);
    if (state_->equals(then)) return true;
    const std::string what = fmt::format("the position is not the one after move {}", earlier);
    std::vector<std::string> expected, got;
    for (const auto& mismatch :
         match_yaml(rules_->state_to_yaml(then), rules_->state_to_yaml(*state_))) {
      expected.push_back(mismatch.path + " = " + mismatch.expected);
      got.push_back(mismatch.path + " = " + mismatch.actual);
    }
    if (expected.empty()) {
      // Alike in the YAML form, unequal as states: say so rather than
      // show no difference.
      return fail(step.line, what + " (the states differ in what their YAML form leaves out)",
                  rules_->state_summary(then), rules_->state_summary(*state_));
    }
    return fail(step.line, what, join(expected, ", "), join(got, ", "));
  }

  bool invariants_hold(int line) {
    const auto problems = rules_->invariant_violations(*state_);
    if (problems.empty()) return true;
    return fail(line, "a rule invariant is broken: " + join(problems, "; "), "",
                rules_->state_summary(*state_));
  }

  bool check_rejected(const ScenarioStep& step) {
    const std::unique_ptr<State> before = state_->clone();
    EventLog events;
    const Verdict verdict = rules_->apply_text(*state_, step.move, &events);
    if (verdict.is_legal()) {
      ++result_.moves;
      result_.log.push_back(fmt::format("{:>3}. {}   (accepted)", result_.moves, step.move));
      return fail(step.line,
                  fmt::format("'{}' was accepted, but the rules must reject it", step.move),
                  step.reason.empty() ? "rejected" : "rejected: " + step.reason, "accepted");
    }
    if (!state_->equals(*before)) {
      return fail(step.line, fmt::format("rejecting '{}' changed the state", step.move),
                  rules_->state_summary(*before), rules_->state_summary(*state_));
    }
    result_.log.push_back(fmt::format("     {}   (rejected: {})", step.move, verdict.reason()));
    if (!step.reason.empty() && verdict.reason() != step.reason) {
      return fail(step.line, fmt::format("'{}' was rejected for another reason", step.move),
                  step.reason, verdict.reason());
    }
    if (!step.reason_contains.empty() &&
        lowercase(verdict.reason()).find(lowercase(step.reason_contains)) == std::string::npos) {
      return fail(step.line, fmt::format("'{}' was rejected for another reason", step.move),
                  "a reason containing '" + step.reason_contains + "'", verdict.reason());
    }
    return true;
  }

  // The move must be accepted here; it is tried on a copy, so play goes on
  // from the same state.
  bool check_accepted(const ScenarioStep& step) {
    const std::optional<Move> move = move_to_try(step);
    if (!move) return false;
    const std::unique_ptr<State> trial = state_->clone();
    const Verdict verdict = rules_->apply(*trial, *move, nullptr);
    if (!verdict.is_legal()) {
      return fail(step.line,
                  fmt::format("'{}' was rejected, but the rules must allow it", step.move),
                  "accepted", "rejected: " + verdict.reason());
    }
    result_.log.push_back(fmt::format("     {}   (allowed; not played)", step.move));
    return true;
  }

  bool play_randomly(const ScenarioStep& step) {
    RandomAgent agent;
    const std::int64_t limit = step.random_to_end ? rules_->step_bound() : step.random_steps;
    for (std::int64_t i = 0; i < limit; ++i) {
      if (rules_->node(*state_).kind == NodeKind::Terminal) {
        if (step.random_to_end) return true;
        return fail(step.line, fmt::format("the game ended after {} of {} random moves", i,
                                           step.random_steps));
      }
      if (!apply(next_move(*rules_, *state_, agent, rng_), step.line)) return false;
    }
    if (step.random_to_end && rules_->node(*state_).kind != NodeKind::Terminal) {
      return fail(step.line, fmt::format("the game did not end within {} random moves (the "
                                         "variant's bound)",
                                         limit));
    }
    return true;
  }

  static bool event_matches(const EventExpectation& expected, const Event& event) {
    if (event.clause != expected.clause) return false;
    if (expected.seat && event.seat != *expected.seat) return false;
    for (const auto& [key, value] : expected.fields) {
      const std::string* found = event.field(key);
      if (found == nullptr || *found != value) return false;
    }
    return true;
  }

  std::string fired() const {
    std::vector<std::string> texts;
    for (const Event& event : pending_events_)
      texts.push_back(std::string(event.clause) + " (" + event.text + ")");
    return texts.empty() ? "(no events)" : join(texts, "; ");
  }

  bool check_expectations(const ScenarioStep& step) {
    if (step.state) {
      const YAML::Node actual = rules_->state_to_yaml(*state_);
      const auto mismatches = match_yaml(*step.state, actual);
      if (!mismatches.empty()) {
        std::vector<std::string> expected, got;
        for (const auto& mismatch : mismatches) {
          expected.push_back(mismatch.path + " = " + mismatch.expected);
          got.push_back(mismatch.path + " = " + mismatch.actual);
        }
        return fail(step.line, "the state is not as expected", join(expected, ", "),
                    join(got, ", "));
      }
    }
    for (const EventExpectation& expected : step.events) {
      bool found = std::any_of(pending_events_.begin(), pending_events_.end(),
                               [&](const Event& event) { return event_matches(expected, event); });
      if (!found) {
        return fail(step.line, "an expected event did not happen", yaml_inline(expected.written),
                    fired());
      }
    }
    for (const std::string& clause : step.absent_events) {
      for (const Event& event : pending_events_) {
        if (event.clause == clause) {
          return fail(step.line, "an event happened that must not", "no " + clause,
                      std::string(event.clause) + " (" + event.text + ")");
        }
      }
    }
    if (step.properties_hold) {
      if (!checks_.properties) {
        return fail(step.line,
                    "this replay cannot check the generic properties (grove replay "
                    "can)");
      }
      const std::vector<std::string> broken = checks_.properties(*rules_, *state_);
      if (!broken.empty()) {
        return fail(step.line, "a generic property is broken", "every property holds",
                    join(broken, "; "));
      }
    }
    if (step.end_reachable) {
      if (!checks_.end_unreachable) {
        return fail(step.line,
                    "this replay cannot search for an end of the game (grove replay can)");
      }
      if (const auto why = checks_.end_unreachable(*rules_, *state_)) {
        return fail(step.line, "no end of the game can be reached from here",
                    "some way of playing on ends the game", *why);
      }
    }
    if (step.same_position_as_move && !check_same_position(step)) return false;
    if (step.legal_moves) {
      const std::string& kind = step.legal_moves_kind;
      std::vector<std::string> expected;
      for (const std::string& text : *step.legal_moves) {
        const MoveParse parsed = rules_->parse_move(text);
        if (!parsed.ok()) return fail(step.line, "legal_moves: " + parsed.error);
        expected.push_back(rules_->move_text(parsed.move));
        if (!kind.empty() && move_use_of_text(expected.back()).action != kind) {
          return fail(step.line,
                      fmt::format("legal_moves: '{}' is not a '{}' move: its kind is '{}'",
                                  expected.back(), kind, move_use_of_text(expected.back()).action));
        }
      }
      std::vector<Move> moves;
      rules_->legal_moves(*state_, moves);
      std::vector<std::string> actual;
      std::set<std::string> kinds;  // of every legal move, for a kind that has none
      for (const Move& move : moves) {
        std::string text = rules_->move_text(move);
        kinds.insert(move_use_of_text(text).action);
        if (kind.empty() || move_use_of_text(text).action == kind)
          actual.push_back(std::move(text));
      }
      std::sort(expected.begin(), expected.end());
      std::sort(actual.begin(), actual.end());
      if (expected != actual) {
        const std::string none =
            kind.empty()
                ? "(none)"
                : fmt::format("(no '{}' move; the legal moves' kinds are: {})", kind,
                              kinds.empty() ? "none" : join({kinds.begin(), kinds.end()}, ", "));
        return fail(step.line,
                    kind.empty() ? "the legal moves are not as expected"
                                 : fmt::format("the legal '{}' moves are not as expected", kind),
                    expected.empty() ? "(none)" : join(expected, "; "),
                    actual.empty() ? none : join(actual, "; "));
      }
    }
    if (!step.legal_moves_include.empty() || !step.legal_moves_exclude.empty()) {
      std::vector<Move> moves;
      rules_->legal_moves(*state_, moves);
      // Each listed move must (include) or must not (exclude) be legal.
      auto check = [&](const std::vector<std::string>& texts, bool wanted,
                       const char* key) -> std::optional<std::string> {
        for (const std::string& text : texts) {
          const MoveParse parsed = rules_->parse_move(text);
          if (!parsed.ok()) return std::string(key) + ": " + parsed.error;
          const bool listed = std::find(moves.begin(), moves.end(), parsed.move) != moves.end();
          if (listed != wanted) {
            return fmt::format("'{}' is {}among the legal moves", rules_->move_text(parsed.move),
                               listed ? "" : "not ");
          }
        }
        return std::nullopt;
      };
      for (const auto& [texts, wanted, key] :
           {std::tuple{&step.legal_moves_include, true, "legal_moves_include"},
            std::tuple{&step.legal_moves_exclude, false, "legal_moves_exclude"}}) {
        if (const auto problem = check(*texts, wanted, key)) {
          std::vector<std::string> actual;
          for (const Move& move : moves) actual.push_back(rules_->move_text(move));
          return fail(step.line, *problem, wanted ? "a legal move" : "not a legal move",
                      actual.empty() ? "(no legal moves)" : join(actual, "; "));
        }
      }
    }
    pending_events_.clear();
    return true;
  }

  bool check_end(const EndExpectation& end) {
    if (rules_->node(*state_).kind != NodeKind::Terminal) {
      return fail(end.line, "the game should be over", "the end of the game",
                  rules_->state_summary(*state_));
    }
    const Outcome outcome = rules_->outcome(*state_);
    auto seats = [&](const std::vector<Seat>& list) {
      std::vector<std::string> names;
      for (Seat seat : list) names.push_back(scenario_.player_name(seat));
      return names.empty() ? std::string("nobody") : join(names, ", ");
    };
    if (end.winners && *end.winners != outcome.winners()) {
      return fail(end.line, "a different winner", seats(*end.winners), seats(outcome.winners()));
    }
    for (const auto& [seat, place] : end.places) {
      const int actual = outcome.place[static_cast<std::size_t>(seat)];
      if (actual != place) {
        return fail(end.line, "a different place for " + scenario_.player_name(seat),
                    "place " + std::to_string(place), "place " + std::to_string(actual));
      }
    }
    for (const auto& [seat, score] : end.scores) {
      if (outcome.score.empty()) {
        return fail(end.line, "this game keeps no score", "scores", "none");
      }
      const std::int64_t actual = outcome.score[static_cast<std::size_t>(seat)];
      if (actual != score) {
        return fail(end.line, "a different score for " + scenario_.player_name(seat),
                    std::to_string(score), std::to_string(actual));
      }
    }
    return true;
  }

  bool fail(int line, std::string message, std::string expected = "", std::string actual = "") {
    result_.status = error_ ? ScenarioResult::Status::Error : ScenarioResult::Status::Failed;
    result_.line = line;
    result_.message = std::move(message);
    result_.expected = std::move(expected);
    result_.actual = std::move(actual);
    if (state_) result_.board = rules_->board(*state_) + rules_->board_legend();
    return false;
  }

  const Scenario& scenario_;
  const ReplayChecks& checks_;
  ReplayWatcher* watcher_;
  ScenarioResult& result_;
  int at_line_ = 0;  // the step being replayed
  Rng rng_;
  std::unique_ptr<Rules> rules_;
  std::unique_ptr<State> state_;
  // By the number of moves played: the positions same_position_as_move
  // compares with (null until the replay gets there).
  std::map<int, std::unique_ptr<State>> kept_;
  EventLog pending_events_;
  bool error_ = false;
};

}  // namespace

std::string status_name(ScenarioResult::Status status) {
  switch (status) {
    case ScenarioResult::Status::Passed:
      return "pass";
    case ScenarioResult::Status::Failed:
      return "fail";
    case ScenarioResult::Status::Error:
      return "error";
  }
  return "?";
}

ScenarioResult replay_scenario(const Scenario& scenario, const ReplayChecks& checks,
                               ReplayWatcher* watcher) {
  const auto started = std::chrono::steady_clock::now();
  ScenarioResult result;
  result.file = scenario.file;
  result.title = scenario.title;
  result.game = scenario.game->name;
  result.variant = scenario.variant.name();
  result.variant_hash = scenario.variant.hash_hex();
  Replayer replayer(scenario, checks, watcher, result);
  replayer.run();
  result.end_state = replayer.end_state();
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

ScenarioResult replay_file(const std::string& path, const Registry& games,
                           const VariantOverrides& overrides, const ReplayChecks& checks) {
  try {
    return replay_scenario(load_scenario(path, games, overrides), checks);
  } catch (const InputError& error) {
    ScenarioResult result;
    result.file = path;
    result.status = ScenarioResult::Status::Error;
    result.line = error.where().line;
    result.message = error.what();
    return result;
  }
}

}  // namespace grove
