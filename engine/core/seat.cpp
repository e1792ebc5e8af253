#include "engine/core/seat.hpp"

#include <charconv>

namespace grove {

std::string seat_label(Seat seat) { return "P" + std::to_string(seat + 1); }

std::optional<Seat> parse_seat_label(std::string_view text) {
  if (text.size() < 2 || (text[0] != 'P' && text[0] != 'p')) return std::nullopt;
  int number = 0;
  const char* first = text.data() + 1;
  const char* last = text.data() + text.size();
  auto [end, error] = std::from_chars(first, last, number);
  if (error != std::errc{} || end != last || number < 1 || number > 99) return std::nullopt;
  return number - 1;
}

}  // namespace grove
