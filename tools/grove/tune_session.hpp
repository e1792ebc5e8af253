#pragma once
// A stored tune read back: its settings, and its trials replayed in the
// order they were played, so that it summarizes exactly as it was decided
// (grove tune at its end, grove report).

#include <cstdint>

#include "reports/balance/tune.hpp"
#include "reports/store/store.hpp"

namespace grove::cli {

// InputError when `run` is not a tune.
balance::Tune load_tune(const Store& store, std::int64_t run);

}  // namespace grove::cli
