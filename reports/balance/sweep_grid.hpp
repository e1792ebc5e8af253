#pragma once
// The grid of a sweep, read from grove sweep's --set and --ruling: a
// parameter swept over FROM:TO[:STEP], a ruling over its alternatives
// A,B,..., and settings fixed at every point (--set NAME=VALUE, a ruling
// with one alternative). The points are the cartesian product of the axes,
// the first axis varying slowest. Everything is checked against the game's
// schema before anything is played: a bad grid is one InputError.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/variant.hpp"

namespace grove::balance {

// A sweep plays one balance run per point: more than this many is far more
// than a chart can show, and most likely a step forgotten.
inline constexpr std::size_t kMostSweepPoints = 200;
// A tune tries at most a few hundred of its candidates (a random subset when
// there are more, reports/balance/tune.hpp); the space itself may be larger.
inline constexpr std::size_t kMostTuneCandidates = 1'000'000;

struct SweepAxis {
  bool ruling = false;              // a ruling's alternatives, else a parameter's values
  std::string name;                 // the parameter or ruling id
  std::vector<std::string> values;  // in order, as text ("4", "set_aside")
  std::vector<double> numbers;      // the values as numbers (parameters only): the x axis
};

// Point `index`'s position on each axis (the index of its value), the
// first axis varying slowest; and its label, "dice_per_player=4,
// ptp.challenge_basis=rolled". For a grid being played and for a stored
// sweep's points alike.
std::vector<std::size_t> point_coordinates(const std::vector<SweepAxis>& axes, std::size_t index);
std::string point_label(const std::vector<SweepAxis>& axes, std::size_t index);

struct SweepGrid {
  std::vector<std::string> fixed_parameters;  // NAME=VALUE, applied at every point
  std::vector<std::string> fixed_rulings;     // ID=ALTERNATIVE
  std::vector<SweepAxis> axes;                // as given on the command line

  std::size_t size() const;  // the number of points
  std::vector<std::size_t> coordinates(std::size_t index) const {
    return point_coordinates(axes, index);
  }
  std::string label(std::size_t index) const { return point_label(axes, index); }
  // `base` (the game's defaults, --variant and the fixed settings) with
  // point `index`'s values set, named after them.
  Variant variant(const Variant& base, std::size_t index) const;
};

// Reads the --set and --ruling values of grove sweep for `game`. InputError
// (naming --set or --ruling and the parameter) for an unknown name (with
// the closest one), a range of a parameter that is not a whole number, a
// FROM above TO, a step that is not positive, a value outside the
// parameter's range, an axis given twice, no axis at all, or more than
// kMostSweepPoints points.
SweepGrid parse_grid(const Game& game, const std::vector<std::string>& sets,
                     const std::vector<std::string>& rulings);

// The candidates of grove tune: each --vary NAME over the parameter's whole
// declared range (NAME=FROM:TO[:STEP]: part of it) or over every
// alternative of the ruling NAME; --set NAME=VALUE and --ruling ID=A fix a
// setting. InputError as parse_grid, naming --vary, and for a range given
// to --set (a tune varies with --vary) or nothing to vary.
SweepGrid parse_candidates(const Game& game, const std::vector<std::string>& vary,
                           const std::vector<std::string>& sets,
                           const std::vector<std::string>& rulings);

}  // namespace grove::balance
