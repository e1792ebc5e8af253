#include "tools/grove/block_farm.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>
#include <stdexcept>

#include "engine/games/builtin.hpp"
#include "tools/grove/command_line.hpp"
#include "tools/grove/interrupt.hpp"

namespace grove::cli {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr double kBlockSeconds = 0.25;

// Asks rank 0 whether the block is wanted back, at most every few
// milliseconds: a probe costs little, but the players ask between moves.
class StopWatch {
 public:
  explicit StopWatch(const Cluster& cluster) : cluster_(cluster) {}
  bool operator()() {
    if (stopped_ || interrupted()) return true;
    const auto now = Clock::now();
    if (now - asked_ < std::chrono::milliseconds(5)) return false;
    asked_ = now;
    if (const std::optional<ClusterMessage> message = cluster_.poll(0)) {
      if (message->tag != ClusterTag::kStopGames) {
        throw std::logic_error(fmt::format("message {} from rank 0 in the middle of a block",
                                           static_cast<int>(message->tag)));
      }
      stopped_ = true;
    }
    return stopped_;
  }

 private:
  const Cluster& cluster_;
  bool stopped_ = false;
  Clock::time_point asked_{};
};

}  // namespace

nlohmann::json game_order(const Variant& variant) {
  return {{"game", variant.game().name},
          {"variant", variant.name()},
          {"settings", variant.differences()},
          {"hash", variant.hash_hex()}};
}

Variant variant_of_order(const nlohmann::json& order) {
  const Game& game = builtin_games().get(order.at("game").get<std::string>());
  Variant variant(game);
  variant.apply_differences(order.at("settings").get<std::vector<std::string>>());
  variant.set_name(order.at("variant").get<std::string>());
  const auto hash = order.at("hash").get<std::string>();
  if (variant.hash_hex() != hash) {
    throw std::runtime_error(fmt::format(
        "the variant '{}' rebuilt here hashes to {}, not {} as on rank 0: every rank must run the "
        "same grove",
        variant.name(), variant.hash_hex(), hash));
  }
  return variant;
}

void farm_out(const Cluster& cluster, const Farm& farm) {
  std::set<int> busy;
  const auto hand_out = [&](int rank, std::int64_t count) {
    if (const auto block = farm.claim(std::clamp(count, farm.smallest, farm.largest))) {
      cluster.send(rank, ClusterTag::kPlayGames,
                   {{"order", farm.order}, {"first", block->first}, {"end", block->end}});
      busy.insert(rank);
    }
  };
  for (int rank = 1; rank < cluster.size(); ++rank) hand_out(rank, farm.smallest);
  bool stop_sent = false;
  while (!busy.empty()) {
    const std::optional<ClusterMessage> message =
        cluster.wait_unless([&] { return interrupted() || (!stop_sent && farm.stopped()); });
    // Interrupted (Ctrl-C or kill, or mpirun taking the run down because
    // a rank died: it kills every rank a second later): the blocks out are
    // given up at once, so that rank 0 has that second to store what it
    // has and mark the run.
    if (interrupted()) return;
    if (!message) {
      // Stopped early: the blocks out are not wanted, but every busy rank
      // answers its block before the next task's can start.
      for (const int rank : busy) cluster.send(rank, ClusterTag::kStopGames, {});
      stop_sent = true;
      continue;
    }
    if (message->tag != ClusterTag::kGamesPlayed || busy.erase(message->source) == 0) {
      throw std::logic_error(fmt::format("unexpected message {} from rank {}",
                                         static_cast<int>(message->tag), message->source));
    }
    const json& reply = message->body;
    if (reply.contains("error")) {
      farm.fail(reply.at("error").get<std::string>());
      continue;
    }
    farm.take(reply.at("results"));
    if (!farm.stopped()) {
      const double games = reply.at("games").get<double>();
      const double seconds = std::max(reply.at("seconds").get<double>(), 1e-6);
      hand_out(message->source, std::llround(games / seconds * kBlockSeconds));
    }
  }
}

int serve_rank_zero(const Cluster& cluster, const std::map<std::string, BlockPlayer>& players) {
  // mpirun answers Ctrl-C, or a rank that died, by sending every rank
  // SIGTERM and a second later SIGKILL. A rank that died at once would
  // leave rank 0 talking to a dead peer in the second it needs to store
  // what was played: this one stops playing instead, and waits.
  watch_for_interrupt();
  for (;;) {
    const ClusterMessage message = cluster.wait(0);
    switch (message.tag) {
      case ClusterTag::kQuit:
        return kSuccess;
      case ClusterTag::kStopGames:
        break;  // for a block already handed back
      case ClusterTag::kPlayGames: {
        const json& order = message.body.at("order");
        const BlockOfWork block{message.body.at("first").get<std::int64_t>(),
                                message.body.at("end").get<std::int64_t>()};
        json reply;
        const auto started = Clock::now();
        try {
          const auto kind = order.at("kind").get<std::string>();
          const auto player = players.find(kind);
          if (player == players.end()) throw std::runtime_error("no player for " + kind);
          StopWatch stop(cluster);
          reply["results"] = player->second(cluster, order, block, std::ref(stop));
          reply["games"] = block.end - block.first;
          reply["seconds"] = std::chrono::duration<double>(Clock::now() - started).count();
        } catch (const std::exception& error) {
          reply = {{"error", fmt::format("{}: {}", cluster.name(), error.what())}};
        }
        cluster.send(0, ClusterTag::kGamesPlayed, reply);
        break;
      }
      default:
        throw std::logic_error(
            fmt::format("unexpected message {} from rank 0", static_cast<int>(message.tag)));
    }
  }
}

}  // namespace grove::cli
