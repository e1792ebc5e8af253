// The variant's settings, the table before the deal, whose move it is, the
// chance nodes, and the questions the turn code asks (paths, swap costs).

#include "engine/games/bamboo_harvest/bh_rules.hpp"

#include <fmt/format.h>

#include "engine/core/errors.hpp"

namespace grove::bamboo_harvest {
namespace {

int small(const Variant& variant, const std::string& name) {
  return static_cast<int>(variant.integer(name));
}

}  // namespace

Settings read_settings(const Variant& variant, int players) {
  Settings s;
  s.grid = Grid{small(variant, "forest_rows"), small(variant, "forest_columns")};
  s.starting_reeds = small(variant, "starting_reeds");
  s.deeds_dealt = small(variant, "deeds_dealt");
  s.deeds_kept = small(variant, "deeds_kept");
  s.setup_tokens = small(variant, "setup_tokens");
  s.tokens_per_player = small(variant, "tokens_per_player");
  s.tokens_to_win = static_cast<int>(variant.integer_for_players("tokens_to_win", players));
  s.build_cost = small(variant, "build_cost");
  s.swap_free_edges = small(variant, "swap_free_edges");
  s.swap_cost_per_edge = small(variant, "swap_cost_per_edge");
  s.path.min_others = small(variant, "path_min_other_tokens");
  s.path.max_from_one_other = small(variant, "path_max_from_one_other");
  s.path.max_others = small(variant, "path_max_other_tokens");
  s.path.own_token_required = variant.ruling_is("bh.path_own_token", "required");
  s.hand_limit = small(variant, "hand_limit");
  s.buy_price = small(variant, "buy_price");
  s.buys_per_turn = small(variant, "buys_per_turn");
  s.redraws_per_turn = small(variant, "redraws_per_turn");
  s.wild_swap_uses = small(variant, "wild_swap_uses");
  const IntegerTable& reeds = variant.table("reeds_per_rank");
  for (int rank = 1; rank <= 10; ++rank) {
    s.reeds_per_rank[static_cast<std::size_t>(rank)] = static_cast<int>(reeds.at(rank_text(rank)));
  }

  using S = Settings;
  s.wild_builds_after_swap = variant.ruling_is("bh.wild_build_after_swap", "allowed");
  s.wild_path = variant.ruling_as<S::WildPath>(
      "bh.wild_winning_build", {{"next_build_step", S::WildPath::NextBuildStep},
                                {"regular_build_needed", S::WildPath::RegularBuildNeeded},
                                {"illegal", S::WildPath::Illegal}});
  s.swap_deed_kept = variant.ruling_is("bh.swap_deed", "kept");
  s.harvest_all_matching = variant.ruling_is("bh.matching_harvest", "all");
  s.empty_piles = variant.ruling_as<S::EmptyPiles>(
      "bh.empty_piles",
      {{"nothing_drawn", S::EmptyPiles::NothingDrawn}, {"game_ends", S::EmptyPiles::GameEnds}});
  s.buy_before_harvest = variant.ruling_is("bh.buy_timing", "before_harvest");
  s.token_win_immediately = variant.ruling_is("bh.token_win_timing", "immediately");
  s.setup_wild = variant.ruling_as<S::SetupWild>("bh.setup_wild_discard",
                                                 {{"rank_loses_ties", S::SetupWild::RankLosesTies},
                                                  {"rank_wins_ties", S::SetupWild::RankWinsTies},
                                                  {"highest", S::SetupWild::Highest}});
  s.redraw_any_drawn = variant.ruling_is("bh.redraw_timing", "any_drawn_this_turn");
  s.reshuffle_when_emptied = variant.ruling_is("bh.reshuffle_timing", "when_emptied");
  s.wild_marker_stays = variant.ruling_is("bh.wild_marker", "stays");

  // Combinations the set-up cannot play.
  if (s.deeds_kept >= s.deeds_dealt) {
    throw InputError({}, "deeds_kept",
                     fmt::format("deeds_kept ({}) must be less than deeds_dealt ({}): the setup "
                                 "discard picks the starting player",
                                 s.deeds_kept, s.deeds_dealt));
  }
  if (s.setup_tokens * players > s.grid.cells()) {
    throw InputError({}, "setup_tokens",
                     fmt::format("{} players placing {} setup tokens each need {} cards, but a "
                                 "{}x{} forest has {}",
                                 players, s.setup_tokens, s.setup_tokens * players, s.grid.rows,
                                 s.grid.columns, s.grid.cells()));
  }
  if (s.setup_tokens > s.tokens_per_player) {
    throw InputError({}, "setup_tokens",
                     fmt::format("setup_tokens ({}) cannot exceed tokens_per_player ({})",
                                 s.setup_tokens, s.tokens_per_player));
  }
  return s;
}

BhRules::BhRules(const Game& game, const Variant& variant, int players)
    : TypedRules(game, variant, players), settings_(read_settings(variant, players)) {
  const Grid& forest = settings_.grid;
  ring_count_ = forest.rows + forest.columns - 1;
  rings_.assign(static_cast<std::size_t>(forest.cells() * ring_count_), 0);
  for (int cell = 0; cell < forest.cells(); ++cell) {
    for (int other = 0; other < forest.cells(); ++other) {
      rings_[static_cast<std::size_t>(cell * ring_count_ + forest.distance(cell, other))] |=
          std::uint64_t{1} << other;
    }
  }
}

Position BhRules::fresh_position() const {
  Position position;
  for (int card = 0; card < kCards; ++card) {
    const auto c = static_cast<Card>(card);
    if (is_forest_card(c)) {
      position.box.add(c);
    } else {
      position.draw_pile.add(c);
    }
  }
  for (int seat = 0; seat < players(); ++seat) {
    Player player;
    player.reeds = settings_.starting_reeds;
    position.players.push_back(player);
  }
  return position;
}

Position BhRules::initial_position() const { return fresh_position(); }

Seat BhRules::placing_seat(const Position& position) const {
  // Snake order from the starting player: 1,2,3 then 3,2,1, and so on.
  const int n = players();
  const int round = position.setup_moves / n;
  const int index = position.setup_moves % n;
  const int offset = round % 2 == 0 ? index : n - 1 - index;
  return (position.starter + offset) % n;
}

Seat BhRules::actor(const Position& position) const {
  switch (position.step) {
    case Step::SetupDiscard: {
      // Everyone chooses at once; the choices are collected seat by seat.
      const int each = settings_.deeds_dealt - settings_.deeds_kept;
      for (Seat seat = 0; seat < players(); ++seat) {
        const CardSet& deeds = position.players[static_cast<std::size_t>(seat)].deeds;
        const int chosen = (deeds & position.setup_discards).size();
        if (chosen < each && chosen < deeds.size()) return seat;
      }
      return kNoSeat;
    }
    case Step::PlaceTokens:
      return placing_seat(position);
    default:
      return position.turn;
  }
}

Node BhRules::node_at(const Position& position) const {
  switch (position.step) {
    case Step::Over:
      return Node{NodeKind::Terminal, kNoSeat, false};
    case Step::DealForest:
    case Step::DealDeeds:
      return Node{NodeKind::Chance, kNoSeat, false};
    default:
      break;
  }
  if (position.redraw_offer != kNoCard) return Node{NodeKind::Decision, position.turn, false};
  if (position.pending_draws > 0) return Node{NodeKind::Chance, kNoSeat, false};
  return Node{NodeKind::Decision, actor(position), position.step == Step::SetupDiscard};
}

namespace {

// The pile the next chance event draws a card from, and the move that
// draws `card` (a deal to the forest names its cell first). The move is
// built whole (make_move), not by setting its card in a Move kept here:
// copied out after that store, it stalled on every card listed.
struct Draw {
  const CardSet* pile;
  std::uint16_t kind;
  Seat seat;
  int cell;  // kDealForest only

  Move of(Card card) const {
    return kind == kDealForest ? make_move(kind, seat, {cell, card})
                               : make_move(kind, seat, {card});
  }
};

Draw next_draw(const Position& position, int players) {
  if (position.step == Step::DealForest) {
    return Draw{&position.box, kDealForest, kNoSeat, position.setup_moves};
  }
  if (position.step == Step::DealDeeds) {
    return Draw{&position.draw_pile, kDeal, position.setup_moves % players, 0};
  }
  return Draw{&position.draw_pile, kDraw, position.turn, 0};
}

}  // namespace

void BhRules::chance_outcomes_at(const Position& position,
                                 std::vector<ChanceOutcome>& outcomes) const {
  outcomes.clear();
  const Draw draw = next_draw(position, players());
  const auto count = static_cast<std::uint64_t>(draw.pile->size());
  draw.pile->for_each([&](Card card) {
    outcomes.push_back(ChanceOutcome{draw.of(card), Probability(1, count)});
  });
}

Move BhRules::sample_chance_at(const Position& position, Rng& rng) const {
  // Every card of the pile is equally likely: pick one without listing them.
  const Draw draw = next_draw(position, players());
  const auto pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(draw.pile->size())));
  return draw.of(draw.pile->nth(pick));
}

Outcome BhRules::outcome_at(const Position& position) const {
  Outcome result;
  result.place.assign(static_cast<std::size_t>(players()), 2);
  if (position.won_by == WinKind::MostTokens) {
    // Places by tokens on the board, ties sharing a place.
    for (Seat seat = 0; seat < players(); ++seat) {
      int better = 0;
      for (Seat other = 0; other < players(); ++other) {
        better += position.tokens_of(other, grid()) > position.tokens_of(seat, grid()) ? 1 : 0;
      }
      result.place[static_cast<std::size_t>(seat)] = better + 1;
    }
  } else if (position.won_by == WinKind::Stalled) {
    result.place.assign(static_cast<std::size_t>(players()), 1);
  } else if (position.winner != kNoSeat) {
    result.place[static_cast<std::size_t>(position.winner)] = 1;
  }
  return result;
}

Owners BhRules::owners(const Position& position) const {
  Owners result;
  result.fill(static_cast<std::int8_t>(kNoSeat));
  for (int cell = 0; cell < grid().cells(); ++cell) {
    const Cell& here = position.forest[static_cast<std::size_t>(cell)];
    if (here.state == CellState::Built) result[static_cast<std::size_t>(cell)] = here.who;
  }
  return result;
}

std::optional<std::vector<int>> BhRules::winning_path(const Position& position, Seat seat) const {
  return find_winning_path(grid(), owners(position), seat, settings_.path);
}

std::int64_t BhRules::step_bound() const {
  // Random play of the standard game takes a few hundred moves; a game that
  // has not ended after this many turns' worth is reported as possibly
  // infinite (nobody can build any more, or no path can satisfy the limits).
  return 200000;
}

}  // namespace grove::bamboo_harvest
