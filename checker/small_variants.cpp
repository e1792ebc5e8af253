#include "checker/small_variants.hpp"

#include <algorithm>

namespace grove::checker {

namespace fs = std::filesystem;

std::vector<SmallVariant> small_variants(const fs::path& scenarios) {
  std::vector<SmallVariant> found;
  if (!fs::is_directory(scenarios)) return found;
  for (const fs::directory_entry& game : fs::directory_iterator(scenarios)) {
    const fs::path variants = game.path() / "variants";
    if (!fs::is_directory(variants)) continue;
    for (const fs::directory_entry& file : fs::directory_iterator(variants)) {
      const std::string stem = file.path().stem().string();
      if (file.path().extension() != ".yaml" || stem.rfind("explore_", 0) != 0) continue;
      const fs::path start = game.path() / (stem + "_start.yaml");
      found.push_back(
          {game.path().filename().string(), file.path(), fs::exists(start) ? start : fs::path()});
    }
  }
  std::sort(found.begin(), found.end(), [](const SmallVariant& a, const SmallVariant& b) {
    return a.variant_file < b.variant_file;
  });
  return found;
}

}  // namespace grove::checker
