#include "engine/core/rules.hpp"

#include <stdexcept>

#include "engine/core/game.hpp"
#include "engine/core/yaml_input.hpp"

namespace grove {

std::vector<Seat> Outcome::winners() const {
  std::vector<Seat> seats;
  for (std::size_t seat = 0; seat < place.size(); ++seat) {
    if (place[seat] == 1) seats.push_back(static_cast<Seat>(seat));
  }
  return seats;
}

Rules::Rules(const Game& game, Variant variant, int players)
    : game_(&game), variant_(std::move(variant)), players_(players) {}

Move Rules::sample_chance(const State& state, Rng& rng) const {
  std::vector<ChanceOutcome> outcomes;
  chance_outcomes(state, outcomes);
  if (outcomes.empty()) throw std::logic_error("sample_chance on a node without outcomes");
  // Draw exactly: put every probability over the common denominator and pick
  // a uniform integer below it.
  uint128 common = 1;
  for (const auto& outcome : outcomes) {
    uint128 denominator = outcome.probability.denominator();
    uint128 a = common, b = denominator;
    while (b != 0) {
      uint128 t = a % b;
      a = b;
      b = t;
    }
    common = common / a * denominator;
  }
  uint128 ticket = rng.below(common);
  for (const auto& outcome : outcomes) {
    uint128 share = outcome.probability.numerator() * (common / outcome.probability.denominator());
    if (ticket < share) return outcome.move;
    ticket -= share;
  }
  throw std::logic_error("chance probabilities of " + game_->name + " sum to less than 1");
}

std::string Rules::board(const State& state) const { return state_summary(state); }

std::optional<std::string> Rules::score_sheet(const State&) const { return std::nullopt; }

std::vector<std::string> Rules::invariant_violations(const State&) const { return {}; }

std::uint64_t Rules::view_hash(const State& state) const { return state.hash(); }

std::string Rules::observation(const State& state, Seat) const {
  return yaml_inline(state_to_yaml(state));
}

Verdict Rules::apply_text(State& state, std::string_view text, EventLog* log) const {
  MoveParse parsed = parse_move(text);
  if (!parsed.ok()) return Verdict::illegal(parsed.error);
  return apply(state, parsed.move, log);
}

}  // namespace grove
