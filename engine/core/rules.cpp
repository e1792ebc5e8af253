#include "engine/core/rules.hpp"

#include <atomic>
#include <stdexcept>

#include "engine/core/game.hpp"
#include "engine/core/words.hpp"
#include "engine/core/yaml_input.hpp"

namespace grove {

std::vector<Seat> Outcome::winners() const {
  std::vector<Seat> seats;
  for (std::size_t seat = 0; seat < place.size(); ++seat) {
    if (place[seat] == 1) seats.push_back(static_cast<Seat>(seat));
  }
  return seats;
}

namespace {

// 1 for the first rules made, 2 for the next, ... (from any thread).
std::uint64_t next_instance_id() {
  static std::atomic<std::uint64_t> made{0};
  return ++made;
}

}  // namespace

Rules::Rules(const Game& game, Variant variant, int players)
    : game_(&game),
      variant_(std::move(variant)),
      players_(players),
      instance_id_(next_instance_id()) {}

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

double Rules::heuristic(const State& state, Seat seat) const {
  if (node(state).kind != NodeKind::Terminal) return 0;
  return outcome(state).place[static_cast<std::size_t>(seat)] == 1 ? 1 : 0;
}

void Rules::heuristics(const State& state, std::vector<double>& values) const {
  values.resize(static_cast<std::size_t>(players_));
  for (Seat seat = 0; seat < players_; ++seat) {
    values[static_cast<std::size_t>(seat)] = heuristic(state, seat);
  }
}

std::unique_ptr<State> Rules::determinize(const State& state, Seat, Rng&) const {
  if (!game_->perfect_information) {
    throw std::logic_error(
        game_->name + " hides information but cannot determinize a state (Rules::determinize)");
  }
  return state.clone();
}

MoveUse Rules::move_use(const State&, const Move& move) const {
  // "P1 pass panda to P2" -> "pass"; a chance outcome ("roll P1 ...") is
  // its first word.
  const std::vector<std::string> words = words_of(move_text(move));
  std::size_t verb = 0;
  if (words.size() > 1 && parse_seat_label(words[0])) verb = 1;
  return {words.empty() ? std::string() : words[verb], {}};
}

std::vector<GameMetric> Rules::game_metrics(const State&, const EventLog&) const { return {}; }

Verdict Rules::apply_text(State& state, std::string_view text, EventLog* log) const {
  MoveParse parsed = parse_move(text);
  if (!parsed.ok()) return Verdict::illegal(parsed.error);
  return apply(state, parsed.move, log);
}

}  // namespace grove
