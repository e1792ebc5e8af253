#include "tools/grove/explore_preview.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <stdexcept>

#include "checker/explorer.hpp"

namespace grove::cli {
namespace {

// "more than 70976 states: the first 19 moves deep, level 18 holds 9406
// states and level 19 11530 (×1.2 a level)", with `level` the states of
// each level (complete) from the first.
std::string growing(std::int64_t states, const std::map<int, std::int64_t>& level) {
  std::string growth;
  if (level.size() >= 2) {
    const auto last = std::prev(level.end()), before = std::prev(last);
    growth = fmt::format(", level {} holds {} states and level {} {} (×{:.1f} a level)",
                         before->first, before->second, last->first, last->second,
                         static_cast<double>(last->second) /
                             static_cast<double>(std::max<std::int64_t>(before->second, 1)));
  }
  return fmt::format("more than {} states: the first {} moves deep{}", states,
                     level.empty() ? 0 : level.rbegin()->first, growth);
}

}  // namespace

std::vector<std::string> unchanged_at_players(const Variant& variant, int players) {
  std::vector<std::string> out;
  for (const ParamSpec& spec : variant.game().parameters) {
    if (spec.type != ParamType::IntegerPerPlayerCount) continue;
    const auto& defaults = std::get<PerPlayerCount>(spec.default_value);
    std::vector<std::string> changed_at;
    for (const auto& [count, value] : defaults) {
      if (variant.integer_for_players(spec.name, count) != value) {
        changed_at.push_back(std::to_string(count));
      }
    }
    const auto here = defaults.find(players);
    if (changed_at.empty() || here == defaults.end() ||
        variant.integer_for_players(spec.name, players) != here->second) {
      continue;
    }
    out.push_back(fmt::format(
        "{}: the variant changes it for {} player{} only; with {} it is the game's {}", spec.name,
        join(changed_at, ", "), changed_at.size() == 1 && changed_at[0] == "1" ? "" : "s", players,
        here->second));
  }
  return out;
}

std::string first_look(const Rules& rules, const State* start, bool full_states, double seconds) {
  checker::ExploreOptions options;
  options.start = start;
  options.full_states = full_states;
  options.compare_rulings = false;
  options.coverage = false;
  // Few enough states that the look leaves the search its memory.
  options.limits.max_states = kFirstLookStates;
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  options.stop = [until] { return std::chrono::steady_clock::now() > until; };
  const checker::Exploration look = checker::explore(rules, {}, {}, options);
  if (look.complete()) {
    return fmt::format("{} states in all, {} moves deep", look.states(), look.depth());
  }
  std::map<int, std::int64_t> level;
  for (checker::StateIndex v = 0; v < static_cast<checker::StateIndex>(look.states()); ++v) {
    ++level[look.depth_of(v)];
  }
  // Stopped by the state bound, the search found every state of each level
  // it reached; stopped by the clock, the deepest level may be short.
  if (look.stopped() != checker::StopReason::MaxStates) level.erase(std::prev(level.end()));
  return growing(look.states(), level);
}

bool LevelsLook::level_done(int depth, std::int64_t found, double seconds) {
  if (static_cast<std::size_t>(depth) + 1 != through_.size()) {
    throw std::logic_error("the search's levels came out of order");
  }
  through_.push_back(found);
  // A level that found nothing new ends the search: its end says the size.
  const bool more = found > through_[through_.size() - 2];
  if (said_ || !more || (found < kFirstLookStates && seconds < seconds_)) return false;
  said_ = true;
  return true;
}

std::string LevelsLook::text() const {
  std::map<int, std::int64_t> level;
  for (std::size_t d = 0; d < through_.size(); ++d) {
    level[static_cast<int>(d)] = through_[d] - (d == 0 ? 0 : through_[d - 1]);
  }
  return growing(through_.back(), level);
}

std::int64_t default_explore_memory(int ranks_here) {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  const std::int64_t total = static_cast<std::int64_t>(pages) * page;
  std::int64_t available = total;
  std::ifstream meminfo("/proc/meminfo");
  for (std::string key; meminfo >> key;) {
    std::int64_t kilobytes = 0;
    std::string unit;
    if (!(meminfo >> kilobytes >> unit)) break;
    if (key == "MemAvailable:") available = kilobytes * 1024;
  }
  const std::int64_t usable = std::min(total / 2, available - total / 4);
  constexpr std::int64_t kLeast = 256LL * 1024 * 1024;
  return std::max(usable / std::max(ranks_here, 1), kLeast) / (1024 * 1024);
}

}  // namespace grove::cli
