#include "tools/grove/huge_pages.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>

namespace grove::cli {

std::optional<std::string> huge_page_tunables(const char* current, std::string_view modes) {
  const std::string set = current != nullptr ? current : "";
  if (set.find("glibc.malloc.hugetlb") != std::string::npos) return std::nullopt;
  if (modes.find("[madvise]") == std::string_view::npos) return std::nullopt;
  return (set.empty() ? "" : set + ":") + "glibc.malloc.hugetlb=1";
}

void restart_on_huge_pages(char** argv) {
#if defined(__linux__) && defined(__GLIBC__) && \
    (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
  std::ifstream enabled("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  if (!std::getline(enabled, modes)) return;
  const char* current = std::getenv("GLIBC_TUNABLES");
  const std::optional<std::string> tunables = huge_page_tunables(current, modes);
  if (!tunables) return;
  const std::string before = current != nullptr ? current : "";
  if (setenv("GLIBC_TUNABLES", tunables->c_str(), 1) != 0) return;
  execv("/proc/self/exe", argv);
  // Not started again: on as started, with the environment as it was.
  if (current != nullptr) {
    setenv("GLIBC_TUNABLES", before.c_str(), 1);
  } else {
    unsetenv("GLIBC_TUNABLES");
  }
#else
  (void)argv;
#endif
}

}  // namespace grove::cli
