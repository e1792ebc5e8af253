#include "reports/balance/game_record.hpp"

#include <algorithm>

namespace grove::balance {

std::vector<Seat> GameRecord::winners() const {
  std::vector<Seat> seats;
  if (!ended) return seats;
  for (std::size_t seat = 0; seat < places.size(); ++seat) {
    if (places[seat] == 1) seats.push_back(static_cast<Seat>(seat));
  }
  return seats;
}

std::optional<std::int64_t> GameRecord::winning_margin() const {
  if (!ended || scores.size() != places.size()) return std::nullopt;
  std::optional<std::int64_t> best_winner, best_other;
  for (std::size_t seat = 0; seat < places.size(); ++seat) {
    std::optional<std::int64_t>& best = places[seat] == 1 ? best_winner : best_other;
    best = std::max(best.value_or(scores[seat]), scores[seat]);
  }
  if (!best_winner || !best_other) return std::nullopt;
  return *best_winner - *best_other;
}

void to_json(nlohmann::json& json, const GameRecord& record) {
  nlohmann::json metrics = nlohmann::json::array();
  for (const GameMetric& metric : record.metrics) {
    metrics.push_back({{"name", metric.name}, {"seat", metric.seat}, {"value", metric.value}});
  }
  json = {{"index", record.index},
          {"block", record.block},
          {"rotation", record.rotation},
          {"seed", record.seed},
          {"agents", record.agents},
          {"ended", record.ended},
          {"places", record.places},
          {"scores", record.scores},
          {"moves", record.moves},
          {"decisions", record.decisions},
          {"turns", record.turns},
          {"lead_changes", record.lead_changes},
          {"winner_leads_from", record.winner_leads_from},
          {"actions", record.actions},
          {"items", record.items},
          {"metrics", metrics},
          {"seconds", record.seconds}};
}

void from_json(const nlohmann::json& json, GameRecord& record) {
  json.at("index").get_to(record.index);
  json.at("block").get_to(record.block);
  json.at("rotation").get_to(record.rotation);
  json.at("seed").get_to(record.seed);
  json.at("agents").get_to(record.agents);
  json.at("ended").get_to(record.ended);
  json.at("places").get_to(record.places);
  json.at("scores").get_to(record.scores);
  json.at("moves").get_to(record.moves);
  json.at("decisions").get_to(record.decisions);
  json.at("turns").get_to(record.turns);
  json.at("lead_changes").get_to(record.lead_changes);
  json.at("winner_leads_from").get_to(record.winner_leads_from);
  json.at("actions").get_to(record.actions);
  json.at("items").get_to(record.items);
  record.metrics.clear();
  for (const nlohmann::json& metric : json.at("metrics")) {
    record.metrics.push_back({metric.at("name").get<std::string>(), metric.at("seat").get<Seat>(),
                              metric.at("value").get<double>()});
  }
  json.at("seconds").get_to(record.seconds);
}

void to_json(nlohmann::json& json, const RunInfo& info) {
  json = {{"run_id", info.run_id},
          {"game", info.game},
          {"game_title", info.game_title},
          {"variant", info.variant},
          {"variant_hash", info.variant_hash},
          {"variant_settings", info.variant_settings},
          {"players", info.players},
          {"agents", info.agents},
          {"seed", info.seed},
          {"games_planned", info.games_planned},
          {"precision", info.precision},
          {"jobs", info.jobs},
          {"ranks", info.ranks},
          {"stopped_by", info.stopped_by},
          {"seconds", info.seconds},
          {"started_at", info.started_at},
          {"command", info.command}};
}

void from_json(const nlohmann::json& json, RunInfo& info) {
  json.at("run_id").get_to(info.run_id);
  json.at("game").get_to(info.game);
  json.at("game_title").get_to(info.game_title);
  json.at("variant").get_to(info.variant);
  json.at("variant_hash").get_to(info.variant_hash);
  info.variant_settings.clear();
  if (json.contains("variant_settings")) json.at("variant_settings").get_to(info.variant_settings);
  json.at("players").get_to(info.players);
  json.at("agents").get_to(info.agents);
  json.at("seed").get_to(info.seed);
  json.at("games_planned").get_to(info.games_planned);
  json.at("precision").get_to(info.precision);
  json.at("jobs").get_to(info.jobs);
  info.ranks = json.value("ranks", 1);
  json.at("stopped_by").get_to(info.stopped_by);
  json.at("seconds").get_to(info.seconds);
  json.at("started_at").get_to(info.started_at);
  json.at("command").get_to(info.command);
}

}  // namespace grove::balance
