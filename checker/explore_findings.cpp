#include "checker/explore_findings.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <sstream>

#include "checker/scenario_text.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/seat.hpp"

namespace grove::checker {
namespace {

std::string states_text(std::int64_t count) {
  return count == 1 ? "1 state" : fmt::format("{} states", count);
}

std::string after_text(int depth) {
  return depth == 0   ? "at the start"
         : depth == 1 ? "after 1 move"
                      : fmt::format("after {} moves", depth);
}

// A step written as YAML, as an item of the scenario's `steps:` list.
std::string step_text(const YAML::Node& step) {
  YAML::Emitter out;
  out << YAML::BeginSeq << step << YAML::EndSeq;
  std::istringstream lines(out.c_str());
  std::string text;
  for (std::string line; std::getline(lines, line);) text += "  " + line + "\n";
  return text;
}

std::string expect_step(const std::string& key, const YAML::Node& value) {
  YAML::Node step;
  step["expect"][key] = value;
  return step_text(step);
}

std::string node_text(const Rules& rules, const Node& node) {
  switch (node.kind) {
    case NodeKind::Terminal:
      return "the game is over";
    case NodeKind::Chance:
      return "chance decides";
    case NodeKind::Decision:
      return rules.seat_name(node.actor) + " decides";
  }
  return "?";
}

std::string moves_text(const Rules& rules, const std::vector<Move>& moves) {
  constexpr std::size_t kShown = 6;
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < moves.size() && i < kShown; ++i) {
    texts.push_back("'" + rules.move_text(moves[i]) + "'");
  }
  if (moves.size() > kShown) texts.push_back(fmt::format("and {} more", moves.size() - kShown));
  return texts.empty() ? "none" : join(texts, ", ");
}

// Moves in `a` that are not in `b`.
std::vector<Move> only_in(std::vector<Move> a, std::vector<Move> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::vector<Move> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

std::vector<Move> listed(const Rules& rules, const State& state) {
  std::vector<Move> moves;
  if (rules.node(state).kind == NodeKind::Chance) {
    std::vector<ChanceOutcome> outcomes;
    rules.chance_outcomes(state, outcomes);
    for (const ChanceOutcome& outcome : outcomes) moves.push_back(outcome.move);
  } else {
    rules.legal_moves(state, moves);
  }
  return moves;
}

YAML::Node move_list(const Rules& rules, const std::vector<Move>& moves) {
  YAML::Node list(YAML::NodeType::Sequence);
  for (const Move& move : moves) list.push_back(rules.move_text(move));
  return list;
}

// The scenario's `end:` block that expects `outcome`: it follows the steps.
std::string end_block(const Outcome& outcome) {
  YAML::Node places, scores;
  for (std::size_t seat = 0; seat < outcome.place.size(); ++seat) {
    const std::string label = seat_label(static_cast<Seat>(seat));
    places[label] = outcome.place[seat];
    if (!outcome.score.empty()) scores[label] = outcome.score[seat];
  }
  YAML::Node end;
  end["places"] = places;
  if (!outcome.score.empty()) end["scores"] = scores;
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "end" << YAML::Value << end << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

// How the two readings part where the game is over by default: `ours` is
// over, `theirs` is the same position under the other reading.
std::string end_difference(const Rules& base, const Rules& other, const std::string& label,
                           const State& ours, const State& theirs) {
  const Node node = other.node(theirs);
  if (node.kind != NodeKind::Terminal) {
    return fmt::format("the game is over by default, but under {} {}", label,
                       node_text(other, node));
  }
  return fmt::format("the game is over either way, but by default {}; under {} {}",
                     outcome_text(base.outcome(ours)), label, outcome_text(other.outcome(theirs)));
}

// How the other reading differs from the variant's at `state` (about the
// move with index `move`, or the state itself), and the steps that show the
// variant's side: replayed with the other reading, they fail.
struct Difference {
  std::string text;
  std::string steps;
};

Difference state_difference(const Rules& base, const Rules& other, const std::string& label,
                            const State& state) {
  Difference out;
  const Node ours = base.node(state);
  const Node theirs = other.node(state);
  const std::vector<Move> our_moves = listed(base, state);
  if (ours.kind == NodeKind::Terminal) {
    out.text = end_difference(base, other, label, state, state);
    out.steps = end_block(base.outcome(state));
    return out;
  }
  if (ours.kind == NodeKind::Decision)
    out.steps = expect_step("legal_moves", move_list(base, our_moves));
  if (ours.kind != theirs.kind || ours.actor != theirs.actor) {
    out.text = fmt::format("here {} by default, but under {} {}", node_text(base, ours), label,
                           node_text(other, theirs));
    return out;
  }
  const std::vector<Move> their_moves = listed(other, state);
  const std::vector<Move> only_ours = only_in(our_moves, their_moves);
  const std::vector<Move> only_theirs = only_in(their_moves, our_moves);
  const char* what = ours.kind == NodeKind::Chance ? "chance outcomes" : "moves";
  if (only_ours.empty() && only_theirs.empty()) {
    out.text = fmt::format("the same {} have other probabilities under {}", what, label);
    return out;
  }
  out.text = fmt::format("{} only by default: {}; only under {}: {}", what,
                         moves_text(base, only_ours), label, moves_text(other, only_theirs));
  if (ours.kind == NodeKind::Chance) {
    // A chance outcome that one reading refuses shows the difference.
    out.steps = !only_theirs.empty()
                    ? "  - illegal: " + quoted(base.move_text(only_theirs[0])) + "\n"
                    : move_step(base, only_ours[0]);
  }
  return out;
}

Difference move_difference(const Rules& base, const Rules& other, const std::string& label,
                           const State& state, std::size_t index) {
  Difference out;
  const Move move = listed(base, state).at(index);
  const std::string text = base.move_text(move);
  std::unique_ptr<State> ours = state.clone();
  std::unique_ptr<State> theirs = state.clone();
  if (!base.apply(*ours, move, nullptr).is_legal()) {
    throw std::logic_error("the explorer's move '" + text + "' no longer applies");
  }
  out.steps = move_step(base, move);
  const Verdict verdict = other.apply(*theirs, move, nullptr);
  if (!verdict.is_legal()) {
    out.text = fmt::format("'{}' is refused under {}: {}", text, label, verdict.reason());
    return out;
  }
  if (base.node(*ours).kind == NodeKind::Terminal) {
    out.text =
        fmt::format("after '{}' {}", text, end_difference(base, other, label, *ours, *theirs));
    out.steps += end_block(base.outcome(*ours));
    return out;
  }
  // The parts of the state's YAML form that differ.
  const YAML::Node our_yaml = base.state_to_yaml(*ours);
  const YAML::Node their_yaml = other.state_to_yaml(*theirs);
  std::vector<std::string> keys;
  YAML::Node expected;
  for (const auto& entry : our_yaml) {
    const std::string key = entry.first.Scalar();
    if (YAML::Dump(entry.second) != YAML::Dump(their_yaml[key])) {
      keys.push_back(key);
      expected[key] = entry.second;
    }
  }
  out.text = fmt::format("after '{}' the position differs ({}): by default {}; under {} {}", text,
                         keys.empty() ? "the same YAML form" : join(keys, ", "),
                         base.state_summary(*ours), label, other.state_summary(*theirs));
  if (!keys.empty()) out.steps += expect_step("state", expected);
  return out;
}

class Writer {
 public:
  Writer(const Exploration& exploration, const std::string& source)
      : exploration_(exploration), rules_(exploration.rules()), source_(source) {}

  // A finding at the sighting's state; `describe` gets the state and
  // returns the detail after the count and gives the closing steps.
  template <class Describe>
  void add(const std::string& kind, bool defect, const Sighting& sighting, Describe describe) {
    if (!sighting.seen()) return;
    ExploreFinding finding;
    finding.kind = kind;
    finding.defect = defect;
    finding.states = sighting.count;
    finding.trace = exploration_.trace(sighting.state);
    const std::unique_ptr<State> state = exploration_.replay(finding.trace);
    std::string steps;
    finding.detail = describe(*state, steps);
    std::string text = scenario_header(rules_, "explore finding: " + kind, source_, finding.detail);
    if (!exploration_.from_initial_state()) {
      // The search started from a position of the designer's.
      YAML::Emitter start;
      start << YAML::BeginMap << YAML::Key << "start" << YAML::Value
            << rules_.state_to_yaml(exploration_.start()) << YAML::EndMap;
      text += std::string(start.c_str()) + "\n";
    }
    text += "steps:\n";
    for (const Move& move : finding.trace) text += move_step(rules_, move);
    text += steps;
    finding.scenario = std::move(text);
    findings_.push_back(std::move(finding));
  }

  std::vector<ExploreFinding> take() { return std::move(findings_); }

  std::string where(const Sighting& sighting, const State& state) const {
    return fmt::format("the first {} ({})", after_text(sighting.depth),
                       rules_.state_summary(state));
  }

 private:
  const Exploration& exploration_;
  const Rules& rules_;
  std::string source_;
  std::vector<ExploreFinding> findings_;
};

}  // namespace

std::vector<ExploreFinding> explore_findings(const Exploration& exploration,
                                             const EndingAnalysis& endings,
                                             const std::vector<const Rules*>& alternative_rules,
                                             const std::string& source) {
  Writer writer(exploration, source);
  const Rules& rules = exploration.rules();
  const std::string check = expect_step("properties", YAML::Node("hold"));

  const Sighting& stuck = exploration.stuck();
  writer.add("stuck-state", true, stuck, [&](const State& state, std::string& steps) {
    steps = check;
    return fmt::format("{} not over with nothing to do; {}", states_text(stuck.count),
                       writer.where(stuck, state));
  });
  const Sighting& invariant = exploration.invariant();
  writer.add("invariant", true, invariant, [&](const State& state, std::string& steps) {
    steps = check;
    return fmt::format("{} break the game's invariants; {}: {}", states_text(invariant.count),
                       writer.where(invariant, state), invariant.detail);
  });
  const Sighting& rejected = exploration.rejected_move();
  writer.add("legal-move-applies", true, rejected, [&](const State& state, std::string& steps) {
    steps = move_step(rules, exploration.nth_move(state, static_cast<std::size_t>(rejected.move)));
    return fmt::format("{} list a move the rules then refuse; {}: {}", states_text(rejected.count),
                       writer.where(rejected, state), rejected.detail);
  });
  const Sighting& property = exploration.property();
  writer.add("property", true, property, [&](const State& state, std::string& steps) {
    steps = check;
    return fmt::format("{} break a generic property; {}: {}", states_text(property.count),
                       writer.where(property, state), property.detail);
  });
  const Sighting& view = exploration.view_contract();
  writer.add("view-contract", true, view, [&](const State& state, std::string& steps) {
    // The move leads to a state whose view an earlier state had: the
    // replay reaches it, and a check of its properties, but only a search
    // through CheckedRules meets both states.
    steps =
        move_step(rules, exploration.nth_move(state, static_cast<std::size_t>(view.move))) + check;
    return fmt::format("the view (Rules::view_hash) breaks its promise in {}; {}: {}",
                       states_text(view.count), writer.where(view, state), view.detail);
  });
  const Sighting& thrown = exploration.exception();
  writer.add("exception", true, thrown, [&](const State& state, std::string& steps) {
    steps =
        thrown.move >= 0
            ? move_step(rules, exploration.nth_move(state, static_cast<std::size_t>(thrown.move)))
            : check;
    return fmt::format("the rules throw in {}; {}: {}", states_text(thrown.count),
                       writer.where(thrown, state), thrown.detail);
  });
  // A game whose rules allow games that never end (it says so) is not
  // broken by one: the designer learns where it happens.
  const bool endless_is_a_defect = rules.game().random_play_ends;
  writer.add(
      "no-end-reachable", endless_is_a_defect, endings.trap,
      [&](const State& state, std::string& steps) {
        steps = expect_step("end_reachable", YAML::Node("true"));
        return fmt::format(
            "{} from which the game can never end, whatever anyone does or the chance outcomes; {}",
            states_text(endings.trap.count), writer.where(endings.trap, state));
      });
  writer.add("endless-play", false, endings.endless, [&](const State& state, std::string& steps) {
    std::vector<std::string> loop;
    std::unique_ptr<State> round = state.clone();
    for (const Move& move : endings.loop) {
      steps += move_step(rules, move);
      loop.push_back("'" + rules.move_text(move) + "'");
      if (!rules.apply(*round, move, nullptr).is_legal()) break;
    }
    // Round the loop, the position is the one it started from, but for
    // what the rules never look at again (a round counter): the parts of
    // its YAML form the explorer's view tells apart are expected again.
    const YAML::Node before = rules.state_to_yaml(state);
    const YAML::Node after = rules.state_to_yaml(*round);
    YAML::Node same;
    for (const auto& entry : before) {
      const std::string key = entry.first.Scalar();
      if (YAML::Dump(entry.second) == YAML::Dump(after[key])) same[key] = entry.second;
    }
    steps += expect_step("state", same);
    return fmt::format(
        "{} from which the players, together, can keep the game going forever whatever the "
        "chance outcomes, though it could still end; {}, where {} lead back to the same position",
        states_text(endings.endless.count), writer.where(endings.endless, state), join(loop, ", "));
  });
  for (std::size_t a = 0; a < exploration.alternatives().size(); ++a) {
    const Alternative& alternative = exploration.alternatives()[a];
    if (alternative_rules[a] == nullptr) continue;
    const Rules& other = *alternative_rules[a];
    const std::string label = alternative.label();
    const Sighting& differs = alternative.differs;
    const std::string kind = alternative.is_order() ? "order-matters" : "ruling-matters";
    writer.add(kind, false, differs, [&](const State& state, std::string& steps) {
      Difference difference;
      try {
        difference = differs.move < 0 ? state_difference(rules, other, label, state)
                                      : move_difference(rules, other, label, state,
                                                        static_cast<std::size_t>(differs.move));
      } catch (const std::exception& error) {
        difference.text = std::string("the rules throw under ") + label + ": " + error.what();
      }
      steps = difference.steps;
      if (alternative.is_order()) {
        std::vector<std::string> where;
        for (const SimultaneousResolution& at : rules.game().simultaneous) where.push_back(at.id);
        return fmt::format(
            "resolving what happens at once ({}) in the reverse order changes the game in {}; "
            "{}: {}. The scenario shows the order the game takes",
            join(where, ", "), states_text(differs.count), writer.where(differs, state),
            difference.text);
      }
      return fmt::format(
          "{} changes the game in {}; {}: {}. Replayed with --ruling {}, this scenario fails "
          "where the readings part",
          label, states_text(differs.count), writer.where(differs, state), difference.text, label);
    });
  }
  return writer.take();
}

}  // namespace grove::checker
