#include "reports/balance/notable_games.hpp"

#include <fmt/format.h>

namespace grove::balance {

std::string show_game_command(std::int64_t run_id, std::int64_t index) {
  return fmt::format("grove show {} {}", run_id == 0 ? "RUN" : std::to_string(run_id), index);
}

NotableGames notable_games(const std::vector<GameRecord>& records, std::int64_t run_id,
                           std::size_t unfinished_listed) {
  const GameRecord* longest = nullptr;
  const GameRecord* shortest = nullptr;
  const GameRecord* widest = nullptr;
  std::vector<const GameRecord*> unfinished;
  for (const GameRecord& record : records) {
    if (!record.ended) {
      unfinished.push_back(&record);
      continue;
    }
    // Strictly more (or fewer): the first of equals is kept.
    if (longest == nullptr || record.moves > longest->moves) longest = &record;
    if (shortest == nullptr || record.moves < shortest->moves) shortest = &record;
    if (const auto margin = record.winning_margin();
        margin && (widest == nullptr || *margin > *widest->winning_margin())) {
      widest = &record;
    }
  }
  NotableGames notable;
  const auto add = [&](const std::string& why, const GameRecord* record) {
    if (record == nullptr) return;
    notable.games.push_back({why, record->index, record->moves, record->winning_margin(),
                             show_game_command(run_id, record->index)});
  };
  add("longest", longest);
  add("shortest", shortest);
  add("largest winning margin", widest);
  for (std::size_t i = 0; i < unfinished.size() && i < unfinished_listed; ++i) {
    add("cut at the step bound", unfinished[i]);
  }
  if (unfinished.size() > unfinished_listed) {
    notable.unfinished_not_listed =
        static_cast<std::int64_t>(unfinished.size() - unfinished_listed);
  }
  return notable;
}

}  // namespace grove::balance
