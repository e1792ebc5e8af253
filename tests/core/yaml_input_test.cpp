#include "engine/core/yaml_input.hpp"

#include <gtest/gtest.h>

namespace grove {
namespace {

TEST(YamlInput, MalformedYamlNamesLineAndColumn) {
  try {
    load_yaml_text("players: 4\nsteps: [roll P1\nend: {}\n", "case.yaml");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where().file, "case.yaml");
    EXPECT_EQ(error.where().line, 3);
    EXPECT_GT(error.where().column, 0);
    EXPECT_NE(std::string(error.what()).find("case.yaml:3:"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("malformed YAML"), std::string::npos);
  }
}

TEST(YamlInput, AKeyWrittenTwiceIsAnErrorAtItsSecondPlace) {
  // yaml-cpp would keep both and every lookup would find the first.
  const std::string text = "players: 2\nsteps:\n  - roll P1\nsetup: {a: 1, b: 2}\nsteps: []\n";
  try {
    load_yaml_text(text, "case.yaml");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "case.yaml:5:1: 'steps': the key appears twice in this map (first on line 2): "
                 "write it once");
  }
  // Inside a nested map and a list too.
  EXPECT_THROW(load_yaml_text("start:\n  - {dice: 3, dice: 4}\n", "x.yaml"), InputError);
  // The same key in different maps is fine.
  EXPECT_NO_THROW(load_yaml_text("a: {x: 1}\nb: {x: 2}\n", "x.yaml"));
}

TEST(YamlInput, ASecondDocumentIsAnErrorRatherThanIgnored) {
  try {
    load_yaml_text("players: 2\n---\nplayers: 3\n", "case.yaml");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where().file, "case.yaml");
    EXPECT_EQ(error.where().line, 2);  // the marker that starts it
    EXPECT_NE(std::string(error.what()).find("second YAML document"), std::string::npos)
        << error.what();
  }
  // One document, marked or not, and an empty file, read as before.
  EXPECT_EQ(load_yaml_text("---\nplayers: 2\n", "x.yaml")["players"].as<int>(), 2);
  EXPECT_TRUE(load_yaml_text("# nothing\n", "x.yaml").IsNull());
  // yaml-cpp's LoadAll finds documents without end in this (and ran out of
  // memory): it is read as one, as a mistake of its own.
  EXPECT_NO_THROW(load_yaml_text(",game: takenoko\nplayers: 2\n", "x.yaml"));
}

TEST(YamlInput, AFolderOrTooDeepANestingIsSaidAsSuch) {
  // Were "expected a variant (a map), got nothing" and "malformed YAML: bad
  // file".
  try {
    load_yaml_file("/tmp");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(), "/tmp: is a folder; expected a YAML file");
  }
  try {
    load_yaml_text("a: " + std::string(3000, '[') + std::string(3000, ']') + "\n", "deep.yaml");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("deep.yaml:1:"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("levels deep, deeper than grove reads"),
              std::string::npos)
        << error.what();
  }
}

TEST(YamlInput, MissingFileIsAnInputError) {
  try {
    load_yaml_file("/nonexistent/grove/case.yaml");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(), "/nonexistent/grove/case.yaml: cannot read the file");
  }
}

TEST(YamlInput, TypedReadersExplainWhatWasExpected) {
  YAML::Node node = load_yaml_text("count: many\nseat: P9\n", "x.yaml");
  try {
    read_integer(node["count"], "count", 0, 10);
    FAIL();
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(), "line 1:8: 'count': expected a whole number, got 'many'");
  }
  try {
    read_seat(node["seat"], "seat", 4);
    FAIL();
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(), "line 2:7: 'seat': expected a seat from P1 to P4, got 'P9'");
  }
}

TEST(YamlInput, ClosestNameOnlySuggestsLikelyTypos) {
  EXPECT_EQ(closest_name("dice_per_playr", {"dice_per_player", "water_faces"}), "dice_per_player");
  EXPECT_EQ(closest_name("zebra", {"dice_per_player", "water_faces"}), std::nullopt);
}

}  // namespace
}  // namespace grove
