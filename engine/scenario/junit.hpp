#pragma once
// JUnit XML for CI systems (Jenkins, GitLab and the like), in the Ant
// format their readers take (no `file` attribute: Ant's schema has none;
// the failure text starts with FILE:LINE): the totals on <testsuites>; one
// <testsuite> per game with its id, package, timestamp, hostname, totals,
// <properties>, <system-out> and <system-err>; one <testcase> per scenario,
// with a <failure> or, for a file that could not be read, an <error>.

#include <string>
#include <vector>

#include "engine/scenario/replay.hpp"

namespace grove {

struct JunitRun {
  std::string timestamp;  // when the run started: "2026-11-25T23:17:40" (ISO 8601, UTC)
  std::string hostname;   // the machine it ran on
};

std::string junit_xml(const std::vector<ScenarioResult>& results, const JunitRun& run);

}  // namespace grove
