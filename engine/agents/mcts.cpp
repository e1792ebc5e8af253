#include "engine/agents/mcts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "engine/agents/greedy.hpp"
#include "engine/core/game.hpp"

namespace grove {
namespace {

void apply_or_throw(const Rules& rules, State& state, const Move& move) {
  if (!rules.apply(state, move, nullptr).is_legal()) {
    throw std::logic_error(rules.game().name + ": " + rules.move_text(move) +
                           " was listed but refused during a search");
  }
}

// The share of the other seats that `mine` finished ahead of (a shared
// place counts half).
double share_beaten(const std::vector<int>& place, std::size_t mine) {
  double beaten = 0;
  for (std::size_t other = 0; other < place.size(); ++other) {
    if (other == mine) continue;
    if (place[other] == place[mine]) {
      beaten += 0.5;
    } else if (place[other] > place[mine]) {
      beaten += 1;
    }
  }
  return beaten / static_cast<double>(place.size() - 1);
}

}  // namespace

void seat_leads(const Rules& rules, const State& state, std::vector<double>& leads) {
  // Every seat's figure first; the best other seat's is then the highest
  // figure, or the second highest for the seat that holds the highest. No
  // scratch vector: this runs at every leaf of every search.
  const auto players = static_cast<std::size_t>(rules.players());
  rules.heuristics(state, leads);
  std::size_t top = 0;
  for (std::size_t seat = 0; seat < players; ++seat) {
    if (leads[seat] > leads[top]) top = seat;
  }
  if (players < 2) {
    leads.assign(players, 0.0);
    return;
  }
  double second = -std::numeric_limits<double>::infinity();
  for (std::size_t seat = 0; seat < players; ++seat) {
    if (seat != top) second = std::max(second, leads[seat]);
  }
  const double highest = leads[top];
  for (std::size_t seat = 0; seat < players; ++seat) {
    leads[seat] -= seat == top ? second : highest;
  }
}

void seat_rewards(const Rules& rules, const State& state, double scale,
                  const std::vector<double>& baseline, std::vector<double>& rewards) {
  const auto players = static_cast<std::size_t>(rules.players());
  if (players < 2) {
    rewards.assign(players, 0.5);
    return;
  }
  if (rules.node(state).kind == NodeKind::Terminal) {
    const std::vector<int> place = rules.outcome(state).place;
    rewards.resize(players);
    for (std::size_t seat = 0; seat < players; ++seat) {
      rewards[seat] = share_beaten(place, seat);
    }
    return;
  }
  seat_leads(rules, state, rewards);
  for (std::size_t seat = 0; seat < players; ++seat) {
    rewards[seat] = 1 / (1 + std::exp(-(rewards[seat] - baseline[seat]) / scale));
  }
}

MctsAgent::MctsAgent(MctsSettings settings) : settings_(settings) {
  if (settings_.iterations.value_or(1) < 1)
    throw std::invalid_argument("MCTS needs at least one iteration");
  if (settings_.milliseconds < 0) throw std::invalid_argument("MCTS needs time to think");
  if (settings_.playout_moves.value_or(0) < 0) {
    throw std::invalid_argument("MCTS playouts cannot be negative");
  }
  // As on the command line ('mcts:500:10'), so that the name says it all.
  if (settings_.playout_moves && !settings_.iterations && settings_.milliseconds == 0) {
    throw std::invalid_argument("an MCTS playout length needs a budget too");
  }
}

std::string MctsAgent::name() const {
  if (settings_.milliseconds == 0 && !settings_.iterations) return "mcts";
  const std::string budget = settings_.milliseconds > 0
                                 ? "ms=" + std::to_string(settings_.milliseconds)
                                 : std::to_string(*settings_.iterations);
  if (settings_.playout_moves) {
    return "mcts:" + budget + ":" + std::to_string(*settings_.playout_moves);
  }
  return "mcts:" + budget;
}

std::int32_t MctsAgent::child_for(std::int32_t node, const Move& move) const {
  const std::vector<std::int32_t>& children = tree_[static_cast<std::size_t>(node)].children;
  const auto found = std::lower_bound(children.begin(), children.end(), move,
                                      [this](std::int32_t child, const Move& wanted) {
                                        return tree_[static_cast<std::size_t>(child)].move < wanted;
                                      });
  if (found == children.end() || tree_[static_cast<std::size_t>(*found)].move != move) return -1;
  return *found;
}

std::int32_t MctsAgent::add_child(std::int32_t node, const Move& move, Seat actor) {
  const auto child = static_cast<std::int32_t>(tree_.size());
  TreeNode added;
  added.move = move;
  added.actor = actor;
  tree_.push_back(std::move(added));
  std::vector<std::int32_t>& children = tree_[static_cast<std::size_t>(node)].children;
  const auto at = std::lower_bound(children.begin(), children.end(), move,
                                   [this](std::int32_t other, const Move& wanted) {
                                     return tree_[static_cast<std::size_t>(other)].move < wanted;
                                   });
  children.insert(at, child);
  return child;
}

void MctsAgent::iterate(const Rules& rules, State& world, Rng& rng) {
  std::int32_t node = 0;
  path_.assign(1, 0);
  seat_leads(rules, world, baseline_);
  // Down the tree: UCB among the moves legal in this drawing, until a move
  // not tried yet is added.
  for (;;) {
    const Node here = rules.node(world);
    if (here.kind == NodeKind::Terminal) break;
    if (here.kind == NodeKind::Chance) {
      apply_or_throw(rules, world, rules.sample_chance(world, rng));
      continue;
    }
    if (node == 0) {
      // The seat's own moves are the same in every drawing; only the best
      // ranked of them are open so far.
      const auto open = std::min<std::size_t>(
          ranked_.size(),
          1 + static_cast<std::size_t>(settings_.widening *
                                       std::sqrt(static_cast<double>(tree_[0].visits))));
      moves_.assign(ranked_.begin(), ranked_.begin() + static_cast<std::ptrdiff_t>(open));
    } else {
      rules.legal_moves(world, moves_);
    }
    untried_.clear();
    std::int32_t chosen = -1;
    double best = -std::numeric_limits<double>::infinity();
    for (const Move& move : moves_) {
      const std::int32_t child = child_for(node, move);
      if (child < 0) {
        untried_.push_back(move);
        continue;
      }
      TreeNode& entry = tree_[static_cast<std::size_t>(child)];
      ++entry.available;
      const double score =
          entry.reward / entry.visits +
          settings_.exploration *
              std::sqrt(std::log(static_cast<double>(entry.available)) / entry.visits);
      if (score > best) {
        best = score;
        chosen = child;
      }
    }
    // A node opens another move only as its visits grow (at the root,
    // moves_ holds only the open ones already), so that the search goes
    // deeper along the moves it has rather than trying every move once.
    const std::size_t opened = moves_.size() - untried_.size();
    const bool widen =
        !untried_.empty() &&
        (node == 0 || chosen < 0 ||
         static_cast<double>(opened) <
             1 + settings_.widening *
                     std::sqrt(static_cast<double>(tree_[static_cast<std::size_t>(node)].visits)));
    if (widen) {
      // At the root the best ranked first; below it, the best of a few
      // drawn at random.
      Move move;
      if (node == 0) {
        move = untried_.front();
        apply_or_throw(rules, world, move);
      } else {
        const bool own = here.actor == seat_ &&
                         untried_.size() <= static_cast<std::size_t>(settings_.rank_own_up_to);
        move = play_informed(rules, world, here.actor, untried_, own ? 0 : settings_.sample, rng);
      }
      const std::int32_t child = add_child(node, move, here.actor);
      ++tree_[static_cast<std::size_t>(child)].available;
      path_.push_back(child);
      break;
    }
    apply_or_throw(rules, world, tree_[static_cast<std::size_t>(chosen)].move);
    node = chosen;
    path_.push_back(node);
  }
  // A short playout, then the position is scored.
  for (int step = 0; step < playout_moves_; ++step) {
    const Node here = rules.node(world);
    if (here.kind == NodeKind::Terminal) break;
    if (here.kind == NodeKind::Chance) {
      apply_or_throw(rules, world, rules.sample_chance(world, rng));
      continue;
    }
    rules.legal_moves(world, moves_);
    play_informed(rules, world, here.actor, moves_, settings_.sample, rng);
  }
  score_leaf(rules, world, rng);
  for (std::size_t i = 1; i < path_.size(); ++i) {
    TreeNode& entry = tree_[static_cast<std::size_t>(path_[i])];
    ++entry.visits;
    entry.reward += rewards_[static_cast<std::size_t>(entry.actor)];
  }
  ++tree_[0].visits;
}

void MctsAgent::score_leaf(const Rules& rules, const State& world, Rng& rng) {
  // Averaged over the chance node the position may wait on, as the greedy
  // agent values a move.
  leaf_.assign(static_cast<std::size_t>(rules.players()), 0.0);
  valuer_.each_outcome(rules, world, rng, [&](const State& outcome, double weight) {
    seat_rewards(rules, outcome, scale_, baseline_, rewards_);
    for (std::size_t seat = 0; seat < leaf_.size(); ++seat) leaf_[seat] += weight * rewards_[seat];
  });
  rewards_.swap(leaf_);
}

Move MctsAgent::play_informed(const Rules& rules, State& world, Seat actor,
                              const std::vector<Move>& moves, int draws, Rng& rng) {
  const bool every = draws == 0;
  if (moves.size() == 1 || draws == 1) {
    const Move move = moves[rng.below(moves.size())];
    apply_or_throw(rules, world, move);
    return move;
  }
  // Every move, from a random one on so that equally valued moves are
  // chosen in no fixed order; or `draws` drawn at random, where a move
  // drawn again is not valued again (where a player has only two or three
  // moves, buy or not, which card to harvest, most draws repeat one).
  const std::size_t first = every ? static_cast<std::size_t>(rng.below(moves.size())) : 0;
  drawn_.clear();
  std::size_t best = 0;
  double best_value = -std::numeric_limits<double>::infinity();
  bool kept = false;
  const std::size_t tries = every ? moves.size() : static_cast<std::size_t>(draws);
  for (std::size_t draw = 0; draw < tries; ++draw) {
    std::size_t index = (first + draw) % moves.size();
    if (!every) {
      index = static_cast<std::size_t>(rng.below(moves.size()));
      if (std::find(drawn_.begin(), drawn_.end(), index) != drawn_.end()) continue;
      drawn_.push_back(index);
    }
    copy_into(scratch_, world);
    apply_or_throw(rules, *scratch_, moves[index]);
    const double value = lookahead_value(rules, *scratch_, actor);
    if (value > best_value) {
      best_value = value;
      best = index;
      // The best move's position so far is kept rather than played again:
      // applying a move costs more than copying a position.
      scratch_.swap(best_after_);
      kept = true;
    }
  }
  if (kept) {
    world.copy_from(*best_after_);
  } else {
    apply_or_throw(rules, world, moves[best]);
  }
  return moves[best];
}

void MctsAgent::rank_moves(const Rules& rules, const State& state, Seat seat, Rng& rng) {
  // Shuffled first, so that equally rated moves are tried in no fixed
  // order.
  ranked_ = moves_;
  for (std::size_t i = ranked_.size(); i > 1; --i) {
    std::swap(ranked_[i - 1], ranked_[rng.below(i)]);
  }
  const std::unique_ptr<State> seen = rules.determinize(state, seat, rng);
  std::vector<std::pair<double, std::size_t>> rated;
  rated.reserve(ranked_.size());
  for (std::size_t i = 0; i < ranked_.size(); ++i) {
    copy_into(scratch_, *seen);
    apply_or_throw(rules, *scratch_, ranked_[i]);
    rated.emplace_back(-valuer_.value_after(rules, *scratch_, seat, rng), i);
  }
  std::sort(rated.begin(), rated.end());
  // The scale of the rewards: how far apart the moves' values lie (their
  // standard deviation), leaving out moves that end the game, whose values
  // are off the heuristic's scale. When every move looks alike, a tenth of
  // the lead itself.
  std::vector<double> values;
  for (const auto& [value, i] : rated) {
    if (std::abs(value) < 1e9) values.push_back(-value);
  }
  double mean = 0;
  for (double value : values) mean += value;
  mean /= std::max<std::size_t>(values.size(), 1);
  double spread = 0;
  for (double value : values) spread += (value - mean) * (value - mean);
  spread = values.size() > 1 ? std::sqrt(spread / static_cast<double>(values.size() - 1)) : 0;
  scale_ = spread > 1e-9 ? spread : std::max(0.1 * std::abs(mean), 1.0);
  std::vector<Move> order;
  order.reserve(rated.size());
  for (const auto& [value, i] : rated) order.push_back(ranked_[i]);
  ranked_ = std::move(order);
}

void MctsAgent::reuse_or_clear(const Rules& rules, const State& state) {
  const Seat seat = rules.node(state).actor;
  bool follows = false;
  if (last_state_ && last_choice_ > 0) {
    const TreeNode& chosen = tree_[static_cast<std::size_t>(last_choice_)];
    copy_into(scratch_, *last_state_);
    follows = chosen.actor == seat && rules.apply(*scratch_, chosen.move, nullptr).is_legal() &&
              scratch_->equals(state);
  }
  if (!follows) {
    tree_.clear();
    tree_.emplace_back();
    return;
  }
  // Copy the subtree breadth first into kept_, renumbering the children.
  kept_.clear();
  kept_.push_back(tree_[static_cast<std::size_t>(last_choice_)]);
  for (std::size_t next = 0; next < kept_.size(); ++next) {
    for (std::int32_t& child : kept_[next].children) {
      kept_.push_back(tree_[static_cast<std::size_t>(child)]);
      child = static_cast<std::int32_t>(kept_.size() - 1);
    }
  }
  tree_.swap(kept_);
  // The subtree grew in drawn worlds, and a move legal in one of them need
  // not be legal here: what the seat cannot see may decide it (how many
  // plot tiles are left to draw, say). Only the moves legal here stay, and
  // the root counts the visits they hold.
  std::vector<std::int32_t>& children = tree_[0].children;
  std::erase_if(children, [&](std::int32_t child) {
    return std::find(moves_.begin(), moves_.end(), tree_[static_cast<std::size_t>(child)].move) ==
           moves_.end();
  });
  tree_[0].visits = 0;
  for (std::int32_t child : children)
    tree_[0].visits += tree_[static_cast<std::size_t>(child)].visits;
}

bool MctsAgent::settled(std::int64_t left) const {
  std::int32_t first = 0;
  std::int32_t second = 0;
  for (std::int32_t child : tree_[0].children) {
    const std::int32_t visits = tree_[static_cast<std::size_t>(child)].visits;
    if (visits > first) {
      second = first;
      first = visits;
    } else if (visits > second) {
      second = visits;
    }
  }
  return first > second + left;
}

Move MctsAgent::choose(const Rules& rules, const State& state, Rng& rng) {
  const Seat seat = rules.node(state).actor;
  seat_ = seat;
  rules.legal_moves(state, moves_);
  if (moves_.empty()) {
    throw std::logic_error(rules.game().name + ": no legal move in a non-terminal state: " +
                           rules.state_summary(state));
  }
  if (moves_.size() == 1) {
    last_choice_ = -1;
    return moves_.front();
  }
  playout_moves_ = settings_.playout_moves.value_or(rules.search_playout_moves());
  const int iterations = settings_.iterations.value_or(rules.search_iterations());
  rank_moves(rules, state, seat, rng);
  reuse_or_clear(rules, state);
  const auto started = std::chrono::steady_clock::now();
  const auto deadline = started + std::chrono::milliseconds(settings_.milliseconds);
  for (;;) {
    if (settings_.milliseconds > 0) {
      if (tree_[0].visits > 0 && std::chrono::steady_clock::now() >= deadline) break;
    } else {
      const std::int64_t left = iterations - std::int64_t{tree_[0].visits};
      if (left <= 0 || settled(left)) break;
    }
    const std::unique_ptr<State> world = rules.determinize(state, seat, rng);
    iterate(rules, *world, rng);
  }
  // The most visited move; the better average breaks ties.
  std::int32_t best = -1;
  for (std::int32_t child : tree_[0].children) {
    const TreeNode& entry = tree_[static_cast<std::size_t>(child)];
    if (best < 0) {
      best = child;
      continue;
    }
    const TreeNode& leader = tree_[static_cast<std::size_t>(best)];
    if (entry.visits > leader.visits ||
        (entry.visits == leader.visits &&
         entry.reward / std::max(entry.visits, 1) > leader.reward / std::max(leader.visits, 1))) {
      best = child;
    }
  }
  copy_into(last_state_, state);
  last_choice_ = best;
  return tree_[static_cast<std::size_t>(best)].move;
}

}  // namespace grove
