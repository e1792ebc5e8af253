#pragma once
// JUnit XML for CI systems (Jenkins, GitLab, GitHub annotations): one test
// suite per game, one test case per scenario.

#include <string>
#include <vector>

#include "engine/scenario/replay.hpp"

namespace grove {

std::string junit_xml(const std::vector<ScenarioResult>& results);

}  // namespace grove
