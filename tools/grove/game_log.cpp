#include "tools/grove/game_log.hpp"

#include <fmt/format.h>

#include <iostream>
#include <sstream>
#include <stdexcept>

#include "engine/core/errors.hpp"

namespace grove::cli {

GameLog::GameLog(const Rules& rules, std::size_t limit)
    : rules_(rules),
      head_(limit == 0 ? SIZE_MAX : limit / 3),
      tail_(limit - limit / 3),
      state_(rules.initial_state()) {}

void GameLog::emit(std::string line) {
  if (printed_ < head_) {
    std::cout << line << "\n";
    ++printed_;
    return;
  }
  kept_.push_back(std::move(line));
  if (kept_.size() > tail_) {
    kept_.pop_front();
    ++left_out_;
  }
}

void GameLog::flush() {
  if (left_out_ > 0) {
    std::cout << fmt::format(
        "      ... {} lines left out (--log-lines 0 prints the whole game) ...\n", left_out_);
  }
  for (const std::string& line : kept_) std::cout << line << "\n";
  kept_.clear();
  left_out_ = 0;
}

bool GameLog::over() const { return rules_.node(*state_).kind == NodeKind::Terminal; }

void GameLog::show_board() {
  // The legend once, under the first board: the boards after it are read the
  // same way.
  std::string text = rules_.board(*state_);
  if (!legend_shown_) text += rules_.board_legend();
  legend_shown_ = true;
  std::istringstream lines(text);
  emit("");
  for (std::string line; std::getline(lines, line);) emit("      " + line);
}

void GameLog::print_board() {
  flush();
  head_ = SIZE_MAX;  // the table at the end is always shown whole
  show_board();
}

Verdict GameLog::play(const Move& move) {
  if (const Node node = rules_.node(*state_);
      node.kind == NodeKind::Decision && node.actor != shown_for_) {
    show_board();
    shown_for_ = node.actor;
  }
  EventLog events;
  Verdict verdict = rules_.apply(*state_, move, &events);
  if (!verdict.is_legal()) return verdict;
  ++moves_;
  emit(fmt::format("{:>4}. {}", moves_, rules_.move_text(move)));
  for (const Event& event : events) emit("        " + event.text);
  if (auto problems = rules_.invariant_violations(*state_); !problems.empty()) {
    throw std::logic_error("rule invariant broken: " + join(problems, "; "));
  }
  return verdict;
}

}  // namespace grove::cli
