#include "tools/grove/huge_pages.hpp"

#include <gtest/gtest.h>

namespace grove::cli {
namespace {

constexpr const char* kOnRequest = "always [madvise] never";

TEST(HugePages, ExploreAsksForThemWhereTheKernelGivesThemOnRequest) {
  EXPECT_EQ(huge_page_tunables(nullptr, kOnRequest), "glibc.malloc.hugetlb=1");
  // Where every heap gets them anyway, or none can, nothing is restarted.
  EXPECT_EQ(huge_page_tunables(nullptr, "[always] madvise never"), std::nullopt);
  EXPECT_EQ(huge_page_tunables(nullptr, "always madvise [never]"), std::nullopt);
  EXPECT_EQ(huge_page_tunables(nullptr, ""), std::nullopt);
}

TEST(HugePages, TheUsersOwnTunablesAreKept) {
  EXPECT_EQ(huge_page_tunables("glibc.malloc.arena_max=2", kOnRequest),
            "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1");
  // Set either way by the user: theirs stands.
  EXPECT_EQ(huge_page_tunables("glibc.malloc.hugetlb=0", kOnRequest), std::nullopt);
  EXPECT_EQ(huge_page_tunables("glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1", kOnRequest),
            std::nullopt);
}

}  // namespace
}  // namespace grove::cli
