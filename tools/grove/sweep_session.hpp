#pragma once
// A stored sweep read back: its grid and settings, and each finished
// point's balance run summarized (grove sweep at its end, grove report).

#include <cstdint>
#include <string>
#include <vector>

#include "reports/balance/sweep.hpp"
#include "reports/store/store.hpp"

namespace grove::cli {

// InputError when `run` is not a sweep; `targets` as --target gives them
// (none: those the sweep was run with).
balance::SweepSummary load_sweep(const Store& store, std::int64_t run,
                                 const std::vector<std::string>& targets);

}  // namespace grove::cli
