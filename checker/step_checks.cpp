#include "checker/step_checks.hpp"

#include <algorithm>
#include <set>

#include "engine/core/errors.hpp"
#include "engine/core/state_codec.hpp"
#include "engine/core/yaml_input.hpp"

namespace grove::checker {
namespace {

class Checker {
 public:
  Checker(const Rules& rules, const State& state) : rules_(rules), state_(state) {}

  std::vector<Violation> run() {
    check_value();
    check_yaml();
    check_encoding();
    for (const std::string& problem : rules_.invariant_violations(state_)) {
      add("invariant", problem);
    }
    const Node node = rules_.node(state_);
    if (node.kind == NodeKind::Decision) check_decision(node);
    if (node.kind == NodeKind::Chance) check_chance();
    if (node.kind == NodeKind::Terminal) check_terminal();
    return std::move(violations_);
  }

 private:
  void add(std::string property, std::string detail, std::optional<Move> move = std::nullopt) {
    violations_.push_back(
        {std::move(property), std::move(detail) + " at: " + rules_.state_summary(state_), move});
  }

  void check_value() {
    const auto copy = state_.clone();
    if (!copy->equals(state_) || !state_.equals(*copy))
      add("copy-equal", "a copy of the state is not equal to it");
    if (copy->hash() != state_.hash()) add("hash-equal", "equal states have different hashes");
    if (state_.hash() != state_.hash()) add("hash-stable", "hashing the same state twice differs");
    // Through CheckedRules this also holds the state's behaviour against
    // every other state seen with the same view.
    if (rules_.view_hash(state_) != rules_.view_hash(*copy)) {
      add("view-equal", "equal states have different views");
    }
  }

  void check_yaml() {
    try {
      const std::string text = YAML::Dump(rules_.state_to_yaml(state_));
      const auto parsed = rules_.state_from_yaml(load_yaml_text(text, "state"));
      if (!parsed->equals(state_)) {
        add("yaml-round-trip", "parsing the state's YAML gives a different state:\n" + text);
      } else if (parsed->hash() != state_.hash()) {
        add("hash-equal", "the state read back from its YAML is equal but hashes differently");
      }
    } catch (const InputError& error) {
      add("yaml-round-trip", std::string("the state's own YAML does not parse: ") + error.what());
    }
  }

  // The bytes a state travels as (Rules::encode): read back to the same
  // state, the same bytes for equal states, and damage refused: the bytes
  // cut short, or with one byte more, are no state.
  void check_encoding() {
    std::string bytes;
    rules_.encode(state_, bytes);
    try {
      const auto decoded = rules_.decode(bytes);
      if (!decoded->equals(state_)) {
        add("encoding-round-trip", "decoding the state's bytes gives a different state");
        return;
      }
      std::string again;
      rules_.encode(*decoded, again);
      if (again != bytes) {
        add("encoding-round-trip", "the state read back from its bytes encodes differently");
      }
    } catch (const StateDecodeError& error) {
      add("encoding-round-trip",
          std::string("the state's own bytes do not decode: ") + error.what());
      return;
    }
    for (const std::string& damaged :
         {bytes.substr(0, bytes.empty() ? 0 : bytes.size() - 1), bytes + '\0'}) {
      try {
        rules_.decode(damaged);
        add("encoding-refuses-damage", damaged.size() < bytes.size()
                                           ? "the state's bytes less the last decode"
                                           : "the state's bytes and one more decode");
      } catch (const StateDecodeError&) {
      }
    }
  }

  void check_text(const Move& move) {
    const std::string text = rules_.move_text(move);
    const MoveParse parsed = rules_.parse_move(text);
    if (!parsed.ok()) {
      add("move-text-round-trip", "'" + text + "' does not parse: " + parsed.error, move);
    } else if (parsed.move != move) {
      add("move-text-round-trip",
          "'" + text + "' parses to a different move ('" + rules_.move_text(parsed.move) + "')",
          move);
    }
  }

  void check_applies(const Move& move) {
    const auto next = state_.clone();
    EventLog events;
    const Verdict verdict = rules_.apply(*next, move, &events);
    if (!verdict.is_legal()) {
      add("legal-move-applies",
          "'" + rules_.move_text(move) + "' is listed but rejected: " + verdict.reason(), move);
    }
  }

  void check_rejections(const std::vector<Move>& legal) {
    const std::set<Move> allowed(legal.begin(), legal.end());
    // A rejected move leaves the state as it was, so one copy serves every
    // probe until a move changes it.
    auto scratch = state_.clone();
    for (const Move& move : nearby_moves(rules_, legal)) {
      if (allowed.count(move) > 0) continue;
      const Verdict verdict = rules_.apply(*scratch, move, nullptr);
      if (verdict.is_legal()) {
        add("illegal-move-rejected",
            "'" + rules_.move_text(move) + "' is not listed but was accepted", move);
      } else if (verdict.reason().empty()) {
        add("illegal-move-rejected",
            "'" + rules_.move_text(move) + "' was rejected without a reason", move);
      } else if (!scratch->equals(state_)) {
        add("illegal-move-unchanged",
            "rejecting '" + rules_.move_text(move) + "' changed the state", move);
      } else {
        continue;
      }
      scratch = state_.clone();
    }
  }

  void check_decision(const Node& node) {
    std::vector<Move> moves;
    rules_.legal_moves(state_, moves);
    if (moves.empty()) {
      add("stuck-state", "not terminal, but " + seat_label(node.actor) + " has no legal move");
      return;
    }
    for (const Move& move : moves) {
      if (move.seat != node.actor) {
        add("move-seat", "'" + rules_.move_text(move) + "' is listed for the wrong seat");
      }
      check_text(move);
      check_applies(move);
    }
    check_rejections(moves);
  }

  void check_chance() {
    std::vector<ChanceOutcome> outcomes;
    rules_.chance_outcomes(state_, outcomes);
    if (outcomes.empty()) {
      add("chance-outcomes", "a chance node lists no outcome");
      return;
    }
    Probability total;
    std::vector<Move> moves;
    try {
      for (const ChanceOutcome& outcome : outcomes) {
        if (outcome.probability.is_zero()) {
          add("chance-probability", "'" + rules_.move_text(outcome.move) + "' has probability 0");
        }
        total = total + outcome.probability;
        moves.push_back(outcome.move);
      }
    } catch (const std::exception& error) {
      add("chance-sum", std::string("the probabilities cannot be summed: ") + error.what());
      return;
    }
    if (!total.is_one())
      add("chance-sum", "the probabilities sum to " + total.to_string() + ", not 1");
    for (const Move& move : moves) {
      check_text(move);
      check_applies(move);
    }
    check_rejections(moves);
  }

  void check_terminal() {
    std::vector<Move> moves;
    rules_.legal_moves(state_, moves);
    if (!moves.empty()) add("terminal-moves", "a finished game still lists legal moves");
    const Outcome outcome = rules_.outcome(state_);
    if (static_cast<int>(outcome.place.size()) != rules_.players()) {
      add("outcome", "the outcome does not place every player");
    }
  }

  const Rules& rules_;
  const State& state_;
  std::vector<Violation> violations_;
};

}  // namespace

std::vector<Violation> check_state(const Rules& rules, const State& state) {
  return Checker(rules, state).run();
}

std::vector<std::string> broken_properties(const Rules& rules, const State& state) {
  std::vector<std::string> broken;
  for (const Violation& violation : check_state(rules, state)) {
    broken.push_back(violation.property + ": " + violation.detail);
  }
  return broken;
}

std::vector<Move> nearby_moves(const Rules& rules, const std::vector<Move>& legal) {
  std::set<Move> nearby;
  for (const Move& move : legal) {
    for (int seat = -1; seat <= rules.players(); ++seat) {
      Move changed = move;
      changed.seat = static_cast<std::int16_t>(seat);
      nearby.insert(changed);
    }
    for (int delta : {-1, 1}) {
      Move changed = move;
      changed.kind = static_cast<std::uint16_t>(move.kind + delta);
      nearby.insert(changed);
      for (std::size_t i = 0; i < move.args.size(); ++i) {
        changed = move;
        changed.args[i] = static_cast<std::int16_t>(move.args[i] + delta);
        nearby.insert(changed);
      }
    }
  }
  return {nearby.begin(), nearby.end()};
}

}  // namespace grove::checker
