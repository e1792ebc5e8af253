#include "tools/grove/remote_games.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <set>
#include <stdexcept>

#include "engine/core/move_codec.hpp"
#include "engine/games/builtin.hpp"
#include "tools/grove/command_line.hpp"
#include "tools/grove/interrupt.hpp"

namespace grove::cli {
namespace {

using nlohmann::json;

// A block is sized to take about this long on the rank that plays it:
// long enough that the round trip to rank 0 is lost in it, short enough
// that the run's last blocks end close together.
constexpr double kBlockSeconds = 0.25;
// And never more games than this, so that one message stays a few MB.
constexpr std::int64_t kMostGamesInBlock = 4096;

json settings_to_json(const balance::BalanceSettings& settings) {
  return {{"game", settings.game->name},
          {"variant", settings.variant.name()},
          {"settings", settings.variant.differences()},
          {"hash", settings.variant.hash_hex()},
          {"players", settings.players},
          {"agents", settings.agents},
          {"seed", settings.seed},
          {"max_steps", settings.max_steps},
          {"jobs", settings.jobs}};
}

// The run's settings rebuilt on this rank. A variant that hashes
// otherwise than on rank 0 means another grove: its games would not be
// the run's, so it is refused.
balance::BalanceSettings settings_from_json(const json& described) {
  const Game& game = builtin_games().get(described.at("game").get<std::string>());
  Variant variant(game);
  variant.apply_differences(described.at("settings").get<std::vector<std::string>>());
  variant.set_name(described.at("variant").get<std::string>());
  const auto hash = described.at("hash").get<std::string>();
  if (variant.hash_hex() != hash) {
    throw std::runtime_error(fmt::format(
        "the variant '{}' rebuilt here hashes to {}, not {} as on rank 0: every rank must run the "
        "same grove",
        variant.name(), variant.hash_hex(), hash));
  }
  balance::BalanceSettings settings(game, std::move(variant));
  settings.players = described.at("players").get<int>();
  settings.agents = described.at("agents").get<std::vector<std::string>>();
  settings.seed = described.at("seed").get<std::uint64_t>();
  settings.max_steps = described.at("max_steps").get<std::int64_t>();
  settings.jobs = described.at("jobs").get<int>();
  return settings;
}

json row_to_json(const BalanceGameRow& row) {
  const std::string& moves = row.move_list.value_or(std::string());
  return json::array({row.index, row.seed, row.agents, row.ended, row.winners, row.moves,
                      row.seconds, row.record,
                      json::binary(std::vector<std::uint8_t>(moves.begin(), moves.end()))});
}

BalanceGameRow row_from_json(const json& fields) {
  BalanceGameRow row;
  row.index = fields.at(0).get<std::int64_t>();
  row.seed = fields.at(1).get<std::uint64_t>();
  row.agents = fields.at(2).get<std::string>();
  row.ended = fields.at(3).get<bool>();
  row.winners = fields.at(4).get<std::string>();
  row.moves = fields.at(5).get<std::int64_t>();
  row.seconds = fields.at(6).get<double>();
  row.record = fields.at(7).get<std::string>();
  const auto& moves = fields.at(8).get_binary();
  row.move_list = std::string(moves.begin(), moves.end());
  return row;
}

// Plays games [first, end) of the run described in `order` with this
// rank's jobs, as one run restricted to them; stops early when rank 0
// says so. The reply: every game's row in order, or the error.
json play_block(const Cluster& cluster, const json& order,
                std::map<std::string, balance::BalanceSettings>& known) {
  try {
    const std::string key = order.at("settings").dump();
    auto found = known.find(key);
    if (found == known.end()) {
      found = known.emplace(key, settings_from_json(order.at("settings"))).first;
    }
    balance::BalanceSettings settings = found->second;
    settings.range = balance::BalanceSettings::GameRange{order.at("first").get<std::int64_t>(),
                                                         order.at("end").get<std::int64_t>()};
    json rows = json::array();
    balance::BalanceCallbacks callbacks;
    callbacks.prepare = [](const balance::GameRecord& record, std::span<const Move> moves) {
      return std::any(row_from_record(record, moves));
    };
    callbacks.on_game = [&](const balance::GameRecord&, std::any& row) {
      rows.push_back(row_to_json(std::any_cast<BalanceGameRow&>(row)));
    };
    callbacks.interrupted = [&] {
      if (interrupted()) return true;
      const std::optional<ClusterMessage> message = cluster.poll(0);
      if (message && message->tag != ClusterTag::kStopGames) {
        throw std::logic_error(fmt::format("message {} from rank 0 in the middle of a block",
                                           static_cast<int>(message->tag)));
      }
      return message.has_value();
    };
    const balance::BalanceOutcome outcome = balance::run_balance(settings, callbacks);
    return {{"rows", std::move(rows)}, {"seconds", outcome.seconds}};
  } catch (const std::exception& error) {
    return {{"error", fmt::format("{}: {}", cluster.name(), error.what())}};
  }
}

}  // namespace

BalanceGameRow row_from_record(const balance::GameRecord& record, std::span<const Move> moves) {
  BalanceGameRow row;
  row.index = record.index;
  row.seed = record.seed;
  row.agents = nlohmann::json(record.agents).dump();
  row.ended = record.ended;
  row.winners = nlohmann::json(record.winners()).dump();
  row.moves = record.moves;
  row.seconds = record.seconds;
  row.record = nlohmann::json(record).dump();
  row.move_list = encode_moves(moves);
  return row;
}

void play_on_other_ranks(const Cluster& cluster, const balance::BalanceSettings& settings,
                         balance::GamesElsewhere& run) {
  const json described = settings_to_json(settings);
  // Each rank's last block size; the next follows its speed.
  std::map<int, std::int64_t> block;
  std::set<int> busy;
  const auto hand_out = [&](int rank, std::int64_t count) {
    block[rank] = std::clamp<std::int64_t>(count, settings.jobs, kMostGamesInBlock);
    if (const auto games = run.claim(block[rank])) {
      cluster.send(rank, ClusterTag::kPlayGames,
                   {{"settings", described}, {"first", games->first}, {"end", games->end}});
      busy.insert(rank);
    }
  };
  for (int rank = 1; rank < cluster.size(); ++rank) hand_out(rank, settings.jobs);
  bool stop_sent = false;
  while (!busy.empty()) {
    const std::optional<ClusterMessage> message =
        cluster.wait_unless([&] { return interrupted() || (!stop_sent && run.stopped()); });
    // Interrupted (Ctrl-C or kill, or mpirun taking the run down because
    // a rank died: it kills every rank a second later): the games out are
    // given up at once, so that rank 0 has that second to store the ones
    // played and mark the run.
    if (interrupted()) return;
    if (!message) {
      // The run stopped: the games still out are not wanted, but every
      // busy rank answers its block before the next run's can start.
      for (const int rank : busy) cluster.send(rank, ClusterTag::kStopGames, {});
      stop_sent = true;
      continue;
    }
    if (message->tag != ClusterTag::kGamesPlayed || busy.erase(message->source) == 0) {
      throw std::logic_error(fmt::format("unexpected message {} from rank {}",
                                         static_cast<int>(message->tag), message->source));
    }
    if (message->body.contains("error")) {
      run.fail(message->body.at("error").get<std::string>());
      continue;
    }
    const json& rows = message->body.at("rows");
    for (const json& fields : rows) {
      BalanceGameRow row = row_from_json(fields);
      auto record = json::parse(row.record).get<balance::GameRecord>();
      run.hand_over(std::move(record), std::any(std::move(row)));
    }
    const double seconds = message->body.at("seconds").get<double>();
    const double rate = static_cast<double>(rows.size()) / std::max(seconds, 1e-6);
    if (!run.stopped()) {
      hand_out(message->source, std::llround(rate * kBlockSeconds));
    }
  }
}

int serve_rank_zero(const Cluster& cluster) {
  // mpirun answers Ctrl-C, or a rank that died, by sending every rank
  // SIGTERM and a second later SIGKILL. A rank that died at once would
  // leave rank 0 talking to a dead peer in the second it needs to store
  // what was played: this one stops playing instead, and waits.
  watch_for_interrupt();
  std::map<std::string, balance::BalanceSettings> known;
  for (;;) {
    const ClusterMessage message = cluster.wait(0);
    switch (message.tag) {
      case ClusterTag::kQuit:
        return kSuccess;
      case ClusterTag::kStopGames:
        break;  // for a block already handed back
      case ClusterTag::kPlayGames:
        cluster.send(0, ClusterTag::kGamesPlayed, play_block(cluster, message.body, known));
        break;
      default:
        throw std::logic_error(
            fmt::format("unexpected message {} from rank 0", static_cast<int>(message.tag)));
    }
  }
}

}  // namespace grove::cli
