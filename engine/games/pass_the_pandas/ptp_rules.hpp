#pragma once
// The rules of Pass the Pandas for one variant and player count.

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/core/typed_rules.hpp"
#include "engine/games/pass_the_pandas/challenge_odds.hpp"
#include "engine/games/pass_the_pandas/position.hpp"

namespace grove::pass_the_pandas {

// Rule clauses (event ids); described in definition.cpp.
inline constexpr std::string_view kClauseRoll = "ptp.turn.roll";
inline constexpr std::string_view kClauseWater = "ptp.water.removed";
inline constexpr std::string_view kClausePanda = "ptp.panda.passed";
inline constexpr std::string_view kClauseChallengeNone = "ptp.challenge.none";
inline constexpr std::string_view kClauseChallengeMet = "ptp.challenge.met";
inline constexpr std::string_view kClauseChallengeTransfer = "ptp.challenge.transfer";
inline constexpr std::string_view kClauseChallengeShortfall = "ptp.challenge.shortfall";
inline constexpr std::string_view kClauseBamboozledExchange = "ptp.bamboozled.exchange";
inline constexpr std::string_view kClauseBamboozledKeep = "ptp.bamboozled.keep";
inline constexpr std::string_view kClauseTurnEnd = "ptp.turn.end";
inline constexpr std::string_view kClauseOut = "ptp.game.out";
inline constexpr std::string_view kClauseGameOver = "ptp.game.over";
inline constexpr std::string_view kClausePoints = "ptp.pandamonium.points";
inline constexpr std::string_view kClauseNewRound = "ptp.pandamonium.round";

// The faces a roll move shows, and "1 die" / "3 dice" for the log.
inline Faces faces_of(const Move& roll) {
  return Faces{roll.args[0], roll.args[1], roll.args[2], roll.args[3]};
}
inline std::string dice_word(int count) {
  return count == 1 ? "1 die" : std::to_string(count) + " dice";
}

enum MoveKind : std::uint16_t {
  kRoll = 1,       // chance: args water, panda, bamboo, blank
  kPassPanda = 2,  // args[0]: the receiving seat
  kExchange = 3,   // Bamboozled; args[0]: the other seat
  kKeepDice = 4,   // Bamboozled, declined
};

// The variant's settings, read once so that play does not look names up.
struct Settings {
  enum class ChallengeBasis { Rolled, SetAside };
  enum class PreviousPlayer { PreviousInGame, LastRoller, SeatBefore };
  enum class BamboozledTiming { AfterChallenge, BeforeChallenge };
  enum class BamboozledPartner { AnyPlayer, HoldingDice };
  enum class RoundStarter { Rotate, RoundWinner, LastPlace };
  enum class MatchEnd { EndOfRound, Immediately };

  int dice_per_player = 0;
  Faces die;  // how many faces of each kind one die has
  // Face number (0 .. die.total()-1) -> one in the 16-bit field of its kind
  // (water, panda, bamboo, blank from the lowest): a roll is then a sum of
  // table entries, with no unpredictable branch and no count in memory that
  // each die waits on (the simulators roll millions of dice).
  std::array<std::uint64_t, 24> face_field{};
  bool play_for_places = false;
  bool bamboozled = false;
  int bamboozled_min_dice = 4;
  bool pandamonium = false;
  int pandamonium_target = 0;
  Ruled<ChallengeBasis> challenge_basis = ChallengeBasis::Rolled;
  Ruled<PreviousPlayer> previous_player = PreviousPlayer::PreviousInGame;
  Ruled<BamboozledTiming> bamboozled_timing = BamboozledTiming::AfterChallenge;
  Ruled<BamboozledPartner> bamboozled_partner = BamboozledPartner::AnyPlayer;
  Ruled<RoundStarter> round_starter = RoundStarter::Rotate;
  Ruled<MatchEnd> match_end = MatchEnd::EndOfRound;
};

// Where each hook lives: settings.cpp (the constructor), moves.cpp (nodes,
// legal moves, rolls, rejection), turn.cpp (play, the outcome), notation.cpp,
// position_yaml.cpp, encoding.cpp (the position as bytes), view.cpp
// (summary; the explorer's view), board_svg.cpp (the table drawn for grove view), checks.cpp
// (invariants), strategy.cpp (heuristic, figures for reports).
class PtpRules final : public TypedRules<PtpRules, Position> {
 public:
  PtpRules(const Game& game, const Variant& variant, int players);

  const Settings& settings() const { return settings_; }
  // The position at the start of a round: everyone holds their starting dice.
  Position starting_position(Seat starter) const;
  int total_dice() const { return settings_.dice_per_player * players(); }

  // --- TypedRules hooks --------------------------------------------------------
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
  void encode_position(const Position& position, ByteWriter& out) const override;
  Position decode_position(ByteReader& in) const override;
  std::string summary_at(const Position& position) const override;
  std::uint64_t view_hash_at(const Position& position) const override;
  std::string board_svg_at(const Position& position) const override;

  std::vector<std::string> invariant_violations_at(const Position& position) const override;
  std::int64_t step_bound() const override;

  double heuristic_at(const Position& position, Seat seat) const override;
  int search_playout_moves() const override;
  MoveUse move_use_at(const Position& before, const Move& move) const override;
  std::vector<GameMetric> game_metrics_at(const Position& terminal,
                                          const EventLog& log) const override;

 private:
  bool may_bamboozle(const Position& position) const;
  bool may_exchange_with(const Position& position, Seat other) const;
  // Who hands dice to `roller` in their next bamboo challenge (ruling
  // ptp.previous_player), or kNoSeat.
  Seat challenge_giver(const Position& position, Seat roller) const;
  // The bamboo a roller must match against `giver` (ruling
  // ptp.challenge_basis).
  int bamboo_to_match(const Player& giver) const;
  // The view (view.cpp): whether a bamboo challenge can still measure
  // against `seat`'s bamboo before `seat` rolls again.
  bool bamboo_still_read(const Position& position, Seat seat) const;
  bool round_ends_at_first_out() const;
  // The dice `roller` is expected to be handed in their next bamboo
  // challenge not yet settled (strategy.cpp).
  double expected_handed(const Position& position, Seat roller) const;
  void after_pandas(Position& position, EventLog* log) const;
  void settle_challenge(Position& position, EventLog* log) const;
  void end_turn(Position& position, EventLog* log) const;
  void start_next_round(Position& position, EventLog* log) const;

  void list_rolls(int dice, Seat seat, std::vector<ChanceOutcome>& outcomes) const;

  Settings settings_;
  ChallengeOdds challenge_odds_;
  // The rolls of each number of dice (for seat P1), listed when first asked.
  mutable std::vector<std::vector<ChanceOutcome>> rolls_;
  std::unique_ptr<std::once_flag[]> rolls_listed_;
};

Settings read_settings(const Variant& variant, int players);

}  // namespace grove::pass_the_pandas
