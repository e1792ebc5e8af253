#pragma once
// Stable 64-bit state hashes. A game feeds its state's fields, in a fixed
// order, into a Hasher; the bytes are encoded little-endian and hashed with
// XXH3, so the value depends neither on pointers nor on container iteration
// order nor on the machine, and can be stored and compared across runs.

#include <cstdint>
#include <string>
#include <string_view>

namespace grove {

class Hasher {
 public:
  Hasher& add(std::uint64_t value);
  Hasher& add(std::int64_t value) { return add(static_cast<std::uint64_t>(value)); }
  Hasher& add(int value) { return add(static_cast<std::int64_t>(value)); }
  Hasher& add(bool value) { return add(static_cast<std::uint64_t>(value ? 1 : 0)); }
  // Length-prefixed, so ("ab","c") and ("a","bc") differ.
  Hasher& add(std::string_view text);

  std::uint64_t finish() const;

 private:
  std::string bytes_;
};

std::uint64_t hash_text(std::string_view text);

}  // namespace grove
