#include "tools/grove/findings_writer.hpp"

#include <filesystem>
#include <fstream>
#include <utility>

namespace grove::cli {

void add_findings_option(po::options_description& options, std::string& folder) {
  options.add_options()("findings", po::value(&folder)->value_name("DIR")->default_value(folder),
                        "where findings are written as scenarios");
}

FindingsWriter::FindingsWriter(Store& store, std::string folder, std::int64_t run,
                               const Variant& variant)
    : store_(store), folder_(std::move(folder)), run_(run), variant_(variant) {}

FindingRecord FindingsWriter::record(const std::string& kind, const std::string& detail,
                                     std::int64_t moves, const std::string& scenario) const {
  FindingRecord finding;
  finding.run_id = run_;
  finding.game = variant_.game().name;
  finding.variant = variant_.name();
  finding.variant_hash = variant_.hash_hex();
  finding.kind = kind;
  finding.detail = detail;
  finding.moves = moves;
  finding.scenario = scenario;
  return finding;
}

std::string FindingsWriter::write(const std::string& file_name, FindingRecord finding) {
  namespace fs = std::filesystem;
  fs::create_directories(folder_);
  finding.file = (fs::path(folder_) / file_name).string();
  std::ofstream(finding.file) << finding.scenario;
  store_.add_finding(finding);
  return finding.file;
}

}  // namespace grove::cli
