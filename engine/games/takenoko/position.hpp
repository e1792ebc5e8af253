#pragma once
// Everything on the table in a game of Takenoko: the plantation (plots,
// channels, the gardener and the panda), the piles and reserves, the players'
// boards and hands, and how far the current turn has got.

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <vector>

#include "engine/core/hash.hpp"
#include "engine/core/seat.hpp"
#include "engine/games/takenoko/components.hpp"
#include "engine/games/takenoko/hex.hpp"

namespace grove::takenoko {

inline constexpr int kMaxPlayers = 4;
inline constexpr int kMaxPlotsDrawn = 5;

// Where the game stands: the points where somebody decides or chance acts.
// Steps with nothing to decide pass by themselves.
enum class Step : std::uint8_t {
  Deal,             // chance: the starting objectives, seat by seat, one of each category
  Weather,          // chance: the weather die (from the second round)
  ApplyWeather,     // the player uses (or ignores) rain, storm, clouds or '?'
  Actions,          // the next action, an objective, a kept channel or improvement, or the end
  DrawPlots,        // chance: the plot action's tiles, one at a time
  KeepPlot,         // which drawn tile to keep, and the order of the others under the pile
  PlacePlot,        // where the kept tile goes
  DrawObjective,    // chance: the objective action's card
  RedrawObjective,  // advanced variant: a drawn card was already fulfilled; draw again
  Over,
};
inline constexpr int kSteps = 10;

struct StepWords {
  Step step;
  const char* key;    // in the YAML form
  const char* doing;  // after "P1 to", in summaries and reasons
};
extern const std::array<StepWords, kSteps> kStepWords;
inline const StepWords& words_for(Step step) { return kStepWords[static_cast<std::size_t>(step)]; }

enum class Action : std::uint8_t { Plots, Irrigation, Gardener, Panda, Objective };
inline constexpr int kActions = 5;
inline constexpr std::array<const char*, kActions> kActionNames = {
    "plots", "irrigation", "gardener", "panda", "objective"};

struct Plot {
  Hex at;
  Colour colour = Colour::Green;
  Improvement improvement = Improvement::None;
  bool printed = false;    // the improvement is printed on the tile (it can never move)
  bool irrigated = false;  // has been irrigated (and so got its first section); stays so
  int height = 0;          // bamboo sections on the plot

  bool operator==(const Plot&) const = default;
};

struct Player {
  std::array<std::uint8_t, kObjectiveKinds> hand{};       // objective cards held, per kind
  std::array<std::uint8_t, kObjectiveKinds> completed{};  // fulfilled and laid face up
  std::array<int, kColours> eaten{};                      // bamboo sections on the board
  int channels = 0;                                       // irrigation channels kept
  std::array<int, kImprovementKinds> improvements{};      // improvement tokens kept

  int hand_size() const;
  int completed_count() const;
  // The points of the completed objectives, and of the panda ones alone
  // (the tie-break): End of the game.
  int completed_points() const;
  int completed_panda_points() const;
  bool operator==(const Player&) const = default;
};

// A face-down pile: kinds not seen by anyone, in no order (a draw is a
// chance node over them), above the cards put back under it, whose order is
// known (the plot action's returned tiles, the advanced variant's discards).
template <int Kinds>
struct Pile {
  std::array<std::uint8_t, Kinds> unseen{};
  std::vector<std::uint8_t> bottom;  // the first one comes out first

  int unseen_count() const {
    int total = 0;
    for (std::uint8_t count : unseen) total += count;
    return total;
  }
  int size() const { return unseen_count() + static_cast<int>(bottom.size()); }
  int count_of(int kind) const;  // unseen and under the pile
  bool operator==(const Pile&) const = default;
};

using TilePile = Pile<kTileKinds>;
using ObjectivePile = Pile<kObjectiveKinds>;

struct Position {
  // The plantation. Plots are kept sorted by coordinate and channels by edge,
  // so that equal plantations are equal values whatever the order of play.
  std::vector<Plot> plots;
  std::vector<Edge> channels;
  Hex gardener = kPond;
  Hex panda = kPond;

  // Piles and reserves.
  TilePile tiles;
  std::array<ObjectivePile, kCategories> objectives;
  std::array<int, kColours> bamboo{};  // sections in the supply (below 0: others stand in)
  int channel_reserve = 0;
  std::array<int, kImprovementKinds> improvement_reserve{};

  boost::container::static_vector<Player, kMaxPlayers> players;

  // The game's progress.
  Step step = Step::Deal;
  Seat turn = 0;
  int round = 1;           // every player's first turn is round 1 (no weather)
  int dealt = 0;           // starting objectives dealt (seat * 3 + category)
  Seat emperor = kNoSeat;  // who took the Emperor card (the game ends when play returns to them)

  // The turn's progress.
  Weather weather = Weather::None;  // the face in force this turn
  std::uint8_t actions_used = 0;    // bit per Action taken this turn
  int actions_taken = 0;
  boost::container::static_vector<Tile, kMaxPlotsDrawn> drawn;  // the plot action's tiles
  int plots_to_draw = 0;                                        // still to draw in this plot action
  Tile kept = kNoTile;                                          // the tile to place
  Category drawing = Category::Plot;                            // the objective action's pile
  std::array<std::uint8_t, kCategories>
      redrawn{};  // advanced variant: cards put back in this action

  bool operator==(const Position&) const = default;
  void hash_into(Hasher& hasher) const;

  // Lookups in the plantation.
  const Plot* plot_at(const Hex& at) const;
  Plot* plot_at(const Hex& at);
  // A plot or the pond: where the gardener and the panda may walk.
  bool placed(const Hex& at) const { return at == kPond || plot_at(at) != nullptr; }
  bool has_channel(const Edge& edge) const;
  // Inserts keeping the order.
  Plot& add_plot(const Plot& plot);
  void add_channel(const Edge& edge);
};

}  // namespace grove::takenoko
