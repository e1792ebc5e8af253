// What agents and balance reports need from the game: how promising a
// position looks (heuristic), a state the seat cannot tell from the real
// one (determinize), what a move does (move_use) and the game's own
// figures of a finished game (game_metrics).

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <utility>

#include "engine/games/forest_shuffle/forest.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "engine/games/forest_shuffle/scoring.hpp"

namespace grove::forest_shuffle {

namespace {

// The heuristic's worth of things that are not points yet, in points.
// Measured by greedy play against itself (2 players, 200 to 400 games a
// setting): a card worth 1 instead, no slot value or twice it, an extra
// turn worth 5 win about as often as these; a card worth 0.7 loses clearly.
struct Weights {
  double card = 1.5;            // a hand card that can still be played
  double slot = 0.6;            // an empty slot at a tree, while there is time to fill it
  int slots_counted = 8;        // empty slots beyond these are worth nothing more
  double turn = 3.0;            // an extra turn
  double option = 0.5;          // a free placement, a Mole's play still to make
  double cards_per_turn = 1.6;  // cards a turn takes off the deck, on average
};
constexpr Weights kWeights;

}  // namespace

double ForestShuffleRules::turns_left(const Position& position) const {
  // The game ends with the last winter card: the upper piles come first,
  // then the bottom pile, where the last of the shuffled winter cards lies
  // on average after W/(W+1) of its other cards.
  double cards = position.deck_top;
  const int winter = position.winter_shuffled;
  if (winter > 0) cards += position.deck_bottom * winter / (winter + 1.0);
  return cards / (kWeights.cards_per_turn * players());
}

double ForestShuffleRules::offer_value(const Position& position, const Task& offer,
                                       const Census& census) const {
  const Weights& w = kWeights;
  const Species& species = book().species_of(offer.species);
  if (offer.source == Source::Mushroom) return w.card;
  double value = 0;
  for (const Ability& ability : offer.source == Source::Effect ? species.effect : species.bonus) {
    switch (ability.kind) {
      case AbilityKind::Draw:
        value += w.card * ability.count;
        break;
      case AbilityKind::DrawPer: {
        const int count = ability.species != kNoSpecies
                              ? census.species[static_cast<std::size_t>(ability.species)]
                              : census.showing(book(), ability.types);
        value += w.card * count;
        break;
      }
      case AbilityKind::ExtraTurn:
        value += w.turn;
        break;
      case AbilityKind::PlayFree:
        value += w.option * (ability.count == 0 ? 2 : ability.count);
        break;
      case AbilityKind::ClearingToCave:
        // A point per card under the cave.
        value += static_cast<double>(position.clearing.size());
        break;
      case AbilityKind::HandToCave:
      case AbilityKind::PlayPaying:
        value += w.option;
        break;
      default:
        break;
    }
  }
  return value;
}

double ForestShuffleRules::heuristic_at(const Position& position, Seat seat) const {
  return seat_heuristic(position, seat, survey_forests(position));
}

void ForestShuffleRules::heuristics_at(const Position& position,
                                       std::vector<double>& values) const {
  const CensusRefs censuses = survey_forests(position);
  values.resize(static_cast<std::size_t>(players()));
  for (Seat seat = 0; seat < players(); ++seat) {
    values[static_cast<std::size_t>(seat)] = seat_heuristic(position, seat, censuses);
  }
}

CensusRefs ForestShuffleRules::survey_forests(const Position& position) const {
  CensusRefs censuses;
  for (std::size_t seat = 0; seat < position.players.size(); ++seat) {
    const Player& player = position.players[seat];
    censuses.push_back(&memo_.census(seat, player, nullptr, player.print));
  }
  return censuses;
}

double ForestShuffleRules::seat_heuristic(const Position& position, Seat seat,
                                          const CensusRefs& censuses) const {
  const Weights& w = kWeights;
  const auto at = static_cast<std::size_t>(seat);
  const std::span<const Census* const> all(censuses.data(), censuses.size());
  const Player& player = position.player(seat);
  if (position.over) return memo_.points(player, nullptr, player.print, *censuses[at], all, at);

  // A card being paid for counts as placed, and its price as paid, so that
  // a play rates the same before and after the payment is chosen.
  std::optional<Pending> pending;
  int owed = 0;
  // Cards on their way to the hand: draws to come, tucked cards to replace.
  double coming = 0;
  double options = 0;
  for (const Task& task : position.tasks) {
    if (task.seat != seat) continue;
    switch (task.kind) {
      case TaskKind::Pay: {
        const Placement placement = placement_of(task);
        pending = Pending{.card = task.card, .side = placement.side, .tree = placement.tree};
        owed += cost_of(task.card, placement);
        break;
      }
      case TaskKind::Deal:
      case TaskKind::Draw:
      case TaskKind::Tuck:
        coming += task.count;
        break;
      case TaskKind::SecondDraw:
        coming += 1;
        break;
      case TaskKind::Offer:
        options += offer_value(position, task, *censuses[at]);
        break;
      case TaskKind::FreePlay:
        options += w.option * (task.count == 0 ? 2 : task.count);
        break;
      case TaskKind::Mole:
        options += w.option;
        break;
      default:
        break;
    }
  }
  const Pending* placing = pending ? &*pending : nullptr;
  const std::uint64_t print = forest_print(player, placing);
  // Every seat's forest is in use, so the pending one's census goes to a
  // region of its own.
  const Census& own = pending ? memo_.census(kMaxPlayers, player, placing, print) : *censuses[at];
  const double points = memo_.points(player, placing, print, own, all, at) + options;

  // Hand cards are worth something only while there are turns to play
  // them: a turn plays one card and pays with about one more.
  const double turns = turns_left(position);
  const double held = static_cast<double>(player.hand.size()) + coming - owed;
  const double hand =
      std::max(0.0, std::min({held, static_cast<double>(settings_.hand_limit), 2 * turns + 1}));

  const double slots =
      w.slot * std::min(own.empty_slots, w.slots_counted) * std::min(1.0, turns / 4);
  const double extra = seat == position.turn ? w.turn * position.extra_turns : 0;
  return points + w.card * hand + slots + extra;
}

int ForestShuffleRules::search_playout_moves() const {
  // Ten moves (a turn or two of each player) tell MCTS as much as twenty,
  // in half the time: against greedy (2 players, 200 iterations, 120 games,
  // seed 7) MCTS won 90.0% with 6-move playouts, 90.0% with 10 and 89.6%
  // with 20, and 10 against 20 won 51.3% of 80 games (seed 11).
  return 10;
}

Position ForestShuffleRules::determinize_at(const Position& seen, Seat seat, Rng& rng) const {
  const CardBook& cards = book();
  // What the seat cannot see, as counts per card design: the unseen cards
  // (deck and box alike) and the other players' hands, caves, mulliganed
  // hands and saplings. Counted by design, the pool depends only on what
  // the seat sees, not on where the cards really are.
  std::vector<int> pool(seen.unseen.begin(), seen.unseen.end());
  const auto gather = [&](const std::vector<CardId>& list) {
    for (CardId card : list) ++pool[static_cast<std::size_t>(card)];
  };
  for (Seat other = 0; other < players(); ++other) {
    if (other == seat) continue;
    const Player& player = seen.player(other);
    gather(player.hand);
    gather(player.cave);
    gather(player.mulliganed);
    for (const Tree& tree : player.forest) {
      if (tree.sapling) ++pool[static_cast<std::size_t>(tree.card)];
    }
  }
  const Task* front = seen.tasks.empty() ? nullptr : &seen.tasks.front();

  // What the seat still knows of them: a mulliganed hand had no tree, and
  // neither has the hand of a player now deciding on a mulligan.
  const auto treeless_hand = [&](Seat other) {
    return settings_.mulligan && front != nullptr && front->kind == TaskKind::Mulligan &&
           front->seat == other;
  };
  int treeless = 0;
  int plain = 0;  // split cards in the pool
  for (std::size_t id = 0; id < pool.size(); ++id) {
    if (!cards.cards[id].tree) plain += pool[id];
  }
  for (Seat other = 0; other < players(); ++other) {
    if (other == seat) continue;
    const Player& player = seen.player(other);
    treeless += static_cast<int>(player.mulliganed.size());
    if (treeless_hand(other)) treeless += static_cast<int>(player.hand.size());
  }
  // A hand-written position may break this; then anything goes.
  const bool constrained = treeless <= plain;

  // Draws `count` cards from `list` (partial Fisher-Yates), sorted.
  const auto deal = [&](std::vector<CardId>& list, std::size_t& taken, std::size_t count) {
    std::vector<CardId> dealt;
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t pick = taken + rng.below(list.size() - taken);
      std::swap(list[taken], list[pick]);
      dealt.push_back(list[taken++]);
    }
    std::sort(dealt.begin(), dealt.end());
    return dealt;
  };

  Position drawn;
  // The drawing is redone, rarely, when it leaves a player who is deciding
  // now with no choice: the rules would have made a lone choice by itself.
  for (int attempt = 0; attempt < 32; ++attempt) {
    drawn = seen;
    std::vector<int> left = pool;
    // The treeless cards first, from the split cards of the pool; then the
    // rest, from whatever is left. Either way every assignment of the
    // pool's cards that fits is equally likely.
    std::vector<CardId> split_cards;
    for (std::size_t id = 0; id < left.size() && constrained; ++id) {
      if (!cards.cards[id].tree)
        split_cards.insert(split_cards.end(), left[id], static_cast<CardId>(id));
    }
    std::size_t taken = 0;
    const auto take = [&](std::vector<CardId>& list, std::size_t& from, std::size_t count) {
      std::vector<CardId> dealt = deal(list, from, count);
      for (CardId card : dealt) --left[static_cast<std::size_t>(card)];
      return dealt;
    };
    for (Seat other = 0; other < players() && constrained; ++other) {
      if (other == seat) continue;
      Player& player = drawn.player(other);
      player.mulliganed = take(split_cards, taken, player.mulliganed.size());
      if (treeless_hand(other)) player.hand = take(split_cards, taken, player.hand.size());
    }
    std::vector<CardId> rest;
    for (std::size_t id = 0; id < left.size(); ++id) {
      rest.insert(rest.end(), left[id], static_cast<CardId>(id));
    }
    taken = 0;
    for (Seat other = 0; other < players(); ++other) {
      if (other == seat) continue;
      Player& player = drawn.player(other);
      if (!constrained) player.mulliganed = take(rest, taken, player.mulliganed.size());
      if (!constrained || !treeless_hand(other)) {
        player.hand = take(rest, taken, player.hand.size());
      }
      player.cave = take(rest, taken, player.cave.size());
      for (Tree& tree : player.forest) {
        if (tree.sapling) tree.card = take(rest, taken, 1).front();
      }
    }
    for (std::size_t id = 0; id < left.size(); ++id) {
      drawn.unseen[id] = static_cast<std::int16_t>(left[id]);
    }
    const Node node = node_at(drawn);
    if (node.kind != NodeKind::Decision || node.actor == seat) break;
    std::vector<Move> moves;
    legal_moves_listed(drawn, moves, 2);
    if (moves.size() >= 2) break;
  }
  return drawn;
}

MoveUse ForestShuffleRules::move_use_at(const Position& position, const Move& move) const {
  // Cards and species as the rulebook names them: a card by the species it
  // shows, with its code to find it by ("Red Fox / Badger (LR07)").
  const auto code = [&](int card) { return card_label(static_cast<CardId>(card)); };
  const auto species = [&](int id) { return book().species_of(static_cast<SpeciesId>(id)).name; };
  switch (move.kind) {
    case kDeckCard:
      return {move.seat == kNoSeat ? "reveal" : "draw", code(move.args[0])};
    case kWinter:
      return {"winter card", {}};
    case kDrawFromDeck:
      return {"draws from deck", {}};
    case kTakeFromClearing:
      return {"takes from clearing", code(move.args[0])};
    case kPlay:
    case kPlaceFree: {
      const auto card = static_cast<CardId>(move.args[0]);
      const Placement placement = placement_of(move);
      const std::string played = species(species_at(card, placement));
      if (move.kind == kPlaceFree) return {"places for free", played};
      return {book().card(card).tree ? "plays tree" : "plays card", played};
    }
    case kSapling:
      return {"plays sapling", code(move.args[0])};
    case kPay: {
      if (position.tasks.empty() || position.tasks.front().kind != TaskKind::Pay) break;
      const Task& task = position.tasks.front();
      const Placement placement = placement_of(task);
      const SpeciesId played = species_at(task.card, placement);
      const SpeciesId symbol = placement.side ? shown_symbol(book(), task.card, *placement.side)
                                              : book().card(task.card).halves[0].symbol;
      bool matching = true;
      for (std::int16_t value : move.args) {
        if (value != 0)
          matching = matching && book().card(static_cast<CardId>(value - 1)).shows_symbol(symbol);
      }
      const bool bonus = matching && !book().species_of(played).bonus.empty();
      return {bonus ? "pays for the bonus" : "pays", species(played)};
    }
    case kUse:
    case kDecline: {
      const auto source = static_cast<std::size_t>(move.args[1]);
      if (source >= kSourceNames.size()) break;
      return {std::string(move.kind == kUse ? "uses " : "declines ") + kSourceNames[source],
              species(move.args[0])};
    }
    case kTuck:
      return {"tucks", code(move.args[0])};
    case kStop: {
      const auto stopping = static_cast<std::size_t>(move.args[0]);
      if (stopping >= kStoppingWords.size()) break;
      return {std::string("stops ") + kStoppingWords[stopping], {}};
    }
    case kMulligan:
      return {"takes mulligan", {}};
    case kKeepHand:
      return {"keeps hand", {}};
    default:
      break;
  }
  return move_use_of_text(move_text(move));
}

std::vector<GameMetric> ForestShuffleRules::game_metrics_at(const Position& position,
                                                            const EventLog& log) const {
  const CardBook& cards = book();
  const auto seats = static_cast<std::size_t>(players());
  std::vector<GameMetric> metrics;
  const std::vector<ForestScore> sheets = score_forests(settings_, position, false);

  // What happened, counted from the events; every figure for every seat.
  constexpr std::array<std::pair<std::string_view, std::string_view>, 8> kCounted = {{
      {kClauseDrawAction, "cards drawn from deck"},
      {kClauseTake, "cards taken from clearing"},
      {kClauseBonusEarned, "bonuses earned"},
      {kClauseExtraTurn, "extra turns"},
      {kClauseFreePlay, "free placements"},
      {kClauseMulligan, "mulligans"},
      {kClauseTurnEnd, "turns"},
      {kClauseCave, "cards to cave from clearing"},
  }};
  std::vector<std::array<double, kCounted.size()>> counted(seats);
  int emptied = 0;
  for (const Event& event : log) {
    if (event.clause == kClauseClearingEmptied) ++emptied;
    if (event.seat < 0 || event.seat >= players()) continue;
    for (std::size_t i = 0; i < kCounted.size(); ++i) {
      if (event.clause != kCounted[i].first) continue;
      double value = 1;
      if (event.clause == kClauseCave) {
        // The Brown Bear's cards; the Raccoon's come from the hand.
        const std::string* from = event.field("from");
        const std::string* moved = event.field("cards");
        value = from != nullptr && *from == "clearing" && moved != nullptr ? std::stod(*moved) : 0;
      }
      counted[static_cast<std::size_t>(event.seat)][i] += value;
    }
  }

  for (std::size_t at = 0; at < seats; ++at) {
    const auto seat = static_cast<Seat>(at);
    const Player& player = position.players[at];
    const ForestScore& sheet = sheets[at];
    // Points by species, for every species that can score, so that each
    // figure is there for every seat of every game; and by where the card
    // lies.
    const std::vector<int> by_species = sheet.by_species(cards.species.size());
    for (std::size_t id = 0; id < cards.species.size(); ++id) {
      const Scoring& rule = cards.species[id].scoring;
      if (rule.kind == ScoringKind::Flat && rule.points == 0) continue;
      metrics.push_back({"points: " + cards.species[id].id, seat, double(by_species[id])});
    }
    std::array<double, 4> where{};  // trees, top, bottom, sides
    for (const CardScore& entry : sheet.cards) {
      const std::size_t group = !entry.side                   ? 0
                                : *entry.side == Side::Top    ? 1
                                : *entry.side == Side::Bottom ? 2
                                                              : 3;
      where[group] += entry.points;
    }
    metrics.push_back({"points: trees", seat, where[0]});
    metrics.push_back({"points: top", seat, where[1]});
    metrics.push_back({"points: bottom", seat, where[2]});
    metrics.push_back({"points: sides", seat, where[3]});
    metrics.push_back({"cards in cave", seat, double(sheet.cave)});

    int trees = 0;
    int saplings = 0;
    int dwellers = 0;
    for (const Tree& tree : player.forest) {
      (tree.sapling ? saplings : trees) += 1;
      dwellers += tree.dwellers();
    }
    metrics.push_back({"trees played", seat, double(trees)});
    metrics.push_back({"saplings played", seat, double(saplings)});
    metrics.push_back({"cards at trees", seat, double(dwellers)});
    metrics.push_back({"cards in forest", seat, double(trees + saplings + dwellers)});
    metrics.push_back({"cards left in hand", seat, double(player.hand.size())});
    for (std::size_t i = 0; i < kCounted.size(); ++i) {
      metrics.push_back({std::string(kCounted[i].second), seat, counted[at][i]});
    }
  }
  metrics.push_back({"clearings emptied", kNoSeat, double(emptied)});
  metrics.push_back(
      {"cards left in deck", kNoSeat, double(position.deck_top + position.deck_bottom)});
  int top = 0;
  int second = 0;
  for (const ForestScore& sheet : sheets) {
    if (sheet.total > top) {
      second = top;
      top = sheet.total;
    } else if (sheet.total > second) {
      second = sheet.total;
    }
  }
  metrics.push_back({"winning score", kNoSeat, double(top)});
  metrics.push_back({"winning margin", kNoSeat, double(top - second)});
  return metrics;
}

}  // namespace grove::forest_shuffle
