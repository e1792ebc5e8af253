#include "checker/lasso.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace grove::checker {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// How many positions on loops are tried as the place the loop comes back
// to, nearest the start first: each costs a search of the game's graph, and
// the nearest ones give the short lassos.
constexpr std::size_t kLoopsTried = 256;

// The positions a game visited and its moves between them: position
// `visited[k]` after k moves, move k from visited[k] to visited[k + 1].
class GameGraph {
 public:
  GameGraph(std::vector<std::uint32_t> visited, std::size_t positions)
      : visited_(std::move(visited)), out_(positions) {
    // One move per pair of positions is enough to go from one to the other;
    // the first the game played, so that the result does not depend on
    // anything but the game.
    std::unordered_set<std::uint64_t> linked;
    for (std::uint32_t step = 0; step + 1 < visited_.size(); ++step) {
      const std::uint32_t from = visited_[step], to = visited_[step + 1];
      if (linked.insert(std::uint64_t{from} << 32 | to).second) out_[from].push_back(step);
    }
  }

  std::size_t positions() const { return out_.size(); }
  std::uint32_t from(std::uint32_t step) const { return visited_[step]; }
  std::uint32_t to(std::uint32_t step) const { return visited_[step + 1]; }

  // Breadth first from `source`: for every position, the move (its step in
  // the game) by which a shortest way from `source` enters it, kNone for
  // `source` and for positions not reached, and with `distance` the length
  // of that way. With `back_to_source`, stops at the first move that enters
  // `source` again and returns it in `closing`.
  std::vector<std::uint32_t> search(std::uint32_t source, bool back_to_source,
                                    std::uint32_t* closing = nullptr,
                                    std::vector<std::uint32_t>* distance = nullptr) const {
    std::vector<std::uint32_t> via(positions(), kNone);
    std::vector<bool> reached(positions(), false);
    if (distance != nullptr) distance->assign(positions(), kNone);
    if (distance != nullptr) (*distance)[source] = 0;
    reached[source] = true;
    std::deque<std::uint32_t> queue{source};
    while (!queue.empty()) {
      const std::uint32_t at = queue.front();
      queue.pop_front();
      for (const std::uint32_t step : out_[at]) {
        const std::uint32_t next = to(step);
        if (back_to_source && next == source) {
          *closing = step;
          return via;
        }
        if (reached[next]) continue;
        reached[next] = true;
        via[next] = step;
        if (distance != nullptr) (*distance)[next] = (*distance)[at] + 1;
        queue.push_back(next);
      }
    }
    if (closing != nullptr) *closing = kNone;
    return via;
  }

  // The moves of the way `via` found from its source to `target`.
  std::vector<std::uint32_t> way_to(const std::vector<std::uint32_t>& via,
                                    std::uint32_t target) const {
    std::vector<std::uint32_t> steps;
    for (std::uint32_t at = target; via[at] != kNone; at = from(via[at])) steps.push_back(via[at]);
    std::reverse(steps.begin(), steps.end());
    return steps;
  }

 private:
  std::vector<std::uint32_t> visited_;
  std::vector<std::vector<std::uint32_t>> out_;  // by position: the steps leaving it
};

}  // namespace

std::optional<Lasso> find_lasso(const Rules& rules, const std::vector<Move>& moves) {
  if (moves.size() >= kNone) return std::nullopt;
  // Positions numbered in the order the game first met them, told apart by
  // their encodings: equal exactly when the states are, so two positions
  // with one hash are never taken for one.
  std::unordered_map<std::string, std::uint32_t> numbers;
  std::vector<std::uint32_t> visited;
  visited.reserve(moves.size() + 1);
  std::vector<std::uint32_t> visits;  // by position: how often the game was there
  std::optional<std::size_t> first_repeat;
  const std::unique_ptr<State> state = rules.initial_state();
  std::string bytes;
  const auto visit = [&] {
    bytes.clear();
    rules.encode(*state, bytes);
    const auto [at, added] = numbers.try_emplace(bytes, static_cast<std::uint32_t>(numbers.size()));
    if (added) visits.push_back(0);
    if (!added && !first_repeat) first_repeat = visited.size();
    ++visits[at->second];
    visited.push_back(at->second);
  };
  visit();
  for (const Move& move : moves) {
    if (!rules.apply(*state, move, nullptr).is_legal()) return std::nullopt;
    visit();
  }
  if (!first_repeat) return std::nullopt;
  const GameGraph graph(std::move(visited), numbers.size());
  numbers.clear();

  // A position the game was at twice lies on a loop of its moves. Those
  // nearest the start are tried first, each with the shortest loop through
  // it, until no nearer one can give a shorter lasso.
  std::vector<std::uint32_t> distance;
  const std::vector<std::uint32_t> from_start = graph.search(0, false, nullptr, &distance);
  std::vector<std::uint32_t> on_loops;
  for (std::uint32_t p = 0; p < graph.positions(); ++p) {
    if (visits[p] > 1) on_loops.push_back(p);
  }
  std::stable_sort(on_loops.begin(), on_loops.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return distance[a] < distance[b]; });
  std::uint32_t best = kNone;
  std::size_t best_length = std::numeric_limits<std::size_t>::max();
  std::vector<std::uint32_t> best_loop;
  for (std::size_t i = 0; i < on_loops.size() && i < kLoopsTried; ++i) {
    const std::uint32_t at = on_loops[i];
    if (std::size_t{distance[at]} + 1 >= best_length) break;
    std::uint32_t closing = kNone;
    const std::vector<std::uint32_t> round = graph.search(at, true, &closing);
    if (closing == kNone) continue;
    std::vector<std::uint32_t> loop = graph.way_to(round, graph.from(closing));
    loop.push_back(closing);
    if (std::size_t{distance[at]} + loop.size() < best_length) {
      best = at;
      best_length = distance[at] + loop.size();
      best_loop = std::move(loop);
    }
  }
  if (best == kNone) return std::nullopt;

  Lasso lasso;
  lasso.first_repeat = *first_repeat;
  for (const std::uint32_t step : graph.way_to(from_start, best))
    lasso.prefix.push_back(moves[step]);
  for (const std::uint32_t step : best_loop) lasso.loop.push_back(moves[step]);

  // Replayed, the loop must come back to where it began: what the
  // scenario will claim.
  const std::unique_ptr<State> replay = rules.initial_state();
  for (const Move& move : lasso.prefix) {
    if (!rules.apply(*replay, move, nullptr).is_legal()) return std::nullopt;
  }
  const std::unique_ptr<State> start_of_loop = replay->clone();
  for (const Move& move : lasso.loop) {
    if (!rules.apply(*replay, move, nullptr).is_legal()) return std::nullopt;
  }
  if (!replay->equals(*start_of_loop)) return std::nullopt;
  return lasso;
}

}  // namespace grove::checker
