#pragma once
// The shipped small variants: every scenarios/GAME/variants/explore_*.yaml,
// small enough for the explorer to visit every state, and where
// scenarios/GAME/STEM_start.yaml exists (a forest dealt by chance) the
// scenario whose end the search starts from. grove explore --signature pins
// them; the tests explore them.

#include <filesystem>
#include <string>
#include <vector>

namespace grove::checker {

struct SmallVariant {
  std::string game;
  std::filesystem::path variant_file;
  std::filesystem::path start_file;  // empty: the game's own start
};

// The small variants below `scenarios`, sorted by variant file; none when
// the folder holds none (or is not a folder).
std::vector<SmallVariant> small_variants(const std::filesystem::path& scenarios);

}  // namespace grove::checker
