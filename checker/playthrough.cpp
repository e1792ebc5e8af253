#include "checker/playthrough.hpp"

#include <fmt/format.h>

#include "checker/checked_rules.hpp"
#include "checker/step_checks.hpp"
#include "engine/core/agent.hpp"
#include "engine/core/errors.hpp"

namespace grove::checker {
namespace {

// Walks the input's game: the choices first, then random play.
class Walk {
 public:
  Walk(const Rules& rules, const GameInput& input)
      : rules_(rules), input_(input), rng_(input.seed) {}

  Move next(const State& state, std::size_t step) {
    if (step >= input_.choices.size()) return next_move(rules_, state, agent_, rng_);
    const std::size_t choice = input_.choices[step];
    if (rules_.node(state).kind == NodeKind::Chance) {
      rules_.chance_outcomes(state, outcomes_);
      return outcomes_[choice % outcomes_.size()].move;
    }
    rules_.legal_moves(state, moves_);
    return moves_[choice % moves_.size()];
  }

 private:
  const Rules& rules_;
  const GameInput& input_;
  Rng rng_;
  RandomAgent agent_;
  std::vector<Move> moves_;
  std::vector<ChanceOutcome> outcomes_;
};

}  // namespace

std::unique_ptr<Rules> rules_for(const Game& game, const Variant& base, const GameInput& input) {
  Variant variant = base;
  for (const std::string& setting : input.settings) variant.set_parameter_text(setting);
  for (const std::string& ruling : input.rulings) variant.set_ruling_text(ruling);
  return game.rules(variant, input.players);
}

Playthrough play_and_check(const Rules& rules, const GameInput& input, const PlayOptions& options) {
  Playthrough result;
  const std::int64_t bound = options.max_steps > 0 ? options.max_steps : rules.step_bound();
  std::vector<Move> moves;
  auto fail = [&](std::string property, std::string detail, std::optional<Move> move = {},
                  bool applying = false) {
    result.failure = Failure{std::move(property),
                             std::move(detail),
                             moves,
                             std::min(moves.size(), input.choices.size()),
                             move,
                             applying};
    return result;
  };
  std::vector<std::uint64_t> hashes;  // of every state, for the replay below
  std::optional<CheckedRules> checked;
  if (options.check_properties && options.check_contract) checked.emplace(rules);
  const Rules& play = checked ? static_cast<const Rules&>(*checked) : rules;
  try {
    Walk walk(play, input);
    auto state = rules.initial_state();
    for (;;) {
      // A checker that throws is as much a finding as a move that does.
      const std::vector<Violation> violations =
          options.check_properties ? check_state(rules, *state) : std::vector<Violation>{};
      ++result.steps;
      if (!violations.empty()) {
        const Violation& first = violations.front();
        return fail(first.property, first.detail, first.move);
      }
      if (checked) checked->check_views_around(*state);
      hashes.push_back(state->hash());
      if (rules.node(*state).kind == NodeKind::Terminal) {
        result.ended = true;
        break;
      }
      if (options.stop_after > 0 && static_cast<std::int64_t>(moves.size()) >= options.stop_after) {
        break;
      }
      if (options.stop && options.stop()) {
        result.stopped = true;
        return result;
      }
      if (static_cast<std::int64_t>(moves.size()) >= bound) {
        if (options.endless_allowed) return result;
        return fail("possible-infinite-game",
                    fmt::format("no end within {} moves (the variant's bound)", bound));
      }
      const Move move = walk.next(*state, moves.size());
      EventLog events;
      const Verdict verdict = play.apply(*state, move, &events);
      if (!verdict.is_legal()) {
        return fail("legal-move-applies",
                    fmt::format("'{}' was chosen from the listed moves but rejected: {}",
                                rules.move_text(move), verdict.reason()),
                    move, true);
      }
      for (const Event& event : events) result.clauses.emplace(event.clause);
      moves.push_back(move);
    }
  } catch (const ContractBroken& broken) {
    // An apply promise is about the move after `moves`; a view promise
    // about the state they reach.
    return fail(promise_property(broken.promise), broken.what(), broken.move,
                broken.move.has_value());
  } catch (const std::exception& error) {
    return fail("exception", std::string("the rules threw: ") + error.what());
  }

  // Replaying the same choices gives the same states.
  if (!options.check_properties) return result;
  try {
    Walk walk(rules, input);
    auto state = rules.initial_state();
    for (std::size_t step = 0; step < hashes.size(); ++step) {
      if (state->hash() != hashes[step]) {
        moves.resize(step);
        return fail(
            "replay-deterministic",
            fmt::format("replaying the same choices reached another state at step {}", step));
      }
      if (step + 1 == hashes.size()) break;
      const Move move = walk.next(*state, step);
      if (!rules.apply(*state, move, nullptr).is_legal()) {
        moves.resize(step);
        return fail("replay-deterministic",
                    fmt::format("replaying the same choices, '{}' was rejected at step {}",
                                rules.move_text(move), step),
                    move, true);
      }
    }
  } catch (const std::exception& error) {
    return fail("exception", std::string("replaying the game, the rules threw: ") + error.what());
  }
  return result;
}

}  // namespace grove::checker
