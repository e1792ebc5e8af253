// Which moves are legal, and why a move is not (bamboo_harvest.txt, "Turn
// sequence" steps 1-4 and "Set Up" steps 6-7). legal_moves() and rejection()
// must agree exactly; the checker probes moves near the legal ones to make
// sure they do.

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {
namespace {

bool is_chance_kind(std::uint16_t kind) {
  return kind == kDealForest || kind == kDeal || kind == kDraw;
}

}  // namespace

// --- Questions about the position -------------------------------------------

bool BhRules::can_draw(const Position& position) const {
  return !position.draw_pile.empty() || !position.discard_pile.empty();
}

bool BhRules::may_buy(const Position& position) const {
  const Player& player = position.players[static_cast<std::size_t>(position.turn)];
  if (position.buys >= settings_.buys_per_turn || player.reeds < settings_.buy_price ||
      !can_draw(position)) {
    return false;
  }
  // Only a player none of whose tokens touches a vacant face card may buy.
  for (int cell = 0; cell < grid().cells(); ++cell) {
    const Cell& token = position.forest[static_cast<std::size_t>(cell)];
    if (token.state != CellState::Built || token.who != position.turn) continue;
    bool touches = false;
    grid().for_each_neighbour(cell, [&](int next) {
      const Cell& card = position.forest[static_cast<std::size_t>(next)];
      touches = touches || (card.vacant() && is_face(card.card));
    });
    if (touches) return false;
  }
  return true;
}

int BhRules::next_harvester(const Position& position) const {
  for (int cell = 0; cell < grid().cells(); ++cell) {
    const Cell& here = position.forest[static_cast<std::size_t>(cell)];
    if (here.state == CellState::Built && here.who == position.turn &&
        ((position.harvested >> cell) & 1U) == 0) {
      return cell;
    }
  }
  return -1;
}

void BhRules::harvest_choices(const Position& position, int token, HarvestCells& cells) const {
  cells.clear();
  grid().for_each_neighbour(token, [&](int next) {
    const Cell& card = position.forest[static_cast<std::size_t>(next)];
    if (!card.vacant()) return;
    if (settings_.harvest_all_matching) {
      // Matching cards are harvested together: the group is named by its
      // first card in reading order.
      for (int& known : cells) {
        const Card other = position.forest[static_cast<std::size_t>(known)].card;
        if (rank_of(other) == rank_of(card.card)) {
          if (next < known) known = next;
          return;
        }
      }
    }
    cells.push_back(next);
  });
  std::sort(cells.begin(), cells.end());
}

bool BhRules::would_win(const Position& position, Seat seat, int cell) const {
  Position after = position;
  after.forest[static_cast<std::size_t>(cell)].state = CellState::Built;
  after.forest[static_cast<std::size_t>(cell)].who = static_cast<std::int8_t>(seat);
  if (settings_.tokens_to_win > 0 && after.tokens_of(seat, grid()) >= settings_.tokens_to_win) {
    return true;
  }
  return winning_path(after, seat).has_value();
}

std::string BhRules::cell_problem(const Position& position, int cell) const {
  const Cell& here = position.forest[static_cast<std::size_t>(cell)];
  if (here.state == CellState::Built) {
    return fmt::format("{} is already built ({}'s token)", grid().cell_text(cell),
                       seat_label(here.who));
  }
  if (here.state == CellState::Disturbed) {
    return fmt::format(
        "{} is disturbed ({}'s disturbance token stays on it until {}'s next swap step)",
        grid().cell_text(cell), seat_label(here.who), seat_label(here.who));
  }
  return {};
}

std::optional<std::string> BhRules::build_rejection(const Position& position, Seat seat, int cell,
                                                    Card deed) const {
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  // Named only when a move is refused: apply checks every move it plays.
  const auto who = [seat] { return seat_label(seat); };
  if (!player.deeds.has(deed)) return fmt::format("{} holds no {}", who(), card_text(deed));
  if (std::string problem = cell_problem(position, cell); !problem.empty()) return problem;
  const Card card = position.forest[static_cast<std::size_t>(cell)].card;
  if (!matches(deed, card)) {
    return fmt::format("{} does not match {} ({}): the deed must show the same rank, or be wild",
                       card_text(deed), grid().cell_text(cell), card_text(card));
  }
  if (player.reeds < settings_.build_cost) {
    return fmt::format("building costs {} reeds; {} has {}", settings_.build_cost, who(),
                       player.reeds);
  }
  if (position.tokens_of(seat, grid()) >= settings_.tokens_per_player) {
    return fmt::format("{} has no token left ({} on the board)", who(),
                       settings_.tokens_per_player);
  }
  if (is_wild(deed)) {
    if (!settings_.wild_builds_after_swap &&
        position.wild_swaps[static_cast<std::size_t>(wild_index(deed))] > 0) {
      return fmt::format(
          "{} has been used for a swap and may not build (ruling "
          "bh.wild_build_after_swap=forbidden)",
          card_text(deed));
    }
    if (settings_.wild_path == Settings::WildPath::Illegal && would_win(position, seat, cell)) {
      return fmt::format(
          "this build with {} would win, and a winning build may not use a wild "
          "deed (ruling bh.wild_winning_build=illegal)",
          card_text(deed));
    }
  }
  return std::nullopt;
}

std::optional<std::string> BhRules::swap_rejection(const Position& position, Seat seat,
                                                   const Move& move) const {
  const int first = move.args[0];
  const int second = move.args[1];
  const auto deed = static_cast<Card>(move.args[2]);
  const int disturbed = move.args[3];
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  // Named only when a move is refused: apply checks every move it plays.
  const auto who = [seat] { return seat_label(seat); };
  if (first == second) return "a swap needs two different cards";
  if (!player.deeds.has(deed)) return fmt::format("{} holds no {}", who(), card_text(deed));
  if (!player.face_up.has(deed)) {
    return fmt::format(
        "{} is face down: only a face-up deed can swap (deeds are laid face up at "
        "the end of a turn)",
        card_text(deed));
  }
  if (is_wild(deed) &&
      position.wild_swaps[static_cast<std::size_t>(wild_index(deed))] >= settings_.wild_swap_uses) {
    return fmt::format("{} has already been used for a swap (it is marked)", card_text(deed));
  }
  for (int cell : {first, second}) {
    if (std::string problem = cell_problem(position, cell); !problem.empty()) return problem;
  }
  const Card card = position.forest[static_cast<std::size_t>(first)].card;
  if (!matches(deed, card)) {
    const bool other_matches =
        matches(deed, position.forest[static_cast<std::size_t>(second)].card);
    return fmt::format("{} does not match {} ({}){}", card_text(deed), grid().cell_text(first),
                       card_text(card), other_matches ? ": name the matching card first" : "");
  }
  const int cost = swap_cost(first, second);
  if (player.reeds < cost) {
    return fmt::format("swapping {} and {} ({} edges apart) costs {} reeds; {} has {}",
                       grid().cell_text(first), grid().cell_text(second),
                       grid().distance(first, second), cost, who(), player.reeds);
  }
  if (disturbed != first && disturbed != second) {
    return fmt::format("the disturbance token goes on one of the swapped cards ({} or {})",
                       grid().cell_text(first), grid().cell_text(second));
  }
  return std::nullopt;
}

// --- The legal moves ---------------------------------------------------------

template <class F>
bool BhRules::for_each_build(const Position& position, F&& f) const {
  const Seat seat = position.turn;
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  if (player.reeds < settings_.build_cost ||
      position.tokens_of(seat, grid()) >= settings_.tokens_per_player) {
    return false;
  }
  bool stopped = false;
  player.deeds.for_each([&](Card deed) {
    for (int cell = 0; cell < grid().cells() && !stopped; ++cell) {
      const Cell& here = position.forest[static_cast<std::size_t>(cell)];
      if (!here.vacant() || !matches(deed, here.card)) continue;
      if (is_wild(deed) && build_rejection(position, seat, cell, deed)) continue;
      stopped = f(cell, deed);
    }
  });
  return stopped;
}

template <class F>
bool BhRules::for_each_swap_group(const Position& position, F&& f) const {
  const Seat seat = position.turn;
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  std::uint64_t vacant = 0;
  for (int cell = 0; cell < grid().cells(); ++cell) {
    if (position.forest[static_cast<std::size_t>(cell)].vacant())
      vacant |= std::uint64_t{1} << cell;
  }
  // The distances the player's reeds pay for, as a mask of edge counts.
  std::uint64_t affordable = 0;
  for (int edges = 1; edges < ring_count_; ++edges) {
    if (swap_cost_over(edges) <= player.reeds) affordable |= std::uint64_t{1} << edges;
  }
  bool stopped = false;
  player.face_up.for_each([&](Card deed) {
    if (stopped ||
        (is_wild(deed) && position.wild_swaps[static_cast<std::size_t>(wild_index(deed))] >=
                              settings_.wild_swap_uses)) {
      return;
    }
    for (std::uint64_t cards = vacant; cards != 0 && !stopped; cards &= cards - 1) {
      const int card = std::countr_zero(cards);
      if (!matches(deed, position.forest[static_cast<std::size_t>(card)].card)) continue;
      std::uint64_t others = 0;
      for (std::uint64_t edges = affordable; edges != 0; edges &= edges - 1) {
        others |= rings_[static_cast<std::size_t>(card * ring_count_ + std::countr_zero(edges))];
      }
      stopped = f(deed, card, others & vacant);
    }
  });
  return stopped;
}

bool BhRules::has_build(const Position& position) const {
  return for_each_build(position, [](int, Card) { return true; });
}

bool BhRules::has_swap(const Position& position) const {
  return for_each_swap_group(position, [](Card, int, std::uint64_t others) { return others != 0; });
}

void BhRules::legal_moves_at(const Position& position, std::vector<Move>& moves) const {
  moves.clear();
  const Node here = node_at(position);
  if (here.kind != NodeKind::Decision) return;
  const Seat seat = here.actor;
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  if (position.redraw_offer != kNoCard) {
    moves.push_back(make_move(kRedraw, seat, {position.redraw_offer}));
    moves.push_back(make_move(kKeep, seat));
    return;
  }
  switch (position.step) {
    case Step::SetupDiscard:
      player.deeds.without(position.setup_discards).for_each([&](Card card) {
        moves.push_back(make_move(kDiscard, seat, {card}));
      });
      return;
    case Step::PlaceTokens:
      for (int cell = 0; cell < grid().cells(); ++cell) {
        if (position.forest[static_cast<std::size_t>(cell)].vacant()) {
          moves.push_back(make_move(kPlace, seat, {cell}));
        }
      }
      return;
    case Step::Build:
      for_each_build(position, [&](int cell, Card deed) {
        moves.push_back(make_move(kBuild, seat, {cell, deed}));
        return false;
      });
      moves.push_back(make_move(kSkipBuild, seat));
      return;
    case Step::Swap: {
      // Counted first, then written in place: often hundreds of swaps, and
      // thousands with a wild deed.
      std::size_t count = 0;
      for_each_swap_group(position, [&](Card, int, std::uint64_t others) {
        count += 2 * static_cast<std::size_t>(std::popcount(others));
        return false;
      });
      moves.resize(count);
      Move* next = moves.data();
      // Each move built whole: a Move kept here with one field changed
      // before each copy stalled every copy on that store.
      for_each_swap_group(position, [&](Card deed, int card, std::uint64_t others) {
        for (; others != 0; others &= others - 1) {
          const int other = std::countr_zero(others);
          *next++ = make_move(kSwap, seat, {card, other, deed, card});
          *next++ = make_move(kSwap, seat, {card, other, deed, other});
        }
        return false;
      });
      moves.push_back(make_move(kSkipSwap, seat));
      return;
    }
    case Step::BuyBefore:
    case Step::Buy:
      moves.push_back(make_move(kBuy, seat));
      moves.push_back(make_move(kSkipBuy, seat));
      return;
    case Step::Harvest: {
      const int token = next_harvester(position);
      HarvestCells cells;
      harvest_choices(position, token, cells);
      for (int cell : cells) moves.push_back(make_move(kHarvest, seat, {token, cell}));
      return;
    }
    case Step::Redraw:
      (player.deeds & position.drawn).for_each([&](Card card) {
        moves.push_back(make_move(kRedraw, seat, {card}));
      });
      moves.push_back(make_move(kKeep, seat));
      return;
    case Step::Discard:
      player.deeds.for_each([&](Card card) { moves.push_back(make_move(kDiscard, seat, {card})); });
      return;
    case Step::Reveal:
      player.deeds.without(player.face_up).for_each([&](Card card) {
        moves.push_back(make_move(kReveal, seat, {card}));
      });
      moves.push_back(make_move(kEndTurn, seat));
      return;
    default:
      return;
  }
}

// --- Why a move is not legal ---------------------------------------------------

std::optional<std::string> BhRules::chance_rejection(const Position& position,
                                                     const Move& move) const {
  const int slot = move.kind == kDealForest ? 1 : 0;
  const auto card = static_cast<Card>(move.args[static_cast<std::size_t>(slot)]);
  if (position.step == Step::DealForest) {
    const std::string cell = grid().cell_text(position.setup_moves);
    if (move.kind != kDealForest || move.seat != kNoSeat) {
      return fmt::format("the next forest card is to be dealt to {}, not '{}'", cell,
                         move_text(move));
    }
    if (move.args[0] != position.setup_moves) {
      return fmt::format("the forest is dealt in reading order: the next card goes to {}", cell);
    }
    if (!move.uses_only(2) || card >= kCards || !position.box.has(card)) {
      return fmt::format("{} is not among the forest cards still to be dealt",
                         card >= kCards ? "that card" : card_text(card));
    }
    return std::nullopt;
  }
  const bool dealing = position.step == Step::DealDeeds;
  const Seat seat = dealing ? position.setup_moves % players() : position.turn;
  if (move.kind != (dealing ? kDeal : kDraw) || move.seat != seat) {
    return fmt::format("a deed is to be {} {} now, not '{}'", dealing ? "dealt to" : "drawn by",
                       seat_label(seat), move_text(move));
  }
  if (!move.uses_only(1) || card >= kCards || !position.draw_pile.has(card)) {
    return fmt::format("{} is not in the draw pile",
                       card >= kCards ? "that card" : card_text(card));
  }
  return std::nullopt;
}

std::optional<std::string> BhRules::rejection(const Position& position, const Move& move) const {
  if (position.step == Step::Over) return "the game is over";
  const Node here = node_at(position);
  if (here.kind == NodeKind::Chance) return chance_rejection(position, move);
  if (is_chance_kind(move.kind)) {
    return fmt::format("no card is dealt or drawn now: {} decides ({})", seat_label(here.actor),
                       words_for(position.step).name);
  }
  if (move.seat != here.actor) {
    return fmt::format("it is {}'s move ({}), not {}'s", seat_label(here.actor),
                       words_for(position.step).name, seat_label(move.seat));
  }
  const Seat seat = here.actor;
  // Named only when a move is refused: apply checks every move it plays.
  const auto who = [seat] { return seat_label(seat); };
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  const auto card = static_cast<Card>(move.args[0]);
  const bool card_arg = move.args[0] >= 0 && move.args[0] < kCards && move.uses_only(1);
  const bool cell_arg = grid().contains(move.args[0]) && move.uses_only(1);

  if (position.redraw_offer != kNoCard) {
    if (move.kind == kKeep && move.uses_only(0)) return std::nullopt;
    if (move.kind == kRedraw && card_arg && card == position.redraw_offer) return std::nullopt;
    return fmt::format("{} just drew {}: expected '{} redraws {}' or '{} keeps drawn deeds'", who(),
                       card_text(position.redraw_offer), who(), card_text(position.redraw_offer),
                       who());
  }
  const auto wrong_step = [&] {
    // A build or swap after its step has passed (by the player's choice, or
    // by itself because none was possible): say why none was possible.
    if (move.kind == kBuild && position.step != Step::Build && position.step > Step::PlaceTokens &&
        grid().contains(move.args[0]) && move.args[1] >= 0 && move.args[1] < kCards) {
      auto why = build_rejection(position, seat, move.args[0], static_cast<Card>(move.args[1]));
      return fmt::format("{}'s build step is over{}", who(), why ? " (" + *why + ")" : "");
    }
    if (move.kind == kSwap && position.step > Step::Swap && grid().contains(move.args[0]) &&
        grid().contains(move.args[1]) && move.args[2] >= 0 && move.args[2] < kCards) {
      auto why = swap_rejection(position, seat, move);
      return fmt::format("{}'s swap step is over{}", who(), why ? " (" + *why + ")" : "");
    }
    return fmt::format("{} is at {}: expected {}", who(), words_for(position.step).name,
                       words_for(position.step).forms);
  };
  const auto no_args = [&](MoveKind kind) { return move.kind == kind && move.uses_only(0); };

  switch (position.step) {
    case Step::SetupDiscard:
      if (move.kind != kDiscard || !card_arg) return wrong_step();
      if (!player.deeds.has(card)) return fmt::format("{} holds no {}", who(), card_text(card));
      if (position.setup_discards.has(card)) {
        return fmt::format("{} has already chosen {}", who(), card_text(card));
      }
      return std::nullopt;
    case Step::PlaceTokens:
      if (move.kind != kPlace || !cell_arg) return wrong_step();
      if (std::string problem = cell_problem(position, move.args[0]); !problem.empty()) {
        return problem;
      }
      return std::nullopt;
    case Step::Build:
      if (no_args(kSkipBuild)) return std::nullopt;
      if (move.kind != kBuild || !grid().contains(move.args[0]) || move.args[1] < 0 ||
          move.args[1] >= kCards || !move.uses_only(2)) {
        return wrong_step();
      }
      return build_rejection(position, seat, move.args[0], static_cast<Card>(move.args[1]));
    case Step::Swap:
      if (no_args(kSkipSwap)) return std::nullopt;
      if (move.kind != kSwap || !grid().contains(move.args[0]) || !grid().contains(move.args[1]) ||
          !grid().contains(move.args[3]) || move.args[2] < 0 || move.args[2] >= kCards ||
          !move.uses_only(4)) {
        return wrong_step();
      }
      return swap_rejection(position, seat, move);
    case Step::BuyBefore:
    case Step::Buy:
      if (no_args(kBuy) || no_args(kSkipBuy)) return std::nullopt;
      return wrong_step();
    case Step::Harvest: {
      if (move.kind != kHarvest || !grid().contains(move.args[0]) ||
          !grid().contains(move.args[1]) || !move.uses_only(2)) {
        return wrong_step();
      }
      const int token = next_harvester(position);
      if (move.args[0] != token) {
        return fmt::format("tokens harvest in reading order: the token on {} harvests now",
                           grid().cell_text(token));
      }
      const int target = move.args[1];
      if (!grid().adjacent(token, target)) {
        return fmt::format("{} is not next to the token on {}", grid().cell_text(target),
                           grid().cell_text(token));
      }
      if (!position.forest[static_cast<std::size_t>(target)].vacant()) {
        return cell_problem(position, target) + "; only vacant cards are harvested";
      }
      HarvestCells cells;
      harvest_choices(position, token, cells);
      if (std::find(cells.begin(), cells.end(), target) == cells.end()) {
        return fmt::format(
            "{} matches another card next to the token and they are harvested "
            "together: name the group by its first card in reading order",
            grid().cell_text(target));
      }
      return std::nullopt;
    }
    case Step::Redraw:
      if (no_args(kKeep)) return std::nullopt;
      if (move.kind != kRedraw || !card_arg) return wrong_step();
      if (!(player.deeds & position.drawn).has(card)) {
        return fmt::format("{} did not draw {} this turn", who(), card_text(card));
      }
      return std::nullopt;
    case Step::Discard:
      if (move.kind != kDiscard || !card_arg) return wrong_step();
      if (!player.deeds.has(card)) return fmt::format("{} holds no {}", who(), card_text(card));
      return std::nullopt;
    case Step::Reveal:
      if (no_args(kEndTurn)) return std::nullopt;
      if (move.kind != kReveal || !card_arg) return wrong_step();
      if (!player.deeds.has(card)) return fmt::format("{} holds no {}", who(), card_text(card));
      if (player.face_up.has(card)) return fmt::format("{} is already face up", card_text(card));
      return std::nullopt;
    default:
      return wrong_step();
  }
}

}  // namespace grove::bamboo_harvest
