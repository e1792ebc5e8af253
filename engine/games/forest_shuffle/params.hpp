#pragma once
// The names of the parameters built from the card data: shared by the
// definition (which declares them) and the settings (which read them).

#include <string>

#include "engine/games/forest_shuffle/cards.hpp"

namespace grove::forest_shuffle {

inline constexpr const char* kCopiesParam = "copies";
inline constexpr const char* kCostParam = "cost";
inline constexpr const char* kPointsParam = "points";
inline constexpr const char* kOtherwiseParam = "points_otherwise";
inline constexpr const char* kNeedsParam = "needs";
inline constexpr const char* kButterflyTableParam = "butterfly_sets";

// Which species carry a number in the `points`, `points_otherwise` and
// `needs` tables, and the name of a species' points-by-count table.
bool has_points(const Species& species);
bool has_otherwise(const Species& species);
bool has_needs(const Species& species);
bool has_table(const Species& species);
std::string table_param(const Species& species);  // "horse_chestnut_sets", "butterfly_sets"

}  // namespace grove::forest_shuffle
