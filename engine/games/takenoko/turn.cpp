// A turn of Takenoko (takenoko_rulebook.md, "Playing the game": the weather,
// then the actions; takenoko_faq.txt where it clarifies): what each move does
// to the table.

#include <fmt/format.h>

#include "engine/core/words.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

Hex hex_arg(const Move& move, std::size_t first) {
  return Hex{move.args[first], move.args[first + 1]};
}

std::string sections_text(int sections) {
  return sections == 1 ? "1 section" : std::to_string(sections) + " sections";
}

}  // namespace

void TakenokoRules::play(Position& position, const Move& move, EventLog* log) const {
  if (node_at(position).kind == NodeKind::Chance) {
    apply_chance(position, move, log);
  } else {
    apply_decision(position, move, log);
  }
  advance(position, log);
}

void TakenokoRules::apply_chance(Position& position, const Move& move, EventLog* log) const {
  const Seat seat = move.seat;
  const std::string who = seat_label(seat);
  switch (move.kind) {
    case kDeal: {
      const auto objective = static_cast<ObjectiveId>(move.args[0]);
      --position.objectives[static_cast<std::size_t>(card_of(objective).category)]
            .unseen[objective];
      ++position.players[static_cast<std::size_t>(seat)].hand[objective];
      ++position.dealt;
      record(log, kClauseDeal, seat, [&] {
        return EventText{fmt::format("{} is dealt {}", who, card_of(objective).name),
                         {{"objective", card_of(objective).name}}};
      });
      return;
    }
    case kRollWeather: {
      const auto face = static_cast<Weather>(move.args[0]);
      record(log, kClauseWeatherRoll, seat, [&] {
        return EventText{fmt::format("{} rolls {}", who, weather_name(face)),
                         {{"face", weather_name(face)}}};
      });
      start_weather(position, face, log);
      return;
    }
    case kDrawPlot: {
      const auto tile = static_cast<Tile>(move.args[0]);
      --position.tiles.unseen[tile];
      position.drawn.push_back(tile);
      --position.plots_to_draw;
      record(log, kClausePlotDraw, seat, [&] {
        return EventText{fmt::format("{} draws {}", who, tile_text(tile)),
                         {{"tile", tile_text(tile)}}};
      });
      return;
    }
    case kDrawObjective: {
      const auto objective = static_cast<ObjectiveId>(move.args[0]);
      --position.objectives[static_cast<std::size_t>(position.drawing)].unseen[objective];
      received_objective(position, objective, log);
      return;
    }
    default:
      return;
  }
}

void TakenokoRules::start_weather(Position& position, Weather face, EventLog* log) const {
  const Seat seat = position.turn;
  const std::string who = seat_label(seat);
  position.weather = face;
  position.step = Step::Actions;
  switch (face) {
    case Weather::Sun:
      record(log, kClauseSun, seat, [&] {
        return EventText{
            fmt::format("sun: {} may take a third action, different from the other two", who)};
      });
      return;
    case Weather::Wind:
      record(log, kClauseWind, seat,
             [&] { return EventText{fmt::format("wind: {}'s two actions may be the same", who)}; });
      return;
    case Weather::Clouds: {
      const bool left =
          std::any_of(position.improvement_reserve.begin(), position.improvement_reserve.end(),
                      [](int count) { return count > 0; });
      if (!left && log) {
        record(log, kClauseCloudsEmpty, seat, [&] {
          return EventText{
              settings_.clouds_empty == Settings::CloudsEmpty::OtherFace
                  ? "clouds, but no improvement is left: the player chooses another face"
                  : "clouds, but no improvement is left: the player may move a placed one"};
        });
      }
      position.step = Step::ApplyWeather;
      return;
    }
    default:
      position.step = Step::ApplyWeather;
      return;
  }
}

void TakenokoRules::take_action(Position& position, Action action) const {
  position.actions_used =
      static_cast<std::uint8_t>(position.actions_used | 1U << static_cast<unsigned>(action));
  ++position.actions_taken;
}

void TakenokoRules::grow(Position& position, Plot& plot, std::string_view clause,
                         EventLog* log) const {
  // Fertilizer doubles every growth; the first irrigation's too unless
  // ruling tk.fertilizer_first_growth says one.
  const bool fertilized = plot.improvement == Improvement::Fertilizer &&
                          (clause != kClauseFirstIrrigation || settings_.fertilized_first_growth);
  const int sections = fertilized ? settings_.fertilized_growth : 1;
  const auto colour = static_cast<std::size_t>(plot.colour);
  const int wanted = std::min(sections, settings_.max_height - plot.height);
  int grown = 0;
  for (; grown < wanted; ++grown) {
    // Under the stand-in ruling one colour may be below zero, so the pieces
    // really left are the supply's total.
    const int total = position.bamboo[0] + position.bamboo[1] + position.bamboo[2];
    if (position.bamboo[colour] > 0 && total > 0) {
      --position.bamboo[colour];
      continue;
    }
    if (!settings_.stand_in_sections || total <= 0) {
      record(log, kClauseShort, kNoSeat, [&] {
        return EventText{fmt::format("no {} section is left in the supply for {}",
                                     colour_name(plot.colour), hex_text(plot.at)),
                         {{"at", hex_text(plot.at)}}};
      });
      break;
    }
    // Another colour's section stands in: the supply of this colour goes
    // below zero by as many as are borrowed.
    --position.bamboo[colour];
    record(log, kClauseStandIn, kNoSeat, [&] {
      return EventText{fmt::format("no {} section is left: one of another colour stands in at {}",
                                   colour_name(plot.colour), hex_text(plot.at)),
                       {{"at", hex_text(plot.at)}}};
    });
  }
  plot.height += grown;
  if (log && wanted > 0) {
    record(log, clause, position.turn, [&] {
      return EventText{fmt::format("{} grows {} at {} (now {})", colour_name(plot.colour),
                                   sections_text(grown), hex_text(plot.at), plot.height),
                       {{"at", hex_text(plot.at)},
                        {"sections", std::to_string(grown)},
                        {"height", std::to_string(plot.height)}}};
    });
  }
}

void TakenokoRules::irrigate(Position& position, Plot& plot, EventLog* log) const {
  if (plot.irrigated) return;
  plot.irrigated = true;
  grow(position, plot, kClauseFirstIrrigation, log);
}

void TakenokoRules::place_improvement(Position& position, Plot& plot, Improvement improvement,
                                      EventLog* log) const {
  plot.improvement = improvement;
  plot.printed = false;
  record(log, kClauseImprovementPlace, position.turn, [&] {
    return EventText{fmt::format("{} places {} on {}", seat_label(position.turn),
                                 with_article(improvement_name(improvement)), hex_text(plot.at)),
                     {{"improvement", improvement_name(improvement)}, {"at", hex_text(plot.at)}}};
  });
  if (improvement == Improvement::Watershed) irrigate(position, plot, log);
}

void TakenokoRules::panda_eats(Position& position, const Hex& at, EventLog* log) const {
  Plot* plot = position.plot_at(at);
  if (plot == nullptr || plot->height == 0) return;
  const Seat seat = position.turn;
  if (plot->improvement == Improvement::Enclosure) {
    record(log, kClauseEnclosure, seat, [&] {
      return EventText{fmt::format("the enclosure at {} keeps the panda from eating", hex_text(at)),
                       {{"at", hex_text(at)}}};
    });
    return;
  }
  --plot->height;
  ++position.players[static_cast<std::size_t>(seat)].eaten[static_cast<std::size_t>(plot->colour)];
  record(log, kClausePandaEat, seat, [&] {
    return EventText{fmt::format("the panda eats a {} section at {}; {} keeps it",
                                 colour_name(plot->colour), hex_text(at), seat_label(seat)),
                     {{"at", hex_text(at)}, {"colour", colour_name(plot->colour)}}};
  });
}

void TakenokoRules::apply_decision(Position& position, const Move& move, EventLog* log) const {
  const Seat seat = position.turn;
  const std::string who = seat_label(seat);
  Player& player = position.players[static_cast<std::size_t>(seat)];
  switch (move.kind) {
    case kTakePlots:
      take_action(position, Action::Plots);
      position.plots_to_draw = std::min(settings_.plots_drawn, position.tiles.size());
      position.step = Step::DrawPlots;
      return;
    case kTakeChannel:
      take_action(position, Action::Irrigation);
      --position.channel_reserve;
      ++player.channels;
      record(log, kClauseChannelTake, seat, [&] {
        return EventText{
            fmt::format("{} takes an irrigation channel ({} on the board)", who, player.channels)};
      });
      return;
    case kMoveGardener: {
      take_action(position, Action::Gardener);
      const Hex to = hex_arg(move, 0);
      position.gardener = to;
      record(log, kClauseGardenerMove, seat, [&] {
        return EventText{fmt::format("{} moves the gardener to {}", who, hex_text(to)),
                         {{"to", hex_text(to)}}};
      });
      const Plot* there = position.plot_at(to);
      if (there == nullptr) return;  // the pond: nothing grows
      // The destination and its neighbours of the same colour grow where
      // irrigated; the FAQ: neighbours grow even when the destination is not
      // irrigated.
      const Colour colour = there->colour;
      // They grow at the same moment; when the supply runs short the order
      // decides which get a section: the destination, then clockwise from
      // the east (reversed for the explorer's order check).
      std::array<Hex, 7> cells{};
      cells[0] = to;
      for (std::size_t i = 0; i < kDirections.size(); ++i) cells[i + 1] = to + kDirections[i];
      order_simultaneous(cells);
      for (const Hex& at : cells) {
        Plot* plot = position.plot_at(at);
        if (plot == nullptr || plot->colour != colour || !plot->irrigated) continue;
        grow(position, *plot, kClauseGardenerGrow, log);
      }
      return;
    }
    case kMovePanda: {
      take_action(position, Action::Panda);
      const Hex to = hex_arg(move, 0);
      position.panda = to;
      record(log, kClausePandaMove, seat, [&] {
        return EventText{fmt::format("{} moves the panda to {}", who, hex_text(to)),
                         {{"to", hex_text(to)}}};
      });
      panda_eats(position, to, log);
      return;
    }
    case kTakeObjective:
      if (position.step == Step::Actions) take_action(position, Action::Objective);
      position.drawing = static_cast<Category>(move.args[0]);
      position.step = Step::DrawObjective;
      return;
    case kKeepPlot: {
      position.kept = static_cast<Tile>(move.args[0]);
      std::vector<std::string> returned;
      for (std::size_t slot = 1; slot < kMaxPlotsDrawn; ++slot) {
        if (move.args[slot] == 0) continue;
        const auto tile = static_cast<Tile>(move.args[slot] - 1);
        position.tiles.bottom.push_back(tile);
        returned.push_back(tile_text(tile));
      }
      position.drawn.clear();
      position.step = Step::PlacePlot;
      record(log, kClausePlotKeep, seat, [&] {
        return EventText{fmt::format("{} keeps {}{}", who, tile_text(position.kept),
                                     returned.empty() ? ""
                                                      : " and puts " + join(returned, " then ") +
                                                            " under the pile"),
                         {{"tile", tile_text(position.kept)}, {"returned", join(returned, " ")}}};
      });
      return;
    }
    case kPlacePlot: {
      const Hex at = hex_arg(move, 1);
      Plot fresh;
      fresh.at = at;
      fresh.colour = colour_of(position.kept);
      fresh.improvement = printed_of(position.kept);
      fresh.printed = fresh.improvement != Improvement::None;
      position.kept = kNoTile;
      position.step = Step::Actions;
      Plot& plot = position.add_plot(fresh);
      record(log, kClausePlotPlace, seat, [&] {
        return EventText{
            fmt::format("{} places {} at {}", who, tile_text(static_cast<Tile>(move.args[0])),
                        hex_text(at)),
            {{"at", hex_text(at)}, {"tile", tile_text(static_cast<Tile>(move.args[0]))}}};
      });
      if (move.args[3] != 0) {
        const auto improvement = static_cast<Improvement>(move.args[3]);
        --player.improvements[token_index(improvement)];
        plot.improvement = improvement;
        record(log, kClauseImprovementPlace, seat, [&] {
          return EventText{fmt::format("{} places {} on the new plot at {}", who,
                                       with_article(improvement_name(improvement)), hex_text(at)),
                           {{"improvement", improvement_name(improvement)}, {"at", hex_text(at)}}};
        });
      }
      if (plot.improvement == Improvement::Watershed || watered_by_neighbours(position, at)) {
        irrigate(position, plot, log);
      }
      return;
    }
    case kPlaceChannel: {
      const Edge edge = edge_between(hex_arg(move, 0), hex_arg(move, 2));
      --player.channels;
      position.add_channel(edge);
      record(log, kClauseChannelPlace, seat, [&] {
        return EventText{fmt::format("{} places a channel between {} and {}", who, hex_text(edge.a),
                                     hex_text(edge.b)),
                         {{"between", edge_text(edge)}}};
      });
      for (const Hex& side : {edge.a, edge.b}) {
        if (Plot* plot = position.plot_at(side)) irrigate(position, *plot, log);
      }
      return;
    }
    case kPlaceImprovement: {
      const auto improvement = static_cast<Improvement>(move.args[0]);
      --player.improvements[token_index(improvement)];
      place_improvement(position, *position.plot_at(hex_arg(move, 1)), improvement, log);
      return;
    }
    case kComplete:
      complete(position, static_cast<ObjectiveId>(move.args[0]), log);
      return;
    case kEndTurn:
      end_turn(position, log);
      return;
    case kChooseWeather: {
      const auto face = static_cast<Weather>(move.args[0]);
      if (log) {
        // The '?' face, or clouds with no improvement left (tk.clouds_empty).
        const bool clouds = position.weather == Weather::Clouds;
        record(log, clouds ? kClauseCloudsEmpty : kClauseQuestion, seat, [&] {
          return EventText{fmt::format("{} chooses {}{}", who, weather_name(face),
                                       clouds ? " instead of the clouds" : ""),
                           {{"face", weather_name(face)}}};
        });
      }
      start_weather(position, face, log);
      return;
    }
    case kRain: {
      Plot& plot = *position.plot_at(hex_arg(move, 0));
      record(log, kClauseRain, seat, [&] {
        return EventText{fmt::format("{} lets the rain fall on {}", who, hex_text(plot.at)),
                         {{"at", hex_text(plot.at)}}};
      });
      grow(position, plot, kClauseRain, log);
      position.step = Step::Actions;
      return;
    }
    case kStorm: {
      const Hex to = hex_arg(move, 0);
      position.panda = to;
      record(log, kClauseStorm, seat, [&] {
        return EventText{fmt::format("the storm frightens the panda to {}", hex_text(to)),
                         {{"to", hex_text(to)}}};
      });
      panda_eats(position, to, log);
      position.step = Step::Actions;
      return;
    }
    case kTakeImprovement: {
      const auto improvement = static_cast<Improvement>(move.args[0]);
      --position.improvement_reserve[token_index(improvement)];
      ++player.improvements[token_index(improvement)];
      position.step = Step::Actions;
      record(log, kClauseClouds, seat, [&] {
        return EventText{fmt::format("clouds: {} takes {} (to place now or later)", who,
                                     with_article(improvement_name(improvement))),
                         {{"improvement", improvement_name(improvement)}}};
      });
      return;
    }
    case kMoveImprovement: {
      const auto improvement = static_cast<Improvement>(move.args[0]);
      Plot& from = *position.plot_at(hex_arg(move, 1));
      from.improvement = Improvement::None;
      position.step = Step::Actions;
      record(log, kClauseImprovementMove, seat, [&] {
        return EventText{
            fmt::format("clouds: {} moves the {} from {}", who, improvement_name(improvement),
                        hex_text(from.at)),
            {{"improvement", improvement_name(improvement)}, {"from", hex_text(from.at)}}};
      });
      place_improvement(position, *position.plot_at(hex_arg(move, 3)), improvement, log);
      return;
    }
    case kIgnoreWeather:
      record(log, kClauseWeatherIgnored, seat, [&] {
        return EventText{
            fmt::format("{} ignores the weather ({})", who, weather_name(position.weather))};
      });
      position.step = Step::Actions;
      return;
    default:
      return;
  }
}

}  // namespace grove::takenoko
