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

// How large a grid may be, and what the command calls its points.
struct Limit {
  std::size_t points;
  const char* flag;  // the option that gives a parameter's range
  const char* most;  // "a sweep has at most"
};
constexpr Limit kSweepLimit{kMostSweepPoints, "--set", "a sweep has at most"};
constexpr Limit kTuneLimit{kMostTuneCandidates, "--vary", "a tune tries at most"};

SweepAxis parameter_axis(const Game& game, const std::string& name, const Range& range,
                         const Limit& limit) {
  const ParamSpec* spec = game.find_parameter(name);
  if (spec == nullptr) {
    // Said as --set says it anywhere else, with the closest name, but
    // naming the option that was given.
    try {
      Variant(game).set_parameter_text(name + "=" + range.from);
    } catch (const InputError& error) {
      throw grid_error(limit.flag, error.key(), error.message());
    }
    throw grid_error(limit.flag, name, "unknown parameter of " + game.name);
  }
  const std::string written =
      range.from + ":" + range.to + (range.step.empty() ? "" : ":" + range.step);
  if (spec->type != ParamType::Integer && spec->type != ParamType::IntegerPerPlayerCount) {
    throw grid_error(limit.flag, name,
                     fmt::format("a range FROM:TO[:STEP] needs a numeric parameter; {} is {}", name,
                                 type_name(*spec)));
  }
  // grove's parameters are all whole numbers (a real one would be read as
  // such here): a fractional bound or step is a mistake, not a rounding.
  const auto from = whole_number(range.from);
  const auto to = whole_number(range.to);
  const auto step = range.step.empty() ? std::optional<std::int64_t>(1) : whole_number(range.step);
  if (!from || !to || !step) {
    throw grid_error(limit.flag, name,
                     fmt::format("expected whole numbers FROM:TO[:STEP] ({} is {}), got '{}'", name,
                                 type_name(*spec), written));
  }
  if (*from > *to) {
    throw grid_error(limit.flag, name,
                     fmt::format("FROM {} is above TO {} in '{}'", *from, *to, written));
  }
  if (*step <= 0) {
    throw grid_error(limit.flag, name,
                     fmt::format("the step must be at least 1, got {} in '{}'", *step, written));
  }
  if (*from < spec->min || *to > spec->max) {
    throw grid_error(limit.flag, name,
                     fmt::format("'{}' leaves the parameter's range {}..{}; see 'grove rules {}'",
                                 written, spec->min, spec->max, game.name));
  }
  // Counted before the values are made: 1:1000000000 must not fill memory.
  if ((*to - *from) / *step + 1 > static_cast<std::int64_t>(limit.points)) {
    throw grid_error(limit.flag, name,
                     fmt::format("'{}' has {} values; {} {} points", written,
                                 (*to - *from) / *step + 1, limit.most, limit.points));
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

namespace {

// The axes of --vary (tune only), then the ranges and fixed values of --set
// and the alternatives of --ruling, each checked as --set checks a value.
SweepGrid read_grid(const Game& game, const std::vector<std::string>& vary,
                    const std::vector<std::string>& sets, const std::vector<std::string>& rulings,
                    const Limit& limit) {
  SweepGrid grid;
  const auto add_axis = [&](SweepAxis axis, const std::string& flag) {
    for (const SweepAxis& other : grid.axes) {
      if (other.name == axis.name) {
        throw grid_error(flag, axis.name, "varied twice; give one range or list per name");
      }
    }
    grid.axes.push_back(std::move(axis));
    if (grid.size() > limit.points) {
      throw grid_error(
          flag, grid.axes.back().name,
          fmt::format("the grid has {} points; {} {}", grid.size(), limit.most, limit.points));
    }
  };
  Variant check(game);  // every fixed value and alternative, checked as --set checks it
  const auto ruling_axis = [&](const std::string& id, const std::vector<std::string>& values) {
    SweepAxis axis;
    axis.ruling = true;
    axis.name = id;
    for (const std::string& value : values) {
      check.set_ruling_text(id + "=" + value);
      axis.values.push_back(value);
    }
    return axis;
  };
  for (const std::string& entry : vary) {
    const auto equals = entry.find('=');
    const std::string name = entry.substr(0, equals);
    if (const Ruling* ruling = game.find_ruling(name); ruling != nullptr) {
      if (equals != std::string::npos) {
        throw grid_error("--vary", name,
                         "a ruling is varied over all its alternatives: --vary " + name + " alone");
      }
      add_axis(ruling_axis(name, ruling->alternative_ids()), "--vary");
      continue;
    }
    const ParamSpec* spec = game.find_parameter(name);
    std::optional<Range> range;
    if (equals != std::string::npos) {
      range = read_range(entry.substr(equals + 1));
      if (!range) {
        throw grid_error(
            "--vary", name,
            "expected NAME (its whole range) or NAME=FROM:TO[:STEP], got '" + entry + "'");
      }
    } else if (spec != nullptr) {
      range = Range{std::to_string(spec->min), std::to_string(spec->max), ""};
    } else {
      range = Range{"0", "0", ""};  // parameter_axis says the name is unknown
    }
    add_axis(parameter_axis(game, name, *range, limit), "--vary");
  }
  for (const std::string& assignment : sets) {
    const auto [name, value] = split(assignment, "--set", "NAME=VALUE or NAME=FROM:TO[:STEP]");
    if (const auto range = read_range(value)) {
      add_axis(parameter_axis(game, name, *range, kSweepLimit), "--set");
    } else {
      check.set_parameter_text(assignment);
      grid.fixed_parameters.push_back(assignment);
    }
  }
  for (const std::string& assignment : rulings) {
    const auto [id, list] = split(assignment, "--ruling", "ID=ALTERNATIVE or ID=A,B,...");
    SweepAxis axis = ruling_axis(id, grove::split(list, ','));
    if (axis.values.size() == 1) {
      grid.fixed_rulings.push_back(assignment);
    } else {
      add_axis(std::move(axis), "--ruling");
    }
  }
  return grid;
}

}  // namespace

SweepGrid parse_grid(const Game& game, const std::vector<std::string>& sets,
                     const std::vector<std::string>& rulings) {
  SweepGrid grid = read_grid(game, {}, sets, rulings, kSweepLimit);
  if (grid.axes.empty()) {
    throw InputError({}, "--set",
                     "nothing to sweep: give a parameter's values as --set NAME=FROM:TO[:STEP] or "
                     "a ruling's alternatives as --ruling ID=A,B");
  }
  return grid;
}

SweepGrid parse_candidates(const Game& game, const std::vector<std::string>& vary,
                           const std::vector<std::string>& sets,
                           const std::vector<std::string>& rulings) {
  for (const std::string& assignment : sets) {
    const auto equals = assignment.find('=');
    if (equals != std::string::npos && read_range(assignment.substr(equals + 1))) {
      throw InputError({}, "--set",
                       "'" + assignment + "': a tune varies a parameter with --vary " + assignment +
                           "; --set fixes one value");
    }
  }
  SweepGrid grid = read_grid(game, vary, sets, rulings, kTuneLimit);
  if (grid.axes.empty()) {
    throw InputError({}, "--vary",
                     "nothing to tune: give the parameters or rulings to vary as --vary NAME "
                     "(its whole declared range) or --vary NAME=FROM:TO[:STEP]");
  }
  return grid;
}

}  // namespace grove::balance
