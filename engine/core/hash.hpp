#pragma once
// Stable 64-bit state hashes. A game feeds its state's fields, in a fixed
// order, into a Hasher; the bytes are encoded little-endian and hashed with
// XXH3, so the value depends neither on pointers nor on container iteration
// order nor on the machine, and can be stored and compared across runs.
// The explorer hashes every state it reaches, so the bytes gather in a
// buffer inside the Hasher (no allocation) and only a long state streams
// through XXH3's state; the value is the same as hashing all the bytes at
// once. The buffer holds a Takenoko view (about 2.4 KB: at 1 KB, streaming
// it and its two allocations took 8% of exploring explore_two_plots).

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace grove {

class Hasher {
 public:
  Hasher();
  ~Hasher();
  Hasher(const Hasher&) = delete;
  Hasher& operator=(const Hasher&) = delete;

  Hasher& add(std::uint64_t value) {
    unsigned char bytes[8];
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(bytes, &value, sizeof bytes);
    } else {
      for (int i = 0; i < 8; ++i) bytes[i] = static_cast<unsigned char>(value >> (8 * i));
    }
    if (used_ + sizeof bytes > buffer_.size()) return overflow(bytes, sizeof bytes);
    std::memcpy(buffer_.data() + used_, bytes, sizeof bytes);
    used_ += sizeof bytes;
    return *this;
  }
  Hasher& add(std::int64_t value) { return add(static_cast<std::uint64_t>(value)); }
  Hasher& add(int value) { return add(static_cast<std::int64_t>(value)); }
  Hasher& add(bool value) { return add(static_cast<std::uint64_t>(value ? 1 : 0)); }
  // Length-prefixed, so ("ab","c") and ("a","bc") differ.
  Hasher& add(std::string_view text);
  // The same as add() of each word in turn, with one check for room and one
  // copy for them all: a game whose state is a few words gathers them first
  // (Pass the Pandas' hash_into, 180 instructions a state added one by one,
  // 151 gathered; callgrind).
  Hasher& add_words(std::span<const std::uint64_t> words) {
    if constexpr (std::endian::native == std::endian::little) {
      const std::size_t size = words.size_bytes();
      const auto* bytes = reinterpret_cast<const unsigned char*>(words.data());
      if (used_ + size > buffer_.size()) return overflow(bytes, size);
      std::memcpy(buffer_.data() + used_, bytes, size);
      used_ += size;
    } else {
      for (const std::uint64_t word : words) add(word);
    }
    return *this;
  }

  // The hash of everything added so far; more may be added afterwards.
  std::uint64_t finish() const;

 private:
  // Moves the buffer into the streaming state, then takes the bytes.
  Hasher& overflow(const unsigned char* bytes, std::size_t size);
  struct Stream;  // XXH3's streaming state, once the buffer has overflowed

  std::array<unsigned char, 4096> buffer_;
  std::size_t used_ = 0;
  std::unique_ptr<Stream> stream_;
};

std::uint64_t hash_text(std::string_view text);

// SplitMix64's finalizer (Steele, Lea & Flood 2014): every input bit moves
// about half the output bits. The Rng's output step, and a cheap way to
// turn small numbers into well-spread 64-bit keys and fingerprint terms.
inline std::uint64_t mix64(std::uint64_t value) {
  value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
  value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
  return value ^ (value >> 31);
}

}  // namespace grove
