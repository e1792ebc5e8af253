#include "engine/core/move_codec.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace grove {
namespace {

constexpr std::uint32_t kArgCounts = Move::kMaxArgs + 1;  // 0 to 6 arguments written
constexpr std::uint32_t kMaxHeader = 0xffff * kArgCounts + Move::kMaxArgs;
// Every value fits in 21 bits, so a varint of more than three bytes is
// damage, not a large number.
constexpr int kMaxVarintBytes = 3;

void put_varint(std::uint32_t value, std::string& out) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

std::uint32_t zigzag(std::int16_t value) {
  const std::int32_t wide = value;
  return static_cast<std::uint32_t>((wide << 1) ^ (wide >> 31));
}

std::int16_t unzigzag(std::uint32_t value) {
  return static_cast<std::int16_t>(static_cast<std::int32_t>(value >> 1) ^
                                   -static_cast<std::int32_t>(value & 1));
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}

  bool done() const { return at_ == bytes_.size(); }
  void start_move() {
    ++move_;
    move_start_ = at_;
  }

  // A varint of at most `max`, in its one shortest form.
  std::uint32_t varint(std::uint32_t max, const char* what) {
    std::uint32_t value = 0;
    for (int i = 0;; ++i) {
      if (at_ == bytes_.size()) fail(fmt::format("the bytes end inside its {}", what));
      if (i == kMaxVarintBytes) fail(fmt::format("its {} runs over {} bytes", what, i));
      const auto byte = static_cast<std::uint8_t>(bytes_[at_++]);
      if (i > 0 && byte == 0)
        fail(fmt::format("its {} is written with a needless zero byte", what));
      value |= static_cast<std::uint32_t>(byte & 0x7f) << (7 * i);
      if ((byte & 0x80) == 0) break;
    }
    if (value > max) fail(fmt::format("its {} is {}, above {}", what, value, max));
    return value;
  }

  [[noreturn]] void fail(const std::string& problem) const {
    throw MoveDecodeError(
        fmt::format("move {} (byte {} of {}): {}", move_, move_start_, bytes_.size(), problem));
  }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
  std::size_t move_start_ = 0;
  std::int64_t move_ = 0;  // 1-based, as the game log numbers moves
};

}  // namespace

void encode_move(const Move& move, std::string& out) {
  int used = Move::kMaxArgs;
  while (used > 0 && move.args[static_cast<std::size_t>(used - 1)] == 0) --used;
  put_varint(std::uint32_t{move.kind} * kArgCounts + static_cast<std::uint32_t>(used), out);
  put_varint(zigzag(move.seat), out);
  for (int i = 0; i < used; ++i) put_varint(zigzag(move.args[static_cast<std::size_t>(i)]), out);
}

std::string encode_moves(std::span<const Move> moves) {
  std::string out;
  // Most moves take three to six bytes: one reservation for most games.
  out.reserve(moves.size() * 6);
  for (const Move& move : moves) encode_move(move, out);
  return out;
}

std::vector<Move> decode_moves(std::string_view bytes) {
  std::vector<Move> moves;
  Reader reader(bytes);
  while (!reader.done()) {
    reader.start_move();
    Move move;
    const std::uint32_t header = reader.varint(kMaxHeader, "kind");
    move.kind = static_cast<std::uint16_t>(header / kArgCounts);
    const auto used = static_cast<int>(header % kArgCounts);
    move.seat = unzigzag(reader.varint(0xffff, "seat"));
    for (int i = 0; i < used; ++i) {
      move.args[static_cast<std::size_t>(i)] = unzigzag(reader.varint(0xffff, "argument"));
    }
    if (used > 0 && move.args[static_cast<std::size_t>(used - 1)] == 0) {
      reader.fail(fmt::format("its last argument written (of {}) is zero", used));
    }
    moves.push_back(move);
  }
  return moves;
}

}  // namespace grove
