#pragma once
// grove explore keeps its waiting states, fingerprint tables and graph in
// many blocks of the heap and reads them in no order: on 2 MB pages
// (Linux's transparent huge pages) they need far fewer TLB entries, and
// the search of Pass the Pandas 8 dice on full states was a tenth faster
// (one core, interleaved runs). glibc puts its heap on such pages only when
// told so as the program starts (the glibc.malloc.hugetlb tunable), so
// `grove explore` (and explore_bench, to time what it does) starts itself
// again with the tunable set, where:
//   - the kernel gives huge pages to memory that asks for them
//     (/sys/kernel/mm/transparent_hugepage/enabled is "madvise"; with
//     "always" the heap gets them anyway, with "never" not at all);
//   - the environment does not set the tunable itself
//     (GLIBC_TUNABLES=glibc.malloc.hugetlb=0 keeps the heap on 4 KB pages);
//   - glibc is 2.35 or later, and the program can start itself again.
// A tool that does not follow execv (valgrind without --trace-children=yes)
// sees only the first start: set the tunable yourself to keep the search
// under it.

#include <optional>
#include <string>
#include <string_view>

namespace grove::cli {

// The GLIBC_TUNABLES to start again with, given the current value
// (nullptr: unset) and the kernel's transparent huge page modes (the
// bracketed one is in force); nothing where it would change nothing.
std::optional<std::string> huge_page_tunables(const char* current, std::string_view modes);

// Starts the program again with huge_page_tunables set, where there are
// any; returns only where it does not (or cannot).
void restart_on_huge_pages(char** argv);

}  // namespace grove::cli
