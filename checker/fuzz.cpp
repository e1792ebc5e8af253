#include "checker/fuzz.hpp"

#include <fmt/format.h>

#include <iostream>
#include <sstream>

#include "checker/scenario_text.hpp"
#include "engine/core/errors.hpp"

namespace grove::checker {
namespace {

// RapidCheck reports to a listener; grove reports its own way.
class SilentListener final : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// RapidCheck announces its configuration on std::cerr the first time it
// reads it (RC_PARAMS); grove sets every parameter itself, so the line would
// only confuse.
void quiet_rapidcheck() {
  static const bool loaded = [] {
    std::ostringstream discard;
    std::streambuf* const was = std::cerr.rdbuf(discard.rdbuf());
    rc::detail::configuration();
    std::cerr.rdbuf(was);
    return true;
  }();
  (void)loaded;
}

// The generators draw at a fixed size: RapidCheck grows the size over the
// cases of one check, and each check here is a single game.
constexpr int kSize = 100;

// The check that fails until the bug is fixed, as a scenario step.
std::string failing_step(const Rules& rules, const Failure& failure) {
  const std::string move = failure.move ? rules.move_text(*failure.move) : "";
  // The moves to the bound are all in the steps; the game must be over.
  if (failure.property == "possible-infinite-game") return "end: {}   # the game must be over\n";
  if (failure.property == "illegal-move-rejected" || failure.property == "illegal-move-unchanged") {
    return "  - illegal: " + quoted(move) + "\n";
  }
  // A move that must apply (or that threw while it applied).
  if (failure.applying || failure.property == "legal-move-applies") {
    return "  - " + quoted(move) + "\n";
  }
  // Invariants are checked after every move by the replay itself.
  if (failure.property == "invariant") return "";
  return "  - expect: {properties: hold}\n";
}

// A game that never ends, as its lasso: the way to the position the loop
// comes back to, the loop, a check that it did come back, and the end the
// game must reach (it cannot: it is where the loop began).
std::string text_of_lasso(const Rules& rules, const Finding& finding, std::string text) {
  const Lasso& lasso = *finding.lasso;
  const std::size_t back_to = lasso.prefix.size();
  for (const Move& move : lasso.prefix) text += move_step(rules, move);
  text += fmt::format("  # the loop: back to the position after move {} ({} move{})\n", back_to,
                      lasso.loop.size(), lasso.loop.size() == 1 ? "" : "s");
  for (const Move& move : lasso.loop) text += move_step(rules, move);
  text +=
      fmt::format("  - expect: {{same_position_as_move: {}}}   # round the loop once\n", back_to);
  text += failing_step(rules, finding.failure);
  return text;
}

}  // namespace

rc::Gen<std::string> gen_setting(const ParamSpec& spec) {
  const auto value = [&]() -> rc::Gen<std::string> {
    switch (spec.type) {
      case ParamType::Integer:
      case ParamType::IntegerPerPlayerCount:
        return rc::gen::map(rc::gen::inRange(spec.min, spec.max + 1),
                            [](std::int64_t v) { return std::to_string(v); });
      case ParamType::Flag:
        return rc::gen::element<std::string>("true", "false");
      case ParamType::Choice:
        return rc::gen::elementOf(spec.choices);
      case ParamType::IntegerTable: {
        // One entry of the table drawn, the others as they are.
        const auto& entries = std::get<IntegerTable>(spec.default_value).entries;
        return rc::gen::apply(
            [](const std::string& key, std::int64_t v) {
              return "{" + key + ": " + std::to_string(v) + "}";
            },
            rc::gen::map(rc::gen::elementOf(entries), [](const auto& e) { return e.first; }),
            rc::gen::inRange(spec.min, spec.max + 1));
      }
    }
    return rc::gen::just(value_text(spec.default_value));
  }();
  // Half of the time the default, so that one change at a time is common;
  // a setting shrinks back to it (the flag shrinks to false) when the
  // failure does not need it.
  return rc::gen::resize(kSize, rc::gen::apply(
                                    [name = spec.name, fallback = value_text(spec.default_value)](
                                        bool changed, const std::string& v) {
                                      return name + "=" + (changed ? v : fallback);
                                    },
                                    rc::gen::arbitrary<bool>(), value));
}

rc::Gen<std::string> gen_ruling(const Ruling& ruling) {
  // The default first, so that a failing reading shrinks back to it.
  std::vector<std::string> ids = {ruling.default_alternative};
  for (const std::string& id : ruling.alternative_ids()) {
    if (id != ruling.default_alternative) ids.push_back(id);
  }
  return rc::gen::map(rc::gen::resize(kSize, rc::gen::inRange<std::size_t>(0, ids.size())),
                      [id = ruling.id, ids](std::size_t i) { return id + "=" + ids[i]; });
}

std::size_t trace_length(const Finding& finding) {
  if (finding.lasso) return finding.lasso->prefix.size() + finding.lasso->loop.size();
  return finding.failure.moves.size();
}

GameRun fuzz_game(const Game& game, const Variant& base, const FuzzSettings& settings,
                  std::uint64_t index) {
  GameRun run;
  PlayOptions play;
  play.max_steps = settings.max_steps;
  play.endless_allowed = !game.random_play_ends;
  play.stop_after = settings.stop_after;
  play.stop = settings.stop;
  bool played_once = false;
  std::optional<std::string> shrinking;  // the property whose failure is being shrunk
  int failures = 0;
  const auto property = [&] {
    // Stopped, the game is over for this run: every input left to try
    // passes at once, before its rules are made, so RapidCheck's
    // shrinking ends quickly (making hundreds of rules held a stopped
    // rank for 45 s under the sanitizers).
    if (run.stopped) return;
    GameInput input;
    if (settings.draw_variant) {
      for (const ParamSpec& spec : game.parameters) input.settings.push_back(*gen_setting(spec));
      for (const Ruling& ruling : game.rulings) input.rulings.push_back(*gen_ruling(ruling));
    }
    input.players =
        settings.players
            ? *settings.players
            : *rc::gen::resize(kSize, rc::gen::inRange(game.min_players, game.max_players + 1));
    input.choices = *rc::gen::resize(settings.max_choices,
                                     rc::gen::container<std::vector<std::uint16_t>>(rc::gen::resize(
                                         kSize, rc::gen::inRange<std::uint16_t>(0, 1000))));
    input.seed = *rc::gen::resize(kSize, rc::gen::arbitrary<std::uint64_t>());
    std::unique_ptr<Rules> rules;
    try {
      rules = rules_for(game, base, input);
    } catch (const InputError&) {
      RC_DISCARD("a combination of settings the game refuses");
    }
    // Whether a smaller game still never ends needs no property checked.
    PlayOptions options = play;
    options.check_properties = shrinking != "possible-infinite-game";
    const Playthrough played = play_and_check(*rules, input, options);
    if (played.stopped) {
      run.stopped = true;
      return;
    }
    if (!played_once) {
      played_once = true;
      run.steps = played.steps;
      run.ended = played.ended;
      run.clauses = played.clauses;
    }
    if (!played.failure) return;
    // While shrinking, a smaller input that fails another way is not the
    // same finding, and one that fails later (its random moves running
    // longer) is no shorter game.
    if (shrinking && (played.failure->property != *shrinking ||
                      played.failure->moves.size() > run.finding->failure.moves.size())) {
      return;
    }
    shrinking = played.failure->property;
    run.finding = Finding{input, *played.failure, failures++, std::nullopt};
    RC_FAIL(played.failure->property);
  };

  quiet_rapidcheck();
  rc::detail::TestParams params;
  params.seed = Rng(settings.seed).derive(index).next();
  params.maxSuccess = 1;
  params.maxSize = kSize;
  params.maxDiscardRatio = 50;
  SilentListener listener;
  rc::detail::checkProperty(rc::detail::toProperty(property),
                            rc::detail::TestMetadata{game.name, "grove fuzz"}, params, listener);
  run.playable = played_once;
  if (run.stopped) run.finding.reset();
  // Thousands of moves to the bound tell a designer little; the loop the
  // game went round does. Looked for once, in the game RapidCheck shrank.
  if (run.finding && run.finding->failure.property == "possible-infinite-game") {
    run.finding->lasso =
        find_lasso(*rules_for(game, base, run.finding->input), run.finding->failure.moves);
  }
  return run;
}

std::string finding_scenario(const Game& game, const Variant& base, const Finding& finding,
                             const std::string& source) {
  const GameInput& input = finding.input;
  const auto rules = rules_for(game, base, input);
  const Failure& failure = finding.failure;
  if (finding.lasso) {
    const Lasso& lasso = *finding.lasso;
    const std::string description = fmt::format(
        "{}; after {} moves the game came back to a position it had been in: below, the "
        "shortest way to a position on its loop that the game's own moves give ({} move{}), "
        "and the loop ({} move{}), which the game can go round forever",
        failure.detail, lasso.first_repeat, lasso.prefix.size(),
        lasso.prefix.size() == 1 ? "" : "s", lasso.loop.size(), lasso.loop.size() == 1 ? "" : "s");
    std::string text = scenario_header(*rules, fmt::format("fuzz finding: {}", failure.property),
                                       source, description);
    return text_of_lasso(*rules, finding, text + "steps:\n");
  }
  std::string text = scenario_header(*rules, fmt::format("fuzz finding: {}", failure.property),
                                     source, failure.detail);
  text += fmt::format("seed: {}   # for the random moves\nsteps:\n", input.seed);
  if (failure.property == "view-contract") {
    // Two states of the game (or next to it) share a view but behave
    // differently: every move written out, the properties (and, replayed
    // through CheckedRules, the views around the state) checked at every
    // state, so that the replay meets both states.
    const std::string check = "  - expect: {properties: hold}\n";
    text += check;
    for (const Move& move : failure.moves) text += move_step(*rules, move) + check;
    return text;
  }
  for (std::size_t i = 0; i < failure.chosen; ++i) {
    text += move_step(*rules, failure.moves[i]);
  }
  if (failure.property == "possible-infinite-game") {
    // Said, so that the `random: N` below is not taken for laziness.
    text += fmt::format(
        "  # no position repeated within these {} moves: the game never came back to a position "
        "it had been in, so it has no loop to show\n",
        failure.moves.size());
  }
  if (failure.moves.size() > failure.chosen) {
    text += fmt::format("  - random: {}\n", failure.moves.size() - failure.chosen);
  }
  text += failing_step(*rules, failure);
  return text;
}

}  // namespace grove::checker
