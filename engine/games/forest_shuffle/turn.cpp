// A turn of Forest Shuffle (forest_shuffle_rulebook.md, "Game Flow" to
// "Checking the Clearing"; the card appendix's procedures for the Mole and
// the mushrooms): what each decision does to the table, and the play of a
// card: payment, placement, the card turned into the clearing after a tree,
// mushroom draws, then the effect and the bonus, each optional.

#include <fmt/format.h>

#include <span>
#include <stdexcept>

#include "engine/games/forest_shuffle/forest.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"

namespace grove::forest_shuffle {
namespace {

void push_front(Position& position, std::span<const Task> tasks) {
  position.tasks.insert(position.tasks.begin(), tasks.begin(), tasks.end());
}

void push_front(Position& position, const TaskList& tasks) {
  push_front(position, std::span<const Task>(tasks.data(), tasks.size()));
}

void push_front(Position& position, const Task& task) {
  position.tasks.insert(position.tasks.begin(), task);
}

void pop_front(Position& position) { position.tasks.erase(position.tasks.begin()); }

Task task_of(TaskKind kind, Seat seat, int count = 0) {
  return Task{.kind = kind, .seat = seat, .count = static_cast<std::int16_t>(count)};
}

bool is_mushroom(const Species& species) {
  return species.permanent(AbilityKind::DrawWhenPlayed) != nullptr ||
         species.permanent(AbilityKind::DrawWhenPlaced) != nullptr;
}

}  // namespace

void ForestShuffleRules::play(Position& position, const Move& move, EventLog* log) const {
  if (move.kind == kDeckCard) {
    take_card(position, move.args[0], log);
  } else if (move.kind == kWinter) {
    take_winter(position, log);
  } else {
    apply_decision(position, move, log);
  }
  advance(position, log);
}

void ForestShuffleRules::apply_decision(Position& position, const Move& move, EventLog* log) const {
  switch (move.kind) {
    case kMulligan:
    case kKeepHand:
      settle_starting_hand(position, move, log);
      return;
    case kDrawFromDeck:
    case kTakeFromClearing:
      draw_one(position, move, log);
      return;
    case kPlay:
    case kSapling:
      start_play(position, move, log);
      return;
    case kPay:
      pay(position, move, log);
      return;
    case kUse:
    case kDecline: {
      const Task offer = position.tasks.front();
      pop_front(position);
      if (move.kind == kUse) {
        use_offer(position, offer, log);
      } else
        record(log, kClauseDecline, offer.seat, [&] {
          return EventText{fmt::format("{} does not use the {}'s {}", seat_label(offer.seat),
                                       species_name(offer.species), source_name(offer.source)),
                           {{"species", book().species_of(offer.species).id},
                            {"source", source_name(offer.source)}}};
        });
      return;
    }
    case kPlaceFree: {
      const Seat seat = position.tasks.front().seat;
      const auto card = static_cast<CardId>(move.args[0]);
      remove_card(position.player(seat).hand, card);
      // The free placements left come after whatever this one sets off.
      Task& front = position.tasks.front();
      if (front.count > 0 && --front.count == 0) pop_front(position);
      resolve(position, seat, Played{.card = card, .placement = placement_of(move), .free = true},
              log);
      return;
    }
    case kTuck: {
      const Seat seat = position.tasks.front().seat;
      Player& player = position.player(seat);
      const auto card = static_cast<CardId>(move.args[0]);
      remove_card(player.hand, card);
      add_card(player.cave, card);
      ++position.tasks.front().count;
      record(log, kClauseCave, seat, [&] {
        return EventText{fmt::format("{} puts a card from the hand under the cave ({} there)",
                                     seat_label(seat), player.cave.size()),
                         {{"from", "hand"}}};
      });
      return;
    }
    case kStop:
      stop_series(position, move, log);
      return;
    default:
      // rejection() lets no other kind through.
      throw std::logic_error("forest_shuffle: a move of unknown kind reached apply");
  }
}

void ForestShuffleRules::settle_starting_hand(Position& position, const Move& move,
                                              EventLog* log) const {
  const Seat seat = position.tasks.front().seat;
  Player& player = position.player(seat);
  pop_front(position);
  if (move.kind == kKeepHand) {
    record(log, kClauseKeepHand, seat,
           [&] { return EventText{fmt::format("{} keeps the hand", seat_label(seat))}; });
    return;
  }
  // Set-up, step 7: the whole hand goes to the box, six new cards come.
  for (CardId card : player.hand) add_card(player.mulliganed, card);
  player.hand.clear();
  push_front(position, task_of(TaskKind::Deal, seat, settings_.starting_hand));
  record(log, kClauseMulligan, seat, [&] {
    return EventText{
        fmt::format("{} has no tree in hand: the hand goes to the box and {} new cards are "
                    "drawn",
                    seat_label(seat), settings_.starting_hand)};
  });
}

void ForestShuffleRules::draw_one(Position& position, const Move& move, EventLog* log) const {
  const Task task = position.tasks.front();
  const Seat seat = task.seat;
  const bool first = task.kind == TaskKind::Turn;
  pop_front(position);
  TaskList next;
  if (move.kind == kDrawFromDeck) {
    next.push_back(task_of(TaskKind::Draw, seat, 1));
    record(log, kClauseDrawAction, seat, [&] {
      return EventText{fmt::format("{} draws {} card from the deck", seat_label(seat),
                                   first ? "a first" : "a second"),
                       {{"from", "deck"}}};
    });
  } else {
    const auto card = static_cast<CardId>(move.args[0]);
    remove_card(position.clearing, card);
    add_card(position.player(seat).hand, card);
    record(log, kClauseTake, seat, [&] {
      return EventText{
          fmt::format("{} takes {} from the clearing", seat_label(seat), card_text(card)),
          {{"card", card_code(card)}}};
    });
  }
  // The draw action: the second card, then the end of the turn.
  if (first) {
    next.push_back(task_of(TaskKind::SecondDraw, seat));
    next.push_back(task_of(TaskKind::EndTurn, seat));
  }
  push_front(position, next);
}

void ForestShuffleRules::stop_series(Position& position, const Move& move, EventLog* log) const {
  const Task task = position.tasks.front();
  pop_front(position);
  const auto stopping = static_cast<Stopping>(move.args[0]);
  if (stopping == Stopping::Tucking && task.count > 0) {
    // The Raccoon: as many cards from the deck as went under the cave.
    push_front(position, task_of(TaskKind::Draw, task.seat, task.count));
  }
  if (stopping == Stopping::MolePlays) {
    // The appendix's Mole: the effects and bonuses of the cards it played
    // now come, in the order the cards were placed.
    push_front(position, position.deferred);
    position.deferred.clear();
  }
  if (log) {
    const char* word = kStoppingWords[static_cast<std::size_t>(stopping)];
    record(log, kClauseDecline, task.seat, [&] {
      return EventText{fmt::format("{} stops {}", seat_label(task.seat), word), {{"stops", word}}};
    });
  }
}

void ForestShuffleRules::start_play(Position& position, const Move& move, EventLog* log) const {
  const Task task = position.tasks.front();
  const Seat seat = task.seat;
  const auto card = static_cast<CardId>(move.args[0]);
  remove_card(position.player(seat).hand, card);
  const bool via_mole = task.kind == TaskKind::Mole;
  if (!via_mole) {
    // The play is the turn's action; the turn ends once it is resolved.
    pop_front(position);
    push_front(position, task_of(TaskKind::EndTurn, seat));
  }
  if (move.kind == kSapling) {
    resolve(position, seat,
            Played{.card = card, .placement = {}, .sapling = true, .via_mole = via_mole}, log);
    return;
  }
  const Placement placement = placement_of(move);
  const int cost = cost_of(card, placement);
  if (cost == 0) {
    // Nothing is paid, so no payment card fails to match (ruling fs.bonus_unpaid).
    resolve(position, seat,
            Played{.card = card,
                   .placement = placement,
                   .bonus = !settings_.bonus_needs_payment &&
                            !book().species_of(species_at(card, placement)).bonus.empty(),
                   .via_mole = via_mole},
            log);
    return;
  }
  Task paying = task_of(TaskKind::Pay, seat);
  paying.card = card;
  paying.side = placement.side ? static_cast<std::int8_t>(*placement.side) : kNoSide;
  paying.tree = static_cast<std::int16_t>(placement.tree);
  paying.via_mole = via_mole;
  push_front(position, paying);
  record(log, kClausePay, seat, [&] {
    return EventText{
        fmt::format("{} plays {}{} and pays {}", seat_label(seat), card_text(card),
                    placement.side ? " to the " + placement_text(placement) : "", cards_word(cost)),
        {{"card", card_code(card)}, {"cost", std::to_string(cost)}}};
  });
}

void ForestShuffleRules::pay(Position& position, const Move& move, EventLog* log) const {
  const Task task = position.tasks.front();
  pop_front(position);
  const Placement placement = placement_of(task);
  const SpeciesId played = species_at(task.card, placement);
  // The bonus: every payment card shows the played half's tree symbol
  // (either half of a split card will do).
  const SpeciesId symbol = placement.side ? shown_symbol(book(), task.card, *placement.side)
                                          : book().card(task.card).halves[0].symbol;
  Player& player = position.player(task.seat);
  bool matching = true;
  std::vector<std::string> paid;
  for (std::int16_t value : move.args) {
    if (value == 0) continue;
    const auto card = static_cast<CardId>(value - 1);
    remove_card(player.hand, card);
    add_card(position.clearing, card);
    matching = matching && book().card(card).shows_symbol(symbol);
    paid.push_back(card_code(card));
  }
  const bool bonus = matching && !book().species_of(played).bonus.empty();
  if (log) {
    record(log, kClausePay, task.seat, [&] {
      return EventText{
          fmt::format("{} pays with {} into the clearing", seat_label(task.seat), join(paid, ", ")),
          {{"cards", join(paid, " ")}}};
    });
    if (bonus) {
      record(log, kClauseBonusEarned, task.seat, [&] {
        return EventText{
            fmt::format("every card paid shows the {} symbol: the {}'s bonus is earned",
                        species_name(symbol), species_name(played)),
            {{"species", book().species_of(played).id}}};
      });
    }
  }
  resolve(
      position, task.seat,
      Played{.card = task.card, .placement = placement, .bonus = bonus, .via_mole = task.via_mole},
      log);
}

void ForestShuffleRules::resolve(Position& position, Seat seat, const Played& played,
                                 EventLog* log) const {
  Player& player = position.player(seat);
  const Placement& placement = played.placement;
  if (placement.side) {
    player.place(static_cast<std::size_t>(placement.tree), *placement.side, played.card);
  } else {
    player.plant(Tree{.card = played.card, .sapling = played.sapling, .dwelling = {}, .ends = {}});
  }
  // A sapling belongs to no species and shows only the tree symbol.
  const SpeciesId species = played.sapling ? kNoSpecies : species_at(played.card, placement);
  if (log) record_placement(position, seat, played, log);

  TaskList next;
  // A tree (and by ruling fs.sapling_reveal a sapling) turns the deck's top
  // card into the clearing.
  if (!placement.side && (!played.sapling || settings_.sapling_reveals)) {
    next.push_back(task_of(TaskKind::Reveal, kNoSeat));
  }
  // A mushroom placed now works from its owner's next turn.
  if (species != kNoSpecies && is_mushroom(book().species_of(species))) {
    player.dormant.insert(std::upper_bound(player.dormant.begin(), player.dormant.end(), species),
                          species);
  }
  TaskList offers;
  if (!played.free || settings_.free_plays_trigger) mushroom_offers(position, seat, played, offers);
  // The card's own effect, then its bonus; neither for a free placement.
  if (!played.free && species != kNoSpecies) {
    const Species& shown = book().species_of(species);
    Task offer = task_of(TaskKind::Offer, seat);
    offer.species = species;
    if (std::any_of(shown.effect.begin(), shown.effect.end(),
                    [](const Ability& ability) { return !ability.permanent(); })) {
      offers.push_back(offer);
    }
    if (played.bonus && !shown.bonus.empty()) {
      offer.source = Source::Bonus;
      offers.push_back(offer);
    }
  }
  if (played.via_mole && !settings_.mole_one_by_one) {
    position.deferred.insert(position.deferred.end(), offers.begin(), offers.end());
  } else {
    next.insert(next.end(), offers.begin(), offers.end());
  }
  push_front(position, next);
}

void ForestShuffleRules::mushroom_offers(const Position& position, Seat seat, const Played& played,
                                         TaskList& offers) const {
  const Player& player = position.player(seat);
  const Types types = played.sapling
                          ? Types{kTree}
                          : book().species_of(species_at(played.card, played.placement)).types;
  // Every copy in the forest draws, but for those placed this turn.
  std::vector<SpeciesId> dormant = player.dormant;
  for (const Tree& tree : player.forest) {
    tree.each_dweller([&](Side side, CardId held) {
      const SpeciesId kind = shown_species(book(), held, side);
      const Species& mushroom = book().species_of(kind);
      if (!is_mushroom(mushroom)) return;
      if (auto at = std::find(dormant.begin(), dormant.end(), kind); at != dormant.end()) {
        dormant.erase(at);
        return;
      }
      const Ability* when_played = mushroom.permanent(AbilityKind::DrawWhenPlayed);
      const Ability* when_placed = mushroom.permanent(AbilityKind::DrawWhenPlaced);
      const bool triggered = (when_played != nullptr && (when_played->types & types) != 0 &&
                              (!played.sapling || settings_.chanterelle_saplings)) ||
                             (when_placed != nullptr && played.placement.side == when_placed->side);
      if (!triggered) return;
      Task offer = task_of(TaskKind::Offer, seat);
      offer.source = Source::Mushroom;
      offer.species = kind;
      offers.push_back(offer);
    });
  }
}

void ForestShuffleRules::record_placement(const Position& position, Seat seat, const Played& played,
                                          EventLog* log) const {
  const std::string who = seat_label(seat);
  const CardId card = played.card;
  const Placement& placement = played.placement;
  const std::string tree = std::to_string(position.player(seat).forest.size());
  if (played.sapling) {
    record(log, kClausePlaySapling, seat, [&] {
      return EventText{
          fmt::format("{} plays {} face down as tree {}, a sapling", who, card_text(card), tree),
          {{"card", card_code(card)}, {"tree", tree}}};
    });
    return;
  }
  const SpeciesId species = species_at(card, placement);
  const std::string_view clause = played.free      ? kClauseFreePlay
                                  : placement.side ? kClausePlayDweller
                                                   : kClausePlayTree;
  if (!placement.side) {
    record(log, clause, seat, [&] {
      return EventText{fmt::format("{} plants a {} as tree {}", who, species_name(species), tree),
                       {{"species", book().species_of(species).id}, {"tree", tree}}};
    });
    return;
  }
  record(log, clause, seat, [&] {
    return EventText{
        fmt::format("{} {} the {} ({}) to the {}{}", who, played.free ? "places" : "plays",
                    species_name(species), card_code(card), placement_text(placement),
                    played.free ? " for free, without its effect and bonus" : ""),
        {{"species", book().species_of(species).id},
         {"card", card_code(card)},
         {"at", placement_text(placement)}}};
  });
}

void ForestShuffleRules::use_offer(Position& position, const Task& offer, EventLog* log) const {
  const Seat seat = offer.seat;
  // Named only when a message or an event needs it: this runs on every move.
  const auto who = [&] { return seat_label(seat); };
  const Species& species = book().species_of(offer.species);
  if (log) {
    const std::string_view clause = offer.source == Source::Effect  ? kClauseEffect
                                    : offer.source == Source::Bonus ? kClauseBonus
                                                                    : kClauseMushroom;
    record(log, clause, seat, [&] {
      return EventText{
          fmt::format("{} uses the {}'s {}", who(), species.name, source_name(offer.source)),
          {{"species", species.id}}};
    });
  }
  if (offer.source == Source::Mushroom) {
    push_front(position, task_of(TaskKind::Draw, seat, 1));
    return;
  }
  Player& player = position.player(seat);
  TaskList next;
  for (const Ability& ability : offer.source == Source::Effect ? species.effect : species.bonus) {
    switch (ability.kind) {
      case AbilityKind::Draw:
        next.push_back(task_of(TaskKind::Draw, seat, ability.count));
        break;
      case AbilityKind::DrawPer: {
        const Census census = take_census(settings_, player);
        const int count = ability.species != kNoSpecies
                              ? census.species[static_cast<std::size_t>(ability.species)]
                              : census.showing(book(), ability.types);
        if (count > 0) next.push_back(task_of(TaskKind::Draw, seat, count));
        break;
      }
      case AbilityKind::ExtraTurn:
        ++position.extra_turns;
        record(log, kClauseExtraTurn, seat, [&] {
          return EventText{fmt::format("{} will take another turn after this one", who()),
                           {{"extra_turns", std::to_string(position.extra_turns)}}};
        });
        break;
      case AbilityKind::PlayFree: {
        Task free = task_of(TaskKind::FreePlay, seat, ability.count);
        free.types = ability.types;
        next.push_back(free);
        break;
      }
      case AbilityKind::ClearingToCave: {
        const auto moved = position.clearing.size();
        for (CardId card : position.clearing) add_card(player.cave, card);
        position.clearing.clear();
        record(log, kClauseCave, seat, [&] {
          return EventText{
              fmt::format("the {} cards of the clearing go under {}'s cave", moved, who()),
              {{"from", "clearing"}, {"cards", std::to_string(moved)}}};
        });
        break;
      }
      case AbilityKind::HandToCave:
        next.push_back(task_of(TaskKind::Tuck, seat));
        break;
      case AbilityKind::PlayPaying:
        next.push_back(task_of(TaskKind::Mole, seat));
        record(log, kClauseMole, seat, [&] {
          return EventText{fmt::format("{} may now play hand cards, paying for each", who())};
        });
        break;
      default:
        break;  // permanent rules act by themselves
    }
  }
  push_front(position, next);
}

}  // namespace grove::forest_shuffle
