#include "engine/core/state_codec.hpp"

#include <fmt/format.h>

namespace grove {

void ByteWriter::long_unsigned_int(std::uint64_t value) {
  while (value >= 0x80) {
    out_.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out_.push_back(static_cast<char>(value));
}

void ByteWriter::signed_int(std::int64_t value) {
  unsigned_int((static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63));
}

void ByteWriter::text(std::string_view value) {
  unsigned_int(value.size());
  out_.append(value);
}

void ByteReader::fail_inside(const char* what) const {
  fail(fmt::format("the bytes end inside {}", what));
}

std::uint8_t ByteReader::next_byte(const char* what) {
  if (at_ == bytes_.size()) fail_inside(what);
  return static_cast<std::uint8_t>(bytes_[at_++]);
}

std::uint64_t ByteReader::long_unsigned_int(std::uint64_t max, const char* what) {
  std::uint64_t value = 0;
  for (int shift = 0;; shift += 7) {
    const std::uint8_t byte = next_byte(what);
    // Ten bytes hold 64 bits; a needless zero byte is not the one form.
    if (shift == 63 && byte > 1) fail(fmt::format("{} runs over 64 bits", what));
    if (shift > 0 && byte == 0) fail(fmt::format("{} is written with a needless zero byte", what));
    value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) break;
  }
  if (value > max) fail(fmt::format("{} is {}, above {}", what, value, max));
  return value;
}

std::int64_t ByteReader::signed_int(std::int64_t min, std::int64_t max, const char* what) {
  const std::uint64_t raw = unsigned_int(UINT64_MAX, what);
  const auto value = static_cast<std::int64_t>((raw >> 1) ^ (~(raw & 1) + 1));
  if (value < min || value > max) {
    fail(fmt::format("{} is {}, outside {}..{}", what, value, min, max));
  }
  return value;
}

bool ByteReader::flag(const char* what) {
  const std::uint8_t byte = next_byte(what);
  if (byte > 1) fail(fmt::format("{} is {}, neither 0 nor 1", what, byte));
  return byte == 1;
}

std::string ByteReader::text(std::size_t max_length, const char* what) {
  const std::size_t length = count(max_length, what);
  if (bytes_.size() - at_ < length) fail(fmt::format("the bytes end inside {}", what));
  std::string value(bytes_.substr(at_, length));
  at_ += length;
  return value;
}

void ByteReader::expect_end() const {
  if (at_ != bytes_.size()) {
    fail(fmt::format("{} bytes are left over after the state", bytes_.size() - at_));
  }
}

void ByteReader::fail(const std::string& problem) const {
  throw StateDecodeError(fmt::format("byte {} of {}: {}", at_, bytes_.size(), problem));
}

}  // namespace grove
