// A turn of Bamboo Harvest (bamboo_harvest.txt, "Turn sequence" steps 1-4 and
// "Goal"): build, clear the disturbance token, swap, harvest, manage deeds.
// Steps with nothing to decide happen by themselves in advance().

#include <fmt/format.h>

#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {
namespace {

std::string reeds_word(int reeds) {
  return reeds == 1 ? "1 reed" : std::to_string(reeds) + " reeds";
}

}  // namespace

void BhRules::play(Position& position, const Move& move, EventLog* log) const {
  switch (position.step) {
    case Step::DealForest:
    case Step::DealDeeds:
    case Step::SetupDiscard:
    case Step::PlaceTokens:
      apply_setup(position, move, log);
      break;
    default:
      apply_turn(position, move, log);
      break;
  }
  advance(position, log);
}

void BhRules::apply_turn(Position& position, const Move& move, EventLog* log) const {
  const Seat seat = position.turn;
  Player& player = position.players[static_cast<std::size_t>(seat)];
  // Named only for the log, which agents do not keep.
  const auto who = [seat] { return seat_label(seat); };
  const auto card = static_cast<Card>(move.args[0]);
  switch (move.kind) {
    case kDraw:
      draw_card(position, card, log);
      return;
    case kBuild: {
      const int cell = move.args[0];
      const auto deed = static_cast<Card>(move.args[1]);
      Cell& here = position.forest[static_cast<std::size_t>(cell)];
      player.reeds -= settings_.build_cost;
      player.deeds.remove(deed);
      player.face_up.remove(deed);
      discard(position, deed);
      here.state = CellState::Built;
      here.who = static_cast<std::int8_t>(seat);
      position.built = is_wild(deed) ? BuildMade::Wild : BuildMade::Regular;
      record(log, kClauseBuild, seat, [&] {
        return EventText{fmt::format("{} pays {} reeds, discards {} and builds on {} ({})", who(),
                                     settings_.build_cost, card_text(deed), grid().cell_text(cell),
                                     card_text(here.card)),
                         {{"cell", grid().cell_text(cell)},
                          {"deed", card_text(deed)},
                          {"wild", is_wild(deed) ? "true" : "false"}}};
      });
      if (settings_.token_win_immediately && position.built == BuildMade::Regular &&
          wins_by_tokens(position, seat, log)) {
        return;
      }
      end_build_step(position, log);
      return;
    }
    case kSkipBuild:
      end_build_step(position, log);
      return;
    case kSwap: {
      const int first = move.args[0];
      const int second = move.args[1];
      const auto deed = static_cast<Card>(move.args[2]);
      const int disturbed = move.args[3];
      const int cost = swap_cost(first, second);
      player.reeds -= cost;
      std::swap(position.forest[static_cast<std::size_t>(first)].card,
                position.forest[static_cast<std::size_t>(second)].card);
      Cell& marked = position.forest[static_cast<std::size_t>(disturbed)];
      marked.state = CellState::Disturbed;
      marked.who = static_cast<std::int8_t>(seat);
      record(log, kClauseSwap, seat, [&] {
        return EventText{
            fmt::format("{} swaps {} and {} with {} for {} and disturbs {}", who(),
                        grid().cell_text(first), grid().cell_text(second), card_text(deed),
                        reeds_word(cost), grid().cell_text(disturbed)),
            {{"cost", std::to_string(cost)},
             {"edges", std::to_string(grid().distance(first, second))},
             {"disturbed", grid().cell_text(disturbed)}}};
      });
      if (is_wild(deed)) {
        ++position.wild_swaps[static_cast<std::size_t>(wild_index(deed))];
        record(log, kClauseWildMarked, seat, [&] {
          return EventText{fmt::format("{} is marked as used for a swap", card_text(deed))};
        });
      }
      if (!settings_.swap_deed_kept) {
        player.deeds.remove(deed);
        player.face_up.remove(deed);
        discard(position, deed);
        record(log, kClauseSwapDeedDiscarded, seat,
               [&] { return EventText{fmt::format("{} discards {}", who(), card_text(deed))}; });
      }
      position.step = settings_.buy_before_harvest ? Step::BuyBefore : Step::Harvest;
      return;
    }
    case kSkipSwap:
      position.step = settings_.buy_before_harvest ? Step::BuyBefore : Step::Harvest;
      return;
    case kHarvest:
      harvest(position, move.args[0], move.args[1], log);
      return;
    case kBuy:
      player.reeds -= settings_.buy_price;
      ++position.buys;
      ++position.pending_draws;
      record(log, kClauseBuy, seat, [&] {
        return EventText{
            fmt::format("{} pays {} reeds to draw a deed", who(), settings_.buy_price)};
      });
      return;
    case kSkipBuy:
      position.step = position.step == Step::BuyBefore ? Step::Harvest : Step::Redraw;
      return;
    case kRedraw:
      player.deeds.remove(card);
      player.face_up.remove(card);
      position.drawn.remove(card);
      discard(position, card);
      ++position.redraws;
      ++position.pending_draws;
      position.redraw_offer = kNoCard;
      record(log, kClauseRedraw, seat, [&] {
        return EventText{fmt::format("{} discards {} to draw again", who(), card_text(card))};
      });
      return;
    case kKeep:
      if (position.redraw_offer != kNoCard) {
        position.redraw_offer = kNoCard;
      } else {
        position.step = Step::Discard;
      }
      return;
    case kDiscard:
      player.deeds.remove(card);
      player.face_up.remove(card);
      discard(position, card);
      record(log, kClauseHandLimit, seat, [&] {
        return EventText{fmt::format("{} discards {} (hand limit {})", who(), card_text(card),
                                     settings_.hand_limit)};
      });
      return;
    case kReveal:
      player.face_up.add(card);
      record(log, kClauseReveal, seat, [&] {
        return EventText{fmt::format("{} lays {} face up", who(), card_text(card)),
                         {{"card", card_text(card)}}};
      });
      return;
    case kEndTurn:
      end_turn(position, log);
      return;
    default:
      return;
  }
}

void BhRules::harvest(Position& position, int token, int cell, EventLog* log) const {
  Player& player = position.players[static_cast<std::size_t>(position.turn)];
  const int rank = rank_of(position.forest[static_cast<std::size_t>(cell)].card);
  // The card and those matching it next to the token: at most four.
  HarvestCells cells{cell};
  if (settings_.harvest_all_matching) {
    grid().for_each_neighbour(token, [&](int next) {
      const Cell& other = position.forest[static_cast<std::size_t>(next)];
      if (next != cell && other.vacant() && rank_of(other.card) == rank) cells.push_back(next);
    });
  }
  int reeds = 0;
  int draws = 0;
  for (int harvested : cells) {
    const Card card = position.forest[static_cast<std::size_t>(harvested)].card;
    if (is_face(card)) {
      ++draws;
    } else {
      reeds += reeds_for(card);
    }
  }
  player.reeds += reeds;
  position.pending_draws += draws;
  position.harvested |= std::uint64_t{1} << token;
  // "P1's token on b2 harvests a1 (3 of bamboo), ...": for the log only.
  const auto harvest_text = [&] {
    std::vector<std::string> names;
    for (int harvested : cells) {
      names.push_back(
          fmt::format("{} ({})", grid().cell_text(harvested),
                      card_text(position.forest[static_cast<std::size_t>(harvested)].card)));
    }
    return fmt::format("{}'s token on {} harvests {}", seat_label(position.turn),
                       grid().cell_text(token), join(names, ", "));
  };
  if (draws > 0) {
    record(log, kClauseHarvestDraw, position.turn, [&] {
      return EventText{
          fmt::format("{}: {} deed draw{}", harvest_text(), draws, draws == 1 ? "" : "s"),
          {{"token", grid().cell_text(token)}, {"draws", std::to_string(draws)}}};
    });
  } else {
    record(log, kClauseHarvestReeds, position.turn, [&] {
      return EventText{fmt::format("{}: {}", harvest_text(), reeds_word(reeds)),
                       {{"token", grid().cell_text(token)},
                        {"reeds", std::to_string(reeds)},
                        {"cards", std::to_string(cells.size())}}};
    });
  }
}

void BhRules::draw_card(Position& position, Card card, EventLog* log) const {
  const Seat seat = position.turn;
  Player& player = position.players[static_cast<std::size_t>(seat)];
  position.draw_pile.remove(card);
  player.deeds.add(card);  // face down
  position.drawn.add(card);
  --position.pending_draws;
  record(log, kClauseDraw, seat, [&] {
    return EventText{fmt::format("{} draws {}, face down", seat_label(seat), card_text(card)),
                     {{"card", card_text(card)}}};
  });
  if (!settings_.redraw_any_drawn && position.redraws < settings_.redraws_per_turn) {
    position.redraw_offer = card;
  }
  if (settings_.reshuffle_when_emptied && position.draw_pile.empty()) reshuffle(position, log);
}

void BhRules::reshuffle(Position& position, EventLog* log) const {
  if (position.discard_pile.empty()) return;
  position.draw_pile = position.discard_pile;
  position.discard_pile.clear();
  record(log, kClauseReshuffle, kNoSeat, [&] {
    return EventText{fmt::format("the discard pile ({} cards) is shuffled into a new draw pile",
                                 position.draw_pile.size()),
                     {{"cards", std::to_string(position.draw_pile.size())}}};
  });
}

void BhRules::discard(Position& position, Card card) const {
  position.discard_pile.add(card);
  if (is_wild(card) && !settings_.wild_marker_stays) {
    position.wild_swaps[static_cast<std::size_t>(wild_index(card))] = 0;
  }
}

void BhRules::end_build_step(Position& position, EventLog* log) const {
  const Seat seat = position.turn;
  const BuildMade built = position.built;
  position.built = BuildMade::None;
  // "Your winning build must be with a regular, non-wild deed card."
  const bool wild_step = built == BuildMade::Wild;
  const bool needs_regular = settings_.wild_path == Settings::WildPath::RegularBuildNeeded;
  const bool may_win = !wild_step && (!needs_regular || built == BuildMade::Regular);
  const bool by_tokens =
      settings_.tokens_to_win > 0 && position.tokens_of(seat, grid()) >= settings_.tokens_to_win;
  if (auto path = winning_path(position, seat)) {
    if (may_win) {
      std::vector<std::string> cells;
      for (int cell : *path) cells.push_back(grid().cell_text(cell));
      record(log, kClauseWinPath, seat, [&] {
        return EventText{
            fmt::format("{} has a winning path: {}", seat_label(seat), join(cells, " ")),
            {{"path", join(cells, " ")}}};
      });
      finish(position, seat, WinKind::Path, log);
      return;
    }
    if (log && !by_tokens) {
      record(log, kClauseWildPath, seat, [&] {
        return EventText{fmt::format("{} has a complete path, but {}", seat_label(seat),
                                     wild_step
                                         ? "this build step's build used a wild deed"
                                         : "no regular deed was built with in this build step")};
      });
    }
  }
  if (by_tokens) {
    if (may_win && wins_by_tokens(position, seat, log)) return;
    record(log, kClauseWildPath, seat, [&] {
      return EventText{
          fmt::format("{} has enough tokens to win, but the build step's build was not "
                      "with a regular deed",
                      seat_label(seat))};
    });
  }
  // Step 2 begins by clearing the player's disturbance token, swap or not.
  for (int cell = 0; cell < grid().cells(); ++cell) {
    Cell& here = position.forest[static_cast<std::size_t>(cell)];
    if (here.state == CellState::Disturbed && here.who == seat) {
      here.state = CellState::Vacant;
      here.who = kNoSeat;
      record(log, kClauseClearDisturbance, seat, [&] {
        return EventText{fmt::format("{} clears the disturbance token from {}", seat_label(seat),
                                     grid().cell_text(cell)),
                         {{"cell", grid().cell_text(cell)}}};
      });
    }
  }
  position.step = Step::Swap;
}

bool BhRules::wins_by_tokens(Position& position, Seat seat, EventLog* log) const {
  const int tokens = position.tokens_of(seat, grid());
  if (settings_.tokens_to_win == 0 || tokens < settings_.tokens_to_win) return false;
  record(log, kClauseWinTokens, seat, [&] {
    return EventText{fmt::format("{} has {} tokens on the board", seat_label(seat), tokens),
                     {{"tokens", std::to_string(tokens)}}};
  });
  finish(position, seat, WinKind::Tokens, log);
  return true;
}

void BhRules::end_turn(Position& position, EventLog* log) const {
  record(log, kClauseTurnEnd, position.turn,
         [&] { return EventText{seat_label(position.turn) + "'s turn ends"}; });
  position.turn = next_seat(position.turn, players());
  position.step = Step::Build;
  position.harvested = 0;
  position.pending_draws = 0;
  position.redraws = 0;
  position.buys = 0;
  position.redraw_offer = kNoCard;
  position.drawn.clear();
  position.built = BuildMade::None;
}

void BhRules::finish(Position& position, Seat winner, WinKind how, EventLog* log) const {
  position.step = Step::Over;
  position.won_by = how;
  position.winner = how == WinKind::MostTokens || how == WinKind::Stalled ? kNoSeat : winner;
  position.redraw_offer = kNoCard;
  position.pending_draws = 0;
  record(log, kClauseGameOver, winner, [&] {
    return EventText{how == WinKind::MostTokens
                         ? std::string("the game ends: most tokens on the board wins")
                     : how == WinKind::Stalled ? std::string("the game ends in a draw")
                                               : seat_label(winner) + " wins",
                     {{"winner", winner == kNoSeat ? "" : seat_label(winner)}}};
  });
}

void BhRules::advance(Position& position, EventLog* log) const {
  // Turns that passed without anyone deciding anything or drawing a card.
  // After two such rounds the position repeats forever (the first round
  // clears the disturbance tokens), so the game can never end.
  int idle_turns = 0;
  while (position.step != Step::Over) {
    if (idle_turns >= 2 * players()) {
      record(log, kClauseStalled, kNoSeat, [&] {
        return EventText{
            "nobody has anything left to decide: the game can never end and is a draw"};
      });
      finish(position, kNoSeat, WinKind::Stalled, log);
      return;
    }
    if (position.redraw_offer != kNoCard) return;
    if (position.pending_draws > 0 || position.step == Step::DealDeeds) {
      const bool dealing = position.step == Step::DealDeeds;
      if (dealing && position.setup_moves >= settings_.deeds_dealt * players()) {
        position.step = Step::SetupDiscard;
        position.setup_moves = 0;
        continue;
      }
      if (!position.draw_pile.empty()) return;  // a chance node: the next card
      if (!position.discard_pile.empty()) {
        reshuffle(position, log);
        return;
      }
      if (dealing) {  // nothing left to deal: the deal stops short
        position.step = Step::SetupDiscard;
        position.setup_moves = 0;
        continue;
      }
      if (settings_.empty_piles == Settings::EmptyPiles::GameEnds) {
        record(log, kClauseNothingToDraw, position.turn, [&] {
          return EventText{"the draw and discard piles are both empty (bh.empty_piles=game_ends)"};
        });
        finish(position, kNoSeat, WinKind::MostTokens, log);
        return;
      }
      record(log, kClauseNothingToDraw, position.turn, [&] {
        return EventText{fmt::format("the draw and discard piles are both empty: {} draws nothing",
                                     seat_label(position.turn))};
      });
      position.pending_draws = 0;
      continue;
    }
    switch (position.step) {
      case Step::DealForest:
        if (position.setup_moves < grid().cells()) return;
        position.step = Step::DealDeeds;
        position.setup_moves = 0;
        continue;
      case Step::SetupDiscard:
        if (actor(position) != kNoSeat) return;
        reveal_setup_discards(position, log);
        continue;
      case Step::PlaceTokens:
        if (position.setup_moves < settings_.setup_tokens * players()) return;
        lay_deeds_face_up(position, log);
        continue;
      case Step::Build:
        if (has_build(position)) return;
        end_build_step(position, log);
        continue;
      case Step::Swap:
        if (has_swap(position)) return;
        position.step = settings_.buy_before_harvest ? Step::BuyBefore : Step::Harvest;
        continue;
      case Step::BuyBefore:
        if (may_buy(position)) return;
        position.step = Step::Harvest;
        continue;
      case Step::Harvest: {
        const int token = next_harvester(position);
        if (token < 0) {
          position.step = settings_.buy_before_harvest ? Step::Redraw : Step::Buy;
          continue;
        }
        HarvestCells cells;
        harvest_choices(position, token, cells);
        if (cells.size() > 1) return;
        if (cells.empty()) {
          position.harvested |= std::uint64_t{1} << token;
          record(log, kClauseHarvestNothing, position.turn, [&] {
            return EventText{fmt::format("{}'s token on {} has no vacant card next to it",
                                         seat_label(position.turn), grid().cell_text(token)),
                             {{"token", grid().cell_text(token)}}};
          });
        } else {
          harvest(position, token, cells.front(), log);
        }
        continue;
      }
      case Step::Buy:
        if (may_buy(position)) return;
        position.step = Step::Redraw;
        continue;
      case Step::Redraw:
        if (settings_.redraw_any_drawn && position.redraws < settings_.redraws_per_turn &&
            !(position.players[static_cast<std::size_t>(position.turn)].deeds & position.drawn)
                 .empty()) {
          return;
        }
        position.step = Step::Discard;
        continue;
      case Step::Discard:
        if (position.players[static_cast<std::size_t>(position.turn)].deeds.size() >
            settings_.hand_limit) {
          return;
        }
        position.step = Step::Reveal;
        continue;
      case Step::Reveal: {
        const Player& player = position.players[static_cast<std::size_t>(position.turn)];
        if (!player.deeds.without(player.face_up).empty()) return;
        end_turn(position, log);
        ++idle_turns;
        continue;
      }
      default:
        return;
    }
  }
}

}  // namespace grove::bamboo_harvest
