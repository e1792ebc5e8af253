// The variant read once into Settings, so that play looks nothing up by name
// (parameters in definition.cpp), and the checks on settings the game cannot
// play.

#include <fmt/format.h>

#include "engine/core/errors.hpp"
#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {

Settings read_settings(const Variant& variant, int players) {
  Settings settings;
  settings.dice_per_player =
      static_cast<int>(variant.integer_for_players("dice_per_player", players));
  settings.die = Faces{static_cast<int>(variant.integer("water_faces")),
                       static_cast<int>(variant.integer("panda_faces")),
                       static_cast<int>(variant.integer("bamboo_faces")),
                       static_cast<int>(variant.integer("blank_faces"))};
  int face = 0;
  for (int kind = 0; kind < 4; ++kind) {
    const std::array<int, 4> counts = {settings.die.water, settings.die.panda, settings.die.bamboo,
                                       settings.die.blank};
    for (int i = 0; i < counts[static_cast<std::size_t>(kind)]; ++i) {
      settings.face_field[static_cast<std::size_t>(face++)] = std::uint64_t{1} << (16 * kind);
    }
  }
  settings.pandamonium = variant.flag("pandamonium");
  settings.play_for_places = variant.flag("play_for_places") || settings.pandamonium;
  settings.bamboozled = variant.flag("bamboozled");
  settings.bamboozled_min_dice = static_cast<int>(variant.integer("bamboozled_min_dice"));
  settings.pandamonium_target = static_cast<int>(variant.integer("pandamonium_target"));

  using S = Settings;
  settings.challenge_basis = variant.ruling_as<S::ChallengeBasis>(
      "ptp.challenge_basis",
      {{"rolled", S::ChallengeBasis::Rolled}, {"set_aside", S::ChallengeBasis::SetAside}});
  settings.previous_player = variant.ruling_as<S::PreviousPlayer>(
      "ptp.previous_player", {{"previous_in_game", S::PreviousPlayer::PreviousInGame},
                              {"last_roller", S::PreviousPlayer::LastRoller},
                              {"seat_before", S::PreviousPlayer::SeatBefore}});
  settings.bamboozled_timing = variant.ruling_as<S::BamboozledTiming>(
      "ptp.bamboozled_timing", {{"after_challenge", S::BamboozledTiming::AfterChallenge},
                                {"before_challenge", S::BamboozledTiming::BeforeChallenge}});
  settings.bamboozled_partner = variant.ruling_as<S::BamboozledPartner>(
      "ptp.bamboozled_partner", {{"any_player", S::BamboozledPartner::AnyPlayer},
                                 {"holding_dice", S::BamboozledPartner::HoldingDice}});
  settings.round_starter = variant.ruling_as<S::RoundStarter>(
      "ptp.pandamonium_starter", {{"rotate", S::RoundStarter::Rotate},
                                  {"round_winner", S::RoundStarter::RoundWinner},
                                  {"last_place", S::RoundStarter::LastPlace}});
  settings.match_end = variant.ruling_as<S::MatchEnd>(
      "ptp.pandamonium_end",
      {{"end_of_round", S::MatchEnd::EndOfRound}, {"immediately", S::MatchEnd::Immediately}});
  return settings;
}

PtpRules::PtpRules(const Game& game, const Variant& variant, int players)
    : TypedRules(game, variant, players),
      settings_(read_settings(variant, players)),
      challenge_odds_(settings_.dice_per_player * players,
                      settings_.die.total() == 0
                          ? 0.0
                          : static_cast<double>(settings_.die.bamboo) / settings_.die.total()) {
  if (settings_.die.total() == 0) {
    throw InputError({}, "blank_faces", "the die needs at least one face");
  }
  // A roll is one chance node whose probabilities have denominator
  // faces^dice; every die in play can end up in one player's hands.
  if (!fits_power(static_cast<std::uint64_t>(settings_.die.total()), total_dice())) {
    throw InputError({}, "dice_per_player",
                     fmt::format("{} dice of {} faces are too many for exact roll probabilities; "
                                 "use fewer dice or faces",
                                 total_dice(), settings_.die.total()));
  }
  rolls_.resize(static_cast<std::size_t>(total_dice()) + 1);
  rolls_listed_ = std::make_unique<std::once_flag[]>(rolls_.size());
}

}  // namespace grove::pass_the_pandas
