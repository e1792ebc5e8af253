#pragma once
// What grove explore and grove explore --signature print alike.

#include <fmt/format.h>

#include <string>

namespace grove::cli {

// An exact probability from the state graph, to twelve places: as the
// signatures pin them, so that any change in the rules shows.
inline std::string probability(double p) { return fmt::format("{:.12f}", p); }

}  // namespace grove::cli
