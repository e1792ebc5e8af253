// What a player may do, and why anything else is refused
// (forest_shuffle_rulebook.md, "Game Flow", "A) Drawing Two Cards",
// "B) Playing a Card", "Effect and Bonus"). legal_moves_listed() and rejection()
// must agree exactly: rejection() explains each mistake in the game's words,
// and whatever it lets through is in the legal list.

#include <fmt/format.h>

#include <algorithm>

#include "engine/games/forest_shuffle/forest.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"

namespace grove::forest_shuffle {
namespace {

// Calls `visit` once for each design in a sorted multiset of cards.
template <class Visit>
void for_each_design(const std::vector<CardId>& cards, Visit visit) {
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i == 0 || cards[i] != cards[i - 1]) visit(cards[i]);
  }
}

// The abilities an offer stands for: the instant effect, the bonus, or a
// mushroom's draw of one card.
std::vector<Ability> offered_abilities(const CardBook& book, const Task& offer) {
  const Species& species = book.species_of(offer.species);
  std::vector<Ability> abilities;
  switch (offer.source) {
    case Source::Effect:
      for (const Ability& ability : species.effect) {
        if (!ability.permanent()) abilities.push_back(ability);
      }
      break;
    case Source::Bonus:
      abilities = species.bonus;
      break;
    case Source::Mushroom:
      abilities.push_back(Ability{.kind = AbilityKind::Draw, .count = 1});
      break;
  }
  return abilities;
}

// A play or a free placement of the card there.
Move placement_move(std::uint16_t kind, Seat seat, CardId card, const Placement& placement) {
  if (!placement.side) return make_move(kind, seat, {card});
  return make_move(kind, seat, {card, static_cast<int>(*placement.side) + 1, placement.tree + 1});
}

}  // namespace

Placement placement_of(const Move& move) {
  Placement placement;
  if (move.args[1] > 0) placement.side = static_cast<Side>(move.args[1] - 1);
  placement.tree = move.args[2] - 1;
  if (!placement.side) placement.tree = 0;
  return placement;
}

Placement placement_of(const Task& payment) {
  if (payment.side == kNoSide) return Placement{};
  return Placement{static_cast<Side>(payment.side), payment.tree};
}

std::string placement_text(const Placement& placement) {
  if (!placement.side) return "";
  return fmt::format("{} of tree {}", side_name(*placement.side), placement.tree + 1);
}

std::string ForestShuffleRules::card_code(CardId card) const { return book().card(card).code; }

std::string ForestShuffleRules::card_label(CardId card) const {
  const Card& shown = book().card(card);
  if (shown.tree) return book().species_of(shown.halves[0].species).name;
  std::string names;
  for (const Half& half : shown.halves) {
    if (half.species == kNoSpecies) continue;
    if (!names.empty()) names += " / ";
    names += book().species_of(half.species).name;
  }
  return names + " (" + shown.code + ")";
}

SpeciesId ForestShuffleRules::species_at(CardId card, const Placement& placement) const {
  return book().species_played(card, placement.side);
}

int ForestShuffleRules::cost_of(CardId card, const Placement& placement) const {
  return book().species_of(species_at(card, placement)).cost;
}

// --- What the game waits for ------------------------------------------------

std::string ForestShuffleRules::expecting(const Position& position) const {
  const Node node = node_at(position);
  if (node.kind == NodeKind::Terminal) return "the game is over";
  const Task& task = position.tasks.front();
  const std::string who = seat_label(task.seat);
  switch (task.kind) {
    case TaskKind::Deal:
    case TaskKind::Draw:
      return fmt::format("the deck's top card goes to {} first (a chance outcome: 'draw {} CARD')",
                         who, who);
    case TaskKind::Reveal:
      return "the deck's top card is turned into the clearing first (a chance outcome: 'reveal "
             "CARD')";
    case TaskKind::Mulligan:
      return fmt::format("{} may take a mulligan or keep the hand", who);
    case TaskKind::Turn:
      return fmt::format("{} is to draw two cards or play one", who);
    case TaskKind::SecondDraw:
      return fmt::format("{} is to draw the second card, from the deck or the clearing", who);
    case TaskKind::Pay: {
      const Placement placement = placement_of(task);
      return fmt::format("{} is to pay {} for the {}", who,
                         cards_word(cost_of(task.card, placement)),
                         species_name(species_at(task.card, placement)));
    }
    case TaskKind::Offer:
      return fmt::format("{} may use the {}'s {} or decline it", who, species_name(task.species),
                         source_name(task.source));
    case TaskKind::FreePlay:
      return fmt::format("{} may place {} showing {} for free, or stop placing", who,
                         task.count == 0 ? "any number of cards" : cards_word(task.count),
                         types_text(task.types));
    case TaskKind::Tuck:
      return fmt::format("{} may put hand cards under the cave, or stop tucking", who);
    case TaskKind::Mole:
      return fmt::format("{} may play hand cards paying their cost (the Mole), or stop playing",
                         who);
    case TaskKind::EndTurn:
      break;
  }
  return fmt::format("{}'s turn is ending", who);
}

// --- Legal moves --------------------------------------------------------------

void ForestShuffleRules::legal_moves_at(const Position& position, std::vector<Move>& moves) const {
  legal_moves_listed(position, moves, kAllMoves);
}

void ForestShuffleRules::legal_moves_listed(const Position& position, std::vector<Move>& moves,
                                            std::size_t enough) const {
  moves.clear();
  if (node_at(position).kind != NodeKind::Decision) return;
  const Task& task = position.tasks.front();
  const Seat seat = task.seat;
  switch (task.kind) {
    case TaskKind::Mulligan:
      moves.push_back(make_move(kMulligan, seat));
      moves.push_back(make_move(kKeepHand, seat));
      return;
    case TaskKind::Turn:
      draw_moves(position, seat, moves);
      play_moves(position, seat, false, moves, enough);
      return;
    case TaskKind::SecondDraw:
      draw_moves(position, seat, moves);
      return;
    case TaskKind::Pay:
      payment_moves(position, task, moves, enough);
      return;
    case TaskKind::Offer:
      moves.push_back(make_move(kUse, seat, {task.species, static_cast<int>(task.source)}));
      moves.push_back(make_move(kDecline, seat, {task.species, static_cast<int>(task.source)}));
      return;
    case TaskKind::FreePlay:
      free_play_moves(position, task, moves, enough);
      moves.push_back(make_move(kStop, seat, {static_cast<int>(Stopping::FreePlays)}));
      return;
    case TaskKind::Tuck:
      for_each_design(position.player(seat).hand,
                      [&](CardId card) { moves.push_back(make_move(kTuck, seat, {card})); });
      moves.push_back(make_move(kStop, seat, {static_cast<int>(Stopping::Tucking)}));
      return;
    case TaskKind::Mole:
      play_moves(position, seat, true, moves, enough);
      moves.push_back(make_move(kStop, seat, {static_cast<int>(Stopping::MolePlays)}));
      return;
    default:
      return;
  }
}

void ForestShuffleRules::draw_moves(const Position& position, Seat seat,
                                    std::vector<Move>& moves) const {
  if (static_cast<int>(position.player(seat).hand.size()) >= settings_.hand_limit) return;
  if (position.deck_size() > 0) moves.push_back(make_move(kDrawFromDeck, seat));
  for_each_design(position.clearing, [&](CardId card) {
    moves.push_back(make_move(kTakeFromClearing, seat, {card}));
  });
}

void ForestShuffleRules::placements(const Player& player, CardId card, Types types,
                                    std::vector<Placement>& found) const {
  found.clear();
  const Card& design = book().card(card);
  if (design.tree) {
    if (types == 0 || (book().species_of(design.halves[0].species).types & types) != 0) {
      found.push_back(Placement{});
    }
    return;
  }
  for (int s = 0; s < kSides; ++s) {
    const Side side = static_cast<Side>(s);
    if (!design.has_side(side)) continue;
    const SpeciesId species = design.half(side).species;
    if (types != 0 && (book().species_of(species).types & types) == 0) continue;
    for (std::size_t tree = 0; tree < player.forest.size(); ++tree) {
      if (slot_takes(book(), player.forest[tree].slot(side), side, species)) {
        found.push_back(Placement{side, static_cast<int>(tree)});
      }
    }
  }
}

void ForestShuffleRules::play_moves(const Position& position, Seat seat, bool mole,
                                    std::vector<Move>& moves, std::size_t enough) const {
  const Player& player = position.player(seat);
  const int others = static_cast<int>(player.hand.size()) - 1;  // cards left to pay with
  std::vector<Placement> found;
  for_each_design(player.hand, [&](CardId card) {
    if (moves.size() >= enough) return;
    if (!mole || settings_.mole_saplings) moves.push_back(make_move(kSapling, seat, {card}));
    placements(player, card, 0, found);
    for (const Placement& placement : found) {
      if (cost_of(card, placement) <= others) {
        moves.push_back(placement_move(kPlay, seat, card, placement));
      }
    }
  });
}

void ForestShuffleRules::payment_moves(const Position& position, const Task& task,
                                       std::vector<Move>& moves, std::size_t enough) const {
  const Placement placement = placement_of(task);
  const int cost = cost_of(task.card, placement);
  const std::vector<CardId>& hand = position.player(task.seat).hand;
  if (cost > static_cast<int>(hand.size()) || cost > kMaxPayment) return;
  // Every choice of `cost` cards from the hand, as ascending runs of its
  // positions that skip equal designs after the first, so that each
  // multiset of cards comes out once.
  std::vector<std::size_t> chosen(static_cast<std::size_t>(cost));
  auto emit = [&] {
    Move move = make_move(kPay, task.seat);
    for (std::size_t i = 0; i < chosen.size(); ++i) {
      move.args[i] = static_cast<std::int16_t>(hand[chosen[i]] + 1);
    }
    moves.push_back(move);
  };
  auto choose = [&](auto&& self, std::size_t depth, std::size_t from) -> void {
    if (moves.size() >= enough) return;
    if (depth == chosen.size()) {
      emit();
      return;
    }
    for (std::size_t i = from; i < hand.size(); ++i) {
      if (i > from && hand[i] == hand[i - 1]) continue;
      chosen[depth] = i;
      self(self, depth + 1, i + 1);
    }
  };
  choose(choose, 0, 0);
}

void ForestShuffleRules::free_play_moves(const Position& position, const Task& task,
                                         std::vector<Move>& moves, std::size_t enough) const {
  const Player& player = position.player(task.seat);
  std::vector<Placement> found;
  for_each_design(player.hand, [&](CardId card) {
    if (moves.size() >= enough) return;
    placements(player, card, task.types, found);
    for (const Placement& placement : found) {
      moves.push_back(placement_move(kPlaceFree, task.seat, card, placement));
    }
  });
}

// --- Offers that can change nothing pass by themselves -----------------------

bool ForestShuffleRules::ability_useful(const Position& position, Seat seat,
                                        const Ability& ability) const {
  const Player& player = position.player(seat);
  const bool room =
      !settings_.draw_stops_at_limit || static_cast<int>(player.hand.size()) < settings_.hand_limit;
  switch (ability.kind) {
    case AbilityKind::Draw:
      return ability.count > 0 && room && position.deck_size() > 0;
    case AbilityKind::DrawPer: {
      const Census census = take_census(settings_, player);
      const int count = ability.species != kNoSpecies
                            ? census.species[static_cast<std::size_t>(ability.species)]
                            : census.showing(book(), ability.types);
      return count > 0 && room && position.deck_size() > 0;
    }
    case AbilityKind::ExtraTurn:
      return true;
    case AbilityKind::PlayFree: {
      std::vector<Placement> found;
      for (CardId card : player.hand) {
        placements(player, card, ability.types, found);
        if (!found.empty()) return true;
      }
      return false;
    }
    case AbilityKind::ClearingToCave:
      return !position.clearing.empty();
    case AbilityKind::HandToCave:
    case AbilityKind::PlayPaying:
      return !player.hand.empty();
    default:
      return false;  // permanent rules are never offered
  }
}

bool ForestShuffleRules::offer_useful(const Position& position, const Task& offer) const {
  for (const Ability& ability : offered_abilities(book(), offer)) {
    if (ability_useful(position, offer.seat, ability)) return true;
  }
  return false;
}

// --- Why a move is refused ------------------------------------------------------

std::optional<std::string> ForestShuffleRules::chance_rejection(const Position& position,
                                                                const Move& move) const {
  if (node_at(position).kind != NodeKind::Chance) {
    return fmt::format("no card is being drawn from the deck now: {}", expecting(position));
  }
  const Task& task = position.tasks.front();
  const Seat to = task.kind == TaskKind::Reveal ? kNoSeat : task.seat;
  if (move.seat != to) {
    return fmt::format("the deck's top card goes to {} now",
                       to == kNoSeat ? std::string("the clearing") : seat_label(to));
  }
  if (move.kind == kWinter) {
    if (!move.uses_only(0)) return "a winter card takes no arguments";
    if (position.deck_top > 0) {
      return fmt::format("the winter cards are in the bottom pile, under {} from the upper piles",
                         cards_word(position.deck_top));
    }
    if (position.winter_shuffled == 0) return "no winter card is left in the deck";
    return std::nullopt;
  }
  const int card = move.args[0];
  if (!move.uses_only(1)) return "a drawn card takes one argument, the card";
  if (card < 0 || card >= static_cast<int>(book().cards.size())) {
    return fmt::format("there is no card number {}", card);
  }
  if (position.unseen[static_cast<std::size_t>(card)] == 0) {
    return fmt::format("no unseen {} is left to draw: every copy is somewhere in view",
                       card_text(static_cast<CardId>(card)));
  }
  if (position.deck_top == 0 && position.deck_bottom == 0) {
    return "only winter cards are left in the deck";
  }
  return std::nullopt;
}

std::optional<std::string> ForestShuffleRules::placement_problem(const Position& position,
                                                                 Seat seat, CardId card,
                                                                 const Placement& placement) const {
  const Player& player = position.player(seat);
  const Card& design = book().card(card);
  if (design.tree) {
    if (placement.side) {
      return fmt::format("{} is a tree: it is planted on its own ('{} plays {}')", card_text(card),
                         seat_label(seat), card_code(card));
    }
    return std::nullopt;
  }
  if (!placement.side) {
    return fmt::format(
        "{} is a split card: play one half to a side of a tree ('{} plays {} left of tree 1'), "
        "or the card face down as a sapling",
        card_text(card), seat_label(seat), card_code(card));
  }
  const Side side = *placement.side;
  if (!design.has_side(side)) {
    return fmt::format("{} has no {} half: its halves are {}", card_text(card), side_name(side),
                       design.has_side(Side::Top) ? "top and bottom" : "left and right");
  }
  if (player.forest.empty()) {
    return fmt::format("{} has no tree yet: a split card goes into a slot of a tree or sapling",
                       seat_label(seat));
  }
  if (placement.tree < 0 || placement.tree >= static_cast<int>(player.forest.size())) {
    return fmt::format("{}'s forest has trees 1 to {}: there is no tree {}", seat_label(seat),
                       player.forest.size(), placement.tree + 1);
  }
  const Tree& tree = player.forest[static_cast<std::size_t>(placement.tree)];
  const SpeciesId species = design.half(side).species;
  const std::span<const CardId> slot = tree.slot(side);
  if (slot_takes(book(), slot, side, species)) return std::nullopt;
  const std::string host =
      tree.sapling ? std::string("a sapling") : species_name(tree_species(book(), tree));
  const std::string holder = species_name(shown_species(book(), slot.front(), side));
  if (const Ability* sharing = book().species_of(species).permanent(AbilityKind::ShareSlot);
      sharing != nullptr && shown_species(book(), slot.front(), side) == species) {
    return fmt::format("the {} slot of tree {} ({}) already holds {} {}: at most {} share a slot",
                       side_name(side), placement.tree + 1, host, slot.size(),
                       species_name(species), sharing->count);
  }
  return fmt::format("the {} slot of tree {} ({}) is taken by the {}", side_name(side),
                     placement.tree + 1, host, holder);
}

std::optional<std::string> ForestShuffleRules::held_card_problem(const Position& position,
                                                                 Seat seat,
                                                                 const Move& move) const {
  const int card = move.args[0];
  if (card < 0 || card >= static_cast<int>(book().cards.size())) {
    return fmt::format("there is no card number {}", card);
  }
  if (count_card(position.player(seat).hand, static_cast<CardId>(card)) == 0) {
    return fmt::format("{} has no {} in hand", seat_label(seat),
                       card_text(static_cast<CardId>(card)));
  }
  return std::nullopt;
}

std::optional<std::string> ForestShuffleRules::placing_problem(const Position& position, Seat seat,
                                                               const Move& move) const {
  if (auto problem = held_card_problem(position, seat, move)) return problem;
  if (!move.uses_only(3))
    return "placing a card takes three arguments: the card, the side, the tree";
  if (move.args[1] < 0 || move.args[1] > kSides) {
    return fmt::format("there is no side number {}", move.args[1]);
  }
  if (move.args[1] == 0 && move.args[2] != 0) return "a tree is planted on its own, not at a tree";
  return placement_problem(position, seat, static_cast<CardId>(move.args[0]), placement_of(move));
}

std::optional<std::string> ForestShuffleRules::play_problem(const Position& position,
                                                            const Task& task,
                                                            const Move& move) const {
  if (move.kind == kSapling) {
    if (task.kind == TaskKind::Mole && !settings_.mole_saplings) {
      return "the Mole plays cards paying their cost, and a sapling has none (ruling "
             "fs.mole_saplings)";
    }
    if (auto problem = held_card_problem(position, task.seat, move)) return problem;
    if (!move.uses_only(1)) return "a sapling takes one argument, the card";
    return std::nullopt;
  }
  if (auto problem = placing_problem(position, task.seat, move)) return problem;
  const auto card = static_cast<CardId>(move.args[0]);
  const Placement placement = placement_of(move);
  const int cost = cost_of(card, placement);
  const int others = static_cast<int>(position.player(task.seat).hand.size()) - 1;
  if (cost > others) {
    return fmt::format(
        "the {} costs {}: {} holds only {} to pay with", species_name(species_at(card, placement)),
        cards_word(cost), seat_label(task.seat),
        others == 1 ? std::string("1 other card") : fmt::format("{} other cards", others));
  }
  return std::nullopt;
}

std::optional<std::string> ForestShuffleRules::payment_problem(const Position& position,
                                                               const Task& task,
                                                               const Move& move) const {
  const Placement placement = placement_of(task);
  const int cost = cost_of(task.card, placement);
  const std::string what = species_name(species_at(task.card, placement));
  if (!move.uses_only(kMaxPayment)) return "a payment names at most 4 cards";
  std::vector<CardId> paid;
  for (int i = 0; i < kMaxPayment; ++i) {
    const int value = move.args[static_cast<std::size_t>(i)];
    if (value == 0) continue;
    if (value < 1 || value > static_cast<int>(book().cards.size())) {
      return fmt::format("there is no card number {}", value - 1);
    }
    paid.push_back(static_cast<CardId>(value - 1));
  }
  if (static_cast<int>(paid.size()) != cost) {
    return fmt::format("the {} costs {}: pay with exactly {}, not {}", what, cards_word(cost),
                       cards_word(cost), paid.size());
  }
  for (std::size_t i = 0; i < paid.size(); ++i) {
    if (move.args[i] == 0 || (i > 0 && move.args[i] < move.args[i - 1])) {
      return "the payment cards are listed in card order";
    }
  }
  const std::vector<CardId>& hand = position.player(task.seat).hand;
  for (CardId card : paid) {
    if (count_card(paid, card) > count_card(hand, card)) {
      return count_card(hand, card) == 0
                 ? fmt::format("{} has no {} in hand", seat_label(task.seat), card_text(card))
                 : fmt::format("{} holds only {} {}", seat_label(task.seat), count_card(hand, card),
                               card_text(card));
    }
  }
  return std::nullopt;
}

std::optional<std::string> ForestShuffleRules::free_play_problem(const Position& position,
                                                                 const Task& task,
                                                                 const Move& move) const {
  if (auto problem = placing_problem(position, task.seat, move)) return problem;
  const SpeciesId species = species_at(static_cast<CardId>(move.args[0]), placement_of(move));
  if ((book().species_of(species).types & task.types) == 0) {
    return fmt::format("only cards showing {} are placed for free now, and the {} shows {}",
                       types_text(task.types), species_name(species),
                       types_text(book().species_of(species).types));
  }
  return std::nullopt;
}

std::optional<std::string> ForestShuffleRules::rejection(const Position& position,
                                                         const Move& move) const {
  if (move.kind == kDeckCard || move.kind == kWinter) return chance_rejection(position, move);
  const Node node = node_at(position);
  if (node.kind == NodeKind::Terminal) return "the game is over";
  if (node.kind == NodeKind::Chance) return expecting(position);
  const Task& task = position.tasks.front();
  if (move.seat != task.seat) {
    return task.kind == TaskKind::Turn
               ? fmt::format("it is {}'s turn, not {}'s", seat_label(task.seat),
                             seat_label(move.seat))
               : fmt::format("{}, not {}", expecting(position), seat_label(move.seat));
  }
  // Named only when a message or an event needs it: this runs on every move.
  const auto who = [&] { return seat_label(task.seat); };
  const auto wrong_time = [&] { return fmt::format("not now: {}", expecting(position)); };
  const auto drawing = task.kind == TaskKind::Turn || task.kind == TaskKind::SecondDraw;
  switch (move.kind) {
    case kMulligan:
    case kKeepHand:
      if (task.kind != TaskKind::Mulligan) return wrong_time();
      if (!move.uses_only(0)) return "this move takes no arguments";
      return std::nullopt;
    case kDrawFromDeck:
    case kTakeFromClearing: {
      if (!drawing) return wrong_time();
      const int held = static_cast<int>(position.player(task.seat).hand.size());
      if (held >= settings_.hand_limit) {
        return fmt::format("{} holds {} cards, the hand limit: {} cannot draw", who(), held, who());
      }
      if (move.kind == kDrawFromDeck) {
        if (!move.uses_only(0)) return "this move takes no arguments";
        if (position.deck_size() == 0) return "the deck is empty";
        return std::nullopt;
      }
      if (!move.uses_only(1)) return "taking a card takes one argument, the card";
      const int card = move.args[0];
      if (card < 0 || card >= static_cast<int>(book().cards.size())) {
        return fmt::format("there is no card number {}", card);
      }
      if (count_card(position.clearing, static_cast<CardId>(card)) == 0) {
        return fmt::format("{} is not in the clearing", card_text(static_cast<CardId>(card)));
      }
      return std::nullopt;
    }
    case kPlay:
    case kSapling:
      if (task.kind != TaskKind::Turn && task.kind != TaskKind::Mole) return wrong_time();
      return play_problem(position, task, move);
    case kPay:
      if (task.kind != TaskKind::Pay) return wrong_time();
      return payment_problem(position, task, move);
    case kUse:
    case kDecline:
      if (task.kind != TaskKind::Offer) return wrong_time();
      if (!move.uses_only(2)) return "this move takes two arguments: the species and the source";
      if (move.args[0] != task.species || move.args[1] != static_cast<int>(task.source)) {
        return fmt::format("{} is offered the {}'s {}", who(), species_name(task.species),
                           source_name(task.source));
      }
      return std::nullopt;
    case kPlaceFree:
      if (task.kind != TaskKind::FreePlay) return wrong_time();
      return free_play_problem(position, task, move);
    case kTuck: {
      if (task.kind != TaskKind::Tuck) return wrong_time();
      if (!move.uses_only(1)) return "tucking takes one argument, the card";
      return held_card_problem(position, task.seat, move);
    }
    case kStop: {
      if (!move.uses_only(1)) return "stopping takes one argument";
      const int what = move.args[0];
      const bool fits =
          (what == static_cast<int>(Stopping::FreePlays) && task.kind == TaskKind::FreePlay) ||
          (what == static_cast<int>(Stopping::Tucking) && task.kind == TaskKind::Tuck) ||
          (what == static_cast<int>(Stopping::MolePlays) && task.kind == TaskKind::Mole);
      if (!fits) return wrong_time();
      return std::nullopt;
    }
    default:
      return fmt::format("there is no move of kind {} in Forest Shuffle", move.kind);
  }
}

}  // namespace grove::forest_shuffle
