// The tasks that pass by themselves (forest_shuffle_rulebook.md, "Game
// Flow", "Winter Cards", "Checking the Clearing"): a known card off the
// deck (the winter card on the bottom pile), a draw the hand limit stops, an
// offer that could change nothing, a choice with only one answer, and the
// end of a turn with its clearing check.

#include <fmt/format.h>

#include <stdexcept>

#include "engine/games/forest_shuffle/fs_rules.hpp"

namespace grove::forest_shuffle {
namespace {

void pop_front(Position& position) { position.tasks.erase(position.tasks.begin()); }

bool holds_tree(const CardBook& book, const std::vector<CardId>& hand) {
  for (CardId card : hand) {
    if (book.card(card).tree) return true;
  }
  return false;
}

}  // namespace

void ForestShuffleRules::advance(Position& position, EventLog* log) const {
  std::vector<Move> moves;
  // Each pass returns at a decision or chance node or makes progress that
  // cannot repeat forever; the bound only guards against a bug.
  for (int guard = 0; guard < 100000; ++guard) {
    if (position.over) return;
    if (position.tasks.empty()) throw std::logic_error("forest_shuffle: nothing left to do");
    Task& task = position.tasks.front();
    switch (task.kind) {
      case TaskKind::Deal:
      case TaskKind::Draw:
      case TaskKind::Reveal: {
        if (task.kind != TaskKind::Reveal && task.count <= 0) {
          pop_front(position);
          continue;
        }
        const int held = task.kind == TaskKind::Reveal
                             ? 0
                             : static_cast<int>(position.player(task.seat).hand.size());
        if (task.kind == TaskKind::Draw && settings_.draw_stops_at_limit &&
            held >= settings_.hand_limit) {
          if (log) {
            record(log, kClauseHandFull, task.seat,
                   fmt::format("{} holds {} cards, the hand limit: {} more not drawn",
                               seat_label(task.seat), held, task.count),
                   {{"not_drawn", std::to_string(task.count)}});
          }
          pop_front(position);
          continue;
        }
        switch (next_card(position)) {
          case NextCard::Chance:
            return;
          case NextCard::Winter:
            take_winter(position, log);
            continue;
          case NextCard::None:
            if (log)
              record(log, kClauseDeckEmpty, task.seat, "the deck is empty: nothing is drawn");
            pop_front(position);
            continue;
        }
        continue;
      }
      case TaskKind::Mulligan:
        // Only a hand without a tree may be given back, and only once.
        if (!settings_.mulligan || holds_tree(book(), position.player(task.seat).hand)) {
          pop_front(position);
          continue;
        }
        return;
      case TaskKind::Offer:
        if (!offer_useful(position, task)) {
          if (log) {
            record(log, kClauseNothing, task.seat,
                   fmt::format("the {}'s {} would change nothing for {} now",
                               species_name(task.species), source_name(task.source),
                               seat_label(task.seat)),
                   {{"species", book().species_of(task.species).id},
                    {"source", source_name(task.source)}});
          }
          pop_front(position);
          continue;
        }
        return;
      case TaskKind::EndTurn:
        end_turn(position, log);
        continue;
      case TaskKind::SecondDraw:
        if (static_cast<int>(position.player(task.seat).hand.size()) >= settings_.hand_limit) {
          if (log) {
            record(log, kClauseHandFull, task.seat,
                   fmt::format("{} holds {} cards, the hand limit: no second card",
                               seat_label(task.seat), position.player(task.seat).hand.size()),
                   {{"not_drawn", "1"}});
          }
          pop_front(position);
          continue;
        }
        [[fallthrough]];
      default: {
        // A choice with one answer is made by itself. A turn with cards in
        // hand and room for more always offers a sapling and a draw, so the
        // moves need not be listed to know that.
        const Player& player = position.player(task.seat);
        if (task.kind == TaskKind::Turn && !player.hand.empty() &&
            static_cast<int>(player.hand.size()) < settings_.hand_limit &&
            (position.deck_size() > 0 || !position.clearing.empty())) {
          return;
        }
        legal_moves_at(position, moves);
        if (moves.size() != 1) return;
        apply_decision(position, moves.front(), log);
        continue;
      }
    }
  }
  throw std::logic_error("forest_shuffle: advance() made no progress");
}

void ForestShuffleRules::end_turn(Position& position, EventLog* log) const {
  const Seat seat = position.tasks.front().seat;
  pop_front(position);
  position.player(seat).dormant.clear();  // the mushrooms played this turn wake up
  const bool passing = position.extra_turns == 0;
  // Checking the Clearing; around an extra turn as ruling fs.clearing_extra_turn says.
  const auto in_clearing = static_cast<int>(position.clearing.size());
  if ((settings_.clearing_every_turn || passing) && in_clearing >= settings_.clearing_limit) {
    for (CardId card : position.clearing) add_card(position.box, card);
    position.clearing.clear();
    if (log) {
      record(log, kClauseClearingEmptied, seat,
             fmt::format("the clearing holds {} cards: they go to the box", in_clearing),
             {{"cards", std::to_string(in_clearing)}});
    }
  }
  if (!passing) {
    --position.extra_turns;
    position.tasks.insert(position.tasks.begin(), Task{.kind = TaskKind::Turn, .seat = seat});
    if (log) {
      record(log, kClauseTurnEnd, seat,
             fmt::format("{} ends the turn and takes another", seat_label(seat)),
             {{"next", seat_label(seat)}, {"extra_turns", std::to_string(position.extra_turns)}});
    }
    return;
  }
  const Seat next = (seat + 1) % players();
  position.turn = next;
  position.tasks.insert(position.tasks.begin(), Task{.kind = TaskKind::Turn, .seat = next});
  if (log) {
    record(log, kClauseTurnEnd, seat, fmt::format("{} ends the turn", seat_label(seat)),
           {{"next", seat_label(next)}});
  }
}

}  // namespace grove::forest_shuffle
