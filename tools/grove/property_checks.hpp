#pragma once
// The checker's generic properties, handed to scenario replays for
// `expect: {properties: hold}` (the steps grove fuzz's findings end with).

#include "engine/scenario/replay.hpp"

namespace grove::cli {

ReplayChecks property_checks();

}  // namespace grove::cli
