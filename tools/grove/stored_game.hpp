#pragma once
// One game of a stored balance run, ready to be played again: the run's
// rules rebuilt from its stored variant settings, the game's record and its
// moves (grove show prints it, grove view draws it).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/rules.hpp"
#include "reports/balance/game_record.hpp"
#include "reports/store/store.hpp"

namespace grove::cli {

struct StoredGame {
  balance::RunInfo info;
  balance::GameRecord record;
  std::vector<Move> moves;
  std::unique_ptr<Rules> rules;
};

// Throws InputError when the run has no such game or kept no moves, and
// StoreError when what it stored is damaged.
StoredGame load_stored_game(const Store& store, std::int64_t run, std::int64_t number);

// "P1 greedy, P2 random".
std::string seats_text(const balance::GameRecord& record);
// "P1 wins; ... after 40 moves", or how the run cut it.
std::string stored_result(const balance::GameRecord& record);

}  // namespace grove::cli
