// The variant's settings, the table before the deal, who decides, the chance
// nodes, the steps that pass by themselves, and the final scores.

#include <fmt/format.h>

#include <stdexcept>

#include "engine/core/errors.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

int small(const Variant& variant, const std::string& name) {
  return static_cast<int>(variant.integer(name));
}

int table_entry(const Variant& variant, const std::string& table, const std::string& key) {
  return static_cast<int>(variant.table(table).at(key));
}

// The pile a category's cards come from, as kinds of that category.
ObjectivePile full_pile(const Settings& settings, Category category) {
  ObjectivePile pile;
  for (std::size_t id = 0; id < objective_cards().size(); ++id) {
    if (objective_cards()[id].category == category) {
      pile.unseen[id] = static_cast<std::uint8_t>(settings.objectives[id]);
    }
  }
  return pile;
}

}  // namespace

Settings read_settings(const Variant& variant, int players) {
  Settings s;
  int tiles = 0;
  for (int tile = 0; tile < kTileKinds; ++tile) {
    s.tiles[static_cast<std::size_t>(tile)] =
        table_entry(variant, "plot_tiles", tile_text(static_cast<Tile>(tile)));
    tiles += s.tiles[static_cast<std::size_t>(tile)];
  }
  for (std::size_t id = 0; id < objective_cards().size(); ++id) {
    const ObjectiveCard& card = objective_cards()[id];
    s.objectives[id] =
        table_entry(variant, std::string(category_name(card.category)) + "_objectives", card.name);
  }
  for (std::size_t colour = 0; colour < kColours; ++colour) {
    s.bamboo[colour] = table_entry(variant, "bamboo_sections", kColourNames[colour]);
  }
  for (std::size_t kind = 0; kind < kImprovementKinds; ++kind) {
    s.improvement_tokens[kind] =
        table_entry(variant, "improvement_tokens", kImprovementNames[kind + 1]);
  }
  s.channels = small(variant, "irrigation_channels");
  s.hand_limit = small(variant, "hand_limit");
  s.objectives_to_end = static_cast<int>(variant.integer_for_players("objectives_to_end", players));
  s.emperor_points = small(variant, "emperor_points");
  s.plots_drawn = small(variant, "plots_drawn");
  s.max_height = small(variant, "max_height");
  s.fertilized_growth = small(variant, "fertilized_growth");
  s.actions_per_turn = small(variant, "actions_per_turn");
  s.weather_die = variant.flag("weather_die");
  s.advanced_objectives = variant.flag("advanced_objectives");

  s.clouds_empty = variant.ruling_as<Settings::CloudsEmpty>(
      "tk.clouds_empty", {{"other_face", Settings::CloudsEmpty::OtherFace},
                          {"move_placed", Settings::CloudsEmpty::MovePlaced}});
  s.gardener_on_objective = variant.ruling_is("tk.gardener_objective_position", "on_plot");
  s.exact_height = variant.ruling_is("tk.gardener_objective_height", "exact");
  s.channel_needs_two_plots = variant.ruling_is("tk.channel_beside_empty", "two_plots");
  s.repeat_when_too_few = variant.ruling_is("tk.too_few_actions", "repeat");
  s.actions_optional = variant.ruling_is("tk.actions_optional", "optional");
  s.stand_in_sections = variant.ruling_is("tk.bamboo_supply", "stand_in");
  s.rain_on_full_bamboo = variant.ruling_is("tk.rain_at_max", "allowed");
  s.fertilized_first_growth = variant.ruling_is("tk.fertilizer_first_growth", "two");
  s.keep_last_when_exhausted = variant.ruling_is("tk.advanced_exhausted", "keep_last");

  // Without a plot tile nobody could ever move the gardener or the panda,
  // and every turn would pass with nothing to do.
  if (tiles == 0) {
    throw InputError({}, "plot_tiles",
                     "plot_tiles are all 0: the plantation needs at least one plot tile");
  }
  return s;
}

TakenokoRules::TakenokoRules(const Game& game, const Variant& variant, int players)
    : TypedRules(game, variant, players), settings_(read_settings(variant, players)) {}

Position TakenokoRules::fresh_position() const {
  Position position;
  for (std::size_t tile = 0; tile < kTileKinds; ++tile) {
    position.tiles.unseen[tile] = static_cast<std::uint8_t>(settings_.tiles[tile]);
  }
  for (int category = 0; category < kCategories; ++category) {
    position.objectives[static_cast<std::size_t>(category)] =
        full_pile(settings_, static_cast<Category>(category));
  }
  position.bamboo = settings_.bamboo;
  position.channel_reserve = settings_.channels;
  position.improvement_reserve = settings_.improvement_tokens;
  position.players.resize(static_cast<std::size_t>(players()));
  return position;
}

Position TakenokoRules::initial_position() const {
  Position position = fresh_position();
  advance(position, nullptr);
  return position;
}

Node TakenokoRules::node_at(const Position& position) const {
  switch (position.step) {
    case Step::Over:
      return Node{NodeKind::Terminal, kNoSeat, false};
    case Step::Deal:
    case Step::Weather:
    case Step::DrawPlots:
    case Step::DrawObjective:
      return Node{NodeKind::Chance, kNoSeat, false};
    default:
      return Node{NodeKind::Decision, position.turn, false};
  }
}

void TakenokoRules::chance_outcomes_at(const Position& position,
                                       std::vector<ChanceOutcome>& outcomes) const {
  outcomes.clear();
  // Each outcome's move built whole (make_move): a Move kept here with its
  // argument changed before each copy stalled every copy on that store.
  auto from_pile = [&](std::uint16_t kind, Seat seat, const auto& unseen, int total) {
    for (std::size_t piece = 0; piece < unseen.size(); ++piece) {
      if (unseen[piece] == 0) continue;
      outcomes.push_back(ChanceOutcome{make_move(kind, seat, {static_cast<int>(piece)}),
                                       Probability(unseen[piece], static_cast<unsigned>(total))});
    }
  };
  switch (position.step) {
    case Step::Deal: {
      const ObjectivePile& pile =
          position.objectives[static_cast<std::size_t>(position.dealt % kCategories)];
      from_pile(kDeal, position.dealt / kCategories, pile.unseen, pile.unseen_count());
      break;
    }
    case Step::Weather:
      for (int face = static_cast<int>(Weather::Sun); face <= static_cast<int>(Weather::Question);
           ++face) {
        outcomes.push_back(
            ChanceOutcome{make_move(kRollWeather, position.turn, {face}), Probability(1, 6)});
      }
      break;
    case Step::DrawPlots:
      from_pile(kDrawPlot, position.turn, position.tiles.unseen, position.tiles.unseen_count());
      break;
    case Step::DrawObjective: {
      const ObjectivePile& pile = position.objectives[static_cast<std::size_t>(position.drawing)];
      from_pile(kDrawObjective, position.turn, pile.unseen, pile.unseen_count());
      break;
    }
    default:
      break;
  }
}

void TakenokoRules::start_turn(Position& position) const {
  position.weather = Weather::None;
  position.actions_used = 0;
  position.actions_taken = 0;
  position.drawn.clear();
  position.plots_to_draw = 0;
  position.kept = kNoTile;
  position.redrawn = {};
  // The weather die comes into play in the second round (Determine weather
  // conditions, Important).
  position.step = settings_.weather_die && position.round >= 2 ? Step::Weather : Step::Actions;
}

void TakenokoRules::end_turn(Position& position, EventLog* log) const {
  const Seat seat = position.turn;
  const Seat next = next_seat(seat, players());
  record(log, kClauseTurnEnd, seat, [&] {
    return EventText{fmt::format("{} ends the turn", seat_label(seat)),
                     {{"next", seat_label(next)}}};
  });
  // The Emperor's holder has played the turn that triggered the end; once
  // everyone else has had one more, the game is over.
  if (position.emperor != kNoSeat && next == position.emperor) {
    position.step = Step::Over;
    position.turn = next;
    record(log, kClauseGameOver, kNoSeat, [&] {
      std::vector<std::string> scores;
      for (Seat other = 0; other < players(); ++other) {
        scores.push_back(fmt::format("{} {}", seat_label(other), score(position, other)));
      }
      return EventText{"the game is over: " + join(scores, ", ")};
    });
    return;
  }
  if (next == 0) ++position.round;
  position.turn = next;
  start_turn(position);
}

void TakenokoRules::advance(Position& position, EventLog* log) const {
  // Each pass either returns at a decision or chance node, or makes progress
  // that cannot repeat forever; the bound only guards against a bug.
  for (int guard = 0; guard < 10000; ++guard) {
    switch (position.step) {
      case Step::Deal: {
        if (position.dealt == players() * kCategories) {
          position.turn = 0;
          position.round = 1;
          start_turn(position);
          continue;
        }
        const ObjectivePile& pile =
            position.objectives[static_cast<std::size_t>(position.dealt % kCategories)];
        if (pile.unseen_count() == 0) {  // a variant without cards of this category
          ++position.dealt;
          continue;
        }
        return;
      }
      case Step::DrawPlots: {
        if (position.plots_to_draw == 0 || position.tiles.size() == 0) {
          position.plots_to_draw = 0;
          position.step = Step::KeepPlot;
          continue;
        }
        if (position.tiles.unseen_count() > 0) return;
        // Only the tiles put back under the pile are left: their order is known.
        const Tile tile = position.tiles.bottom.front();
        position.tiles.bottom.erase(position.tiles.bottom.begin());
        position.drawn.push_back(tile);
        --position.plots_to_draw;
        record(log, kClausePlotDraw, position.turn, [&] {
          return EventText{fmt::format("{} draws {} (from under the pile)",
                                       seat_label(position.turn), tile_text(tile)),
                           {{"tile", tile_text(tile)}}};
        });
        continue;
      }
      case Step::KeepPlot: {
        std::vector<Move> moves;
        legal_moves_at(position, moves);
        if (moves.size() > 1) return;
        if (moves.empty()) throw std::logic_error("takenoko: a plot action without tiles");
        apply_decision(position, moves.front(), log);  // nothing to choose
        continue;
      }
      case Step::DrawObjective: {
        ObjectivePile& pile = position.objectives[static_cast<std::size_t>(position.drawing)];
        if (pile.size() == 0) {
          position.step = Step::Actions;
          continue;
        }
        if (pile.unseen_count() > 0) return;
        const ObjectiveId objective = pile.bottom.front();
        pile.bottom.erase(pile.bottom.begin());
        received_objective(position, objective, log);
        continue;
      }
      case Step::RedrawObjective: {
        std::vector<Move> moves;
        legal_moves_at(position, moves);
        if (!moves.empty()) return;
        // Every card left has been put back during this action.
        record(log, kClauseObjectiveExhausted, position.turn, [&] {
          return EventText{fmt::format("every objective left was already fulfilled: {} draws none",
                                       seat_label(position.turn))};
        });
        if (settings_.keep_last_when_exhausted) {
          ObjectivePile& pile = position.objectives[static_cast<std::size_t>(position.drawing)];
          const ObjectiveId objective = pile.bottom.back();
          pile.bottom.pop_back();
          ++position.players[static_cast<std::size_t>(position.turn)].hand[objective];
          record(log, kClauseObjectiveDraw, position.turn, [&] {
            return EventText{
                fmt::format("{} keeps {}", seat_label(position.turn), card_of(objective).name),
                {{"objective", card_of(objective).name}}};
          });
        }
        position.redrawn = {};
        position.step = Step::Actions;
        continue;
      }
      case Step::Actions: {
        // The turn ends by itself when ending it is all that is left.
        bool action_left = false;
        for (int action = 0; action < kActions && !action_left; ++action) {
          action_left = action_allowed(position, static_cast<Action>(action));
        }
        if (action_left) return;
        // With no action left, ending the turn is allowed, and it is all
        // that is left unless a free move is.
        if (any_free_move(position)) return;
        if (log && position.actions_taken < settings_.actions_per_turn) {
          record(log, kClauseTooFewActions, position.turn, [&] {
            return EventText{
                fmt::format("{} can take no further action this turn", seat_label(position.turn)),
                {{"actions", std::to_string(position.actions_taken)}}};
          });
        }
        end_turn(position, log);
        continue;
      }
      default:
        return;
    }
  }
  throw std::logic_error("takenoko: advance() made no progress");
}

Outcome TakenokoRules::outcome_at(const Position& position) const {
  Outcome result;
  const auto n = static_cast<std::size_t>(players());
  result.place.assign(n, 1);
  result.score.assign(n, 0);
  // Highest score; ties broken by panda objective points; still tied: shared.
  std::vector<std::pair<int, int>> standing(n);
  for (Seat seat = 0; seat < players(); ++seat) {
    const auto at = static_cast<std::size_t>(seat);
    standing[at] = {score(position, seat), panda_points(position, seat)};
    result.score[at] = standing[at].first;
  }
  for (std::size_t seat = 0; seat < n; ++seat) {
    int better = 0;
    for (const auto& theirs : standing) better += theirs > standing[seat] ? 1 : 0;
    result.place[seat] = better + 1;
  }
  return result;
}

std::int64_t TakenokoRules::step_bound() const {
  // Random games of the standard variant that end take a few hundred to
  // about 3,500 moves. Many never end: once every tile is placed, a hand full
  // of plot objectives the plantation does not show can never be emptied, and
  // the gardener and the panda can always move. Such games are cut here and
  // reported as possibly infinite.
  return 5000;
}

}  // namespace grove::takenoko
