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
#include <cassert>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
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
  // write(put) calls put(word) for at most N words: the same as add() of
  // each, with one check for room for them all, each word written in place.
  // For a game whose state is a few words (Pass the Pandas): added one by
  // one, each was checked for room and counted on its own; gathered in an
  // array and copied, the copy's wide loads waited on the words' stores.
  template <std::size_t N, class Write>
  Hasher& add_words(Write write) {
    if (std::endian::native == std::endian::little &&
        used_ + sizeof(std::uint64_t) * N <= buffer_.size()) {
      unsigned char* at = buffer_.data() + used_;
      [[maybe_unused]] const unsigned char* room = at + sizeof(std::uint64_t) * N;
      write([&](std::uint64_t word) {
        assert(at + sizeof word <= room && "add_words: more than N words");
        std::memcpy(at, &word, sizeof word);
        at += sizeof word;
      });
      used_ = static_cast<std::size_t>(at - buffer_.data());
    } else {
      write([this](std::uint64_t word) { add(word); });
    }
    return *this;
  }

  // add() of each integer in `values`, with one check for room for them
  // all and the place to write kept in a register. Added one by one, every
  // value's bytes went through the count of bytes used in memory (a store
  // of bytes may change any object, that count too), so each add waited on
  // the last: most of hashing a Takenoko view, a fifth of exploring a
  // small variant of it.
  template <class Range>
  Hasher& add_each(const Range& values) {
    const std::size_t size = std::size(values) * sizeof(std::uint64_t);
    if (std::endian::native != std::endian::little || used_ + size > buffer_.size()) {
      for (const auto& value : values) add(static_cast<std::int64_t>(value));
      return *this;
    }
    unsigned char* at = buffer_.data() + used_;
    for (const auto& value : values) {
      const auto word = static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
      std::memcpy(at, &word, sizeof word);
      at += sizeof word;
    }
    used_ += size;
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
