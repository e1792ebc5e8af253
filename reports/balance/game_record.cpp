#include "reports/balance/game_record.hpp"

namespace grove::balance {

std::vector<Seat> GameRecord::winners() const {
  std::vector<Seat> seats;
  if (!ended) return seats;
  for (std::size_t seat = 0; seat < places.size(); ++seat) {
    if (places[seat] == 1) seats.push_back(static_cast<Seat>(seat));
  }
  return seats;
}

}  // namespace grove::balance
