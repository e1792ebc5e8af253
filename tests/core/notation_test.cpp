// The core notation reader: what a person is told when a move does not read.

#include "engine/core/notation.hpp"

#include <gtest/gtest.h>

#include "engine/core/words.hpp"

namespace grove {
namespace {

constexpr const char* kForms = "expected 'P1 swaps N with N' or 'P1 skips swap'";

MoveParse read(std::string_view text) {
  NotationReader reader(text, 2);
  reader.define('n', [](const std::string& word, std::vector<int>& values) -> std::string {
    if (word.size() != 1 || word[0] < '0' || word[0] > '9') return "'" + word + "' is no digit";
    values.push_back(word[0] - '0');
    return "";
  });
  if (reader.is({"#", "swaps", "n", "with", "n"})) return reader.kind(1);
  if (reader.is({"#", "skips", "swap"})) return reader.kind(2);
  return reader.failure(kForms);
}

TEST(NotationReader, ReadsTheFormsItIsGiven) {
  const MoveParse swap = read("P2 SWAPS 3 with 4");
  ASSERT_TRUE(swap.ok()) << swap.error;
  EXPECT_EQ(swap.move.kind, 1);
  EXPECT_EQ(swap.move.seat, 1);
  EXPECT_EQ(swap.move.args[0], 3);
  EXPECT_EQ(swap.move.args[1], 4);
}

TEST(NotationReader, AWordOneSlipAwayFromAFormGetsADidYouMean) {
  EXPECT_EQ(read("P1 swap 3 with 4").error,
            "cannot read move 'P1 swap 3 with 4': 'swap' is not a word of this move (did you "
            "mean 'swaps'?); expected 'P1 swaps N with N' or 'P1 skips swap'");
  EXPECT_EQ(read("P1 skip swap").error,
            "cannot read move 'P1 skip swap': 'skip' is not a word of this move (did you mean "
            "'skips'?); expected 'P1 swaps N with N' or 'P1 skips swap'");
  // A value that does not read says so first; a text far from every form
  // gets the forms alone.
  EXPECT_EQ(read("P1 swaps x with 4").error,
            "cannot read move 'P1 swaps x with 4': 'x' is no digit");
  EXPECT_EQ(read("P1 dances").error,
            "cannot read move 'P1 dances': expected 'P1 swaps N with N' or 'P1 skips swap'");
  EXPECT_EQ(read("P1 jumps 3 over 4").error,
            "cannot read move 'P1 jumps 3 over 4': expected 'P1 swaps N with N' or 'P1 skips "
            "swap'");
}

}  // namespace
}  // namespace grove

namespace grove {
namespace {

// Pieces are named with their article in logs and reasons: "an enclosure",
// never "a enclosure".
TEST(Words, AnArticleByTheFirstLetter) {
  EXPECT_EQ(with_article("enclosure"), "an enclosure");
  EXPECT_EQ(with_article("watershed"), "a watershed");
  EXPECT_EQ(with_article("Oak"), "an Oak");
}

}  // namespace
}  // namespace grove
