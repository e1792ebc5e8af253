#include "engine/core/hash.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace grove {
namespace {

std::string little_endian(std::uint64_t value) {
  std::string bytes;
  for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>((value >> (8 * i)) & 0xffU));
  return bytes;
}

// Stored hashes must not change when the Hasher's buffering does: the value
// is XXH3 of the little-endian bytes, however many there are.
TEST(Hasher, HashesTheLittleEndianBytesOfWhatWasAdded) {
  for (int count : {0, 1, 127, 128, 129, 300, 1000}) {
    Hasher hasher;
    std::string bytes;
    for (int i = 0; i < count; ++i) {
      const std::uint64_t value = 0x0102030405060708ULL * static_cast<std::uint64_t>(i + 1);
      hasher.add(value);
      bytes += little_endian(value);
      if (i % 5 == 1) {                      // several words at once, some across the buffer's end
        hasher.add_words<4>([&](auto put) {  // room for four, three written
          for (std::uint64_t k = 1; k <= 3; ++k) put(value + k);
        });
        for (std::uint64_t k = 1; k <= 3; ++k) bytes += little_endian(value + k);
      }
      if (i % 3 == 2) {  // a range at once: small counts, and negative numbers sign-extended
        const std::array<std::uint8_t, 5> counts{0, 1, static_cast<std::uint8_t>(i % 256), 200,
                                                 255};
        const std::vector<int> numbers{-1, i, -i};
        hasher.add_each(counts).add_each(numbers);
        for (std::uint8_t small : counts) bytes += little_endian(small);
        for (int number : numbers) {
          bytes += little_endian(static_cast<std::uint64_t>(static_cast<std::int64_t>(number)));
        }
      }
      if (i % 7 == 3) {
        const std::string text(static_cast<std::size_t>(i % 1500), 'x');
        hasher.add(std::string_view(text));
        bytes += little_endian(text.size()) + text;
      }
    }
    EXPECT_EQ(hasher.finish(), hash_text(bytes)) << count << " values";
  }
}

TEST(Hasher, FinishingTwiceOrAddingAfterwardsIsConsistent) {
  Hasher hasher;
  std::string bytes;
  for (int i = 0; i < 600; ++i) {  // past the buffer: finished from the stream
    hasher.add(i);
    bytes += little_endian(static_cast<std::uint64_t>(i));
  }
  const std::uint64_t first = hasher.finish();
  EXPECT_EQ(first, hasher.finish());
  hasher.add(std::string_view("more"));
  bytes += little_endian(4) + "more";
  EXPECT_EQ(hasher.finish(), hash_text(bytes));
  EXPECT_NE(hasher.finish(), first);
}

TEST(Hasher, LengthPrefixSeparatesTexts) {
  Hasher ab_c, a_bc;
  ab_c.add(std::string_view("ab")).add(std::string_view("c"));
  a_bc.add(std::string_view("a")).add(std::string_view("bc"));
  EXPECT_NE(ab_c.finish(), a_bc.finish());
}

}  // namespace
}  // namespace grove
