#pragma once
// A table of Pass the Pandas for tests: the rules for a variant, a state, and
// moves written in the game's notation.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"

namespace grove::testing {

class Table {
 public:
  explicit Table(int players, const std::vector<std::string>& settings = {},
                 const std::vector<std::string>& rulings = {})
      : variant_(builtin_games().get("pass_the_pandas")) {
    for (const auto& setting : settings) variant_.set_parameter_text(setting);
    for (const auto& ruling : rulings) variant_.set_ruling_text(ruling);
    rules_ = variant_.game().rules(variant_, players);
    state_ = rules_->initial_state();
  }

  void start_at(const std::string& yaml) {
    state_ = rules_->state_from_yaml(load_yaml_text(yaml, "start"));
  }

  // Applies a move; fails the test if it is rejected. Returns its events.
  EventLog play(const std::string& move) {
    EventLog events;
    const Verdict verdict = rules_->apply_text(*state_, move, &events);
    EXPECT_TRUE(verdict.is_legal()) << move << ": " << verdict.reason();
    return events;
  }

  // The reason a move is rejected ("" if it was accepted).
  std::string rejection(const std::string& move) {
    const auto before = state_->clone();
    const Verdict verdict = rules_->apply_text(*state_, move, nullptr);
    EXPECT_TRUE(state_->equals(*before)) << "rejecting " << move << " changed the state";
    return verdict.reason();
  }

  int dice(const std::string& seat) const { return field(seat, "dice"); }
  int field(const std::string& seat, const std::string& name) const {
    return yaml()["players"][seat][name].as<int>();
  }
  YAML::Node yaml() const { return rules_->state_to_yaml(*state_); }
  std::string step() const { return yaml()["step"].as<std::string>(); }
  bool over() const { return rules_->node(*state_).kind == NodeKind::Terminal; }
  std::vector<std::string> legal() const {
    std::vector<Move> moves;
    rules_->legal_moves(*state_, moves);
    std::vector<std::string> texts;
    for (const Move& move : moves) texts.push_back(rules_->move_text(move));
    return texts;
  }

  const Rules& rules() const { return *rules_; }
  State& state() { return *state_; }

 private:
  Variant variant_;
  std::unique_ptr<Rules> rules_;
  std::unique_ptr<State> state_;
};

inline bool fired(const EventLog& events, const std::string& clause) {
  for (const auto& event : events) {
    if (event.clause == clause) return true;
  }
  return false;
}

}  // namespace grove::testing
