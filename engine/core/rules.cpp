#include "engine/core/rules.hpp"

#include <fmt/format.h>

#include <atomic>
#include <stdexcept>

#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "engine/core/seat.hpp"
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

std::string outcome_text(const Outcome& outcome) {
  std::vector<std::string> winners;
  for (Seat seat : outcome.winners()) winners.push_back(seat_label(seat));
  std::string text =
      winners.size() == 1 ? winners[0] + " wins" : "shared victory: " + join(winners, ", ");
  std::vector<std::string> places;
  for (std::size_t seat = 0; seat < outcome.place.size(); ++seat) {
    std::string entry =
        fmt::format("{} place {}", seat_label(static_cast<Seat>(seat)), outcome.place[seat]);
    if (!outcome.score.empty()) {
      const std::int64_t score = outcome.score[seat];
      entry += fmt::format(" ({} point{})", score, score == 1 ? "" : "s");
    }
    places.push_back(entry);
  }
  return text + "; " + join(places, ", ");
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

Move draw_outcome(const std::vector<ChanceOutcome>& outcomes, Rng& rng, const std::string& game) {
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
  throw std::logic_error("chance probabilities of " + game + " sum to less than 1");
}

MoveUse move_use_of_text(const std::string& text) {
  const std::vector<std::string> words = words_of(text);
  std::size_t verb = 0;
  if (words.size() > 1 && parse_seat_label(words[0])) verb = 1;
  return {words.empty() ? std::string() : words[verb], {}};
}

Verdict Rules::apply_text(State& state, std::string_view text, EventLog* log) const {
  MoveParse parsed = parse_move(text);
  if (!parsed.ok()) return Verdict::illegal(parsed.error);
  return apply(state, parsed.move, log);
}

}  // namespace grove
