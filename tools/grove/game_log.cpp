#include "tools/grove/game_log.hpp"

#include <fmt/format.h>

#include <iostream>
#include <sstream>
#include <stdexcept>

#include "engine/core/errors.hpp"

namespace grove::cli {

GameLog::GameLog(const Rules& rules) : rules_(rules), state_(rules.initial_state()) {}

bool GameLog::over() const { return rules_.node(*state_).kind == NodeKind::Terminal; }

void GameLog::print_board() {
  // The legend once, under the first board: the boards after it are read the
  // same way.
  std::string text = rules_.board(*state_);
  if (!legend_shown_) text += rules_.board_legend();
  legend_shown_ = true;
  std::istringstream lines(text);
  std::cout << "\n";
  for (std::string line; std::getline(lines, line);) std::cout << "      " << line << "\n";
}

Verdict GameLog::play(const Move& move) {
  if (const Node node = rules_.node(*state_);
      node.kind == NodeKind::Decision && node.actor != shown_for_) {
    print_board();
    shown_for_ = node.actor;
  }
  EventLog events;
  Verdict verdict = rules_.apply(*state_, move, &events);
  if (!verdict.is_legal()) return verdict;
  ++moves_;
  std::cout << fmt::format("{:>4}. {}\n", moves_, rules_.move_text(move));
  for (const Event& event : events) std::cout << "        " << event.text << "\n";
  if (auto problems = rules_.invariant_violations(*state_); !problems.empty()) {
    throw std::logic_error("rule invariant broken: " + join(problems, "; "));
  }
  return verdict;
}

std::string outcome_text(const Rules& rules, const Outcome& outcome) {
  std::vector<std::string> winners;
  for (Seat seat : outcome.winners()) winners.push_back(seat_label(seat));
  std::string text =
      winners.size() == 1 ? winners[0] + " wins" : "shared victory: " + join(winners, ", ");
  std::vector<std::string> places;
  for (Seat seat = 0; seat < rules.players(); ++seat) {
    std::string entry =
        fmt::format("{} place {}", seat_label(seat), outcome.place[static_cast<std::size_t>(seat)]);
    if (!outcome.score.empty()) {
      entry += fmt::format(" ({} points)", outcome.score[static_cast<std::size_t>(seat)]);
    }
    places.push_back(entry);
  }
  return text + "; " + join(places, ", ");
}

}  // namespace grove::cli
