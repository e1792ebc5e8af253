#pragma once
// The rules of Forest Shuffle for one variant and player count
// (forest_shuffle_rulebook.md; the cards from cards.yaml).

#include <boost/container/small_vector.hpp>
#include <limits>
#include <optional>
#include <string_view>

#include "engine/core/typed_rules.hpp"
#include "engine/games/forest_shuffle/cards.hpp"
#include "engine/games/forest_shuffle/forest.hpp"
#include "engine/games/forest_shuffle/forest_memo.hpp"
#include "engine/games/forest_shuffle/position.hpp"
#include "engine/games/forest_shuffle/settings.hpp"

namespace grove::forest_shuffle {

// Rule clauses (event ids); described in definition.cpp.
inline constexpr std::string_view kClauseDeal = "fs.setup.deal";
inline constexpr std::string_view kClauseMulligan = "fs.setup.mulligan";
inline constexpr std::string_view kClauseKeepHand = "fs.setup.keep";
inline constexpr std::string_view kClauseDrawAction = "fs.draw.action";
inline constexpr std::string_view kClauseDraw = "fs.draw.card";
inline constexpr std::string_view kClauseTake = "fs.draw.clearing";
inline constexpr std::string_view kClauseHandFull = "fs.draw.hand_full";
inline constexpr std::string_view kClauseDeckEmpty = "fs.draw.deck_empty";
inline constexpr std::string_view kClauseWinter = "fs.winter.revealed";
inline constexpr std::string_view kClausePlayTree = "fs.play.tree";
inline constexpr std::string_view kClausePlaySapling = "fs.play.sapling";
inline constexpr std::string_view kClausePlayDweller = "fs.play.dweller";
inline constexpr std::string_view kClausePay = "fs.play.pay";
inline constexpr std::string_view kClauseReveal = "fs.play.reveal";
inline constexpr std::string_view kClauseBonusEarned = "fs.bonus.earned";
inline constexpr std::string_view kClauseEffect = "fs.effect.use";
inline constexpr std::string_view kClauseBonus = "fs.bonus.use";
inline constexpr std::string_view kClauseMushroom = "fs.mushroom.draw";
inline constexpr std::string_view kClauseDecline = "fs.ability.decline";
inline constexpr std::string_view kClauseNothing = "fs.ability.nothing";
inline constexpr std::string_view kClauseFreePlay = "fs.free_play";
inline constexpr std::string_view kClauseExtraTurn = "fs.extra_turn";
inline constexpr std::string_view kClauseCave = "fs.cave";
inline constexpr std::string_view kClauseMole = "fs.mole";
inline constexpr std::string_view kClauseClearingEmptied = "fs.clearing.emptied";
inline constexpr std::string_view kClauseTurnEnd = "fs.turn.end";
inline constexpr std::string_view kClauseGameOver = "fs.end.over";
inline constexpr std::string_view kClauseScore = "fs.score.card";

// Moves. A placement is a side + 1 (0: as a tree) and a tree number (1 for
// the first tree of the forest; 0 for a tree). Unused arguments are 0.
enum MoveKind : std::uint16_t {
  kDeckCard = 1,      // chance: the deck's top card to `seat` (no seat: the clearing); args card
  kWinter = 2,        // chance: the deck's top card is a winter card
  kDrawFromDeck = 3,  // the draw action: a card from the deck
  kTakeFromClearing = 4,  // the draw action: args card
  kPlay = 5,              // args card, side + 1, tree number
  kSapling = 6,           // args card, played face down
  kPay = 7,               // args the payment cards + 1, ascending
  kUse = 8,               // args species, source (the offered ability)
  kDecline = 9,           // args species, source
  kPlaceFree = 10,        // args card, side + 1, tree number
  kTuck = 11,             // args card (under the cave)
  kStop = 12,             // args the task that stops: free plays, tucking or the Mole's plays
  kMulligan = 13,
  kKeepHand = 14,
};
inline constexpr int kMaxPayment = 4;

// What kStop ends.
enum class Stopping : std::uint8_t { FreePlays, Tucking, MolePlays };
inline constexpr std::array<const char*, 3> kStoppingWords = {"placing", "tucking", "playing"};

// Where a card goes: as a tree (no side), or to a side of the forest's tree
// `tree` (an index from 0).
struct Placement {
  std::optional<Side> side;
  int tree = 0;
  bool operator==(const Placement&) const = default;
};

// A card going into a forest, and how it got there.
struct Played {
  CardId card = kNoCard;
  Placement placement;
  bool sapling = false;   // face down, as a sapling
  bool bonus = false;     // paid with matching cards
  bool via_mole = false;  // played through the Mole's effect
  bool free = false;      // placed for free: no effect, no bonus
};
Placement placement_of(const Move& move);                // from args 1 and 2 of a play
Placement placement_of(const Task& payment);             // where the card being paid for goes
std::string placement_text(const Placement& placement);  // "left of tree 2", "" for a tree

// Tasks lined up by one move: a few, kept in place (a move is applied
// thousands of times a second by agents).
using TaskList = boost::container::small_vector<Task, 4>;

class ForestShuffleRules final : public TypedRules<ForestShuffleRules, Position> {
 public:
  ForestShuffleRules(const Game& game, const Variant& variant, int players);

  const Settings& settings() const { return settings_; }
  const CardBook& book() const { return settings_.book; }

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
  std::string board_svg_at(const Position& position) const override;  // board_svg.cpp
  std::optional<std::string> score_sheet_at(const Position& position) const override;
  // The position as compact bytes and back (encoding.cpp).
  void encode_position(const Position& position, ByteWriter& out) const override;
  Position decode_position(ByteReader& in) const override;

  std::vector<std::string> invariant_violations_at(const Position& position) const override;
  // The explorer's view: what the rules can still read (view_hash.cpp).
  std::uint64_t view_hash_at(const Position& position) const override;
  std::int64_t step_bound() const override;
  std::string observation_at(const Position& position, Seat seat) const override;

  // --- Agents and balance reports (strategy.cpp) ----------------------------
  double heuristic_at(const Position& position, Seat seat) const override;
  // The same figures, with every forest's census taken once for all seats.
  void heuristics_at(const Position& position, std::vector<double>& values) const override;
  int search_playout_moves() const override;
  Position determinize_at(const Position& position, Seat seat, Rng& rng) const override;
  MoveUse move_use_at(const Position& before, const Move& move) const override;
  std::vector<GameMetric> game_metrics_at(const Position& terminal,
                                          const EventLog& log) const override;

  // --- Used by the turn, notation, YAML and board code ----------------------
  // The table before the deal: the deck stacked for this player count,
  // nobody holding anything, the deal and the first turn to come.
  Position fresh_position() const;
  // With `enough`, the listing may stop once it has that many moves: two
  // tell a choice with one answer from a real one.
  void legal_moves_listed(const Position& position, std::vector<Move>& moves,
                          std::size_t enough) const;
  static constexpr std::size_t kAllMoves = std::numeric_limits<std::size_t>::max();
  // Runs the tasks that need no decision until one does (or chance acts, or
  // the game is over).
  void advance(Position& position, EventLog* log) const;
  std::vector<std::string> check_position(const Position& position) const;
  // What is wrong with a payment task of a hand-written position (the card
  // and where it goes), if anything.
  std::optional<std::string> payment_task_problem(const Position& position, const Task& task) const;
  // The position's YAML form; `viewer` hides what that seat cannot see
  // (other hands, caves and saplings, mulliganed cards).
  YAML::Node position_yaml(const Position& position, Seat viewer) const;

  // Readable names: "LR07 (Raccoon | Roe Deer)", "Linden".
  std::string card_text(CardId card) const { return book().card_name(card); }
  std::string card_code(CardId card) const;  // "LR07", "linden"
  // The card in the rulebook's words, for reports: the species it shows,
  // then its code ("Red Fox / Badger (LR07)"; a tree card: "Linden").
  std::string card_label(CardId card) const;
  const std::string& species_name(SpeciesId species) const {
    return book().species_of(species).name;
  }
  int cost_of(CardId card, const Placement& placement) const;
  // The play or free placement's card half shown (the tree's species for a
  // tree card).
  SpeciesId species_at(CardId card, const Placement& placement) const;
  std::string task_text(const Task& task) const;  // "offer P1 bonus roe_deer"

 private:
  // --- Legality (moves.cpp) ---
  std::optional<std::string> chance_rejection(const Position& position, const Move& move) const;
  std::optional<std::string> placement_problem(const Position& position, Seat seat, CardId card,
                                               const Placement& placement) const;
  // The move's card (its first argument) is one the seat holds.
  std::optional<std::string> held_card_problem(const Position& position, Seat seat,
                                               const Move& move) const;
  // A held card, and where the move puts it, fit.
  std::optional<std::string> placing_problem(const Position& position, Seat seat,
                                             const Move& move) const;
  std::optional<std::string> play_problem(const Position& position, const Task& task,
                                          const Move& move) const;
  std::optional<std::string> payment_problem(const Position& position, const Task& task,
                                             const Move& move) const;
  std::optional<std::string> free_play_problem(const Position& position, const Task& task,
                                               const Move& move) const;
  std::string expecting(const Position& position) const;  // what the front task waits for
  void draw_moves(const Position& position, Seat seat, std::vector<Move>& moves) const;
  // The plays of a turn, or of the Mole's effect (`mole`).
  // These three stop adding once `moves` holds `enough`.
  void play_moves(const Position& position, Seat seat, bool mole, std::vector<Move>& moves,
                  std::size_t enough) const;
  void payment_moves(const Position& position, const Task& task, std::vector<Move>& moves,
                     std::size_t enough) const;
  void free_play_moves(const Position& position, const Task& task, std::vector<Move>& moves,
                       std::size_t enough) const;
  // Each open slot (or a tree) for the card in the seat's forest; `types`
  // limits the halves (0: any).
  void placements(const Player& player, CardId card, Types types,
                  std::vector<Placement>& found) const;
  bool offer_useful(const Position& position, const Task& offer) const;
  bool ability_useful(const Position& position, Seat seat, const Ability& ability) const;

  // --- The game's progress (flow.cpp) ---
  // Does what the front task needs nobody to decide; false when it waits
  // for chance or a player. `moves` is scratch space.
  bool settle_front(Position& position, std::vector<Move>& moves, EventLog* log) const;
  bool settle_draw(Position& position, EventLog* log) const;
  bool settle_choice(Position& position, std::vector<Move>& moves, EventLog* log) const;
  // The clearing check, then the next turn (or an extra one).
  void end_turn(Position& position, EventLog* log) const;

  // --- The deck (deck.cpp) ---
  enum class NextCard : std::uint8_t { Chance, Winter, None };
  NextCard next_card(const Position& position) const;
  // The front task's draw: who gets the card (kNoSeat: the clearing).
  void take_card(Position& position, CardId card, EventLog* log) const;
  void take_winter(Position& position, EventLog* log) const;
  void end_game(Position& position, EventLog* log) const;

  // --- The turn (turn.cpp) ---
  void apply_decision(Position& position, const Move& move, EventLog* log) const;
  void settle_starting_hand(Position& position, const Move& move, EventLog* log) const;
  // A card of the draw action, from the deck or the clearing.
  void draw_one(Position& position, const Move& move, EventLog* log) const;
  // The end of a series of free placements, tucks or Mole plays.
  void stop_series(Position& position, const Move& move, EventLog* log) const;
  void start_play(Position& position, const Move& move, EventLog* log) const;
  void pay(Position& position, const Move& move, EventLog* log) const;
  // Places the card and lines up what follows: the card turned into the
  // clearing after a tree, mushroom draws, the effect, the bonus.
  void resolve(Position& position, Seat seat, const Played& played, EventLog* log) const;
  // The draws the player's active mushrooms offer for the card just placed.
  void mushroom_offers(const Position& position, Seat seat, const Played& played,
                       TaskList& offers) const;
  void record_placement(const Position& position, Seat seat, const Played& played,
                        EventLog* log) const;
  void use_offer(Position& position, const Task& offer, EventLog* log) const;

  // --- Agents (strategy.cpp) ---
  // The turns each player can still expect before the last winter card.
  double turns_left(const Position& position) const;
  // What an offer of `species`' `source` to `seat` would be worth, in points;
  // `census` is the census of that seat's forest.
  double offer_value(const Position& position, const Task& offer, const Census& census) const;
  // Every forest's census, by seat (held in memo_).
  CensusRefs survey_forests(const Position& position) const;
  // One seat's heuristic, given every forest's census.
  double seat_heuristic(const Position& position, Seat seat, const CensusRefs& censuses) const;

  Settings settings_;
  ForestMemo memo_{settings_, instance_id()};
};

}  // namespace grove::forest_shuffle
