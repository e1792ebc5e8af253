#pragma once
// Where grove fuzz and grove explore put what they find: each finding's
// scenario as a file in the --findings folder, and the finding in the
// results database with that file, so that 'grove replay FILE' and the next
// run both find it.

#include <cstdint>
#include <string>

#include "reports/store/store.hpp"
#include "tools/grove/command_line.hpp"

namespace grove::cli {

// --findings DIR, with `folder` holding the default.
void add_findings_option(po::options_description& options, std::string& folder);

// The findings of one run of a game's variant.
class FindingsWriter {
 public:
  FindingsWriter(Store& store, std::string folder, std::int64_t run, const Variant& variant);

  // A finding of the run: its game and variant, what broke (`kind`),
  // `detail`, the moves to it and the scenario that shows it. A command sets
  // what else it knows (a fuzz game's seed and number, a status) before
  // writing it.
  FindingRecord record(const std::string& kind, const std::string& detail, std::int64_t moves,
                       const std::string& scenario) const;
  // Writes `finding.scenario` into the folder as `file_name` and stores the
  // finding with that file. Returns the file's path.
  std::string write(const std::string& file_name, FindingRecord finding);

 private:
  Store& store_;
  std::string folder_;
  std::int64_t run_;
  const Variant& variant_;
};

}  // namespace grove::cli
