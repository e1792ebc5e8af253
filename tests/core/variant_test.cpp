#include "engine/core/variant.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/core/game.hpp"
#include "engine/games/builtin.hpp"
#include "tests/support/errors.hpp"
#include "tests/support/temp_folder.hpp"

namespace grove {
namespace {

const Game& pandas() { return builtin_games().get("pass_the_pandas"); }

const auto error_of = testing::message_of<InputError>;

TEST(Variant, StartsFromTheGameDefaults) {
  Variant variant(pandas());
  EXPECT_EQ(variant.name(), "default");
  EXPECT_EQ(variant.integer_for_players("dice_per_player", 2), 6);
  EXPECT_EQ(variant.integer_for_players("dice_per_player", 3), 6);
  EXPECT_EQ(variant.integer_for_players("dice_per_player", 4), 5);
  EXPECT_EQ(variant.integer_for_players("dice_per_player", 5), 4);
  EXPECT_EQ(variant.ruling("ptp.challenge_basis"), "rolled");
  EXPECT_TRUE(variant.differences().empty());
}

// A game reads a ruling once, into a typed value; a mapping that does not
// name exactly the declared alternatives is refused when the rules are built.
TEST(Variant, RulingsAreReadIntoTypedValuesWithEveryAlternativeMapped) {
  enum class Basis { Rolled, SetAside };
  Variant variant(pandas());
  variant.set_ruling_text("ptp.challenge_basis=set_aside");
  EXPECT_EQ(variant.ruling_as<Basis>("ptp.challenge_basis",
                                     {{"rolled", Basis::Rolled}, {"set_aside", Basis::SetAside}}),
            Basis::SetAside);
  EXPECT_TRUE(variant.ruling_is("ptp.challenge_basis", "set_aside"));
  EXPECT_FALSE(variant.ruling_is("ptp.challenge_basis", "rolled"));

  auto refusal = [&](auto read) {
    try {
      read();
    } catch (const std::logic_error& error) {
      return std::string(error.what());
    }
    return std::string("(accepted)");
  };
  // A renamed alternative.
  EXPECT_EQ(refusal([&] {
              (void)variant.ruling_as<Basis>(
                  "ptp.challenge_basis", {{"rolled", Basis::Rolled}, {"aside", Basis::SetAside}});
            }),
            "pass_the_pandas reads ruling 'ptp.challenge_basis' wrongly: 'aside' is not one of "
            "its alternatives (rolled, set_aside)");
  // One left out.
  EXPECT_EQ(refusal([&] {
              (void)variant.ruling_as<Basis>("ptp.challenge_basis", {{"rolled", Basis::Rolled}});
            }),
            "pass_the_pandas reads ruling 'ptp.challenge_basis' wrongly: its alternative "
            "'set_aside' is not mapped");
  // One given twice.
  EXPECT_EQ(refusal([&] {
              (void)variant.ruling_as<Basis>("ptp.challenge_basis", {{"rolled", Basis::Rolled},
                                                                     {"set_aside", Basis::SetAside},
                                                                     {"rolled", Basis::SetAside}});
            }),
            "pass_the_pandas reads ruling 'ptp.challenge_basis' wrongly: 'rolled' is mapped twice");
  // A misspelled ruling, and yes-or-no asked of a ruling with three readings.
  EXPECT_EQ(refusal([&] { (void)variant.ruling_is("ptp.challenge_bases", "rolled"); }),
            "pass_the_pandas reads ruling 'ptp.challenge_bases' wrongly: the game declares no "
            "such ruling");
  EXPECT_EQ(refusal([&] { (void)variant.ruling_is("ptp.previous_player", "last_roller"); }),
            "pass_the_pandas reads ruling 'ptp.previous_player' as yes or no, but it has 3 "
            "alternatives: map each with ruling_as");
  EXPECT_EQ(refusal([&] { (void)variant.ruling_is("ptp.challenge_basis", "rolledd"); }),
            "pass_the_pandas reads ruling 'ptp.challenge_basis' wrongly: 'rolledd' is not one of "
            "its alternatives (rolled, set_aside)");
}

TEST(Variant, PerPlayerCountTakesOneNumberOrAMap) {
  Variant variant(pandas());
  variant.set_parameter_text("dice_per_player=7");
  EXPECT_EQ(variant.integer_for_players("dice_per_player", 2), 7);
  EXPECT_EQ(variant.integer_for_players("dice_per_player", 5), 7);
  variant.set_parameter_text("dice_per_player={2: 3}");
  EXPECT_EQ(variant.integer_for_players("dice_per_player", 2), 3);
  EXPECT_EQ(variant.integer_for_players("dice_per_player", 4), 7);
}

TEST(Variant, TablesChangeTheNamedKeysOnly) {
  Variant variant(builtin_games().get("bamboo_harvest"));
  variant.set_parameter_text("reeds_per_rank={A: 4, 10: 9}");
  const IntegerTable& reeds = variant.table("reeds_per_rank");
  EXPECT_EQ(reeds.at("A"), 4);
  EXPECT_EQ(reeds.at("10"), 9);
  EXPECT_EQ(reeds.at("5"), 3);
  // What makes the variant different: the changed entries only.
  EXPECT_EQ(variant.differences(), std::vector<std::string>{"reeds_per_rank={A: 4, 10: 9}"});
  EXPECT_EQ(error_of([&] { variant.set_parameter_text("reeds_per_rank={K: 3}"); }),
            "--set: 'reeds_per_rank': unknown key 'K', expected one of A, 2, 3, 4, 5, 6, 7, 8, 9, "
            "10");
  EXPECT_EQ(error_of([&] { variant.set_parameter_text("reeds_per_rank={5: 30}"); }),
            "--set: 'reeds_per_rank.5': expected a whole number from 0 to 20, got 30");
  EXPECT_EQ(error_of([&] { variant.set_parameter_text("reeds_per_rank=3"); }),
            "--set: 'reeds_per_rank': expected a map from A, 2, 3, 4, 5, 6, 7, 8, 9, 10 to a "
            "whole number");
}

TEST(Variant, UnknownParameterSuggestsTheClosestName) {
  Variant variant(pandas());
  EXPECT_EQ(error_of([&] { variant.set_parameter_text("dice_per_playr=3"); }),
            "--set: 'dice_per_playr': unknown parameter of pass_the_pandas (did you mean "
            "'dice_per_player'?); see 'grove rules pass_the_pandas'");
}

TEST(Variant, OutOfRangeAndWrongTypesNameWhatIsValid) {
  Variant variant(pandas());
  EXPECT_EQ(error_of([&] { variant.set_parameter_text("water_faces=9"); }),
            "--set: 'water_faces': expected a whole number from 0 to 6, got 9");
  EXPECT_EQ(error_of([&] { variant.set_parameter_text("bamboozled=maybe"); }),
            "--set: 'bamboozled': expected true or false, got 'maybe'");
  EXPECT_EQ(error_of([&] { variant.set_parameter_text("dice_per_player={7: 3}"); }),
            "--set: 'dice_per_player': expected a whole number from 2 to 5, got 7");
  EXPECT_EQ(error_of([&] { variant.set_parameter_text("water_faces"); }),
            "'--set': expected NAME=VALUE, got 'water_faces'");
  // Nothing was changed by the failed attempts.
  EXPECT_TRUE(variant.differences().empty());
}

TEST(Variant, RulingsAcceptOnlyTheirAlternatives) {
  Variant variant(pandas());
  EXPECT_EQ(error_of([&] { variant.set_ruling_text("ptp.challenge_basis=held"); }),
            "--ruling: 'ptp.challenge_basis': expected one of rolled, set_aside, got 'held'");
  EXPECT_EQ(error_of([&] { variant.set_ruling_text("ptp.challenge_bases=rolled"); }),
            "--ruling: 'ptp.challenge_bases': unknown ruling of pass_the_pandas (did you mean "
            "'ptp.challenge_basis'?); see 'grove rules pass_the_pandas'");
  variant.set_ruling_text("ptp.challenge_basis=set_aside");
  EXPECT_EQ(variant.ruling("ptp.challenge_basis"), "set_aside");
  EXPECT_EQ(variant.differences(), std::vector<std::string>{"ptp.challenge_basis=set_aside"});
}

TEST(Variant, HashIdentifiesTheRulesPlayed) {
  Variant a(pandas()), b(pandas());
  EXPECT_EQ(a.hash_hex(), b.hash_hex());
  b.set_parameter_text("bamboozled=true");
  EXPECT_NE(a.hash_hex(), b.hash_hex());
  b.set_parameter_text("bamboozled=false");
  EXPECT_EQ(a.hash_hex(), b.hash_hex());
}

// Every setting of every game changed at once, written as differences and
// read back over the defaults: the same rules (what a stored balance run
// rebuilds its variant from).
TEST(Variant, DifferencesRebuildTheSameVariant) {
  for (const auto& game : builtin_games().games()) {
    Variant changed(*game);
    for (const ParamSpec& spec : game->parameters) {
      std::string value;
      switch (spec.type) {
        case ParamType::Integer:
          value = std::get<std::int64_t>(spec.default_value) == spec.min ? std::to_string(spec.max)
                                                                         : std::to_string(spec.min);
          break;
        case ParamType::Flag:
          value = std::get<bool>(spec.default_value) ? "false" : "true";
          break;
        case ParamType::Choice:
          value = spec.choices.back() == std::get<std::string>(spec.default_value)
                      ? spec.choices.front()
                      : spec.choices.back();
          break;
        case ParamType::IntegerPerPlayerCount:
          value = fmt::format("{{{}: {}}}", game->max_players, spec.min);
          break;
        case ParamType::IntegerTable: {
          const auto& [key, number] = std::get<IntegerTable>(spec.default_value).entries.back();
          value = fmt::format("{{{}: {}}}", key, number == spec.min ? spec.max : spec.min);
          break;
        }
      }
      changed.set_parameter_text(spec.name + "=" + value);
    }
    for (const Ruling& ruling : game->rulings) {
      changed.set_ruling_text(ruling.id + "=" + ruling.alternative_ids().back());
    }
    ASSERT_FALSE(changed.differences().empty()) << game->name;
    Variant rebuilt(*game);
    rebuilt.apply_differences(changed.differences());
    EXPECT_EQ(rebuilt.canonical_text(), changed.canonical_text()) << game->name;
    EXPECT_EQ(rebuilt.hash_hex(), changed.hash_hex()) << game->name;
  }
}

TEST(Variant, FileErrorsNameFileLineAndKey) {
  const testing::TempFolder folder("variants");
  const std::string path = folder.write("grove_variant_test.yaml",
                                        "game: pass_the_pandas\n"
                                        "name: quick\n"
                                        "parameters:\n"
                                        "  water_faces: 2\n"
                                        "  blank_face: 2\n");
  EXPECT_EQ(error_of([&] { load_variant_file(pandas(), path); }),
            path +
                ":5:3: 'blank_face': unknown parameter of pass_the_pandas (did you mean "
                "'blank_faces'?); see 'grove rules pass_the_pandas'");

  const std::string wrong_game = folder.write("grove_variant_game.yaml", "game: takenoko\n");
  EXPECT_EQ(error_of([&] { load_variant_file(pandas(), wrong_game); }),
            wrong_game + ":1:7: 'game': this variant is for 'takenoko', not 'pass_the_pandas'");

  const std::string unknown_key =
      folder.write("grove_variant_key.yaml", "parameter:\n  water_faces: 2\n");
  EXPECT_EQ(error_of([&] { load_variant_file(pandas(), unknown_key); }),
            unknown_key +
                ":1:1: 'parameter': unknown key (did you mean 'parameters'?); expected "
                "one of: game, name, description, parameters, rulings");
}

TEST(Variant, FileSetsNameAndValues) {
  const testing::TempFolder folder("variants");
  const std::string path = folder.write("grove_variant_ok.yaml",
                                        "game: pass_the_pandas\nname: dry\n"
                                        "parameters: {water_faces: 0, blank_faces: 4}\n"
                                        "rulings: {ptp.bamboozled_timing: before_challenge}\n");
  Variant variant = load_variant_file(pandas(), path);
  EXPECT_EQ(variant.name(), "dry");
  EXPECT_EQ(variant.integer("water_faces"), 0);
  EXPECT_EQ(variant.integer("blank_faces"), 4);
  EXPECT_EQ(variant.ruling("ptp.bamboozled_timing"), "before_challenge");
}

}  // namespace
}  // namespace grove
