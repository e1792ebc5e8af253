#pragma once
// The rules of Takenoko for one variant and player count
// (takenoko_rulebook.md with takenoko_faq.txt, which overrides it in places).

#include <optional>
#include <string_view>

#include "engine/core/typed_rules.hpp"
#include "engine/games/takenoko/plantation.hpp"
#include "engine/games/takenoko/position.hpp"

namespace grove::takenoko {

// Rule clauses (event ids); described in definition.cpp.
inline constexpr std::string_view kClauseDeal = "tk.setup.deal";
inline constexpr std::string_view kClauseWeatherRoll = "tk.weather.roll";
inline constexpr std::string_view kClauseSun = "tk.weather.sun";
inline constexpr std::string_view kClauseRain = "tk.weather.rain";
inline constexpr std::string_view kClauseWind = "tk.weather.wind";
inline constexpr std::string_view kClauseStorm = "tk.weather.storm";
inline constexpr std::string_view kClauseClouds = "tk.weather.clouds";
inline constexpr std::string_view kClauseCloudsEmpty = "tk.weather.clouds_empty";
inline constexpr std::string_view kClauseQuestion = "tk.weather.question";
inline constexpr std::string_view kClauseWeatherIgnored = "tk.weather.ignored";
inline constexpr std::string_view kClausePlotDraw = "tk.plot.draw";
inline constexpr std::string_view kClausePlotKeep = "tk.plot.keep";
inline constexpr std::string_view kClausePlotPlace = "tk.plot.place";
inline constexpr std::string_view kClauseChannelTake = "tk.irrigation.take";
inline constexpr std::string_view kClauseChannelPlace = "tk.irrigation.place";
inline constexpr std::string_view kClauseFirstIrrigation = "tk.irrigation.first";
inline constexpr std::string_view kClauseGardenerMove = "tk.gardener.move";
inline constexpr std::string_view kClauseGardenerGrow = "tk.gardener.grow";
inline constexpr std::string_view kClausePandaMove = "tk.panda.move";
inline constexpr std::string_view kClausePandaEat = "tk.panda.eat";
inline constexpr std::string_view kClauseEnclosure = "tk.panda.enclosure";
inline constexpr std::string_view kClauseImprovementTake = "tk.improvement.take";
inline constexpr std::string_view kClauseImprovementPlace = "tk.improvement.place";
inline constexpr std::string_view kClauseImprovementMove = "tk.improvement.move";
inline constexpr std::string_view kClauseObjectiveDraw = "tk.objective.draw";
inline constexpr std::string_view kClauseObjectiveDiscard = "tk.objective.discard";
inline constexpr std::string_view kClauseObjectiveExhausted = "tk.objective.exhausted";
inline constexpr std::string_view kClauseObjectiveComplete = "tk.objective.complete";
inline constexpr std::string_view kClauseStandIn = "tk.bamboo.stand_in";
inline constexpr std::string_view kClauseShort = "tk.bamboo.short";
inline constexpr std::string_view kClauseTooFewActions = "tk.actions.too_few";
inline constexpr std::string_view kClauseEmperor = "tk.end.emperor";
inline constexpr std::string_view kClauseTurnEnd = "tk.turn.end";
inline constexpr std::string_view kClauseGameOver = "tk.end.over";

// Moves; every cell is two arguments q, r. Unused arguments are 0.
enum MoveKind : std::uint16_t {
  kDeal = 1,           // chance, set-up: an objective dealt to `seat`; args objective
  kRollWeather = 2,    // chance: args weather face
  kDrawPlot = 3,       // chance: a plot tile drawn by `seat`; args tile
  kDrawObjective = 4,  // chance: an objective card drawn by `seat`; args objective
  kTakePlots = 5,      // action: draw plot tiles
  kTakeChannel = 6,    // action: take an irrigation channel
  kMoveGardener = 7,   // action: args q, r
  kMovePanda = 8,      // action: args q, r
  kTakeObjective = 9,  // action (or the advanced variant's redraw): args category
  kKeepPlot = 10,      // args kept tile, then each tile put under the pile + 1 in order (0: none)
  kPlacePlot = 11,     // args tile, q, r, improvement token added from the board (0: none)
  kPlaceChannel = 12,  // args q, r, q, r of the edge's two cells (smaller first)
  kPlaceImprovement = 13,  // a kept token: args improvement, q, r
  kComplete = 14,          // args objective
  kEndTurn = 15,
  kChooseWeather = 16,    // '?' (or clouds with nothing left): args weather face
  kRain = 17,             // args q, r
  kStorm = 18,            // args q, r
  kTakeImprovement = 19,  // clouds: args improvement
  kMoveImprovement =
      20,  // clouds with nothing left (tk.clouds_empty=move_placed): args improvement, q, r, q, r
  kIgnoreWeather = 21,
};

// The variant's settings, read once so that play does not look names up.
struct Settings {
  enum class CloudsEmpty { OtherFace, MovePlaced };

  std::array<int, kTileKinds> tiles{};
  std::array<int, kObjectiveKinds> objectives{};  // copies of each card in the piles
  std::array<int, kColours> bamboo{};
  std::array<int, kImprovementKinds> improvement_tokens{};
  int channels = 20;
  int hand_limit = 5;
  int objectives_to_end = 9;
  int emperor_points = 2;
  int plots_drawn = 3;
  int max_height = 4;
  int fertilized_growth = 2;  // sections per growth on a fertilized plot (otherwise one)
  int actions_per_turn = 2;
  bool weather_die = true;
  bool advanced_objectives = false;

  // Rulings.
  Ruled<CloudsEmpty> clouds_empty = CloudsEmpty::OtherFace;  // tk.clouds_empty
  Ruled<bool> gardener_on_objective = true;                  // tk.gardener_objective_position
  Ruled<bool> exact_height = true;                           // tk.gardener_objective_height
  Ruled<bool> channel_needs_two_plots = true;                // tk.channel_beside_empty
  Ruled<bool> repeat_when_too_few = false;                   // tk.too_few_actions
  Ruled<bool> actions_optional = false;                      // tk.actions_optional
  Ruled<bool> stand_in_sections = true;                      // tk.bamboo_supply
  Ruled<bool> rain_on_full_bamboo = true;                    // tk.rain_at_max
  Ruled<bool> fertilized_first_growth = true;                // tk.fertilizer_first_growth
  Ruled<bool> keep_last_when_exhausted = false;              // tk.advanced_exhausted
};

Settings read_settings(const Variant& variant, int players);

class TakenokoRules final : public TypedRules<TakenokoRules, Position> {
 public:
  TakenokoRules(const Game& game, const Variant& variant, int players);

  const Settings& settings() const { return settings_; }

  Position initial_position() const override;
  Node node_at(const Position& position) const override;
  void legal_moves_at(const Position& position, std::vector<Move>& moves) const override;
  void chance_outcomes_at(const Position& position,
                          std::vector<ChanceOutcome>& outcomes) const override;
  std::optional<std::string> rejection(const Position& position, const Move& move) const override;
  void play(Position& position, const Move& move, EventLog* log) const override;
  Outcome outcome_at(const Position& position) const override;

  std::string move_text(const Move& move) const override;
  MoveParse parse_move(std::string_view text) const override;
  YAML::Node position_to_yaml(const Position& position) const override;
  Position position_from_yaml(const YAML::Node& node) const override;
  // The position as bytes (encoding.cpp).
  void encode_position(const Position& position, ByteWriter& out) const override;
  Position decode_position(ByteReader& in) const override;
  std::string summary_at(const Position& position) const override;
  std::string board_at(const Position& position) const override;
  std::string board_legend() const override;
  // The table as a picture for grove view (board_svg.cpp).
  std::string board_svg_at(const Position& position) const override;
  // Every player's completed objectives with their points, the Emperor
  // card, the totals and the places (score_sheet.cpp), for grove score.
  std::optional<std::string> score_sheet_at(const Position& position) const override;

  std::vector<std::string> invariant_violations_at(const Position& position) const override;
  std::int64_t step_bound() const override;
  std::string observation_at(const Position& position, Seat seat) const override;
  std::uint64_t view_hash_at(const Position& position) const override;

  // Agents and balance reports (strategy.cpp).
  double heuristic_at(const Position& position, Seat seat) const override;
  // Every seat's figure, with the plantation surveyed once for all of them.
  void heuristics_at(const Position& position, std::vector<double>& values) const override;
  int search_playout_moves() const override;
  int search_iterations() const override;
  Position determinize_at(const Position& position, Seat seat, Rng& rng) const override;
  MoveUse move_use_at(const Position& before, const Move& move) const override;
  std::vector<GameMetric> game_metrics_at(const Position& terminal,
                                          const EventLog& log) const override;

  // --- Used by the turn, notation, YAML and board code ----------------------
  // Who acts next, in words: "P1 to choose an action", or what chance does
  // ("chance rolls the weather die for P2").
  std::string next_to_act(const Position& position) const;
  // The table before the deal: every tile and card in its pile, the
  // reserves full, the gardener and the panda on the pond.
  Position fresh_position() const;
  // `only`: when not 0, just the legal moves of that kind (a cheaper check
  // of one move than the whole list); 0, all of them.
  void legal_moves_of_kind(const Position& position, std::vector<Move>& moves,
                           std::uint16_t only) const;
  // Runs the steps that need no decision until one does (or chance acts, or
  // the game is over).
  void advance(Position& position, EventLog* log) const;
  // What is wrong with a position: things not conserved, heights out of
  // range, bamboo on a plot never irrigated, channels off the network, ...
  std::vector<std::string> check_position(const Position& position) const;

  // Whether `seat` meets the objective on this table now.
  bool fulfilled(const Position& position, Seat seat, ObjectiveId objective) const;
  // Points of completed objectives plus the Emperor card; and of panda
  // objectives alone (the tie-break).
  int score(const Position& position, Seat seat) const;
  int panda_points(const Position& position, Seat seat) const;
  // Whether the action can be taken now (possible, and allowed by the turn's
  // actions so far and the weather).
  bool action_allowed(const Position& position, Action action) const;
  bool may_end_turn(const Position& position) const;

 private:
  std::optional<std::string> chance_rejection(const Position& position, const Move& move) const;
  // Why an action cannot be taken now, as a value for the hot path
  // (action_allowed); action_rejection() puts it in words.
  enum class ActionBar : std::uint8_t { None, AllTaken, Repeated, Impossible };
  ActionBar action_bar(const Position& position, Action action) const;
  std::optional<std::string> action_rejection(const Position& position, Action action) const;
  bool action_possible(const Position& position, Action action) const;
  // Whether an action not yet taken this turn is possible.
  bool other_action_possible(const Position& position) const;
  // The free moves of the turn's player: completing objectives, placing kept
  // channels and improvements.
  void free_moves(const Position& position, std::vector<Move>& moves, std::uint16_t only) const;
  // Whether the turn's player has any free move: the turn ends by itself
  // when it has none and no action is left (asked after nearly every move
  // at the end of a turn, so it stops at the first it finds).
  bool any_free_move(const Position& position) const;
  // Whether legal_moves_at lists `move` (the last check of rejection()).
  bool listed(const Position& position, const Move& move) const;
  // Calls visit(move) for each free move (of kind `only`; 0: every kind),
  // in the order free_moves lists them, until visit returns false; returns
  // whether it was stopped.
  template <class Visit>
  bool each_free_move(const Position& position, std::uint16_t only, Visit visit) const;
  void weather_moves(const Position& position, std::vector<Move>& moves) const;
  // Whether an improvement may go on the plot, the rain fall there (no:
  // no plot); the _problem functions say why not.
  bool improvement_spot_open(const Plot* plot) const;
  bool rain_allowed(const Plot* plot) const;
  std::optional<std::string> improvement_spot_problem(const Position& position,
                                                      const Hex& at) const;
  std::optional<std::string> rain_problem(const Position& position, const Hex& at) const;
  std::optional<std::string> move_problem(const Position& position, const Hex& from, const Hex& to,
                                          const char* piece) const;
  // Why the objective is not met now ("" when it is).
  std::string shortfall(const Position& position, Seat seat, ObjectiveId objective) const;

  void apply_chance(Position& position, const Move& move, EventLog* log) const;
  void apply_decision(Position& position, const Move& move, EventLog* log) const;
  void start_weather(Position& position, Weather face, EventLog* log) const;
  void take_action(Position& position, Action action) const;
  // One growth of the plot's bamboo (the rain, the gardener or the first
  // irrigation, named by its clause): one section, or more on a fertilized
  // plot, capped at the maximum height and taken from the supply.
  void grow(Position& position, Plot& plot, std::string_view clause, EventLog* log) const;
  // A plot becomes irrigated: the first growth, once.
  void irrigate(Position& position, Plot& plot, EventLog* log) const;
  void place_improvement(Position& position, Plot& plot, Improvement improvement,
                         EventLog* log) const;
  void panda_eats(Position& position, const Hex& at, EventLog* log) const;
  void complete(Position& position, ObjectiveId objective, EventLog* log) const;
  void received_objective(Position& position, ObjectiveId objective, EventLog* log) const;
  void end_turn(Position& position, EventLog* log) const;
  void start_turn(Position& position) const;

  Settings settings_;
};

}  // namespace grove::takenoko
