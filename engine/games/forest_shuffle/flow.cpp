// The game from the set-up to the scores (forest_shuffle_rulebook.md,
// "Setup", "Game Flow", "Winter Cards", "Checking the Clearing", "Scoring"):
// the table before the deal, who acts, the tasks that pass by themselves (a
// known card off the deck, a draw the hand limit stops, an offer that could
// change nothing, a choice with only one answer), the end of a turn with
// its clearing check, and the outcome.

#include <fmt/format.h>

#include <stdexcept>

#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "engine/games/forest_shuffle/scoring.hpp"

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

Position ForestShuffleRules::fresh_position() const {
  Position position;
  const CardBook& cards = book();
  position.unseen.assign(cards.cards.size(), 0);
  for (std::size_t id = 0; id < cards.cards.size(); ++id) {
    position.unseen[id] = static_cast<std::int16_t>(cards.cards[id].copies);
  }
  // Set-up, steps 3 to 6: cards set aside unseen, the rest in piles, the
  // winter cards in the bottom one with one of them on top of it.
  position.box_unseen = settings_.removed;
  const int deck = cards.total_cards() - settings_.removed;
  position.deck_bottom = deck / settings_.piles;
  position.deck_top = deck - position.deck_bottom;
  position.winter_on_top = cards.winter_cards > 0 ? 1 : 0;
  position.winter_shuffled = cards.winter_cards - position.winter_on_top;
  position.players.resize(static_cast<std::size_t>(players()));
  // Step 7: six cards each, then the mulligans; the first player starts.
  for (Seat seat = 0; seat < players(); ++seat) {
    position.tasks.push_back(Task{.kind = TaskKind::Deal,
                                  .seat = seat,
                                  .count = static_cast<std::int16_t>(settings_.starting_hand)});
  }
  for (Seat seat = 0; seat < players(); ++seat) {
    position.tasks.push_back(Task{.kind = TaskKind::Mulligan, .seat = seat});
  }
  position.tasks.push_back(Task{.kind = TaskKind::Turn, .seat = 0});
  return position;
}

Position ForestShuffleRules::initial_position() const {
  Position position = fresh_position();
  advance(position, nullptr);
  return position;
}

Node ForestShuffleRules::node_at(const Position& position) const {
  if (position.over || position.tasks.empty()) return Node{NodeKind::Terminal, kNoSeat, false};
  const Task& task = position.tasks.front();
  switch (task.kind) {
    case TaskKind::Deal:
    case TaskKind::Draw:
    case TaskKind::Reveal:
      return Node{NodeKind::Chance, kNoSeat, false};
    default:
      return Node{NodeKind::Decision, task.seat, false};
  }
}

Outcome ForestShuffleRules::outcome_at(const Position& position) const {
  const std::vector<int> totals = final_scores(settings_, position);
  Outcome result;
  // The highest score wins; equal scores share the victory (Scoring).
  for (std::size_t seat = 0; seat < totals.size(); ++seat) {
    int better = 0;
    for (int other : totals) better += other > totals[seat] ? 1 : 0;
    result.place.push_back(better + 1);
    result.score.push_back(totals[seat]);
  }
  return result;
}

std::optional<std::string> ForestShuffleRules::score_sheet_at(const Position& position) const {
  return score_sheet_text(settings_, position);
}

std::int64_t ForestShuffleRules::step_bound() const {
  // Every play moves at least one card out of the hands and the clearing for
  // good, and every draw from the deck brings the winter cards closer, so a
  // game ends. Random games of the standard variant take 262 to 584 moves
  // (decisions and chance outcomes; 2000 games for each player count),
  // about 3 per card; the bound allows 20 per card, so that variants with
  // more cards get more room.
  return 20 * (book().total_cards() + book().winter_cards) + 1000;
}

void ForestShuffleRules::advance(Position& position, EventLog* log) const {
  std::vector<Move> moves;
  // Each pass stops at a decision or chance node or makes progress that
  // cannot repeat forever; the bound only guards against a bug.
  for (int guard = 0; guard < 100000; ++guard) {
    if (position.over) return;
    if (position.tasks.empty()) throw std::logic_error("forest_shuffle: nothing left to do");
    if (!settle_front(position, moves, log)) return;
  }
  throw std::logic_error("forest_shuffle: advance() made no progress");
}

bool ForestShuffleRules::settle_front(Position& position, std::vector<Move>& moves,
                                      EventLog* log) const {
  const Task& task = position.tasks.front();
  switch (task.kind) {
    case TaskKind::Deal:
    case TaskKind::Draw:
    case TaskKind::Reveal:
      return settle_draw(position, log);
    case TaskKind::Mulligan:
      // Only a hand without a tree may be given back, and only once.
      if (settings_.mulligan && !holds_tree(book(), position.player(task.seat).hand)) return false;
      pop_front(position);
      return true;
    case TaskKind::Offer:
      if (offer_useful(position, task)) return false;
      record(log, kClauseNothing, task.seat, [&] {
        return EventText{
            fmt::format("the {}'s {} would change nothing for {} now", species_name(task.species),
                        source_name(task.source), seat_label(task.seat)),
            {{"species", book().species_of(task.species).id},
             {"source", source_name(task.source)}}};
      });
      pop_front(position);
      return true;
    case TaskKind::EndTurn:
      end_turn(position, log);
      return true;
    case TaskKind::SecondDraw: {
      const auto held = position.player(task.seat).hand.size();
      if (static_cast<int>(held) < settings_.hand_limit) return settle_choice(position, moves, log);
      record(log, kClauseHandFull, task.seat, [&] {
        return EventText{fmt::format("{} holds {} cards, the hand limit: no second card",
                                     seat_label(task.seat), held),
                         {{"not_drawn", "1"}}};
      });
      pop_front(position);
      return true;
    }
    default:
      return settle_choice(position, moves, log);
  }
}

bool ForestShuffleRules::settle_draw(Position& position, EventLog* log) const {
  const Task& task = position.tasks.front();
  if (task.kind != TaskKind::Reveal) {
    const int held = static_cast<int>(position.player(task.seat).hand.size());
    if (task.count <= 0) {
      pop_front(position);
      return true;
    }
    if (task.kind == TaskKind::Draw && settings_.draw_stops_at_limit &&
        held >= settings_.hand_limit) {
      record(log, kClauseHandFull, task.seat, [&] {
        return EventText{fmt::format("{} holds {} cards, the hand limit: {} more not drawn",
                                     seat_label(task.seat), held, task.count),
                         {{"not_drawn", std::to_string(task.count)}}};
      });
      pop_front(position);
      return true;
    }
  }
  switch (next_card(position)) {
    case NextCard::Chance:
      return false;
    case NextCard::Winter:
      take_winter(position, log);
      return true;
    case NextCard::None:
      record(log, kClauseDeckEmpty, task.seat,
             [&] { return EventText{"the deck is empty: nothing is drawn"}; });
      pop_front(position);
      return true;
  }
  return false;
}

bool ForestShuffleRules::settle_choice(Position& position, std::vector<Move>& moves,
                                       EventLog* log) const {
  // A turn with cards in hand and room for more always offers a sapling and
  // a draw, so the moves need not be listed to know that there is a choice.
  const Task& task = position.tasks.front();
  const Player& player = position.player(task.seat);
  if (task.kind == TaskKind::Turn && !player.hand.empty() &&
      static_cast<int>(player.hand.size()) < settings_.hand_limit &&
      (position.deck_size() > 0 || !position.clearing.empty())) {
    return false;
  }
  // A choice with one answer is made by itself; two moves listed show
  // that there is more than one.
  legal_moves_listed(position, moves, 2);
  if (moves.size() != 1) return false;
  apply_decision(position, moves.front(), log);
  return true;
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
    record(log, kClauseClearingEmptied, seat, [&] {
      return EventText{fmt::format("the clearing holds {} cards: they go to the box", in_clearing),
                       {{"cards", std::to_string(in_clearing)}}};
    });
  }
  if (!passing) {
    --position.extra_turns;
    position.tasks.insert(position.tasks.begin(), Task{.kind = TaskKind::Turn, .seat = seat});
    record(log, kClauseTurnEnd, seat, [&] {
      return EventText{
          fmt::format("{} ends the turn and takes another", seat_label(seat)),
          {{"next", seat_label(seat)}, {"extra_turns", std::to_string(position.extra_turns)}}};
    });
    return;
  }
  const Seat next = next_seat(seat, players());
  position.turn = next;
  position.tasks.insert(position.tasks.begin(), Task{.kind = TaskKind::Turn, .seat = next});
  record(log, kClauseTurnEnd, seat, [&] {
    return EventText{fmt::format("{} ends the turn", seat_label(seat)),
                     {{"next", seat_label(next)}}};
  });
}

}  // namespace grove::forest_shuffle
