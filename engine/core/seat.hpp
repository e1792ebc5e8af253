#pragma once
// Seats are numbered from 0 inside the engine and written P1, P2, ... in every
// text a person reads or writes (move notation, state YAML, logs).

#include <optional>
#include <string>
#include <string_view>

namespace grove {

using Seat = int;

// The seat of the chance player in nodes where no person decides.
inline constexpr Seat kNoSeat = -1;

std::string seat_label(Seat seat);

// Parses "P1".."P99" into a seat; nullopt for anything else. The caller checks
// the range against the table's player count.
std::optional<Seat> parse_seat_label(std::string_view text);

}  // namespace grove
