#include "tools/grove/property_checks.hpp"

#include "checker/step_checks.hpp"

namespace grove::cli {

ReplayChecks property_checks() {
  ReplayChecks checks;
  checks.properties = [](const Rules& rules, const State& state) {
    std::vector<std::string> broken;
    for (const auto& violation : checker::check_state(rules, state)) {
      broken.push_back(violation.property + ": " + violation.detail);
    }
    return broken;
  };
  return checks;
}

}  // namespace grove::cli
