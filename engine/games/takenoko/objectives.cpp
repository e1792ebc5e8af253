// Objectives (takenoko_rulebook.md, "Objective validation" and the three
// kinds; takenoko_faq.txt, "Plot objectives", "Gardener Objectives", "Panda
// Objective"): whether a card is met, completing it, drawing one, and the
// score they make.

#include <fmt/format.h>

#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

bool improvement_meets(ImprovementNeed need, Improvement improvement) {
  switch (need) {
    case ImprovementNeed::Any:
      return true;
    case ImprovementNeed::None:
      return improvement == Improvement::None;
    case ImprovementNeed::Enclosure:
      return improvement == Improvement::Enclosure;
    case ImprovementNeed::Fertilizer:
      return improvement == Improvement::Fertilizer;
    case ImprovementNeed::Watershed:
      return improvement == Improvement::Watershed;
  }
  return false;
}

// Whether each plot objective's pattern is on the plantation, remembered
// for the last plantation asked about (per thread): the agents ask for
// every card in hand at every position they look at, and the positions of
// one decision mostly share one plantation.
bool pattern_shown(const Position& position, ObjectiveId objective) {
  enum Known : std::int8_t { kNotWorkedOut = -1, kNo, kYes };
  thread_local PlotsSeen seen;
  thread_local std::array<Known, kObjectiveKinds> known;
  if (!seen.same(position)) {
    seen.take(position);
    known.fill(kNotWorkedOut);
  }
  if (known[objective] == kNotWorkedOut) {
    known[objective] = pattern_present(position, card_of(objective).cells) ? kYes : kNo;
  }
  return known[objective] == kYes;
}

}  // namespace

bool TakenokoRules::fulfilled(const Position& position, Seat seat, ObjectiveId objective) const {
  const ObjectiveCard& card = card_of(objective);
  switch (card.category) {
    case Category::Plot:
      return pattern_shown(position, objective);
    case Category::Gardener: {
      auto meets = [&](const Plot& plot) {
        const bool height =
            settings_.exact_height ? plot.height == card.height : plot.height >= card.height;
        return plot.colour == card.colour && height &&
               improvement_meets(card.need, plot.improvement);
      };
      if (settings_.gardener_on_objective) {
        const Plot* under = position.plot_at(position.gardener);
        if (under == nullptr || !meets(*under)) return false;
      }
      int count = 0;
      for (const Plot& plot : position.plots) count += meets(plot) ? 1 : 0;
      return count >= card.count;
    }
    case Category::Panda: {
      const Player& player = position.players[static_cast<std::size_t>(seat)];
      for (std::size_t colour = 0; colour < kColours; ++colour) {
        if (player.eaten[colour] < card.sections[colour]) return false;
      }
      return true;
    }
  }
  return false;
}

std::string TakenokoRules::shortfall(const Position& position, Seat seat,
                                     ObjectiveId objective) const {
  if (fulfilled(position, seat, objective)) return "";
  const ObjectiveCard& card = card_of(objective);
  switch (card.category) {
    case Category::Plot:
      return fmt::format(
          "the plantation does not show {} (on irrigated plots; rotations count, mirror "
          "images do not)",
          card.description);
    case Category::Gardener: {
      const std::string height = settings_.exact_height ? "exactly" : "at least";
      const std::string where = settings_.gardener_on_objective
                                    ? (card.count == 1 ? ", with the gardener on it"
                                                       : ", with the gardener on one of them") +
                                          std::string(" (ruling tk.gardener_objective_position)")
                                    : "";
      return fmt::format("it needs {} (height {} {}){}", card.description, height, card.height,
                         where);
    }
    case Category::Panda: {
      const Player& player = position.players[static_cast<std::size_t>(seat)];
      std::vector<std::string> held;
      for (std::size_t colour = 0; colour < kColours; ++colour) {
        held.push_back(fmt::format("{} {}", player.eaten[colour], kColourNames[colour]));
      }
      return fmt::format("it needs {}; {}'s board holds {}", card.description, seat_label(seat),
                         join(held, ", "));
    }
  }
  return "";
}

int TakenokoRules::score(const Position& position, Seat seat) const {
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  return (position.emperor == seat ? settings_.emperor_points : 0) + player.completed_points();
}

int TakenokoRules::panda_points(const Position& position, Seat seat) const {
  return position.players[static_cast<std::size_t>(seat)].completed_panda_points();
}

void TakenokoRules::complete(Position& position, ObjectiveId objective, EventLog* log) const {
  const Seat seat = position.turn;
  Player& player = position.players[static_cast<std::size_t>(seat)];
  const ObjectiveCard& card = card_of(objective);
  --player.hand[objective];
  ++player.completed[objective];
  if (card.category == Category::Panda) {
    // The sections go back to the supply (FAQ, Panda Objective).
    for (std::size_t colour = 0; colour < kColours; ++colour) {
      player.eaten[colour] -= card.sections[colour];
      position.bamboo[colour] += card.sections[colour];
    }
  }
  record(log, kClauseObjectiveComplete, seat, [&] {
    return EventText{fmt::format("{} completes {} ({} points): {}", seat_label(seat), card.name,
                                 card.points, card.description),
                     {{"objective", card.name},
                      {"points", std::to_string(card.points)},
                      {"completed", std::to_string(player.completed_count())}}};
  });
  if (position.emperor == kNoSeat && player.completed_count() >= settings_.objectives_to_end) {
    position.emperor = seat;
    record(log, kClauseEmperor, seat, [&] {
      return EventText{
          fmt::format("{} completes objective number {} and takes the Emperor card ({} points); "
                      "everyone else plays one last turn",
                      seat_label(seat), player.completed_count(), settings_.emperor_points)};
    });
  }
}

void TakenokoRules::received_objective(Position& position, ObjectiveId objective,
                                       EventLog* log) const {
  const Seat seat = position.turn;
  const ObjectiveCard& card = card_of(objective);
  if (settings_.advanced_objectives && fulfilled(position, seat, objective)) {
    // Advanced variant: a card the table already meets goes back under its
    // pile and the player draws again, from any pile.
    const auto category = static_cast<std::size_t>(card.category);
    position.objectives[category].bottom.push_back(objective);
    ++position.redrawn[category];
    position.step = Step::RedrawObjective;
    record(log, kClauseObjectiveDiscard, seat, [&] {
      return EventText{
          fmt::format("{} draws {}, which is already fulfilled: it goes under the {} pile",
                      seat_label(seat), card.name, category_name(card.category)),
          {{"objective", card.name}}};
    });
    return;
  }
  ++position.players[static_cast<std::size_t>(seat)].hand[objective];
  position.redrawn = {};
  position.step = Step::Actions;
  record(log, kClauseObjectiveDraw, seat, [&] {
    return EventText{fmt::format("{} draws {}", seat_label(seat), card.name),
                     {{"objective", card.name}}};
  });
}

}  // namespace grove::takenoko
