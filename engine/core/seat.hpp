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

// The seat after and before `seat` round a table of `players`, without a
// division: games ask this every turn, and simulations play millions.
inline Seat next_seat(Seat seat, int players) { return seat + 1 == players ? 0 : seat + 1; }
inline Seat previous_seat(Seat seat, int players) { return seat == 0 ? players - 1 : seat - 1; }

// Parses "P1".."P99" into a seat; nullopt for anything else. The caller checks
// the range against the table's player count.
std::optional<Seat> parse_seat_label(std::string_view text);

}  // namespace grove
