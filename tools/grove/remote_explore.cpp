#include "tools/grove/remote_explore.hpp"

#include <fmt/format.h>

#include <iostream>
#include <stdexcept>

#include "tools/grove/interrupt.hpp"

namespace grove::cli {
namespace {

using nlohmann::json;

// The explorer's Exchange over the MPI ranks, counting what it sends.
class ClusterExchange final : public checker::Exchange {
 public:
  explicit ClusterExchange(const Cluster& cluster) : cluster_(cluster) {}
  int rank() const override { return cluster_.rank(); }
  int size() const override { return cluster_.size(); }
  std::vector<std::string> all_to_all(const std::vector<std::string>& outgoing) override {
    for (std::size_t r = 0; r < outgoing.size(); ++r) {
      if (static_cast<int>(r) != rank()) sent_ += static_cast<std::int64_t>(outgoing[r].size());
    }
    return cluster_.all_to_all(outgoing);
  }
  std::int64_t sum(std::int64_t value) override { return cluster_.sum(value); }
  std::int64_t largest(std::int64_t value) override { return cluster_.largest(value); }
  std::vector<std::string> gather(const std::string& bytes) override {
    if (rank() != 0) sent_ += static_cast<std::int64_t>(bytes.size());
    return cluster_.gather(bytes);
  }
  std::int64_t bytes_sent() const override { return sent_; }

 private:
  const Cluster& cluster_;
  std::int64_t sent_ = 0;
};

// Waits for one reply from every other rank: the ranks that answered with
// `expected`, and the first error any other sent.
struct Replies {
  std::vector<int> answered;
  std::string error;
};
Replies replies_from_all(const Cluster& cluster, const char* expected) {
  Replies replies;
  for (int count = 1; count < cluster.size(); ++count) {
    const ClusterMessage reply = cluster.wait();
    if (reply.tag != ClusterTag::kGamesPlayed) {
      throw std::logic_error(fmt::format("unexpected message {} from rank {}",
                                         static_cast<int>(reply.tag), reply.source));
    }
    if (reply.body.contains("error")) {
      if (replies.error.empty()) replies.error = reply.body.at("error").get<std::string>();
    } else if (reply.body.contains(expected)) {
      replies.answered.push_back(reply.source);
    } else {
      throw std::logic_error(fmt::format("rank {} answered without '{}'", reply.source, expected));
    }
  }
  return replies;
}

}  // namespace

checker::Exploration explore_on_ranks(const Cluster& cluster, const Rules& rules,
                                      const std::vector<const Rules*>& alternative_rules,
                                      std::vector<checker::Alternative> alternatives,
                                      checker::ExploreOptions options) {
  json start = nullptr;
  if (options.start != nullptr) {
    std::string bytes;
    rules.encode(*options.start, bytes);
    start = json::binary(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
  }
  const Variant& variant = rules.variant();
  json order = game_order(variant);
  order.update({{"kind", "explore"},
                {"players", rules.players()},
                {"start", start},
                {"max_states", options.limits.max_states},
                {"max_depth", options.limits.max_depth},
                {"max_memory", options.limits.max_memory},
                {"jobs", options.jobs},
                {"compare_rulings", options.compare_rulings},
                {"coverage", options.coverage},
                {"all_checks", options.all_checks},
                {"full_states", options.full_states}});
  for (int rank = 1; rank < cluster.size(); ++rank) {
    cluster.send(rank, ClusterTag::kPlayGames, {{"order", order}, {"first", 0}, {"end", 0}});
  }
  // Every rank ready, or none starts: a rank missing from the search's
  // collective steps would leave the others waiting for ever. A rank that
  // could not get ready is back to waiting for orders; the ready ones wait
  // for the word.
  const Replies ready = replies_from_all(cluster, "ready");
  for (const int rank : ready.answered) {
    cluster.send(rank, ClusterTag::kGo, {{"go", ready.error.empty()}});
  }
  if (!ready.error.empty()) {
    for (std::size_t count = 0; count < ready.answered.size(); ++count) {
      if (cluster.wait().tag != ClusterTag::kGamesPlayed) {
        throw std::logic_error("a rank told not to start answered otherwise");
      }
    }
    throw std::runtime_error(ready.error);
  }
  ClusterExchange exchange(cluster);
  options.exchange = &exchange;
  checker::Exploration exploration =
      checker::explore(rules, alternative_rules, std::move(alternatives), options);
  const Replies done = replies_from_all(cluster, "results");
  if (!done.error.empty()) throw std::runtime_error(done.error);
  return exploration;
}

json play_explore_order(const Cluster& cluster, const json& order, BlockOfWork,
                        const std::function<bool()>& stop) {
  const Variant variant = variant_of_order(order);
  const Game& game = variant.game();
  const std::unique_ptr<Rules> rules = game.rules(variant, order.at("players").get<int>());
  std::unique_ptr<State> start;
  if (!order.at("start").is_null()) {
    const auto& bytes = order.at("start").get_binary();
    start = rules->decode(std::string(bytes.begin(), bytes.end()));
  }
  checker::AlternativeRules others = checker::alternatives_of(*rules);
  std::vector<const Rules*> other_rules;
  for (const auto& other : others.rules) other_rules.push_back(other.get());
  checker::ExploreOptions options;
  options.start = start.get();
  options.limits.max_states = order.at("max_states").get<std::int64_t>();
  options.limits.max_depth = order.at("max_depth").get<int>();
  options.limits.max_memory = order.at("max_memory").get<std::int64_t>();
  options.jobs = order.at("jobs").get<int>();
  options.compare_rulings = order.at("compare_rulings").get<bool>();
  options.coverage = order.at("coverage").get<bool>();
  options.all_checks = order.at("all_checks").get<bool>();
  options.full_states = order.at("full_states").get<bool>();
  options.stop = stop;

  cluster.send(0, ClusterTag::kGamesPlayed, {{"ready", true}});
  ClusterMessage go = cluster.wait(0);
  while (go.tag == ClusterTag::kStopGames) go = cluster.wait(0);  // for an earlier block
  if (go.tag != ClusterTag::kGo) {
    throw std::logic_error(
        fmt::format("message {} from rank 0 instead of go", static_cast<int>(go.tag)));
  }
  if (!go.body.at("go").get<bool>()) return nullptr;
  ClusterExchange exchange(cluster);
  options.exchange = &exchange;
  try {
    checker::explore(*rules, other_rules, std::move(others.alternatives), options);
  } catch (const std::exception& error) {
    // The other ranks wait in the search's next collective step for this
    // one: only taking the whole run down ends them.
    std::cerr << "grove: " << cluster.name() << ": internal error in the search: " << error.what()
              << "\n";
    cluster.abort(70);
  }
  return nullptr;
}

}  // namespace grove::cli
