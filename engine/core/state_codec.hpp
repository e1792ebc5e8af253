#pragma once
// A state as bytes, for what must leave one process or be kept by the
// million: successors sent between the ranks of a distributed exploration,
// states stored compactly. A game writes its Position's fields with a
// ByteWriter and reads them back with a ByteReader in the same order
// (Rules::encode / Rules::decode; TypedRules's encode_position and
// decode_position hooks). The generic checks hold every game to the round
// trip: decode(encode(s)) equals s, equal states give equal bytes, and
// damaged bytes are refused rather than read as another state.
//
// Numbers are varints (7 bits a byte, low bits first; signed ones zigzag),
// so the small counts and coordinates games are made of take a byte each.

#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace grove {

// Bytes that are no state of the rules decoding them: the message says at
// which byte and what was expected there.
class StateDecodeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}

  // Most values a game writes take one byte: that case inline, as the
  // explorer encodes every state it finds.
  void unsigned_int(std::uint64_t value) {
    if (value < 0x80) {
      out_.push_back(static_cast<char>(value));
    } else {
      long_unsigned_int(value);
    }
  }
  void signed_int(std::int64_t value);
  void flag(bool value) { out_.push_back(value ? '\1' : '\0'); }
  void text(std::string_view value);
  // Eight bytes as they are (a fingerprint, a probability's bits), low
  // byte first. Inline, and copied whole where the machine keeps them so:
  // the ranks of a distributed analysis send each other values by the
  // hundred million.
  void fixed64(std::uint64_t value) {
    if constexpr (std::endian::native == std::endian::little) {
      out_.append(reinterpret_cast<const char*>(&value), sizeof value);
    } else {
      for (int byte = 0; byte < 8; ++byte) out_.push_back(static_cast<char>(value >> (8 * byte)));
    }
  }
  void float64(double value) { fixed64(std::bit_cast<std::uint64_t>(value)); }
  template <class Enum>
  void enumeration(Enum value) {
    static_assert(std::is_enum_v<Enum>);
    unsigned_int(static_cast<std::uint64_t>(static_cast<std::underlying_type_t<Enum>>(value)));
  }

 private:
  void long_unsigned_int(std::uint64_t value);

  std::string& out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}

  // Each read names what it reads for the message when the bytes are wrong,
  // and refuses a value outside the range the game allows.
  std::uint64_t unsigned_int(std::uint64_t max, const char* what) {
    if (at_ < bytes_.size()) {  // one byte within bounds, inline
      const auto byte = static_cast<std::uint8_t>(bytes_[at_]);
      if (byte < 0x80 && byte <= max) {
        ++at_;
        return byte;
      }
    }
    return long_unsigned_int(max, what);
  }
  std::int64_t signed_int(std::int64_t min, std::int64_t max, const char* what);
  bool flag(const char* what);
  std::string text(std::size_t max_length, const char* what);
  std::uint64_t fixed64(const char* what) {
    if (bytes_.size() - at_ < 8) fail_inside(what);
    std::uint64_t value = 0;
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(&value, bytes_.data() + at_, sizeof value);
    } else {
      for (std::size_t byte = 0; byte < 8; ++byte)
        value |= std::uint64_t{static_cast<std::uint8_t>(bytes_[at_ + byte])} << (8 * byte);
    }
    at_ += 8;
    return value;
  }
  double float64(const char* what) { return std::bit_cast<double>(fixed64(what)); }
  bool at_end() const { return at_ == bytes_.size(); }
  template <class Enum>
  Enum enumeration(Enum last, const char* what) {
    static_assert(std::is_enum_v<Enum>);
    using Underlying = std::underlying_type_t<Enum>;
    return static_cast<Enum>(static_cast<Underlying>(
        unsigned_int(static_cast<std::uint64_t>(static_cast<Underlying>(last)), what)));
  }
  // A container's size: bounded, so that damaged bytes cannot make a
  // decoder allocate without end.
  std::size_t count(std::size_t max, const char* what) {
    return static_cast<std::size_t>(unsigned_int(max, what));
  }

  // Throws unless every byte was read: a longer encoding is not this state.
  void expect_end() const;
  [[noreturn]] void fail(const std::string& problem) const;

 private:
  // Out of line, so that the inline readers carry only a call on their
  // rare failing path.
  [[noreturn]] void fail_inside(const char* what) const;
  std::uint8_t next_byte(const char* what);
  std::uint64_t long_unsigned_int(std::uint64_t max, const char* what);

  std::string_view bytes_;
  std::size_t at_ = 0;
};

}  // namespace grove
