#pragma once
// Scenario files written into a fresh temporary folder for a test.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace grove::testing {

class ScenarioFolder {
 public:
  ScenarioFolder() {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("grove_scenarios_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_ / "variants");
  }
  ~ScenarioFolder() { std::filesystem::remove_all(path_); }

  std::string write(const std::string& name, const std::string& text) const {
    const auto file = path_ / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file.string();
  }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace grove::testing
