#include "reports/balance/sweep_grid.hpp"

#include <fmt/format.h>

#include <charconv>
#include <optional>
#include <regex>

#include "engine/core/game.hpp"

namespace grove::balance {
namespace {

InputError grid_error(const std::string& flag, const std::string& name,
                      const std::string& message) {
  return InputError({flag, 0, 0}, name, message);
}

struct Range {
  std::string from, to, step;  // as written; step "" when not given
};

// FROM:TO or FROM:TO:STEP, numbers only: anything else is a value read as
// YAML, as --set reads it elsewhere ('{2: 7}' has a colon too).
std::optional<Range> read_range(const std::string& text) {
  static const std::regex pattern(
      R"(\s*([-+]?[0-9.]+)\s*:\s*([-+]?[0-9.]+)\s*(?::\s*([-+]?[0-9.]+)\s*)?)");
  std::smatch match;
  if (!std::regex_match(text, match, pattern)) return std::nullopt;
  return Range{match[1], match[2], match[3]};
}

std::optional<std::int64_t> whole_number(const std::string& text) {
  std::int64_t value = 0;
  const char* begin = text.data() + (text.starts_with('+') ? 1 : 0);
  const auto [end, error] = std::from_chars(begin, text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

SweepAxis parameter_axis(const Game& game, const std::string& name, const Range& range) {
  const ParamSpec* spec = game.find_parameter(name);
  if (spec == nullptr) {
    // Said exactly as --set says it anywhere else, with the closest name.
    Variant(game).set_parameter_text(name + "=" + range.from);
    throw grid_error("--set", name, "unknown parameter of " + game.name);
  }
  const std::string written =
      range.from + ":" + range.to + (range.step.empty() ? "" : ":" + range.step);
  if (spec->type != ParamType::Integer && spec->type != ParamType::IntegerPerPlayerCount) {
    throw grid_error("--set", name,
                     fmt::format("a range FROM:TO[:STEP] needs a numeric parameter; {} is {}", name,
                                 type_name(*spec)));
  }
  // grove's parameters are all whole numbers (a real one would be read as
  // such here): a fractional bound or step is a mistake, not a rounding.
  const auto from = whole_number(range.from);
  const auto to = whole_number(range.to);
  const auto step = range.step.empty() ? std::optional<std::int64_t>(1) : whole_number(range.step);
  if (!from || !to || !step) {
    throw grid_error("--set", name,
                     fmt::format("expected whole numbers FROM:TO[:STEP] ({} is {}), got '{}'", name,
                                 type_name(*spec), written));
  }
  if (*from > *to) {
    throw grid_error("--set", name,
                     fmt::format("FROM {} is above TO {} in '{}'", *from, *to, written));
  }
  if (*step <= 0) {
    throw grid_error("--set", name,
                     fmt::format("the step must be at least 1, got {} in '{}'", *step, written));
  }
  if (*from < spec->min || *to > spec->max) {
    throw grid_error("--set", name,
                     fmt::format("'{}' leaves the parameter's range {}..{}; see 'grove rules {}'",
                                 written, spec->min, spec->max, game.name));
  }
  // Counted before the values are made: 1:1000000000 must not fill memory.
  if ((*to - *from) / *step + 1 > static_cast<std::int64_t>(kMostSweepPoints)) {
    throw grid_error("--set", name,
                     fmt::format("'{}' has {} values; a sweep has at most {} points", written,
                                 (*to - *from) / *step + 1, kMostSweepPoints));
  }
  SweepAxis axis;
  axis.name = name;
  for (std::int64_t value = *from; value <= *to; value += *step) {
    axis.values.push_back(std::to_string(value));
    axis.numbers.push_back(static_cast<double>(value));
  }
  return axis;
}

std::pair<std::string, std::string> split(const std::string& assignment, const std::string& flag,
                                          const std::string& expected) {
  const auto equals = assignment.find('=');
  if (equals == std::string::npos || equals == 0) {
    throw InputError({}, flag, "expected " + expected + ", got '" + assignment + "'");
  }
  return {assignment.substr(0, equals), assignment.substr(equals + 1)};
}

}  // namespace

std::size_t SweepGrid::size() const {
  std::size_t points = 1;
  for (const SweepAxis& axis : axes) points *= axis.values.size();
  return points;
}

std::vector<std::size_t> point_coordinates(const std::vector<SweepAxis>& axes, std::size_t index) {
  std::vector<std::size_t> at(axes.size());
  for (std::size_t i = axes.size(); i-- > 0;) {
    at[i] = index % axes[i].values.size();
    index /= axes[i].values.size();
  }
  return at;
}

std::string point_label(const std::vector<SweepAxis>& axes, std::size_t index) {
  const std::vector<std::size_t> at = point_coordinates(axes, index);
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < axes.size(); ++i) {
    parts.push_back(axes[i].name + "=" + axes[i].values[at[i]]);
  }
  return join(parts, ", ");
}

Variant SweepGrid::variant(const Variant& base, std::size_t index) const {
  Variant variant = base;
  const std::vector<std::size_t> at = coordinates(index);
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const std::string assignment = axes[i].name + "=" + axes[i].values[at[i]];
    if (axes[i].ruling) {
      variant.set_ruling_text(assignment);
    } else {
      variant.set_parameter_text(assignment);
    }
  }
  variant.set_name(base.name() + " " + label(index));
  return variant;
}

SweepGrid parse_grid(const Game& game, const std::vector<std::string>& sets,
                     const std::vector<std::string>& rulings) {
  SweepGrid grid;
  const auto add_axis = [&](SweepAxis axis, const std::string& flag) {
    for (const SweepAxis& other : grid.axes) {
      if (other.name == axis.name) {
        throw grid_error(flag, axis.name, "swept twice; give one range or list per name");
      }
    }
    grid.axes.push_back(std::move(axis));
    if (grid.size() > kMostSweepPoints) {
      throw grid_error(flag, grid.axes.back().name,
                       fmt::format("the grid has {} points; a sweep has at most {}", grid.size(),
                                   kMostSweepPoints));
    }
  };
  Variant check(game);  // every fixed value and alternative, checked as --set checks it
  for (const std::string& assignment : sets) {
    const auto [name, value] = split(assignment, "--set", "NAME=VALUE or NAME=FROM:TO[:STEP]");
    if (const auto range = read_range(value)) {
      add_axis(parameter_axis(game, name, *range), "--set");
    } else {
      check.set_parameter_text(assignment);
      grid.fixed_parameters.push_back(assignment);
    }
  }
  for (const std::string& assignment : rulings) {
    const auto [id, list] = split(assignment, "--ruling", "ID=ALTERNATIVE or ID=A,B,...");
    SweepAxis axis;
    axis.ruling = true;
    axis.name = id;
    std::size_t start = 0;
    for (;;) {
      const std::size_t comma = list.find(',', start);
      axis.values.push_back(list.substr(start, comma - start));
      check.set_ruling_text(id + "=" + axis.values.back());
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (axis.values.size() == 1) {
      grid.fixed_rulings.push_back(assignment);
    } else {
      add_axis(std::move(axis), "--ruling");
    }
  }
  if (grid.axes.empty()) {
    throw InputError({}, "--set",
                     "nothing to sweep: give a parameter's values as --set NAME=FROM:TO[:STEP] or "
                     "a ruling's alternatives as --ruling ID=A,B");
  }
  return grid;
}

}  // namespace grove::balance
