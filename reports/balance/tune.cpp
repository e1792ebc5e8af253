#include "reports/balance/tune.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/core/errors.hpp"
#include "engine/core/rng.hpp"

namespace grove::balance {
namespace {

// Successive halving of `tried` candidates down to at most kFinalists:
// how many rounds, and how many are left for the confirmation.
struct Halving {
  int rounds = 0;
  std::int64_t finalists = 0;
};
Halving halve(std::int64_t tried) {
  Halving halving{0, tried};
  while (halving.finalists > static_cast<std::int64_t>(kFinalists)) {
    halving.finalists = (halving.finalists + 1) / 2;
    ++halving.rounds;
  }
  return halving;
}

std::int64_t whole_blocks(std::int64_t games, int players) { return games / players * players; }

// A target's unit: half its band, or for a single value one percentage
// point of a share (`figure` says which figures are: nothing for a metric,
// known only once played) and 1 of anything else.
double unit(const TuneTarget& target, const SweepFigure* figure) {
  if (!target.single()) return (target.high - target.low) / 2;
  return figure != nullptr && figure->percent ? 0.01 : 1.0;
}

TargetVerdict verdict(const TuneTarget& target, const stats::Interval& interval) {
  if (interval.high < target.low || interval.low > target.high) return TargetVerdict::Misses;
  if (target.single()) return TargetVerdict::WithinChance;
  if (target.low <= interval.low && interval.high <= target.high) return TargetVerdict::Meets;
  return TargetVerdict::Open;
}

RunInfo run_info(const TuneInfo& info) {
  RunInfo run;
  run.game = info.game;
  run.game_title = info.game_title;
  run.variant = info.variant;
  run.players = info.players;
  run.agents = info.agents;
  run.seed = info.seed;
  return run;
}

}  // namespace

TuneTarget parse_tune_target(const std::string& text) {
  const auto equals = text.find('=');
  const std::string name = text.substr(0, equals);
  const std::string value = equals == std::string::npos ? "" : text.substr(equals + 1);
  const auto colon = value.find(':');
  const auto low = read_number(value.substr(0, colon));
  const auto high = colon == std::string::npos ? low : read_number(value.substr(colon + 1));
  if (name.empty() || !low || !high) {
    throw InputError({"--target", 0, 0}, text,
                     "expected NAME=VALUE or NAME=LOW:HIGH with numbers (shares as 0.25, not "
                     "25%): first_player_advantage=0, length=40:60");
  }
  if (*low > *high) {
    throw InputError(
        {"--target", 0, 0}, text,
        fmt::format("LOW {} is above HIGH {}", value.substr(0, colon), value.substr(colon + 1)));
  }
  return TuneTarget{name, *low, *high, text};
}

std::string verdict_text(TargetVerdict verdict) {
  switch (verdict) {
    case TargetVerdict::Meets:
      return "meets";
    case TargetVerdict::WithinChance:
      return "within chance";
    case TargetVerdict::Open:
      return "open";
    case TargetVerdict::Misses:
      return "misses";
  }
  return "?";
}

std::uint64_t stage_seed(std::uint64_t tune_seed, int stage) {
  return Rng(tune_seed).derive(static_cast<std::uint64_t>(stage)).seed();
}

void plan_tune(TuneInfo& info) {
  std::int64_t n = 1;
  for (const SweepAxis& axis : info.axes) n *= static_cast<std::int64_t>(axis.values.size());
  info.candidates = n;
  const std::int64_t block = info.players;
  const std::int64_t first_look = kFirstLookBlocks * block;
  // The smallest budget that can tune: kFinalists + 1 candidates given a
  // first look in one halving, and kFinalists confirmed with as many games.
  const auto smallest = [&] {
    const auto tried = static_cast<double>(kFinalists + 1);
    const auto finalists = static_cast<double>(kFinalists);
    const auto look = static_cast<double>(first_look);
    return static_cast<std::int64_t>(std::ceil(
        std::max(tried * look / (1 - kConfirmationShare), finalists * look / kConfirmationShare)));
  };
  const auto too_small = [&] {
    return InputError({"--budget", 0, 0}, std::to_string(info.budget),
                      fmt::format("too small to tune: at least {} games are needed to try {} "
                                  "candidates with {} games each first and confirm {}",
                                  smallest(), kFinalists + 1, first_look, kFinalists));
  };
  std::int64_t tried = n;
  if (n <= static_cast<std::int64_t>(kFinalists)) {
    // Nothing to halve: every candidate is a finalist.
    info.search_rounds = 0;
    info.round_budget = 0;
    info.confirmation_budget = info.budget;
    if (whole_blocks(info.budget / n, info.players) < first_look) {
      throw InputError({"--budget", 0, 0}, std::to_string(info.budget),
                       fmt::format("{} candidates need at least {} games ({} each)", n,
                                   n * first_look, first_look));
    }
  } else {
    info.confirmation_budget =
        static_cast<std::int64_t>(static_cast<double>(info.budget) * kConfirmationShare);
    const std::int64_t search = info.budget - info.confirmation_budget;
    // Fewer candidates mean fewer rounds and more games each: shrink the
    // set tried until its first round gives each a first look.
    for (;;) {
      info.search_rounds = halve(tried).rounds;
      info.round_budget = search / info.search_rounds;
      if (whole_blocks(info.round_budget / tried, info.players) >= first_look) break;
      const std::int64_t fits = info.round_budget / first_look;
      if (fits >= tried || fits <= static_cast<std::int64_t>(kFinalists)) throw too_small();
      tried = fits;
    }
    if (whole_blocks(info.confirmation_budget / halve(tried).finalists, info.players) <
        first_look) {
      throw too_small();
    }
  }
  info.tried.clear();
  if (tried == n) {
    for (std::int64_t i = 0; i < n; ++i) info.tried.push_back(i);
  } else {
    // A uniform sample without replacement (Floyd's algorithm), from a
    // stream of the tune's seed that no stage's games use.
    Rng rng = Rng(info.seed).derive(~std::uint64_t{0});
    std::vector<std::int64_t> chosen;
    for (std::int64_t j = n - tried; j < n; ++j) {
      const auto t = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(j + 1)));
      chosen.push_back(std::find(chosen.begin(), chosen.end(), t) == chosen.end() ? t : j);
    }
    std::sort(chosen.begin(), chosen.end());
    info.tried = chosen;
  }
}

Tune::Tune(TuneInfo info) : info_(std::move(info)) {
  if (info_.tried.empty()) throw std::invalid_argument("a tune needs a plan (plan_tune)");
  // The figures every game has (seats, advantage, length) say which
  // targets are shares.
  const std::vector<SweepFigure> figures = figures_of(info_.players, {});
  for (const TuneTarget& target : info_.targets) {
    units_.push_back(unit(target, find_figure(figures, target.key)));
  }
  plan_stage(info_.tried);
}

void Tune::plan_stage(const std::vector<std::int64_t>& candidates) {
  stage_candidates_ = candidates;
  const bool confirmation = stage_ == info_.search_rounds;
  const auto count = static_cast<std::int64_t>(candidates.size());
  const std::int64_t games = whole_blocks(
      (confirmation ? info_.confirmation_budget : info_.round_budget) / count, info_.players);
  pending_.clear();
  for (std::int64_t candidate : candidates) {
    pending_.push_back(
        TuneTrial{stage_, candidate, games, stage_seed(info_.seed, stage_), confirmation});
  }
  stages_.push_back(TuneStage{stage_, confirmation, count, games, 0});
}

void Tune::add(const TuneTrial& trial, std::vector<GameRecord> games, std::int64_t balance_run) {
  const auto at = std::find_if(pending_.begin(), pending_.end(), [&](const TuneTrial& t) {
    return t.stage == trial.stage && t.candidate == trial.candidate;
  });
  if (at == pending_.end()) {
    throw std::invalid_argument(fmt::format(
        "stage {} of the tune has no trial of candidate {} left", trial.stage, trial.candidate));
  }
  Held& held = held_[trial.candidate];
  std::vector<GameRecord>& kept = trial.confirmation ? held.confirmation : held.search;
  // Each stage's games are numbered from 0 in their own balance run:
  // numbered on here, so that a candidate's blocks stay apart.
  const auto offset = static_cast<std::int64_t>(kept.size());
  for (GameRecord& record : games) {
    record.index += offset;
    record.block += offset / info_.players;
    kept.push_back(std::move(record));
  }
  if (!trial.confirmation) ++held.rounds;
  if (balance_run != 0) held.runs.push_back(balance_run);
  ++stages_.back().played;
  pending_.erase(at);
  if (pending_.empty() && stage_ < info_.search_rounds) {
    const std::vector<std::int64_t> next = survivors();
    ++stage_;
    plan_stage(next);
  } else if (pending_.empty()) {
    ++stage_;  // the tune is over
  }
}

TuneLoss Tune::loss(const Summary& summary) const {
  TuneLoss loss;
  for (std::size_t t = 0; t < info_.targets.size(); ++t) {
    const TuneTarget& target = info_.targets[t];
    const auto value = figure_value(summary, target.key);
    if (!value) return {INFINITY, INFINITY};
    const double e = value->estimate;
    loss.distance += std::max({0.0, target.low - e, e - target.high}) / units_[t];
    loss.from_middle += std::fabs(e - (target.low + target.high) / 2) / units_[t];
  }
  return loss;
}

std::vector<std::int64_t> Tune::survivors() const {
  const RunInfo run = run_info(info_);
  std::vector<std::pair<TuneLoss, std::int64_t>> ranked;
  for (std::int64_t candidate : stage_candidates_) {
    ranked.emplace_back(loss(summarize(run, held_.at(candidate).search)), candidate);
  }
  // Stable: equal losses keep grid order, so the tune is repeatable.
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  ranked.resize((ranked.size() + 1) / 2);
  std::vector<std::int64_t> kept;
  for (const auto& [loss, candidate] : ranked) kept.push_back(candidate);
  std::sort(kept.begin(), kept.end());
  return kept;
}

TuneSummary Tune::summary() const {
  TuneSummary s;
  s.info = info_;
  s.stages = stages_;
  s.finished = stage_ > info_.search_rounds;
  // The family is the finalists there are: halving may leave 2 (8 -> 4 -> 2).
  s.simultaneous_intervals =
      std::max<std::int64_t>(1, halve(static_cast<std::int64_t>(info_.tried.size())).finalists *
                                    static_cast<std::int64_t>(info_.targets.size()));
  s.simultaneous_confidence =
      simultaneous_confidence(static_cast<std::size_t>(s.simultaneous_intervals));
  const RunInfo run = run_info(info_);
  for (const auto& [index, held] : held_) {
    TuneCandidate c;
    c.index = index;
    c.label = point_label(info_.axes, static_cast<std::size_t>(index));
    c.rounds = held.rounds;
    c.balance_runs = held.runs;
    c.search_games = static_cast<std::int64_t>(held.search.size());
    s.games += c.search_games + static_cast<std::int64_t>(held.confirmation.size());
    if (!held.search.empty()) {
      c.search = summarize(run, held.search);
      c.search_loss = loss(*c.search);
    }
    c.finalist = stage_ >= info_.search_rounds &&
                 std::find(stage_candidates_.begin(), stage_candidates_.end(), index) !=
                     stage_candidates_.end();
    if (!held.confirmation.empty()) {
      c.confirmation_games = static_cast<std::int64_t>(held.confirmation.size());
      c.confirmation = summarize(run, held.confirmation);
      c.confirmation_simultaneous = summarize(run, held.confirmation, s.simultaneous_confidence);
      c.confirmation_loss = loss(*c.confirmation);
      for (const TuneTarget& target : info_.targets) {
        const auto value = figure_value(*c.confirmation_simultaneous, target.key);
        c.verdicts.push_back(value ? verdict(target, *value) : TargetVerdict::Open);
      }
      c.overall = *std::max_element(c.verdicts.begin(), c.verdicts.end());
    }
    s.candidates.push_back(std::move(c));
  }
  std::vector<const Summary*> summaries;
  for (const TuneCandidate& c : s.candidates) {
    if (c.search) summaries.push_back(&*c.search);
    if (c.confirmation) summaries.push_back(&*c.confirmation);
  }
  s.figures = figures_of(info_.players, summaries);
  if (!summaries.empty()) {
    for (const TuneTarget& target : info_.targets) figure_named(s.figures, target.key);
  }
  std::stable_sort(s.candidates.begin(), s.candidates.end(),
                   [](const TuneCandidate& a, const TuneCandidate& b) {
                     if (a.confirmation_games > 0 || b.confirmation_games > 0) {
                       if ((a.confirmation_games > 0) != (b.confirmation_games > 0)) {
                         return a.confirmation_games > 0;
                       }
                       // A finalist that misses a target ranks below one that
                       // does not, however close its other figures are.
                       if (*a.overall != *b.overall) return *a.overall < *b.overall;
                       return a.confirmation_loss < b.confirmation_loss;
                     }
                     if (a.rounds != b.rounds) return a.rounds > b.rounds;
                     return a.search_loss < b.search_loss;
                   });
  return s;
}

std::vector<std::string> tune_findings(const TuneSummary& s) {
  std::vector<std::string> findings;
  const TuneInfo& info = s.info;
  std::vector<std::string> targets;
  for (const TuneTarget& target : info.targets) targets.push_back(target.text);
  if (static_cast<std::int64_t>(info.tried.size()) < info.candidates) {
    findings.push_back(fmt::format(
        "{} of the {} candidates were tried, drawn at random: a budget of {} games can give no "
        "more than that a first look of {} games each. A larger --budget or a narrower --vary "
        "tries more.",
        info.tried.size(), info.candidates, info.budget, kFirstLookBlocks * info.players));
  }
  if (!s.finished) {
    findings.push_back(fmt::format(
        "The tune was {} after {} of its {} games: the figures below are over what was played.",
        info.status, s.games, info.budget));
  }
  const auto confirmed =
      std::count_if(s.candidates.begin(), s.candidates.end(),
                    [](const TuneCandidate& c) { return c.overall.has_value(); });
  if (confirmed == 0) {
    if (!s.candidates.empty() && s.candidates.front().search) {
      findings.push_back(fmt::format(
          "No finalist was confirmed. Best so far by the search's games (which chose it, and so "
          "flatter it): {}.",
          s.candidates.front().label));
    }
    return findings;
  }
  const std::string level =
      fmt::format("{}% simultaneous intervals, Bonferroni over {} intervals (finalists x targets)",
                  stats::number(s.simultaneous_confidence * 100, 4), s.simultaneous_intervals);
  std::vector<std::string> meeting;
  bool by_chance = false;  // a target is a single value: reached only within chance
  for (const TuneCandidate& c : s.candidates) {
    if (c.overall && *c.overall <= TargetVerdict::WithinChance) {
      meeting.push_back(c.label);
      by_chance = by_chance || *c.overall == TargetVerdict::WithinChance;
    }
  }
  const TuneCandidate& best = s.candidates.front();
  std::vector<std::string> figures;
  for (std::size_t t = 0; t < info.targets.size(); ++t) {
    const SweepFigure& figure = figure_named(s.figures, info.targets[t].key);
    const auto value = figure_value(*best.confirmation_simultaneous, figure.key);
    if (!value) continue;
    figures.push_back(fmt::format("{} {} ({})", figure.label, figure_text(figure, *value),
                                  verdict_text(best.verdicts[t])));
  }
  if (meeting.empty()) {
    findings.push_back(fmt::format(
        "No finalist meets every target ({}) on its fresh games ({}). The closest is {}: {}.",
        join(targets, ", "), level, best.label, join(figures, "; ")));
  } else {
    const bool one = meeting.size() == 1;
    const std::string verb = by_chance ? (one ? "is within chance of" : "are within chance of")
                                       : (one ? "meets" : "meet");
    findings.push_back(fmt::format(
        "{} {} every target ({}) on {} fresh games each ({}). Best: {}: {}.{}", join(meeting, "; "),
        verb, join(targets, ", "), stats::count(best.confirmation_games), level, best.label,
        join(figures, "; "),
        one || !by_chance
            ? ""
            : " Their fresh games cannot tell them apart on the targets; a larger --budget, or a "
              "band NAME=LOW:HIGH, can."));
  }
  std::int64_t confirmation_games = 0;
  for (const TuneCandidate& c : s.candidates) confirmation_games += c.confirmation_games;
  if (info.search_rounds == 0) {
    findings.push_back(
        "With no more candidates than finalists there was nothing to search: every candidate "
        "played only fresh games.");
  } else {
    findings.push_back(fmt::format(
        "The search spent {} games over {} round{} on {} candidates; the finalists' figures rest "
        "only on their {} confirmation games, which played no part in choosing them.",
        stats::count(s.games - confirmation_games), info.search_rounds,
        info.search_rounds == 1 ? "" : "s", info.tried.size(), stats::count(confirmation_games)));
  }
  return findings;
}

}  // namespace grove::balance
