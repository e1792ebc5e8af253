#include "engine/core/words.hpp"

#include <gtest/gtest.h>

namespace grove {
namespace {

// Places as a score sheet or a picture writes them.
TEST(Words, OrdinalsAsPeopleWriteThem) {
  EXPECT_EQ(ordinal(1), "1st");
  EXPECT_EQ(ordinal(2), "2nd");
  EXPECT_EQ(ordinal(3), "3rd");
  EXPECT_EQ(ordinal(4), "4th");
  EXPECT_EQ(ordinal(11), "11th");
  EXPECT_EQ(ordinal(12), "12th");
  EXPECT_EQ(ordinal(13), "13th");
  EXPECT_EQ(ordinal(21), "21st");
  EXPECT_EQ(ordinal(22), "22nd");
  EXPECT_EQ(ordinal(111), "111th");
}

}  // namespace
}  // namespace grove
