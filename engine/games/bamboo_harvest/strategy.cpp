// What agents and balance reports need from the game: how promising a
// position looks (heuristic), a state the seat cannot tell from the real
// one (determinize), what a move does (move_use) and the game's own
// figures of a finished game (game_metrics).

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {
namespace {

// The heuristic is counted in reeds. A build nearer the win must be worth
// more than what it costs (30 reeds and a deed), or the greedy agent would
// never build.
constexpr double kBuildNearer = 50;
// The way to win that is further away still counts a little: every build is
// a token towards the win by tokens, and keeps the path open as a fallback.
constexpr double kOtherWay = 0.25;
// Turns of harvest a token's current income stands for.
constexpr double kIncomeTurns = 2;
// A deed draw (a face card harvested, a draw still owed), close to the
// price of the optional buy.
constexpr double kDeedDraw = 8;
// What a deed in hand is worth: wild ones build anywhere; a regular one is
// worth more when it matches a card on the seat's cheapest path, and little
// when no card it matches is left to build on.
constexpr double kWildDeed = 20;
constexpr double kPathDeed = 15;
constexpr double kOpenDeed = 8;
constexpr double kDeadDeed = 1;
constexpr double kFaceUp = 1;  // a face-up deed may also swap
constexpr double kWinBonus = 1000;
// Reeds only pay for builds and swaps: beyond what the builds still needed
// cost (and a few swaps), a reed counts this much. Counted in full, hoarded
// reeds outweigh every build (30 reeds and a deed for 50), and greedy games
// ran to thousands of turns with one player on 5,000 reeds and neither
// building.
constexpr double kSpareReed = 0.1;
constexpr int kSwapReserve = 20;

// The path search tracks how many other players' tokens a path has picked
// up, up to the limit (layers 0..limit).
constexpr int kMaxLayers = 8;
constexpr int kUnreachable = 10000;

// The forest as the path search sees it, as bit masks of the cells: the
// cards built by the seat itself and by other players, the rest (to be
// built, one build each) and the four sides.
struct PathMasks {
  std::uint64_t own = 0;
  std::uint64_t others = 0;
  std::uint64_t vacant = 0;
  std::uint64_t north = 0;
  std::uint64_t south = 0;
  std::uint64_t west = 0;
  std::uint64_t east = 0;
  unsigned columns = 0;

  PathMasks(const Grid& grid, std::uint64_t built, std::uint64_t others_built)
      : own(built & ~others_built),
        others(others_built),
        columns(static_cast<unsigned>(grid.columns)) {
    for (int cell = 0; cell < grid.cells(); ++cell) {
      const std::uint64_t bit = std::uint64_t{1} << cell;
      if ((built & bit) == 0) vacant |= bit;
      if (grid.row(cell) == 0) north |= bit;
      if (grid.row(cell) == grid.rows - 1) south |= bit;
      if (grid.column(cell) == 0) west |= bit;
      if (grid.column(cell) == grid.columns - 1) east |= bit;
    }
  }

  std::uint64_t neighbours(std::uint64_t from) const {
    return (from << columns) | (from >> columns) | ((from & ~east) << 1U) | ((from & ~west) >> 1U);
  }
};

// A sweep's result by distance (the builds needed, counting the cell
// itself): at[distance][layer] holds the cells first reached at that
// distance with `layer` other players' tokens picked up. Masks rather than
// a distance per cell, so that the cheapest paths through the cards are
// found a few masks at a time.
struct Levels {
  // Each level past the first adds one vacant card: kMaxCells at most.
  std::array<std::array<std::uint64_t, kMaxLayers>, kMaxCells + 1> at;
  int count = 0;  // distances swept: 0 .. count - 1
};

// The fewest builds from the cells of `side` to each cell, counting the
// cell itself, over (cell, other players' tokens picked up so far). Like
// the path finder's bound it ignores that a path is simple and the
// per-player limit (beyond two players), so it never overestimates.
// Found a whole level at a time on bit masks of the cells (a level: the
// builds needed so far): the cells one more build away are the vacant
// neighbours of the level, and each level first takes in the built cards
// it touches, which cost nothing (a 0-1 breadth-first search by levels,
// several times faster than one cell at a time, which agents felt: path
// answers were a fifth of an MCTS game). Stops after the level for which
// `enough(distance, level)` holds: callers need only the levels up to the
// gap they look for.
template <class Enough>
void sweep(const PathMasks& masks, int limit, std::uint64_t side, Levels& levels, Enough enough) {
  const int layers = limit + 1;
  std::array<std::uint64_t, kMaxLayers> level{};  // this level's cells by layer
  std::array<std::uint64_t, kMaxLayers> next{};   // the next level's
  std::array<std::uint64_t, kMaxLayers> seen{};
  // A side cell is where a path starts: free when built (another player's
  // one layer up), one build when not.
  level[0] = side & masks.own;
  if (limit >= 1) level[1] = side & masks.others;
  next[0] = side & masks.vacant;
  levels.count = 0;
  for (int distance = 0;; ++distance) {
    bool any = false;
    for (int layer = 0; layer < layers; ++layer) {
      level[static_cast<std::size_t>(layer)] &= ~seen[static_cast<std::size_t>(layer)];
      any = any || level[static_cast<std::size_t>(layer)] != 0;
    }
    if (!any) {
      bool later = false;
      for (int layer = 0; layer < layers; ++layer) {
        later = later || (next[static_cast<std::size_t>(layer)] &
                          ~seen[static_cast<std::size_t>(layer)]) != 0;
      }
      if (!later) break;
    }
    // Built cards next to the level are at the same distance (another
    // player's one layer up), until nothing more is taken in.
    for (bool grew = true; grew;) {
      grew = false;
      for (int layer = 0; layer < layers; ++layer) {
        const auto at = static_cast<std::size_t>(layer);
        const std::uint64_t around = masks.neighbours(level[at]);
        const std::uint64_t same = around & masks.own & ~seen[at] & ~level[at];
        if (same != 0) {
          level[at] |= same;
          grew = true;
        }
        if (layer + 1 < layers) {
          const std::uint64_t up = around & masks.others & ~seen[at + 1] & ~level[at + 1];
          if (up != 0) {
            level[at + 1] |= up;
            grew = true;
          }
        }
      }
    }
    levels.at[static_cast<std::size_t>(distance)] = level;
    levels.count = distance + 1;
    if (enough(distance, level)) break;
    for (int layer = 0; layer < layers; ++layer) {
      const auto at = static_cast<std::size_t>(layer);
      seen[at] |= level[at];
      const std::uint64_t ahead = (masks.neighbours(level[at]) & masks.vacant) | next[at];
      level[at] = ahead & ~seen[at];
      next[at] = 0;
    }
  }
}

// Fisher-Yates with the agent's generator.
void shuffle(std::vector<Card>::iterator begin, std::vector<Card>::iterator end, Rng& rng) {
  for (auto i = end - begin; i > 1; --i) {
    std::swap(begin[i - 1],
              begin[static_cast<std::ptrdiff_t>(rng.below(static_cast<std::uint64_t>(i)))]);
  }
}

// What path_gap() depends on: the built cards, those of other players, the
// grid and the limits.
struct PathKey {
  std::uint64_t built = 0;
  std::uint64_t others = 0;
  int rows = 0;
  int columns = 0;
  int limit = 0;
  int min_others = 0;
  bool operator==(const PathKey&) const = default;
};

struct PathAnswer {
  bool valid = false;
  int gap = -1;
  std::uint64_t cells = 0;
};

PathAnswer path_answer(const PathMasks& masks, int limit, int min_others);

// Cards by rank, in the rules' words (the suit says nothing of its use).
std::string deed_item(Card deed) { return is_wild(deed) ? "wild card" : rank_name(rank_of(deed)); }

double field_number(const Event& event, const char* name) {
  const std::string* text = event.field(name);
  return text == nullptr ? 0 : std::stod(*text);
}

}  // namespace

int BhRules::path_gap(const Position& position, Seat seat, std::uint64_t* on_path) const {
  std::uint64_t built = 0;
  std::uint64_t others = 0;
  for (int cell = 0; cell < grid().cells(); ++cell) {
    const Cell& here = position.forest[static_cast<std::size_t>(cell)];
    if (here.state != CellState::Built) continue;
    built |= std::uint64_t{1} << cell;
    if (here.who != seat) others |= std::uint64_t{1} << cell;
  }
  return path_gap(built, others, on_path);
}

int BhRules::path_gap(std::uint64_t built, std::uint64_t others, std::uint64_t* on_path) const {
  if (on_path != nullptr) *on_path = 0;
  const PathLimits& limits = settings_.path;
  // With two players every other token is the one opponent's.
  int limit =
      players() == 2 ? std::min(limits.max_others, limits.max_from_one_other) : limits.max_others;
  limit = std::min(limit, kMaxLayers - 1);
  if (limits.min_others > limit) return -1;
  const PathKey key{built, others, grid().rows, grid().columns, limit, limits.min_others};
  // Agents rate thousands of positions with the same tokens (a swap, a
  // harvest or a draw changes none), so answers are remembered by the
  // tokens, in a table indexed by their hash (a new answer replaces the
  // one in its slot).
  thread_local std::array<std::pair<PathKey, PathAnswer>, 4096> known{};
  const std::uint64_t hash = (key.built * 0x9e3779b97f4a7c15ULL) ^
                             (key.others * 0xc2b2ae3d27d4eb4fULL) ^
                             static_cast<std::uint64_t>((key.rows * 64 + key.columns) * 64 +
                                                        key.limit * 8 + key.min_others);
  auto& [seen, answer] = known[(hash ^ (hash >> 29)) % known.size()];
  if (!(answer.valid && seen == key)) {
    seen = key;
    answer = path_answer(PathMasks(grid(), built, others), limit, limits.min_others);
  }
  if (on_path != nullptr) *on_path = answer.cells;
  return answer.gap;
}

namespace {

PathAnswer path_answer(const PathMasks& masks, int limit, int min_others) {
  Levels from_start;
  Levels from_end;
  int best = kUnreachable;
  std::uint64_t best_cells = 0;
  for (const bool north_south : {true, false}) {
    const std::uint64_t start = north_south ? masks.north : masks.west;
    const std::uint64_t end = north_south ? masks.south : masks.east;
    // The gap is the first level that reaches the far side with enough
    // other players' tokens; a gap beyond the other direction's is of no
    // use.
    int gap = kUnreachable;
    sweep(masks, limit, start, from_start,
          [&](int distance, const std::array<std::uint64_t, kMaxLayers>& level) {
            for (int layer = min_others; layer <= limit; ++layer) {
              if ((level[static_cast<std::size_t>(layer)] & end) != 0) {
                gap = distance;
                return true;
              }
            }
            return distance >= best;
          });
    if (gap >= kUnreachable || gap > best) continue;
    std::uint64_t gap_cells = 0;
    if (gap > 0) {
      // A card to build lies on a cheapest path when the cheapest ways to it
      // from both sides add up to the gap within the limits (both count the
      // card itself). No way through a card is cheaper than the gap, so the
      // levels that add up to it exactly are those of the cards on a
      // cheapest path.
      sweep(masks, limit, end, from_end,
            [&](int distance, const std::array<std::uint64_t, kMaxLayers>&) {
              return distance >= gap;
            });
      for (int ahead = 1; ahead <= gap; ++ahead) {
        const int behind = gap + 1 - ahead;
        if (behind >= from_end.count) continue;
        const auto& before = from_start.at[static_cast<std::size_t>(ahead)];
        const auto& after = from_end.at[static_cast<std::size_t>(behind)];
        for (int layer = 0; layer <= limit; ++layer) {
          for (int rest = std::max(0, min_others - layer); layer + rest <= limit; ++rest) {
            gap_cells |=
                before[static_cast<std::size_t>(layer)] & after[static_cast<std::size_t>(rest)];
          }
        }
      }
      gap_cells &= masks.vacant;
    }
    best_cells = gap < best ? gap_cells : best_cells | gap_cells;
    best = gap;
  }
  return PathAnswer{true, best >= kUnreachable ? -1 : best, best_cells};
}

}  // namespace

// What every seat's figure shares, from one scan of the forest: the tokens
// and a few turns of harvest of each seat, and which ranks are still there
// to build on.
struct BhRules::ForestScan {
  std::uint64_t built = 0;                       // cells with a token
  std::array<std::uint64_t, kMaxPlayers> own{};  // by the token's owner
  std::array<int, kMaxPlayers> tokens{};
  std::array<double, kMaxPlayers> income{};
  std::array<bool, 14> open_rank{};
};

BhRules::ForestScan BhRules::scan_forest(const Position& position) const {
  // Agents rate positions in runs with the same forest (the moves a
  // playout weighs at a harvest, a buy, a discard or a draw change no
  // card), so each thread remembers its last scan and the forest and rules
  // it was made for. A forest is a few bytes with no padding: compared as
  // bytes.
  static_assert(std::has_unique_object_representations_v<Cell>);
  struct LastScan {
    std::uint64_t rules = 0;  // instance_id() of the rules, 0 for none yet
    std::array<Cell, kMaxCells> forest{};
    ForestScan scan;
  };
  thread_local LastScan last;
  if (last.rules == instance_id() &&
      std::memcmp(last.forest.data(), position.forest.data(), sizeof(position.forest)) == 0) {
    return last.scan;
  }
  // The cards first, as masks; then the tokens' harvest from the masks.
  ForestScan scan;
  std::uint64_t vacant = 0;
  for (int cell = 0; cell < grid().cells(); ++cell) {
    const Cell& here = position.forest[static_cast<std::size_t>(cell)];
    if (here.card == kNoCard) continue;
    const std::uint64_t bit = std::uint64_t{1} << cell;
    if (here.state != CellState::Built) {
      scan.open_rank[static_cast<std::size_t>(rank_of(here.card))] = true;
      if (here.state == CellState::Vacant) vacant |= bit;
      continue;
    }
    scan.built |= bit;
    if (here.who < 0 || here.who >= players()) continue;
    const auto owner = static_cast<std::size_t>(here.who);
    scan.own[owner] |= bit;
    ++scan.tokens[owner];
  }
  // Each token takes its best adjacent vacant card (with the cards of the
  // same rank next to it, under bh.matching_harvest=all). A card's worth
  // depends on its rank only, so a harvest is its rank's worth times the
  // cards of that rank taken (whole numbers: the sums are exact in any
  // order).
  auto worth = [&](Card card) { return is_face(card) ? kDeedDraw : double(reeds_for(card)); };
  for (std::size_t owner = 0; owner < static_cast<std::size_t>(players()); ++owner) {
    for (std::uint64_t tokens = scan.own[owner]; tokens != 0; tokens &= tokens - 1) {
      const int cell = std::countr_zero(tokens);
      std::array<int, 4> ranks{};
      std::array<double, 4> worths{};
      int next_to = 0;
      grid().for_each_neighbour(cell, [&](int next) {
        if (((vacant >> next) & 1U) == 0) return;
        const Card card = position.forest[static_cast<std::size_t>(next)].card;
        ranks[static_cast<std::size_t>(next_to)] = rank_of(card);
        worths[static_cast<std::size_t>(next_to++)] = worth(card);
      });
      double best = 0;
      for (std::size_t i = 0; i < static_cast<std::size_t>(next_to); ++i) {
        int taken = 1;
        if (settings_.harvest_all_matching) {
          for (std::size_t j = 0; j < static_cast<std::size_t>(next_to); ++j) {
            taken += j != i && ranks[j] == ranks[i] ? 1 : 0;
          }
        }
        best = std::max(best, worths[i] * taken);
      }
      scan.income[owner] += best;
    }
  }
  last.rules = instance_id();
  last.forest = position.forest;
  last.scan = scan;
  return scan;
}

double BhRules::seat_figure(const Position& position, const ForestScan& scan, Seat seat) const {
  // Reeds in hand (those beyond what the remaining builds need count
  // little), plus a few turns of the tokens' harvest, plus the deeds that
  // can be kept, minus the builds still needed to win (the nearer way in
  // full, the other a little).
  const auto at = static_cast<std::size_t>(seat);
  const Player& player = position.players[at];
  std::uint64_t path_cells = 0;
  const int tokens = scan.tokens[at];
  const int no_way = grid().rows + grid().columns;
  int by_path = path_gap(scan.built, scan.built & ~scan.own[at], &path_cells);
  if (by_path < 0 || by_path > settings_.tokens_per_player - tokens) by_path = no_way;
  const int by_tokens =
      settings_.tokens_to_win > 0 ? std::max(0, settings_.tokens_to_win - tokens) : no_way;
  const int builds_needed = std::min(by_path, by_tokens);
  const double useful_reeds = settings_.build_cost * builds_needed + kSwapReserve;
  double value = std::min<double>(player.reeds, useful_reeds) +
                 kSpareReed * std::max(0.0, player.reeds - useful_reeds) -
                 kBuildNearer * (builds_needed + kOtherWay * std::max(by_path, by_tokens));
  value += kIncomeTurns * scan.income[at];

  // The deeds, the best ones up to the hand limit (the rest go at the end of
  // the turn).
  std::array<bool, 14> path_rank{};
  for (std::uint64_t cells = path_cells; cells != 0; cells &= cells - 1) {
    const Cell& here = position.forest[static_cast<std::size_t>(std::countr_zero(cells))];
    path_rank[static_cast<std::size_t>(rank_of(here.card))] = true;
  }
  // Best first, by insertion (a hand holds a few deeds): the values are
  // added in that order. Only the first `held` are ever written or read.
  std::array<double, kCards> deeds;
  std::size_t held = 0;
  player.deeds.for_each([&](Card deed) {
    const auto rank = static_cast<std::size_t>(rank_of(deed));
    double deed_value = is_wild(deed)          ? kWildDeed
                        : path_rank[rank]      ? kPathDeed
                        : scan.open_rank[rank] ? kOpenDeed
                                               : kDeadDeed;
    if (player.face_up.has(deed)) deed_value += kFaceUp;
    std::size_t slot = held++;
    for (; slot > 0 && deeds[slot - 1] < deed_value; --slot) deeds[slot] = deeds[slot - 1];
    deeds[slot] = deed_value;
  });
  const std::size_t kept = std::min(held, static_cast<std::size_t>(settings_.hand_limit));
  for (std::size_t i = 0; i < kept; ++i) value += deeds[i];
  if (seat == position.turn) value += kDeedDraw * position.pending_draws;
  return value;
}

double BhRules::heuristic_at(const Position& position, Seat seat) const {
  std::vector<double> values;
  heuristics_at(position, values);
  return values[static_cast<std::size_t>(seat)];
}

void BhRules::heuristics_at(const Position& position, std::vector<double>& values) const {
  const ForestScan scan = scan_forest(position);
  values.resize(static_cast<std::size_t>(players()));
  for (Seat seat = 0; seat < players(); ++seat) {
    values[static_cast<std::size_t>(seat)] = seat_figure(position, scan, seat);
  }
  if (position.step == Step::Over) {
    const std::vector<int> place = outcome_at(position).place;
    for (std::size_t seat = 0; seat < values.size(); ++seat) {
      if (place[seat] == 1) values[seat] += kWinBonus;
    }
  }
}

int BhRules::search_playout_moves() const {
  // A path is built over several turns, and a longer look ahead sees more
  // of it: against greedy (2 players, 200 iterations, 80 games, seed 7)
  // MCTS won 61% with 10-move playouts, 74% with 20, 81% with 25, 85% with
  // 30 and 81% with 40; over 300 games (seeds 7, 8 and 2026) 79.7% with 25
  // against 74.7% with 20. 25 keeps MCTS against itself at about a game a
  // second on one core (1.4 with 20, 1.0 with 30).
  return 25;
}

Position BhRules::determinize_at(const Position& real, Seat seat, Rng& rng) const {
  // Hidden from `seat`: the draw and discard piles, the other players'
  // face-down deeds (and, at set-up, which of them they chose to discard),
  // and which deeds the turn's player has drawn this turn. All of them are
  // dealt again from one pool gathered in card order, in the same numbers.
  Position position = real;
  const Player& own = real.players[static_cast<std::size_t>(seat)];
  CardSet pool = real.draw_pile | real.discard_pile;
  for (Seat other = 0; other < players(); ++other) {
    if (other == seat) continue;
    const Player& player = real.players[static_cast<std::size_t>(other)];
    pool |= player.deeds.without(player.face_up);
  }
  // Deeds the seat drew this turn and no longer holds it discarded itself.
  CardSet known_discards;
  if (seat == real.turn) {
    const CardSet gone = (real.drawn & pool).without(own.deeds);
    if (gone.size() <= real.discard_pile.size()) known_discards = gone;
  }
  std::vector<Card> cards;
  pool.without(known_discards).for_each([&](Card card) { cards.push_back(card); });
  shuffle(cards.begin(), cards.end(), rng);
  std::size_t next = 0;
  auto deal = [&](int count) {
    CardSet dealt;
    for (int i = 0; i < count; ++i) dealt.add(cards[next++]);
    return dealt;
  };
  // A random `count` of `from`, for the choices made with hidden cards.
  auto some_of = [&](const CardSet& from, int count) {
    std::vector<Card> list;
    from.for_each([&](Card card) { list.push_back(card); });
    CardSet chosen;
    for (int i = 0; i < count && !list.empty(); ++i) {
      const auto at = static_cast<std::size_t>(rng.below(list.size()));
      chosen.add(list[at]);
      list.erase(list.begin() + static_cast<std::ptrdiff_t>(at));
    }
    return chosen;
  };

  CardSet setup_discards = real.setup_discards & own.deeds;
  for (Seat other = 0; other < players(); ++other) {
    if (other == seat) continue;
    Player& player = position.players[static_cast<std::size_t>(other)];
    const CardSet face_down = deal(player.deeds.without(player.face_up).size());
    const int chosen = (player.deeds & real.setup_discards).size();
    player.deeds = player.face_up | face_down;
    setup_discards |= some_of(face_down, chosen);
  }
  position.setup_discards = setup_discards;
  position.draw_pile = deal(real.draw_pile.size());
  position.discard_pile = known_discards;
  while (next < cards.size()) position.discard_pile.add(cards[next++]);

  if (seat != real.turn) {
    // The drawn deeds are still face down in the turn's hand unless they
    // were discarded to the hand limit or laid face up since.
    const Player& player = position.players[static_cast<std::size_t>(real.turn)];
    const CardSet face_down = player.deeds.without(player.face_up);
    std::vector<Card> candidates;
    const std::array<const CardSet*, 3> places = {&face_down, &position.discard_pile,
                                                  &player.face_up};
    for (const CardSet* where : places) {
      const auto from = static_cast<std::ptrdiff_t>(candidates.size());
      where->for_each([&](Card card) { candidates.push_back(card); });
      shuffle(candidates.begin() + from, candidates.end(), rng);
    }
    position.drawn.clear();
    const int drawn = real.drawn.size();
    for (int i = 0; i < drawn && i < static_cast<int>(candidates.size()); ++i) {
      position.drawn.add(candidates[static_cast<std::size_t>(i)]);
    }
    if (real.redraw_offer != kNoCard) {
      position.redraw_offer = face_down.empty() ? kNoCard : candidates.front();
    }
  }
  return position;
}

MoveUse BhRules::move_use_at(const Position& position, const Move& move) const {
  auto card_at = [&](int cell) {
    const Card card =
        grid().contains(cell) ? position.forest[static_cast<std::size_t>(cell)].card : kNoCard;
    return card == kNoCard ? std::string() : rank_name(rank_of(card));
  };
  const auto card = static_cast<Card>(move.args[0]);
  switch (move.kind) {
    case kDealForest:
      return {"deal forest", {}};
    case kDeal:
      return {"deal", deed_item(card)};
    case kDraw:
      return {"draw", deed_item(card)};
    case kDiscard:
      return {position.step == Step::SetupDiscard ? "setup discard" : "discard", deed_item(card)};
    case kPlace:
      return {"place", card_at(move.args[0])};
    case kBuild:
      return {"build", deed_item(static_cast<Card>(move.args[1]))};
    case kSkipBuild:
      return {"skip build", {}};
    case kSwap:
      return {"swap", deed_item(static_cast<Card>(move.args[2]))};
    case kSkipSwap:
      return {"skip swap", {}};
    case kHarvest:
      return {"harvest", card_at(move.args[1])};
    case kBuy:
      return {"buy", {}};
    case kSkipBuy:
      return {"skip buy", {}};
    case kRedraw:
      return {"redraw", deed_item(card)};
    case kKeep:
      return {"keep drawn deeds", {}};
    case kReveal:
      return {"reveal", deed_item(card)};
    case kEndTurn:
      return {"end turn", {}};
    default:
      return move_use_of_text(move_text(move));
  }
}

std::vector<GameMetric> BhRules::game_metrics_at(const Position& position,
                                                 const EventLog& log) const {
  const auto seats = static_cast<std::size_t>(players());
  std::vector<double> builds(seats, 0), wild_builds(seats, 0), swaps(seats, 0),
      wild_swaps(seats, 0), swap_reeds(seats, 0), harvested(seats, 0), drawn(seats, 0),
      buys(seats, 0), redraws(seats, 0);
  double turns = 0;
  double reshuffles = 0;
  double path_length = -1;
  for (const Event& event : log) {
    if (event.clause == kClauseTurnEnd) ++turns;
    if (event.clause == kClauseReshuffle) ++reshuffles;
    if (event.clause == kClauseWinPath) {
      const std::string* path = event.field("path");
      path_length = path == nullptr ? 0 : double(std::count(path->begin(), path->end(), ' ') + 1);
    }
    if (event.seat < 0 || event.seat >= players()) continue;
    const auto seat = static_cast<std::size_t>(event.seat);
    if (event.clause == kClauseBuild) {
      ++builds[seat];
      const std::string* wild = event.field("wild");
      if (wild != nullptr && *wild == "true") ++wild_builds[seat];
    } else if (event.clause == kClauseSwap) {
      ++swaps[seat];
      swap_reeds[seat] += field_number(event, "cost");
    } else if (event.clause == kClauseWildMarked) {
      ++wild_swaps[seat];
    } else if (event.clause == kClauseHarvestReeds) {
      harvested[seat] += field_number(event, "reeds");
    } else if (event.clause == kClauseDraw) {
      ++drawn[seat];
    } else if (event.clause == kClauseBuy) {
      ++buys[seat];
    } else if (event.clause == kClauseRedraw) {
      ++redraws[seat];
    }
  }
  // The last turn ends with the game, not with a turn's end.
  if (position.won_by != WinKind::Stalled && position.won_by != WinKind::None) ++turns;

  std::vector<GameMetric> metrics;
  metrics.push_back({"won by path", kNoSeat, position.won_by == WinKind::Path ? 1.0 : 0.0});
  metrics.push_back({"won by tokens", kNoSeat, position.won_by == WinKind::Tokens ? 1.0 : 0.0});
  metrics.push_back(
      {"ended with empty piles", kNoSeat, position.won_by == WinKind::MostTokens ? 1.0 : 0.0});
  metrics.push_back({"stalled", kNoSeat, position.won_by == WinKind::Stalled ? 1.0 : 0.0});
  metrics.push_back({"turns", kNoSeat, turns});
  metrics.push_back({"reshuffles", kNoSeat, reshuffles});
  if (path_length >= 0) metrics.push_back({"winning path length", kNoSeat, path_length});
  for (Seat seat = 0; seat < players(); ++seat) {
    const auto at = static_cast<std::size_t>(seat);
    const Player& player = position.players[at];
    metrics.push_back({"started", seat, position.starter == seat ? 1.0 : 0.0});
    metrics.push_back({"builds", seat, builds[at]});
    metrics.push_back({"wild builds", seat, wild_builds[at]});
    metrics.push_back({"reeds spent on builds", seat, builds[at] * settings_.build_cost});
    metrics.push_back({"swaps", seat, swaps[at]});
    metrics.push_back({"wild swaps", seat, wild_swaps[at]});
    metrics.push_back({"reeds spent on swaps", seat, swap_reeds[at]});
    metrics.push_back({"reeds harvested", seat, harvested[at]});
    metrics.push_back({"deeds drawn", seat, drawn[at]});
    metrics.push_back({"buys", seat, buys[at]});
    metrics.push_back({"redraws", seat, redraws[at]});
    metrics.push_back({"tokens on the board", seat, double(position.tokens_of(seat, grid()))});
    metrics.push_back({"reeds at the end", seat, double(player.reeds)});
  }
  return metrics;
}

}  // namespace grove::bamboo_harvest
