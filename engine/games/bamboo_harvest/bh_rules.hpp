#pragma once
// The rules of Bamboo Harvest for one variant and player count.

#include <boost/container/static_vector.hpp>
#include <optional>
#include <string_view>

#include "engine/core/typed_rules.hpp"
#include "engine/games/bamboo_harvest/path.hpp"
#include "engine/games/bamboo_harvest/position.hpp"

namespace grove::bamboo_harvest {

// Rule clauses (event ids); described in definition.cpp.
inline constexpr std::string_view kClauseDealForest = "bh.setup.forest";
inline constexpr std::string_view kClauseDealDeeds = "bh.setup.deal";
inline constexpr std::string_view kClauseSetupDiscard = "bh.setup.discard";
inline constexpr std::string_view kClauseStarter = "bh.setup.starter";
inline constexpr std::string_view kClausePlace = "bh.setup.place";
inline constexpr std::string_view kClauseLayFaceUp = "bh.setup.face_up";
inline constexpr std::string_view kClauseBuild = "bh.build";
inline constexpr std::string_view kClauseWinPath = "bh.win.path";
inline constexpr std::string_view kClauseWinTokens = "bh.win.tokens";
inline constexpr std::string_view kClauseWildPath = "bh.win.wild_build";
inline constexpr std::string_view kClauseClearDisturbance = "bh.swap.clear";
inline constexpr std::string_view kClauseSwap = "bh.swap";
inline constexpr std::string_view kClauseWildMarked = "bh.swap.wild_marked";
inline constexpr std::string_view kClauseSwapDeedDiscarded = "bh.swap.deed_discarded";
inline constexpr std::string_view kClauseHarvestReeds = "bh.harvest.reeds";
inline constexpr std::string_view kClauseHarvestDraw = "bh.harvest.draw";
inline constexpr std::string_view kClauseHarvestNothing = "bh.harvest.nothing";
inline constexpr std::string_view kClauseDraw = "bh.draw";
inline constexpr std::string_view kClauseReshuffle = "bh.draw.reshuffle";
inline constexpr std::string_view kClauseNothingToDraw = "bh.draw.empty";
inline constexpr std::string_view kClauseRedraw = "bh.redraw";
inline constexpr std::string_view kClauseBuy = "bh.buy";
inline constexpr std::string_view kClauseHandLimit = "bh.manage.discard";
inline constexpr std::string_view kClauseReveal = "bh.manage.reveal";
inline constexpr std::string_view kClauseTurnEnd = "bh.turn.end";
inline constexpr std::string_view kClauseGameOver = "bh.game.over";
inline constexpr std::string_view kClauseStalled = "bh.game.stalled";

enum MoveKind : std::uint16_t {
  kDealForest = 1,  // chance: args cell, card
  kDeal = 2,        // chance, setup: a deed dealt to `seat`; args card
  kDraw = 3,        // chance, in play: a deed drawn by `seat`; args card
  kDiscard = 4,     // setup discard or hand-limit discard; args card
  kPlace = 5,       // setup token; args cell
  kBuild = 6,       // args cell, deed
  kSkipBuild = 7,
  kSwap = 8,  // args matching cell, other cell, deed, disturbed cell
  kSkipSwap = 9,
  kHarvest = 10,  // args token cell, harvested cell
  kBuy = 11,
  kSkipBuy = 12,
  kRedraw = 13,  // args card
  kKeep = 14,    // declines a redraw
  kReveal = 15,  // args card
  kEndTurn = 16,
};

// The variant's settings, read once so that play does not look names up.
struct Settings {
  enum class WildPath { NextBuildStep, RegularBuildNeeded, Illegal };
  enum class SetupWild { RankLosesTies, RankWinsTies, Highest };
  enum class EmptyPiles { NothingDrawn, GameEnds };

  Grid grid;
  int starting_reeds = 14;
  int deeds_dealt = 3;
  int deeds_kept = 2;
  int setup_tokens = 2;
  int tokens_per_player = 10;
  int tokens_to_win = 10;  // 0: no win by tokens
  int build_cost = 30;
  int swap_free_edges = 2;
  int swap_cost_per_edge = 5;
  PathLimits path;
  int hand_limit = 3;
  int buy_price = 10;
  int buys_per_turn = 1;
  int redraws_per_turn = 1;
  int wild_swap_uses = 1;
  std::array<int, 11> reeds_per_rank{};  // index 1..10

  Ruled<bool> wild_builds_after_swap = true;  // bh.wild_build_after_swap
  Ruled<WildPath> wild_path = WildPath::NextBuildStep;
  Ruled<bool> swap_deed_kept = true;        // bh.swap_deed
  Ruled<bool> harvest_all_matching = true;  // bh.matching_harvest
  Ruled<EmptyPiles> empty_piles = EmptyPiles::NothingDrawn;
  Ruled<bool> buy_before_harvest = false;     // bh.buy_timing
  Ruled<bool> token_win_immediately = false;  // bh.token_win_timing
  Ruled<SetupWild> setup_wild = SetupWild::RankLosesTies;
  Ruled<bool> redraw_any_drawn = false;        // bh.redraw_timing
  Ruled<bool> reshuffle_when_emptied = false;  // bh.reshuffle_timing
  Ruled<bool> wild_marker_stays = false;       // bh.wild_marker
};

Settings read_settings(const Variant& variant, int players);

class BhRules final : public TypedRules<BhRules, Position> {
 public:
  BhRules(const Game& game, const Variant& variant, int players);

  const Settings& settings() const { return settings_; }
  const Grid& grid() const { return settings_.grid; }

  Position initial_position() const override;
  Node node_at(const Position& position) const override;
  void legal_moves_at(const Position& position, std::vector<Move>& moves) const override;
  void chance_outcomes_at(const Position& position,
                          std::vector<ChanceOutcome>& outcomes) const override;
  Move sample_chance_at(const Position& position, Rng& rng) const override;
  std::optional<std::string> rejection(const Position& position, const Move& move) const override;
  void play(Position& position, const Move& move, EventLog* log) const override;
  Outcome outcome_at(const Position& position) const override;

  std::string move_text(const Move& move) const override;
  MoveParse parse_move(std::string_view text) const override;
  YAML::Node position_to_yaml(const Position& position) const override;
  Position position_from_yaml(const YAML::Node& node) const override;
  std::string summary_at(const Position& position) const override;
  std::string board_at(const Position& position) const override;
  std::string board_legend() const override;
  // The table as an SVG picture for grove view (board_svg.cpp).
  std::string board_svg_at(const Position& position) const override;
  // The position as compact bytes and back (encoding.cpp).
  void encode_position(const Position& position, ByteWriter& out) const override;
  Position decode_position(ByteReader& in) const override;

  std::vector<std::string> invariant_violations_at(const Position& position) const override;
  std::int64_t step_bound() const override;
  std::string observation_at(const Position& position, Seat seat) const override;
  // What the rules can still read of the position, for the explorer
  // (view_hash.cpp; README.md, "The explorer's view").
  std::uint64_t view_hash_at(const Position& position) const override;

  // Playing well (strategy.cpp).
  double heuristic_at(const Position& position, Seat seat) const override;
  void heuristics_at(const Position& position, std::vector<double>& values) const override;
  int search_playout_moves() const override;
  Position determinize_at(const Position& position, Seat seat, Rng& rng) const override;
  MoveUse move_use_at(const Position& before, const Move& move) const override;
  std::vector<GameMetric> game_metrics_at(const Position& terminal,
                                          const EventLog& log) const override;
  // Builds `seat` still needs for a winning path at the least (every vacant
  // or disturbed card on it built, other players' tokens within the limits),
  // or -1 when no path can be made; `on_path` gets the vacant and disturbed
  // cards that lie on some such cheapest path. Exposed for the tests.
  int path_gap(const Position& position, Seat seat, std::uint64_t* on_path = nullptr) const;

  // --- Used by the turn, setup and notation code ---------------------------
  // The position before the deal: every forest card in the box, every deed
  // in the draw pile, each player with the starting reeds.
  Position fresh_position() const;
  // The seat that decides at a decision step.
  Seat actor(const Position& position) const;
  // Runs the steps that need no decision until one does (or a chance node).
  void advance(Position& position, EventLog* log) const;
  int reeds_for(Card card) const {
    return settings_.reeds_per_rank[static_cast<std::size_t>(rank_of(card))];
  }
  int swap_cost(int a, int b) const { return swap_cost_over(grid().distance(a, b)); }
  // What a swap of two cards `edges` apart costs.
  int swap_cost_over(int edges) const {
    const int extra = edges - settings_.swap_free_edges;
    return extra > 0 ? extra * settings_.swap_cost_per_edge : 0;
  }
  static bool matches(Card deed, Card forest_card) {
    return is_wild(deed) || rank_of(deed) == rank_of(forest_card);
  }
  Owners owners(const Position& position) const;
  std::optional<std::vector<int>> winning_path(const Position& position, Seat seat) const;
  // What is wrong with a position (cards not conserved, negative reeds, ...).
  std::vector<std::string> check_position(const Position& position) const;
  // Who starts, given everyone's setup discards (Set Up 6).
  Seat starting_player(const Position& position) const;
  Seat placing_seat(const Position& position) const;  // Set Up 7

 private:
  struct ForestScan;
  ForestScan scan_forest(const Position& position) const;
  // path_gap from the cells with a token (`built`) and those among them of
  // other players (`others`): all the answer depends on.
  int path_gap(std::uint64_t built, std::uint64_t others, std::uint64_t* on_path) const;
  double seat_figure(const Position& position, const ForestScan& scan, Seat seat) const;

  std::optional<std::string> chance_rejection(const Position& position, const Move& move) const;
  // "" when the card is vacant, otherwise why it cannot be built, swapped or
  // harvested.
  std::string cell_problem(const Position& position, int cell) const;
  bool would_win(const Position& position, Seat seat, int cell) const;
  // Calls f(cell, deed) / f(swap move) for each legal build or swap of the
  // turn's player until f returns true; returns whether one did.
  template <class F>
  bool for_each_build(const Position& position, F&& f) const;
  // Calls f(deed, card, others) for each face-up deed of the turn's player
  // that may still swap and each vacant card it matches (in card and cell
  // order), with the vacant cards that card may swap with for the reeds the
  // player has, as a mask of cells (possibly none), until f returns true;
  // returns whether one did. Each (card, other, deed) is two swaps: the
  // disturbance token on the card, then on the other. Masks, because a
  // wild deed alone offers thousands of swaps.
  template <class F>
  bool for_each_swap_group(const Position& position, F&& f) const;
  bool has_build(const Position& position) const;
  bool has_swap(const Position& position) const;
  // The turn's next token to harvest (reading order), or -1.
  int next_harvester(const Position& position) const;
  std::optional<std::string> build_rejection(const Position& position, Seat seat, int cell,
                                             Card deed) const;
  std::optional<std::string> swap_rejection(const Position& position, Seat seat,
                                            const Move& move) const;
  // Adjacent vacant cards a token may harvest: one choice per card, or (under
  // bh.matching_harvest=all) one per rank, named by its first card. At most
  // four, held in place: every harvest an agent tries asks for them twice.
  using HarvestCells = boost::container::static_vector<int, 4>;
  void harvest_choices(const Position& position, int token, HarvestCells& cells) const;
  bool may_buy(const Position& position) const;
  bool can_draw(const Position& position) const;
  // For the view (view_hash.cpp): whether any price can ever be asked of a
  // player's reeds, and whether any deed can ever be drawn again.
  bool reeds_are_read() const;
  bool deeds_may_still_be_drawn(const Position& position) const;

  void apply_setup(Position& position, const Move& move, EventLog* log) const;
  void reveal_setup_discards(Position& position, EventLog* log) const;
  void lay_deeds_face_up(Position& position, EventLog* log) const;
  void apply_turn(Position& position, const Move& move, EventLog* log) const;
  void harvest(Position& position, int token, int cell, EventLog* log) const;
  void draw_card(Position& position, Card card, EventLog* log) const;
  void reshuffle(Position& position, EventLog* log) const;
  void discard(Position& position, Card card) const;
  void end_build_step(Position& position, EventLog* log) const;
  // Ends the game with a win by tokens if `seat` has enough on the board.
  bool wins_by_tokens(Position& position, Seat seat, EventLog* log) const;
  void end_turn(Position& position, EventLog* log) const;
  void finish(Position& position, Seat winner, WinKind how, EventLog* log) const;

  Settings settings_;
  // rings_[cell * ring_count_ + edges]: the cells `edges` apart from `cell`
  // (edges 0 .. rows + columns - 2), for the cards a swap can reach.
  int ring_count_ = 0;
  std::vector<std::uint64_t> rings_;
};

}  // namespace grove::bamboo_harvest
