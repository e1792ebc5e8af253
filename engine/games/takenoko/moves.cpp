// What a player may do, and why anything else is refused
// (takenoko_rulebook.md, "Playing the game" and the five actions;
// takenoko_faq.txt, "Mechanic", "Standard actions", "Weather conditions").
// legal_moves() and rejection() must agree exactly: rejection() explains the
// common mistakes in the game's words, and anything it lets through must
// still be in the legal list (an action at the actions step is accepted on
// the listing's own conditions, without listing its kind).

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/words.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

bool is_chance_kind(std::uint16_t kind) {
  return kind == kDeal || kind == kRollWeather || kind == kDrawPlot || kind == kDrawObjective;
}

Hex hex_arg(const Move& move, std::size_t first) {
  return Hex{move.args[first], move.args[first + 1]};
}

std::uint8_t bit(Action action) {
  return static_cast<std::uint8_t>(1U << static_cast<unsigned>(action));
}

const char* action_name(Action action) { return kActionNames[static_cast<std::size_t>(action)]; }

// Which action a move takes, if it is one.
std::optional<Action> action_of(const Move& move) {
  switch (move.kind) {
    case kTakePlots:
      return Action::Plots;
    case kTakeChannel:
      return Action::Irrigation;
    case kMoveGardener:
      return Action::Gardener;
    case kMovePanda:
      return Action::Panda;
    case kTakeObjective:
      return Action::Objective;
    default:
      return std::nullopt;
  }
}

// How many arguments an action's move uses: where the gardener or panda
// goes, the objective pile, or none.
int action_arguments(const Move& move) {
  switch (move.kind) {
    case kMoveGardener:
    case kMovePanda:
      return 2;
    case kTakeObjective:
      return 1;
    default:
      return 0;
  }
}

}  // namespace

// --- Questions about the turn ------------------------------------------------

bool TakenokoRules::action_possible(const Position& position, Action action) const {
  switch (action) {
    case Action::Plots:
      // There is always an empty space next to the pond or next to two plots.
      return position.tiles.size() > 0;
    case Action::Irrigation:
      return position.channel_reserve > 0;
    case Action::Gardener:
    case Action::Panda: {
      const Hex from = action == Action::Gardener ? position.gardener : position.panda;
      return std::any_of(kDirections.begin(), kDirections.end(),
                         [&](const Hex& step) { return position.placed(from + step); });
    }
    case Action::Objective: {
      const Player& player = position.players[static_cast<std::size_t>(position.turn)];
      if (player.hand_size() >= settings_.hand_limit) return false;
      return std::any_of(position.objectives.begin(), position.objectives.end(),
                         [](const ObjectivePile& pile) { return pile.size() > 0; });
    }
  }
  return false;
}

TakenokoRules::ActionBar TakenokoRules::action_bar(const Position& position, Action action) const {
  const int limit = settings_.actions_per_turn + (position.weather == Weather::Sun ? 1 : 0);
  if (position.actions_taken >= limit) return ActionBar::AllTaken;
  if ((position.actions_used & bit(action)) != 0 && position.weather != Weather::Wind &&
      (!settings_.repeat_when_too_few || other_action_possible(position))) {
    return ActionBar::Repeated;
  }
  return action_possible(position, action) ? ActionBar::None : ActionBar::Impossible;
}

std::optional<std::string> TakenokoRules::action_rejection(const Position& position,
                                                           Action action) const {
  // The seat's label only for a refusal: most calls accept.
  const auto who = [&] { return seat_label(position.turn); };
  switch (action_bar(position, action)) {
    case ActionBar::None:
      return std::nullopt;
    case ActionBar::AllTaken: {
      const bool sun = position.weather == Weather::Sun;
      return fmt::format("{} has taken the {} actions of this turn{}", who(),
                         settings_.actions_per_turn + (sun ? 1 : 0),
                         sun ? " (with the sun's)" : "");
    }
    case ActionBar::Repeated:
      return fmt::format(
          "{} has already taken the {} action this turn: the actions of a turn are "
          "different unless the wind blows{}",
          who(), action_name(action),
          other_action_possible(position) ? "" : " (ruling tk.too_few_actions=fewer)");
    case ActionBar::Impossible:
      break;
  }
  switch (action) {
    case Action::Plots:
      return "the plot pile is empty";
    case Action::Irrigation:
      return "no irrigation channel is left in the reserve";
    case Action::Gardener:
      return "the gardener has nowhere to go";
    case Action::Panda:
      return "the panda has nowhere to go";
    case Action::Objective: {
      const Player& player = position.players[static_cast<std::size_t>(position.turn)];
      if (player.hand_size() >= settings_.hand_limit) {
        return fmt::format(
            "{} holds {} objectives, the most a hand may hold: complete one before "
            "drawing another",
            who(), player.hand_size());
      }
      return "every objective pile is empty";
    }
  }
  return std::nullopt;
}

bool TakenokoRules::other_action_possible(const Position& position) const {
  for (int other = 0; other < kActions; ++other) {
    const auto candidate = static_cast<Action>(other);
    if ((position.actions_used & bit(candidate)) == 0 && action_possible(position, candidate)) {
      return true;
    }
  }
  return false;
}

bool TakenokoRules::action_allowed(const Position& position, Action action) const {
  return action_bar(position, action) == ActionBar::None;
}

bool TakenokoRules::may_end_turn(const Position& position) const {
  if (settings_.actions_optional || position.actions_taken >= settings_.actions_per_turn)
    return true;
  for (int action = 0; action < kActions; ++action) {
    if (action_allowed(position, static_cast<Action>(action))) return false;
  }
  return true;
}

bool TakenokoRules::improvement_spot_open(const Plot* plot) const {
  return plot != nullptr && plot->improvement == Improvement::None && plot->height <= 0;
}

bool TakenokoRules::rain_allowed(const Plot* plot) const {
  return plot != nullptr && plot->at != kPond && plot->irrigated &&
         (settings_.rain_on_full_bamboo || plot->height < settings_.max_height);
}

std::optional<std::string> TakenokoRules::improvement_spot_problem(const Position& position,
                                                                   const Hex& at) const {
  const Plot* plot = position.plot_at(at);
  if (improvement_spot_open(plot)) return std::nullopt;
  if (plot == nullptr) return fmt::format("there is no plot at {}", hex_text(at));
  if (plot->improvement != Improvement::None) {
    const std::string name = improvement_name(plot->improvement);
    return fmt::format("the plot at {} already has {} (one improvement per plot)", hex_text(at),
                       plot->printed ? "a printed " + name : with_article(name));
  }
  if (plot->height > 0) {
    return fmt::format("the plot at {} carries bamboo (improvements go on plots without bamboo)",
                       hex_text(at));
  }
  return std::nullopt;
}

std::optional<std::string> TakenokoRules::rain_problem(const Position& position,
                                                       const Hex& at) const {
  const Plot* plot = position.plot_at(at);
  if (rain_allowed(plot)) return std::nullopt;
  if (at == kPond) return "the pond carries no bamboo";
  if (plot == nullptr) return fmt::format("there is no plot at {}", hex_text(at));
  if (!plot->irrigated) {
    return fmt::format("the plot at {} is not irrigated (the rain does not irrigate)",
                       hex_text(at));
  }
  if (!settings_.rain_on_full_bamboo && plot->height >= settings_.max_height) {
    return fmt::format(
        "the bamboo at {} is at its maximum height (ruling tk.rain_at_max=not_allowed)",
        hex_text(at));
  }
  return std::nullopt;
}

std::optional<std::string> TakenokoRules::move_problem(const Position& position, const Hex& from,
                                                       const Hex& to, const char* piece) const {
  if (to == from) {
    return fmt::format("the {} must move at least one plot (it is already at {})", piece,
                       hex_text(to));
  }
  const int steps = distance(from, to);
  for (const Hex& step : kDirections) {
    if (Hex{from.q + step.q * steps, from.r + step.r * steps} != to) continue;
    for (int i = 1; i <= steps; ++i) {
      const Hex at{from.q + step.q * i, from.r + step.r * i};
      if (!position.placed(at)) {
        return fmt::format("the {} cannot cross or stop on the empty space at {}", piece,
                           hex_text(at));
      }
    }
    return std::nullopt;
  }
  return fmt::format("{} is not in a straight line from the {} at {}", hex_text(to), piece,
                     hex_text(from));
}

// --- The legal moves ---------------------------------------------------------

void TakenokoRules::legal_moves_at(const Position& position, std::vector<Move>& moves) const {
  legal_moves_of_kind(position, moves, 0);
}

template <class Visit>
bool TakenokoRules::each_free_move(const Position& position, std::uint16_t only,
                                   Visit visit) const {
  const Seat seat = position.turn;
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  const auto wants = [&](MoveKind kind) { return only == 0 || only == kind; };
  for (std::size_t id = 0; id < kObjectiveKinds && wants(kComplete); ++id) {
    if (player.hand[id] > 0 && fulfilled(position, seat, static_cast<ObjectiveId>(id)) &&
        !visit(make_move(kComplete, seat, {static_cast<int>(id)}))) {
      return true;
    }
  }
  if (player.channels > 0 && wants(kPlaceChannel)) {
    for (const Edge& edge : channel_spots(position, settings_.channel_needs_two_plots)) {
      if (!visit(make_move(kPlaceChannel, seat, {edge.a.q, edge.a.r, edge.b.q, edge.b.r}))) {
        return true;
      }
    }
  }
  for (int kind = 1; kind <= kImprovementKinds && wants(kPlaceImprovement); ++kind) {
    if (player.improvements[static_cast<std::size_t>(kind - 1)] == 0) continue;
    for (const Plot& plot : position.plots) {
      if (improvement_spot_open(&plot) &&
          !visit(make_move(kPlaceImprovement, seat, {kind, plot.at.q, plot.at.r}))) {
        return true;
      }
    }
  }
  return false;
}

void TakenokoRules::free_moves(const Position& position, std::vector<Move>& moves,
                               std::uint16_t only) const {
  each_free_move(position, only, [&](const Move& move) {
    moves.push_back(move);
    return true;
  });
}

bool TakenokoRules::listed(const Position& position, const Move& move) const {
  // A free move is found by walking the free moves until it shows: every
  // move a search plays is checked here, and listing them all (each
  // objective in hand checked, every channel spot) is most of the cost.
  const bool free_kind =
      move.kind == kComplete || move.kind == kPlaceChannel || move.kind == kPlaceImprovement;
  if (free_kind && (position.step == Step::Actions || position.step == Step::ApplyWeather)) {
    return each_free_move(position, move.kind, [&](const Move& free) { return free != move; });
  }
  std::vector<Move> legal;
  legal_moves_of_kind(position, legal, move.kind);
  return std::find(legal.begin(), legal.end(), move) != legal.end();
}

bool TakenokoRules::any_free_move(const Position& position) const {
  return each_free_move(position, 0, [](const Move&) { return false; });
}

void TakenokoRules::weather_moves(const Position& position, std::vector<Move>& moves) const {
  const Seat seat = position.turn;
  auto choose_from = [&](std::initializer_list<Weather> faces) {
    for (Weather face : faces)
      moves.push_back(make_move(kChooseWeather, seat, {static_cast<int>(face)}));
  };
  switch (position.weather) {
    case Weather::Question:
      choose_from({Weather::Sun, Weather::Rain, Weather::Wind, Weather::Storm, Weather::Clouds});
      break;
    case Weather::Rain:
      for (const Plot& plot : position.plots) {
        if (rain_allowed(&plot)) moves.push_back(make_move(kRain, seat, {plot.at.q, plot.at.r}));
      }
      break;
    case Weather::Storm:
      if (position.panda != kPond) moves.push_back(make_move(kStorm, seat, {0, 0}));
      for (const Plot& plot : position.plots) {
        if (plot.at != position.panda)
          moves.push_back(make_move(kStorm, seat, {plot.at.q, plot.at.r}));
      }
      std::sort(moves.begin(), moves.end());
      break;
    case Weather::Clouds: {
      bool any = false;
      for (int kind = 1; kind <= kImprovementKinds; ++kind) {
        if (position.improvement_reserve[static_cast<std::size_t>(kind - 1)] > 0) {
          moves.push_back(make_move(kTakeImprovement, seat, {kind}));
          any = true;
        }
      }
      if (any) break;
      if (settings_.clouds_empty == Settings::CloudsEmpty::OtherFace) {
        choose_from({Weather::Sun, Weather::Rain, Weather::Wind, Weather::Storm});
        break;
      }
      for (const Plot& from : position.plots) {
        if (from.improvement == Improvement::None || from.printed) continue;
        for (const Plot& to : position.plots) {
          if (improvement_spot_open(&to)) {
            moves.push_back(make_move(
                kMoveImprovement, seat,
                {static_cast<int>(from.improvement), from.at.q, from.at.r, to.at.q, to.at.r}));
          }
        }
      }
      break;
    }
    default:
      break;
  }
  moves.push_back(make_move(kIgnoreWeather, seat));
}

void TakenokoRules::legal_moves_of_kind(const Position& position, std::vector<Move>& moves,
                                        std::uint16_t only) const {
  moves.clear();
  const Seat seat = position.turn;
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  const auto wants = [&](MoveKind kind) { return only == 0 || only == kind; };
  switch (position.step) {
    case Step::ApplyWeather:
      weather_moves(position, moves);
      free_moves(position, moves, only);
      return;
    case Step::Actions: {
      if (wants(kTakePlots) && action_allowed(position, Action::Plots)) {
        moves.push_back(make_move(kTakePlots, seat));
      }
      if (wants(kTakeChannel) && action_allowed(position, Action::Irrigation)) {
        moves.push_back(make_move(kTakeChannel, seat));
      }
      if (wants(kMoveGardener) && action_allowed(position, Action::Gardener)) {
        for (const Hex& to : straight_destinations(position, position.gardener)) {
          moves.push_back(make_move(kMoveGardener, seat, {to.q, to.r}));
        }
      }
      if (wants(kMovePanda) && action_allowed(position, Action::Panda)) {
        for (const Hex& to : straight_destinations(position, position.panda)) {
          moves.push_back(make_move(kMovePanda, seat, {to.q, to.r}));
        }
      }
      if (wants(kTakeObjective) && action_allowed(position, Action::Objective)) {
        for (int category = 0; category < kCategories; ++category) {
          if (position.objectives[static_cast<std::size_t>(category)].size() > 0) {
            moves.push_back(make_move(kTakeObjective, seat, {category}));
          }
        }
      }
      free_moves(position, moves, only);
      if (wants(kEndTurn) && may_end_turn(position)) moves.push_back(make_move(kEndTurn, seat));
      return;
    }
    case Step::KeepPlot: {
      // Keep one kind; the others go under the pile in either order.
      std::vector<Tile> drawn(position.drawn.begin(), position.drawn.end());
      std::sort(drawn.begin(), drawn.end());
      for (std::size_t i = 0; i < drawn.size(); ++i) {
        if (i > 0 && drawn[i] == drawn[i - 1]) continue;
        std::vector<Tile> rest = drawn;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
        do {
          Move keep = make_move(kKeepPlot, seat, {drawn[i]});
          for (std::size_t slot = 0; slot < rest.size(); ++slot) {
            keep.args[slot + 1] = static_cast<std::int16_t>(rest[slot] + 1);
          }
          moves.push_back(keep);
        } while (std::next_permutation(rest.begin(), rest.end()));
      }
      return;
    }
    case Step::PlacePlot: {
      const bool printed = printed_of(position.kept) != Improvement::None;
      for (const Hex& at : plot_spots(position)) {
        moves.push_back(make_move(kPlacePlot, seat, {position.kept, at.q, at.r, 0}));
        if (printed) continue;
        // The FAQ lets a kept improvement go on a new plot before it grows.
        for (int kind = 1; kind <= kImprovementKinds; ++kind) {
          if (player.improvements[static_cast<std::size_t>(kind - 1)] > 0) {
            moves.push_back(make_move(kPlacePlot, seat, {position.kept, at.q, at.r, kind}));
          }
        }
      }
      return;
    }
    case Step::RedrawObjective:
      for (int category = 0; category < kCategories; ++category) {
        const ObjectivePile& pile = position.objectives[static_cast<std::size_t>(category)];
        // A pile holding only cards put back in this action has nothing new.
        const bool cycled =
            pile.unseen_count() == 0 && static_cast<int>(pile.bottom.size()) <=
                                            position.redrawn[static_cast<std::size_t>(category)];
        if (pile.size() > 0 && !cycled)
          moves.push_back(make_move(kTakeObjective, seat, {category}));
      }
      return;
    default:
      return;
  }
}

// --- Why a move is refused -----------------------------------------------------

std::optional<std::string> TakenokoRules::chance_rejection(const Position& position,
                                                           const Move& move) const {
  auto in_pile = [&](const auto& unseen, const std::string& what) -> std::optional<std::string> {
    const int kind = move.args[0];
    if (!move.uses_only(1) || kind < 0 || kind >= static_cast<int>(unseen.size()) ||
        unseen[static_cast<std::size_t>(kind)] == 0) {
      return fmt::format("that {} is not among those still unseen in the pile", what);
    }
    return std::nullopt;
  };
  switch (position.step) {
    case Step::Deal: {
      const Seat seat = position.dealt / kCategories;
      const auto category = static_cast<Category>(position.dealt % kCategories);
      if (move.kind != kDeal || move.seat != seat) {
        return fmt::format("a {} objective is to be dealt to {} now, not '{}'",
                           category_name(category), seat_label(seat), move_text(move));
      }
      if (move.args[0] >= 0 && move.args[0] < kObjectiveKinds &&
          card_of(static_cast<ObjectiveId>(move.args[0])).category != category) {
        return fmt::format("the next card dealt to {} is a {} objective", seat_label(seat),
                           category_name(category));
      }
      return in_pile(position.objectives[static_cast<std::size_t>(category)].unseen,
                     "objective card");
    }
    case Step::Weather:
      if (move.kind != kRollWeather || move.seat != position.turn) {
        return fmt::format("the weather die is rolled for {} now, not '{}'",
                           seat_label(position.turn), move_text(move));
      }
      if (!move.uses_only(1) || move.args[0] < static_cast<int>(Weather::Sun) ||
          move.args[0] > static_cast<int>(Weather::Question)) {
        return "the weather die has the faces sun, rain, wind, storm, clouds and question";
      }
      return std::nullopt;
    case Step::DrawPlots:
      if (move.kind != kDrawPlot || move.seat != position.turn) {
        return fmt::format("{} draws a plot tile now, not '{}'", seat_label(position.turn),
                           move_text(move));
      }
      return in_pile(position.tiles.unseen, "plot tile");
    case Step::DrawObjective:
      if (move.kind != kDrawObjective || move.seat != position.turn) {
        return fmt::format("{} draws a {} objective now, not '{}'", seat_label(position.turn),
                           category_name(position.drawing), move_text(move));
      }
      if (move.args[0] >= 0 && move.args[0] < kObjectiveKinds &&
          card_of(static_cast<ObjectiveId>(move.args[0])).category != position.drawing) {
        return fmt::format("{} draws from the {} pile", seat_label(position.turn),
                           category_name(position.drawing));
      }
      return in_pile(position.objectives[static_cast<std::size_t>(position.drawing)].unseen,
                     "objective card");
    default:
      return fmt::format("chance has nothing to do: {}", words_for(position.step).doing);
  }
}

std::optional<std::string> TakenokoRules::rejection(const Position& position,
                                                    const Move& move) const {
  if (position.step == Step::Over) return "the game is over";
  const Node here = node_at(position);
  if (here.kind == NodeKind::Chance) return chance_rejection(position, move);
  const Seat seat = here.actor;
  // The seat's label only for a refusal: most calls accept.
  const auto who = [&] { return seat_label(seat); };
  if (is_chance_kind(move.kind)) {
    return fmt::format("nothing is rolled, dealt or drawn now: {} is to {}", who(),
                       words_for(position.step).doing);
  }
  if (move.seat != seat) {
    return fmt::format("it is {}'s turn, not {}'s", who(), seat_label(move.seat));
  }
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  const bool free_time = position.step == Step::Actions || position.step == Step::ApplyWeather;
  const bool weather_time = position.step == Step::ApplyWeather;

  std::optional<std::string> why;
  switch (move.kind) {
    case kTakePlots:
    case kTakeChannel:
    case kMoveGardener:
    case kMovePanda:
    case kTakeObjective: {
      const Action action = *action_of(move);
      if (position.step == Step::RedrawObjective && move.kind == kTakeObjective) {
        if (move.args[0] >= 0 && move.args[0] < kCategories &&
            position.objectives[static_cast<std::size_t>(move.args[0])].size() == 0) {
          why = fmt::format("the {} objective pile is empty",
                            category_name(static_cast<Category>(move.args[0])));
        }
        break;
      }
      if (position.step == Step::ApplyWeather) {
        why = fmt::format("{} first uses or ignores the weather ({}), then takes actions", who(),
                          weather_name(position.weather));
        break;
      }
      if (position.step != Step::Actions) break;
      if ((why = action_rejection(position, action))) break;
      if (move.kind == kMoveGardener)
        why = move_problem(position, position.gardener, hex_arg(move, 0), "gardener");
      if (move.kind == kMovePanda)
        why = move_problem(position, position.panda, hex_arg(move, 0), "panda");
      if (move.kind == kTakeObjective && move.args[0] >= 0 && move.args[0] < kCategories &&
          position.objectives[static_cast<std::size_t>(move.args[0])].size() == 0) {
        why = fmt::format("the {} objective pile is empty",
                          category_name(static_cast<Category>(move.args[0])));
      }
      // What let the move through is what lists it (legal_moves_of_kind),
      // so with nothing stray in its arguments it is listed: listing every
      // move of its kind to find it was a tenth of exploring Takenoko's
      // small variant.
      if (!why && move.uses_only(action_arguments(move)) &&
          (move.kind != kTakeObjective || (move.args[0] >= 0 && move.args[0] < kCategories))) {
        return std::nullopt;
      }
      break;
    }
    case kPlaceChannel: {
      if (!free_time) break;
      if (player.channels == 0) {
        why = fmt::format(
            "{} has no irrigation channel on their board (the irrigation action takes one)", who());
        break;
      }
      const Hex a = hex_arg(move, 0);
      const Hex b = hex_arg(move, 2);
      std::string problem =
          channel_problem(position, edge_between(a, b), settings_.channel_needs_two_plots);
      if (!problem.empty()) why = problem;
      break;
    }
    case kPlaceImprovement: {
      if (!free_time) break;
      const int kind = move.args[0];
      if (kind < 1 || kind > kImprovementKinds) break;
      if (player.improvements[static_cast<std::size_t>(kind - 1)] == 0) {
        why = fmt::format("{} keeps no {} token", who(),
                          improvement_name(static_cast<Improvement>(kind)));
        break;
      }
      why = improvement_spot_problem(position, hex_arg(move, 1));
      break;
    }
    case kComplete: {
      if (!free_time) break;
      const int id = move.args[0];
      if (id < 0 || id >= kObjectiveKinds) break;
      const auto objective = static_cast<ObjectiveId>(id);
      if (player.hand[objective] == 0) {
        why = fmt::format("{} does not hold {}", who(), card_of(objective).name);
        break;
      }
      std::string missing = shortfall(position, seat, objective);
      if (!missing.empty())
        why = fmt::format("{} is not fulfilled: {}", card_of(objective).name, missing);
      break;
    }
    case kEndTurn:
      if (position.step != Step::Actions) break;
      if (!may_end_turn(position)) {
        why = fmt::format(
            "{} has {} action(s) to take still (two different actions a turn; ruling "
            "tk.actions_optional=mandatory)",
            who(), settings_.actions_per_turn - position.actions_taken);
      } else if (move.uses_only(0)) {
        return std::nullopt;  // listed on the same condition
      }
      break;
    case kKeepPlot: {
      std::vector<Move> legal;
      legal_moves_of_kind(position, legal, kKeepPlot);
      if (position.step == Step::KeepPlot &&
          std::find(legal.begin(), legal.end(), move) == legal.end()) {
        std::vector<std::string> names;
        for (Tile tile : position.drawn) names.push_back(tile_text(tile));
        why = fmt::format(
            "{} drew {}: keep one of them and name each of the others once, in the order "
            "they go under the pile",
            who(), join(names, ", "));
      }
      break;
    }
    case kPlacePlot: {
      if (position.step != Step::PlacePlot) break;
      if (move.args[0] != position.kept) {
        why = fmt::format("{} kept {}", who(), tile_text(position.kept));
        break;
      }
      std::string problem = plot_spot_problem(position, hex_arg(move, 1));
      if (!problem.empty()) {
        why = problem;
        break;
      }
      const int kind = move.args[3];
      if (kind >= 1 && kind <= kImprovementKinds) {
        if (printed_of(position.kept) != Improvement::None) {
          why = fmt::format("{} has a printed improvement already", tile_text(position.kept));
        } else if (player.improvements[static_cast<std::size_t>(kind - 1)] == 0) {
          why = fmt::format("{} keeps no {} token", who(),
                            improvement_name(static_cast<Improvement>(kind)));
        }
      }
      break;
    }
    case kChooseWeather:
    case kRain:
    case kStorm:
    case kTakeImprovement:
    case kMoveImprovement:
    case kIgnoreWeather: {
      if (!weather_time) {
        why = fmt::format("there is no weather to use now: {} is to {}", who(),
                          words_for(position.step).doing);
        break;
      }
      const Weather face = position.weather;
      const bool clouds_left =
          std::any_of(position.improvement_reserve.begin(), position.improvement_reserve.end(),
                      [](int count) { return count > 0; });
      const bool choosing =
          face == Weather::Question || (face == Weather::Clouds && !clouds_left &&
                                        settings_.clouds_empty == Settings::CloudsEmpty::OtherFace);
      if (move.kind == kChooseWeather && !choosing) {
        why = fmt::format("the weather is {}: there is no face to choose", weather_name(face));
      } else if (move.kind == kChooseWeather && face == Weather::Clouds &&
                 move.args[0] == static_cast<int>(Weather::Clouds)) {
        why =
            "no improvement is left for the clouds: choose sun, rain, wind or storm (ruling "
            "tk.clouds_empty=other_face)";
      } else if (move.kind == kRain && face != Weather::Rain) {
        why = fmt::format("the weather is {}, not rain", weather_name(face));
      } else if (move.kind == kRain) {
        why = rain_problem(position, hex_arg(move, 0));
      } else if (move.kind == kStorm && face != Weather::Storm) {
        why = fmt::format("the weather is {}, not storm", weather_name(face));
      } else if (move.kind == kStorm && hex_arg(move, 0) == position.panda) {
        why = fmt::format("the storm must send the panda to another plot (it is at {})",
                          hex_text(position.panda));
      } else if (move.kind == kStorm && !position.placed(hex_arg(move, 0))) {
        why = fmt::format("there is no plot at {}", hex_text(hex_arg(move, 0)));
      } else if ((move.kind == kTakeImprovement || move.kind == kMoveImprovement) &&
                 face != Weather::Clouds) {
        why = fmt::format("the weather is {}, not clouds", weather_name(face));
      } else if (move.kind == kTakeImprovement && move.args[0] >= 1 &&
                 move.args[0] <= kImprovementKinds &&
                 position.improvement_reserve[static_cast<std::size_t>(move.args[0] - 1)] == 0) {
        why = fmt::format("no {} token is left in the reserve",
                          improvement_name(static_cast<Improvement>(move.args[0])));
      } else if (move.kind == kMoveImprovement && clouds_left) {
        why = "improvement tokens are left in the reserve: take one";
      } else if (move.kind == kMoveImprovement &&
                 settings_.clouds_empty != Settings::CloudsEmpty::MovePlaced) {
        why =
            "moving a placed improvement is the rulebook's reading (ruling "
            "tk.clouds_empty=move_placed)";
      } else if (move.kind == kMoveImprovement) {
        const Plot* from = position.plot_at(hex_arg(move, 1));
        if (from == nullptr || from->improvement == Improvement::None || from->printed) {
          why = fmt::format("there is no improvement token at {} (printed ones never move)",
                            hex_text(hex_arg(move, 1)));
        } else {
          why = improvement_spot_problem(position, hex_arg(move, 3));
        }
      }
      break;
    }
    default:
      break;
  }
  if (why) return why;
  // Whatever the explanations above let through must be a listed move.
  if (listed(position, move)) return std::nullopt;
  return fmt::format("'{}' is not possible now: {} is to {}", move_text(move), who(),
                     words_for(position.step).doing);
}

}  // namespace grove::takenoko
