#include "tools/grove/remote_games.hpp"

#include <fmt/format.h>

#include <map>
#include <stdexcept>

#include "engine/core/move_codec.hpp"

namespace grove::cli {
namespace {

using nlohmann::json;

json settings_to_json(const balance::BalanceSettings& settings) {
  json order = game_order(settings.variant);
  order.update({{"kind", "balance"},
                {"players", settings.players},
                {"agents", settings.agents},
                {"seed", settings.seed},
                {"max_steps", settings.max_steps},
                {"jobs", settings.jobs}});
  return order;
}

// The run's settings rebuilt on this rank.
balance::BalanceSettings settings_from_json(const json& described) {
  Variant variant = variant_of_order(described);
  const Game& game = variant.game();
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
  Farm farm;
  farm.order = settings_to_json(settings);
  farm.smallest = settings.jobs;  // a game for each of a rank's threads
  farm.claim = [&](std::int64_t count) -> std::optional<BlockOfWork> {
    const auto games = run.claim(count);
    if (!games) return std::nullopt;
    return BlockOfWork{games->first, games->end};
  };
  farm.take = [&](const json& rows) {
    for (const json& fields : rows) {
      BalanceGameRow row = row_from_json(fields);
      auto record = json::parse(row.record).get<balance::GameRecord>();
      run.hand_over(std::move(record), std::any(std::move(row)));
    }
  };
  farm.fail = [&](const std::string& error) { run.fail(error); };
  farm.stopped = [&] { return run.stopped(); };
  farm_out(cluster, farm);
}

json play_balance_block(const Cluster&, const json& order, BlockOfWork block,
                        const std::function<bool()>& stop) {
  // The settings of the runs this rank has played, rebuilt once each.
  static std::map<std::string, balance::BalanceSettings> known;
  const std::string key = order.dump();
  auto found = known.find(key);
  if (found == known.end()) found = known.emplace(key, settings_from_json(order)).first;
  balance::BalanceSettings settings = found->second;
  settings.range = balance::BalanceSettings::GameRange{block.first, block.end};
  json rows = json::array();
  balance::BalanceCallbacks callbacks;
  callbacks.prepare = [](const balance::GameRecord& record, std::span<const Move> moves) {
    return std::any(row_from_record(record, moves));
  };
  callbacks.on_game = [&](const balance::GameRecord&, std::any& row) {
    rows.push_back(row_to_json(std::any_cast<BalanceGameRow&>(row)));
  };
  callbacks.interrupted = stop;
  balance::run_balance(settings, callbacks);
  return rows;
}

}  // namespace grove::cli
