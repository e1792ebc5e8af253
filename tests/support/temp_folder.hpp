#pragma once
// A fresh temporary folder per test, removed afterwards, for the files a test
// writes (scenarios, variants, databases).

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace grove::testing {

class TempFolder {
 public:
  explicit TempFolder(const std::string& purpose) {
    static int counter = 0;
    path_ =
        std::filesystem::temp_directory_path() /
        ("grove_" + purpose + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
    // Readable by other users too (the read-only store test drops privileges).
    std::filesystem::permissions(path_, std::filesystem::perms::all);
  }
  ~TempFolder() { std::filesystem::remove_all(path_); }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;

  // Writes `text` to `name` (creating subfolders) and returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    const auto file = path_ / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file.string();
  }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace grove::testing
