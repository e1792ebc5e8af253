// What agents and balance reports need from the game: how promising a
// position looks (heuristic), a state the seat cannot tell from the real
// one (determinize), what a move does (move_use) and the game's own
// figures of a finished game (game_metrics).

#include <algorithm>
#include <boost/container/small_vector.hpp>
#include <optional>
#include <string>

#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

// The heuristic is in points. An objective in hand is worth a share of its
// points that grows with how near the table is to meeting it, always less
// than completing it, so that a met objective is completed at once.
constexpr double kHeld = 0.1;      // a card not started at all
constexpr double kProgress = 0.6;  // on top of kHeld when the card is met
// Things that usually turn into progress later.
constexpr double kSpareSection = 0.2;     // an eaten section no panda card in hand needs
constexpr double kStandingSection = 0.2;  // a section on the board a panda card lacks
constexpr double kKeptToken = 0.3;
// A plot tile drawn or kept and not placed yet: what placing it should bring
// (without it the plot action would look worthless one move ahead).
constexpr double kTileBase = 0.3;
constexpr double kTilePerPlotPoint = 0.12;
constexpr double kTilePerGardenerPoint = 0.05;

// Credit for one cell of a plot objective's pattern: a plot of the right
// colour (irrigated, one channel from it, or further), or an empty space a
// tile could still fill.
constexpr double kCellIrrigated = 1.0;
constexpr double kCellNear = 0.6;
constexpr double kCellDry = 0.4;
constexpr double kCellEmpty = 0.2;
// Below this many tiles left, empty spaces count for less.
constexpr double kTilesPlenty = 8;
// An objective that can never be met: it only takes a place in the hand,
// and a hand full of them can never draw again.
constexpr double kDeadCard = -1.0;

// How far a plot is from water: never irrigated and more than one channel
// away, one channel away, or irrigated.
enum Water : std::uint8_t { kDry, kNear, kIrrigated };

// The plantation in a dense window, surveyed once for every seat's figure:
// each cell's plot (its colour and water) and the channels on its borders,
// so that a cell of a pattern's placement, or a border of a plot, is one
// look-up. The window reaches two cells beyond the plots: as far as a
// pattern anchored on a plot can reach (its cells are at most two apart).
class Survey {
 public:
  static constexpr std::uint8_t kEmpty = 0;
  static constexpr std::uint8_t kPondCell = 1;
  // Otherwise 2 + colour * 3 + water.
  static constexpr std::array<int, 11> kColourOf = {-1, -1, 0, 0, 0, 1, 1, 1, 2, 2, 2};
  static constexpr std::array<double, 11> kCredit = [] {
    std::array<double, 11> credit{};
    for (std::size_t cell = 2; cell < credit.size(); ++cell) {
      credit[cell] = std::array{kCellDry, kCellNear, kCellIrrigated}[(cell - 2) % 3];
    }
    return credit;
  }();

  // Whether this is a survey of the position's plantation: the plots
  // (places, colours, irrigation), the channels and the channel ruling,
  // which are all a survey depends on, are those it was taken of. (A survey
  // never taken shows nothing.)
  bool shows(const Position& position, bool two_plots) const {
    return two_plots == two_plots_ && position.channels == surveyed_channels_ &&
           surveyed_plots_.same(position);
  }

  // Surveys the position's plantation, reusing the buffers of the last one.
  void take(const Position& position, bool two_plots) {
    two_plots_ = two_plots;
    surveyed_plots_.take(position);
    surveyed_channels_ = position.channels;
    remembered_tiles_.fill(-1);
    constexpr int kMargin = 2;  // as far as a pattern anchored on a plot reaches
    const Window window(position, kMargin);
    q_min_ = window.q_min;
    r_min_ = window.r_min;
    width_ = window.width();
    height_ = window.height();
    for (std::size_t d = 0; d < kDirections.size(); ++d) step_[d] = offset(kDirections[d]);
    const auto size = static_cast<std::size_t>(width_ * height_);
    cells_.assign(size, kEmpty);
    channels_.assign(size, 0);
    pond_ = cell_of(kPond);
    cells_[static_cast<std::size_t>(pond_)] = kPondCell;
    plot_cells_.resize(position.plots.size());
    for (std::vector<int>& cells : cells_of_colour_) cells.clear();
    for (std::size_t i = 0; i < position.plots.size(); ++i) {
      const Plot& plot = position.plots[i];
      plot_cells_[i] = cell_of(plot.at);
      cells_[static_cast<std::size_t>(plot_cells_[i])] =
          static_cast<std::uint8_t>(2 + static_cast<int>(plot.colour) * 3);
      cells_of_colour_[static_cast<std::size_t>(plot.colour)].push_back(plot_cells_[i]);
    }
    for (const Edge& edge : position.channels) {
      mark_channel(edge.a, edge.b);
      mark_channel(edge.b, edge.a);
    }
    water_.resize(position.plots.size());
    for (std::size_t i = 0; i < position.plots.size(); ++i) {
      water_[i] = position.plots[i].irrigated                   ? kIrrigated
                  : one_channel_away(plot_cells_[i], two_plots) ? kNear
                                                                : kDry;
    }
    for (std::size_t i = 0; i < position.plots.size(); ++i) {
      cells_[static_cast<std::size_t>(plot_cells_[i])] += water_[i];
    }
  }

  // plot_progress on this plantation, worked out once per card and count
  // of tiles left.
  double pattern_progress(ObjectiveId id, int tiles_left);

  Water water(std::size_t plot) const { return water_[plot]; }
  // Where the plots of one colour lie in the window.
  const std::vector<int>& cells_of_colour(int colour) const {
    return cells_of_colour_[static_cast<std::size_t>(colour)];
  }
  // How far `step` moves in the window.
  int offset(const Hex& step) const { return step.r * width_ + step.q; }
  // Only for cells within two of a plot.
  std::uint8_t at(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }

 private:
  int cell_of(const Hex& hex) const { return offset(Hex{hex.q - q_min_, hex.r - r_min_}); }
  bool inside(const Hex& hex) const {
    return hex.q >= q_min_ && hex.q < q_min_ + width_ && hex.r >= r_min_ &&
           hex.r < r_min_ + height_;
  }
  bool plot_on(int cell) const { return cells_[static_cast<std::size_t>(cell)] >= 2; }
  bool channel(int cell, std::size_t direction) const {
    return (channels_[static_cast<std::size_t>(cell)] >> direction & 1U) != 0;
  }
  void mark_channel(const Hex& side, const Hex& other) {
    const std::size_t direction = direction_index(Hex{other.q - side.q, other.r - side.r});
    if (direction >= kDirections.size() || !inside(side)) return;
    channels_[static_cast<std::size_t>(cell_of(side))] |=
        static_cast<std::uint8_t>(1U << direction);
  }

  // Whether one more channel would irrigate the dry plot on `cell`: a
  // border of it where a channel may go now (touching the pond's corner or
  // a channel's end). Without this, laying channels towards the plots that
  // need them looks worthless one move ahead.
  bool one_channel_away(int cell, bool two_plots) const {
    for (std::size_t d = 0; d < kDirections.size(); ++d) {
      const int next = cell + step_[d];
      if (two_plots && !plot_on(next)) continue;
      // The border's two corners, each seen from both sides of the border
      // (corners_seen_across).
      const std::array<std::array<std::size_t, 2>, 2> corners = {
          {{(d + 1) % 6, (d + 2) % 6}, {(d + 5) % 6, (d + 4) % 6}}};
      for (const auto& [from_plot, from_next] : corners) {
        if (cell + step_[from_plot] == pond_ || channel(cell, from_plot) ||
            channel(next, from_next)) {
          return true;
        }
      }
    }
    return false;
  }

  // What the survey was taken of.
  PlotsSeen surveyed_plots_;
  std::vector<Edge> surveyed_channels_;
  bool two_plots_ = false;
  std::array<int, kObjectiveKinds> remembered_tiles_{};  // -1: not worked out
  std::array<double, kObjectiveKinds> remembered_progress_{};

  int q_min_ = 0, r_min_ = 0, width_ = 1, height_ = 1, pond_ = 0;
  std::array<int, 6> step_{};
  std::vector<std::uint8_t> cells_;
  std::vector<std::uint8_t> channels_;  // bit d: a channel on the border in direction d
  std::vector<int> plot_cells_;
  std::array<std::vector<int>, kColours> cells_of_colour_;
  std::vector<Water> water_;
};

// A plot objective's cells in each of the six rotations, worked out once.
using Turns = std::array<std::array<Hex, 4>, 6>;
const Turns& turned_cells(ObjectiveId id) {
  static const std::array<Turns, kObjectiveKinds> table = [] {
    std::array<Turns, kObjectiveKinds> turns{};
    for (std::size_t card = 0; card < kObjectiveKinds; ++card) {
      const std::vector<PlotCell>& cells = objective_cards()[card].cells;
      for (int turn = 0; turn < 6; ++turn) {
        for (std::size_t i = 0; i < cells.size() && i < 4; ++i) {
          turns[card][static_cast<std::size_t>(turn)][i] = rotated(cells[i].at, turn);
        }
      }
    }
    return turns;
  }();
  return table[id];
}

// How near the plantation is to showing a plot objective's pattern, 0..1
// (1: shown; -1: it never can be): the best placement of the pattern (any
// rotation) that covers a plot of the right colour, by the credit of its
// cells. A placement over the pond or a plot of another colour can never be
// completed, nor one over an empty space once the tiles are gone; empty
// spaces count less as the pile runs low.
double plot_progress(const Survey& survey, ObjectiveId id, int tiles_left) {
  const ObjectiveCard& card = card_of(id);
  const double empty = kCellEmpty * std::min(1.0, tiles_left / kTilesPlenty);
  const std::size_t n = card.cells.size();
  // Anywhere out on the edge, if enough tiles are left.
  double best = tiles_left >= static_cast<int>(n) ? empty * static_cast<double>(n) : -1;
  std::array<int, 4> colour{};
  for (std::size_t i = 0; i < n; ++i) colour[i] = static_cast<int>(card.cells[i].colour);
  std::array<int, 4> offset{};
  for (const std::array<Hex, 4>& turned : turned_cells(id)) {
    for (std::size_t i = 0; i < n; ++i) offset[i] = survey.offset(turned[i]);
    for (std::size_t i = 0; i < n; ++i) {
      for (const int anchor : survey.cells_of_colour(colour[i])) {
        // The placement that puts cell i on this plot. A placement that
        // covers several plots of the right colour is counted from the
        // first such cell only: the others would give the same sum.
        const int origin = anchor - offset[i];
        double sum = 0;
        int missing = 0;
        bool counted_elsewhere = false;
        for (std::size_t j = 0; j < n; ++j) {
          const int cell = survey.at(origin + offset[j]);
          if (cell == Survey::kEmpty) {
            sum += empty;
            ++missing;
            continue;
          }
          if (Survey::kColourOf[static_cast<std::size_t>(cell)] != colour[j]) {
            sum = -1;
            break;
          }
          if (j < i) {
            counted_elsewhere = true;
            break;
          }
          sum += Survey::kCredit[static_cast<std::size_t>(cell)];
        }
        if (!counted_elsewhere && sum >= 0 && missing <= tiles_left) best = std::max(best, sum);
      }
    }
  }
  return best < 0 ? -1 : best / static_cast<double>(n);
}

double Survey::pattern_progress(ObjectiveId id, int tiles_left) {
  if (remembered_tiles_[id] != tiles_left) {
    remembered_progress_[id] = plot_progress(*this, id, tiles_left);
    remembered_tiles_[id] = tiles_left;
  }
  return remembered_progress_[id];
}

// How far one plot is towards a gardener objective's bamboo, 0..1.
double bamboo_progress(const Settings& settings, const ObjectiveCard& card, const Plot& plot,
                       Water water) {
  if (plot.colour != card.colour) return 0;
  double fit = 1;  // the improvement the card asks for
  switch (card.need) {
    case ImprovementNeed::Any:
      break;
    case ImprovementNeed::None:
      if (plot.improvement != Improvement::None) return 0;
      break;
    default: {
      const auto wanted = static_cast<Improvement>(static_cast<int>(card.need) - 1);
      if (plot.improvement == wanted) break;
      // A token can still go on a plot without improvement or bamboo.
      if (plot.improvement != Improvement::None || plot.height > 0) return 0;
      fit = 0.5;
    }
  }
  if (plot.height >= card.height) {
    // Too high under the exact reading: the panda must eat it down first.
    return fit * (plot.height == card.height || !settings.exact_height ? 1.0 : 0.4);
  }
  const double watered = water == kIrrigated ? 0.15 : water == kNear ? 0.05 : 0.0;
  return fit * (watered + 0.85 * plot.height / card.height);
}

// 0..1, 1 when met: the mean progress of the card's best plots.
double gardener_progress(const TakenokoRules& rules, const Position& position, Seat seat,
                         ObjectiveId id, const Survey& survey) {
  if (rules.fulfilled(position, seat, id)) return 1;
  const ObjectiveCard& card = card_of(id);
  std::array<double, 5> best{};  // the card's count is at most 4; one spare slot to insert
  const auto count = static_cast<std::size_t>(std::clamp(card.count, 1, 4));
  for (std::size_t i = 0; i < position.plots.size(); ++i) {
    const double progress =
        bamboo_progress(rules.settings(), card, position.plots[i], survey.water(i));
    if (progress <= best[count - 1]) continue;
    std::size_t at = count - 1;
    while (at > 0 && best[at - 1] < progress) {
      best[at] = best[at - 1];
      --at;
    }
    best[at] = progress;
  }
  double sum = 0;
  for (std::size_t i = 0; i < count; ++i) sum += best[i];
  // Not met (the gardener elsewhere, an improvement missing): less than met.
  return std::min(0.9, sum / static_cast<double>(count));
}

// The panda cards in hand share the sections on the board: the cards they
// already meet take theirs first (the best paid first), then the others
// take what is left. Each card's progress is its share of its sections;
// the sections nobody needs are returned in `spare`, and those the cards
// still lack, by colour, added to `lacking`.
void panda_progress(const Player& player, std::array<double, kObjectiveKinds>& progress, int& spare,
                    std::array<int, kColours>& lacking) {
  std::array<int, kColours> left = player.eaten;
  // A hand holds a few cards: no allocation for them.
  boost::container::small_vector<ObjectiveId, 8> cards;
  const auto& all = objective_cards();
  for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
    if (player.hand[id] == 0 || all[id].category != Category::Panda) continue;
    for (int copy = 0; copy < player.hand[id]; ++copy)
      cards.push_back(static_cast<ObjectiveId>(id));
  }
  std::sort(cards.begin(), cards.end(), [](ObjectiveId a, ObjectiveId b) {
    return card_of(a).points > card_of(b).points ||
           (card_of(a).points == card_of(b).points && a < b);
  });
  boost::container::small_vector<double, 8> share(cards.size(), -1);
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (share[i] >= 0) continue;
      const ObjectiveCard& card = card_of(cards[i]);
      int needed = 0;
      int taken = 0;
      bool met = true;
      for (std::size_t colour = 0; colour < kColours; ++colour) {
        needed += card.sections[colour];
        met = met && left[colour] >= card.sections[colour];
      }
      if (pass == 0 && !met) continue;
      for (std::size_t colour = 0; colour < kColours; ++colour) {
        const int take = std::min(left[colour], card.sections[colour]);
        left[colour] -= take;
        taken += take;
        lacking[colour] += card.sections[colour] - take;
      }
      share[i] = needed == 0 ? 1.0 : static_cast<double>(taken) / needed;
    }
  }
  // Several copies of a card: the progress of a kind is the mean of its copies.
  std::array<int, kObjectiveKinds> copies{};
  for (std::size_t i = 0; i < cards.size(); ++i) {
    progress[cards[i]] += share[i];
    ++copies[cards[i]];
  }
  for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
    if (copies[id] > 1) progress[id] /= copies[id];
  }
  spare = left[0] + left[1] + left[2];
}

// What placing the tile should bring the player: more for a colour the
// objectives in hand ask for.
double tile_value(const Player& player, Tile tile) {
  const Colour colour = colour_of(tile);
  const Improvement printed = printed_of(tile);
  double value = kTileBase;
  const auto& cards = objective_cards();
  for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
    if (player.hand[id] == 0) continue;
    const ObjectiveCard& card = cards[id];
    if (card.category == Category::Plot) {
      int matching = 0;
      for (const PlotCell& cell : card.cells) matching += cell.colour == colour ? 1 : 0;
      value += player.hand[id] * kTilePerPlotPoint * card.points * matching /
               static_cast<double>(card.cells.size());
    } else if (card.category == Category::Gardener && card.colour == colour) {
      const bool fits = card.need == ImprovementNeed::Any ||
                        (card.need == ImprovementNeed::None && printed == Improvement::None) ||
                        (static_cast<int>(card.need) - 1 == static_cast<int>(printed));
      value += player.hand[id] * kTilePerGardenerPoint * card.points * (fits ? 2 : 1);
    }
  }
  return value;
}

// Uniform shuffle.
template <class T>
void shuffle(std::vector<T>& items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    std::swap(items[i - 1], items[rng.below(i)]);
  }
}

// Every item as many times as counted, in kind order: a canonical order
// that does not depend on where the items really are.
template <class Counts>
std::vector<std::uint8_t> expand(const Counts& counts) {
  std::vector<std::uint8_t> items;
  for (std::size_t kind = 0; kind < counts.size(); ++kind) {
    items.insert(items.end(), static_cast<std::size_t>(counts[kind]),
                 static_cast<std::uint8_t>(kind));
  }
  return items;
}

// How promising the table looks for `seat`, in points (see
// TakenokoRules::heuristics). `surveyed()` gives the plantation's survey.
template <class Surveyed>
double seat_figure(const TakenokoRules& rules, const Position& position, Seat seat,
                   const Surveyed& surveyed) {
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  double value = rules.score(position, seat);
  if (position.step == Step::Over) return value;

  std::array<double, kObjectiveKinds> progress{};
  int spare = 0;
  std::array<int, kColours> lacking{};
  panda_progress(player, progress, spare, lacking);
  value += kSpareSection * spare;
  // Bamboo standing in a colour the panda cards still lack, where no
  // enclosure keeps the panda off: it can eat it later. Without it a
  // player left with panda cards had no reason to grow the colour they
  // lacked, and greedy games wandered for thousands of moves with nobody
  // growing it.
  std::array<int, kColours> standing{};
  for (const Plot& plot : position.plots) {
    if (plot.improvement == Improvement::Enclosure) continue;
    standing[static_cast<std::size_t>(plot.colour)] += plot.height;
  }
  for (std::size_t colour = 0; colour < kColours; ++colour) {
    value += kStandingSection * std::min(lacking[colour], standing[colour]);
  }

  const int tiles_left = position.tiles.size() + (position.kept != kNoTile ? 1 : 0) +
                         static_cast<int>(position.drawn.size());
  const auto& cards = objective_cards();
  for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
    if (player.hand[id] == 0) continue;
    const ObjectiveCard& card = cards[id];
    if (card.category == Category::Plot) {
      progress[id] = surveyed().pattern_progress(static_cast<ObjectiveId>(id), tiles_left);
    } else if (card.category == Category::Gardener) {
      progress[id] =
          gardener_progress(rules, position, seat, static_cast<ObjectiveId>(id), surveyed());
    }
    value += player.hand[id] *
             (progress[id] < 0 ? kDeadCard : card.points * (kHeld + kProgress * progress[id]));
  }

  // Kept channels count for nothing: laying one is then never worse than
  // keeping it, and one-move-ahead players who valued them hoarded them and
  // left the outer plots dry for good (their games did not end).
  for (int tokens : player.improvements) value += kKeptToken * tokens;
  if (seat == position.turn) {
    // The plot action's tile: the one kept, or the best one drawn so far.
    if (position.kept != kNoTile) {
      value += tile_value(player, position.kept);
    } else if (!position.drawn.empty()) {
      double best = 0;
      for (Tile tile : position.drawn) best = std::max(best, tile_value(player, tile));
      value += best;
    }
  }
  return value;
}

}  // namespace

int TakenokoRules::search_playout_moves() const {
  // None: the heuristic credits a half-built pattern, bamboo on a plot a
  // gardener card needs and sections a panda card wants, and a random
  // gardener, panda or plot move mostly spoils them, so a position played
  // on at random says less than the position itself. Against the greedy
  // agent (2 players, 100 iterations, 24 to 48 games each) MCTS won 62% with
  // no playout, 58% with 4 moves, 46% with 8 and 29% with 20.
  return 0;
}

int TakenokoRules::search_iterations() const {
  // Twice the usual budget. A turn is a run of the same player's decisions
  // (the weather, two or three actions, a tile kept then placed, the
  // objectives completed), and the player who completes the ninth
  // objective first wins nearly every game (MCTS lost 90% of the games in
  // which greedy took the Emperor), so what pays is planning the whole
  // turn. Against greedy (2 players, 320 to 480 games a seed) MCTS won
  // 75.3%, 78.3% and 77.1% with 400 iterations (seeds 8, 10, 11) and 65.6%,
  // 70.5% and 72.1% with 200 (seeds 8, 9, 10); it then plays about one game
  // a second on one core.
  return 400;
}

double TakenokoRules::heuristic_at(const Position& position, Seat seat) const {
  std::vector<double> values;
  heuristics_at(position, values);
  return values[static_cast<std::size_t>(seat)];
}

void TakenokoRules::heuristics_at(const Position& position, std::vector<double>& values) const {
  // The plantation is surveyed at most once for all seats, and only when a
  // card in somebody's hand looks at it. Agents ask at every position they
  // look at, and the positions of one decision mostly share a few
  // plantations (a search keeps coming back to the one at its root), so the
  // surveys of the last few plantations stand, with the pattern progress
  // worked out on them, kept per thread.
  constexpr std::size_t kSurveysKept = 8;
  thread_local std::array<Survey, kSurveysKept> surveys;
  thread_local std::size_t latest = 0;
  Survey* survey = nullptr;
  const auto surveyed_plantation = [&]() -> Survey& {
    if (survey != nullptr) return *survey;
    const bool two_plots = settings_.channel_needs_two_plots;
    for (std::size_t i = 0; i < kSurveysKept && survey == nullptr; ++i) {
      const std::size_t at = (latest + kSurveysKept - i) % kSurveysKept;
      if (surveys[at].shows(position, two_plots)) {
        survey = &surveys[at];
        latest = at;
      }
    }
    if (survey == nullptr) {
      // Otherwise taken in the next place round the ring.
      latest = (latest + 1) % kSurveysKept;
      survey = &surveys[latest];
      survey->take(position, two_plots);
    }
    return *survey;
  };
  values.resize(static_cast<std::size_t>(players()));
  for (Seat seat = 0; seat < players(); ++seat) {
    values[static_cast<std::size_t>(seat)] =
        seat_figure(*this, position, seat, surveyed_plantation);
  }
}

Position TakenokoRules::determinize_at(const Position& seen, Seat seat, Rng& rng) const {
  Position position = seen;
  // What TakenokoRules::observation hides from `seat`: the piles (even the
  // order of what went under them), the other players' objectives in hand
  // and, on another player's turn, the plot tiles just drawn. Their sizes
  // are seen and kept.
  const bool drawn_hidden = seat != position.turn;

  // Plot tiles: every hidden one, dealt again to the drawn tiles, under the
  // pile (in a new order) and the unseen rest.
  std::array<int, kTileKinds> tile_counts{};
  for (std::size_t kind = 0; kind < kTileKinds; ++kind) {
    tile_counts[kind] = position.tiles.count_of(static_cast<int>(kind));
  }
  if (drawn_hidden) {
    for (Tile tile : position.drawn) ++tile_counts[tile];
  }
  std::vector<std::uint8_t> tiles = expand(tile_counts);
  shuffle(tiles, rng);
  std::size_t next = 0;
  if (drawn_hidden) {
    for (Tile& tile : position.drawn) tile = tiles[next++];
  }
  for (std::uint8_t& tile : position.tiles.bottom) tile = tiles[next++];
  position.tiles.unseen = {};
  for (; next < tiles.size(); ++next) ++position.tiles.unseen[tiles[next]];

  // Objective cards: each pile keeps its category and its sizes; the other
  // players' hands (whose categories are not seen) take what is left.
  std::array<int, kObjectiveKinds> card_counts{};
  for (const ObjectivePile& pile : position.objectives) {
    for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
      card_counts[id] += pile.count_of(static_cast<int>(id));
    }
  }
  std::vector<int> hand_sizes(position.players.size(), 0);
  for (Seat other = 0; other < static_cast<Seat>(position.players.size()); ++other) {
    if (other == seat) continue;
    Player& player = position.players[static_cast<std::size_t>(other)];
    hand_sizes[static_cast<std::size_t>(other)] = player.hand_size();
    for (std::size_t id = 0; id < kObjectiveKinds; ++id) card_counts[id] += player.hand[id];
    player.hand = {};
  }
  std::vector<std::uint8_t> for_hands;
  for (int category = 0; category < kCategories; ++category) {
    std::array<int, kObjectiveKinds> of_category{};
    for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
      if (static_cast<int>(objective_cards()[id].category) == category) {
        of_category[id] = card_counts[id];
      }
    }
    std::vector<std::uint8_t> cards = expand(of_category);
    shuffle(cards, rng);
    ObjectivePile& pile = position.objectives[static_cast<std::size_t>(category)];
    const auto unseen = static_cast<std::size_t>(pile.unseen_count());
    std::size_t at = 0;
    for (std::uint8_t& card : pile.bottom) card = cards[at++];
    pile.unseen = {};
    for (const std::size_t end = at + unseen; at < end; ++at) ++pile.unseen[cards[at]];
    for_hands.insert(for_hands.end(), cards.begin() + static_cast<std::ptrdiff_t>(at), cards.end());
  }
  shuffle(for_hands, rng);
  std::size_t dealt = 0;
  for (std::size_t other = 0; other < hand_sizes.size(); ++other) {
    for (int card = 0; card < hand_sizes[other]; ++card) {
      ++position.players[other].hand[for_hands[dealt++]];
    }
  }
  return position;
}

MoveUse TakenokoRules::move_use_at(const Position& position, const Move& move) const {
  // Items in the game's words: the plot a piece goes to by its colour, the
  // cards and tiles as a designer knows them.
  const auto colour_at = [&](std::size_t first) -> std::string {
    const Plot* plot = position.plot_at(Hex{move.args[first], move.args[first + 1]});
    return plot == nullptr ? "the pond" : std::string(colour_name(plot->colour)) + " plot";
  };
  const auto objective = [&] { return card_of(static_cast<ObjectiveId>(move.args[0])).label; };
  const auto tile = [&] { return tile_label(static_cast<Tile>(move.args[0])); };
  const auto improvement = [&] {
    return std::string(improvement_name(static_cast<Improvement>(move.args[0])));
  };
  const auto weather = [](Weather face) {
    return face == Weather::Question ? std::string("? (the player's choice)")
                                     : std::string(weather_name(face));
  };
  switch (move.kind) {
    case kDeal:
      return {"deal", objective()};
    case kRollWeather:
      return {"roll weather", weather(static_cast<Weather>(move.args[0]))};
    case kDrawPlot:
      return {"draw plot", tile()};
    case kDrawObjective:
      return {"draw objective", objective()};
    case kTakePlots:
      return {"plot action", {}};
    case kTakeChannel:
      return {"irrigation action", {}};
    case kMoveGardener:
      return {"gardener action", colour_at(0)};
    case kMovePanda:
      return {"panda action", colour_at(0)};
    case kTakeObjective:
      return {position.step == Step::RedrawObjective ? "redraw objective" : "objective action",
              std::string(category_name(static_cast<Category>(move.args[0]))) + " objectives"};
    case kKeepPlot:
      return {"keep plot", tile()};
    case kPlacePlot:
      return {move.args[3] != 0 ? "place plot with improvement" : "place plot", tile()};
    case kPlaceChannel:
      return {"place channel", {}};
    case kPlaceImprovement:
      return {"place improvement", improvement()};
    case kComplete:
      return {"complete " + std::string(category_name(
                                card_of(static_cast<ObjectiveId>(move.args[0])).category)),
              objective()};
    case kEndTurn:
      return {"end turn", {}};
    case kChooseWeather:
      return {"choose weather", weather(static_cast<Weather>(move.args[0]))};
    case kRain:
      return {"rain", colour_at(0)};
    case kStorm:
      return {"storm", colour_at(0)};
    case kTakeImprovement:
      return {"take improvement", improvement()};
    case kMoveImprovement:
      return {"move improvement", improvement()};
    case kIgnoreWeather:
      return {"ignore weather", weather(position.weather)};
    default:
      return move_use_of_text(move_text(move));
  }
}

std::vector<GameMetric> TakenokoRules::game_metrics_at(const Position& position,
                                                       const EventLog& log) const {
  const auto n = static_cast<std::size_t>(players());
  // From the events: what each player did over the game.
  std::vector<double> eaten(n, 0), plots(n, 0), channels(n, 0), improvements(n, 0), drawn(n, 0),
      grown(n, 0), turns(n, 0);
  for (const Event& event : log) {
    if (event.seat < 0 || event.seat >= players()) continue;
    const auto seat = static_cast<std::size_t>(event.seat);
    if (event.clause == kClausePandaEat) {
      eaten[seat] += 1;
    } else if (event.clause == kClausePlotPlace) {
      plots[seat] += 1;
    } else if (event.clause == kClauseChannelPlace) {
      channels[seat] += 1;
    } else if (event.clause == kClauseImprovementPlace) {
      improvements[seat] += 1;
    } else if (event.clause == kClauseObjectiveDraw) {
      drawn[seat] += 1;
    } else if (event.clause == kClauseGardenerGrow) {
      const std::string* sections = event.field("sections");
      grown[seat] += sections != nullptr ? std::stod(*sections) : 0;
    } else if (event.clause == kClauseTurnEnd) {
      turns[seat] += 1;
    }
  }
  std::vector<GameMetric> metrics;
  for (Seat seat = 0; seat < players(); ++seat) {
    const auto at = static_cast<std::size_t>(seat);
    const Player& player = position.players[at];
    // From the last state: the objectives completed, by category.
    std::array<double, kCategories> count{}, points{};
    double in_hand = 0;
    for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
      const ObjectiveCard& card = objective_cards()[id];
      const auto category = static_cast<std::size_t>(card.category);
      count[category] += player.completed[id];
      points[category] += player.completed[id] * card.points;
      in_hand += player.hand[id] * card.points;
    }
    metrics.push_back({"objectives", seat, count[0] + count[1] + count[2]});
    for (std::size_t category = 0; category < kCategories; ++category) {
      metrics.push_back(
          {std::string("objectives: ") + kCategoryNames[category], seat, count[category]});
    }
    for (std::size_t category = 0; category < kCategories; ++category) {
      metrics.push_back(
          {std::string("points: ") + kCategoryNames[category], seat, points[category]});
    }
    const bool emperor = position.emperor == seat;
    metrics.push_back({"emperor card", seat, emperor ? 1.0 : 0.0});
    metrics.push_back({"points: emperor", seat, emperor ? double(settings_.emperor_points) : 0.0});
    metrics.push_back({"objectives left in hand", seat, double(player.hand_size())});
    metrics.push_back({"points left in hand", seat, in_hand});
    metrics.push_back({"bamboo eaten", seat, eaten[at]});
    metrics.push_back({"bamboo grown by gardener", seat, grown[at]});
    metrics.push_back({"plots placed", seat, plots[at]});
    metrics.push_back({"channels placed", seat, channels[at]});
    metrics.push_back({"improvements placed", seat, improvements[at]});
    metrics.push_back({"objectives drawn", seat, drawn[at]});
    metrics.push_back({"turns", seat, turns[at]});
  }
  metrics.push_back({"finished", kNoSeat, position.step == Step::Over ? 1.0 : 0.0});
  metrics.push_back({"rounds", kNoSeat, double(position.round)});
  metrics.push_back({"plots in plantation", kNoSeat, double(position.plots.size())});
  return metrics;
}

}  // namespace grove::takenoko
