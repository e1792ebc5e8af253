// Forest Shuffle's table as a picture (board_svg.cpp): what a designer would
// notice in it. Each player's forest is framed in the seat's colour, the one
// to play most boldly; every tree, sapling and card in a slot is drawn (a
// stack of toads or hares card by card); tooltips name the cards; the
// winter cards revealed are shown; the picture is well-formed, the same for
// the same position and different for another, and stays so through whole
// games of five players.

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "engine/core/agent.hpp"
#include "engine/core/svg.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"

namespace grove::forest_shuffle {
namespace {

const Game& forest_shuffle() { return builtin_games().get("forest_shuffle"); }

// P1: a Birch with a Bullfinch on top, two Common Toads below and three
// European Hares to the left, and a sapling with a Peacock Butterfly; P2 (to
// play): a Beech with a Tawny Owl and a Parasol Mushroom.
const char* kTable =
    "turn: P2\n"
    "winter: 1\n"
    "clearing: [linden, TB05]\n"
    "players:\n"
    "  P1:\n"
    "    hand: [oak, LR07]\n"
    "    forest:\n"
    "      - {tree: birch, top: bullfinch, bottom: [common_toad, common_toad],\n"
    "         left: [european_hare, european_hare, european_hare]}\n"
    "      - {sapling: LR44, top: TB20 peacock_butterfly}\n"
    "    cave: 3\n"
    "  P2:\n"
    "    hand: [beech]\n"
    "    forest: [{tree: beech, top: TB14 tawny_owl, bottom: TB37 parasol_mushroom}]\n";

std::unique_ptr<State> read(const Rules& rules, const std::string& yaml) {
  return rules.state_from_yaml(load_yaml_text(yaml, "table"));
}

int count(const std::string& text, const std::string& what) {
  int found = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++found;
  return found;
}

// Each player's part of the picture, by seat.
std::vector<std::string> panels(const std::string& svg) {
  std::vector<std::string> parts;
  const std::string mark = "<g class=\"player\"";
  for (auto at = svg.find(mark); at != std::string::npos;) {
    const auto next = svg.find(mark, at + 1);
    parts.push_back(svg.substr(at, next == std::string::npos ? std::string::npos : next - at));
    at = next;
  }
  return parts;
}

// Empty when every tag opened is closed, in order, and the picture is one
// <svg> element; else what is wrong.
std::string nesting_problem(const std::string& svg) {
  if (svg.rfind("<svg", 0) != 0) return "does not start with <svg";
  if (svg.size() < 6 || svg.substr(svg.size() - 6) != "</svg>") return "does not end with </svg>";
  static const std::regex tag("<(/?)([a-zA-Z]+)[^>]*?(/?)>");
  std::vector<std::string> open;
  for (std::sregex_iterator it(svg.begin(), svg.end(), tag), end; it != end; ++it) {
    const std::string name = (*it)[2];
    if ((*it)[1] == "/") {
      if (open.empty() || open.back() != name) return "</" + name + "> closes nothing open";
      open.pop_back();
      if (open.empty() && it->position() + it->length() != static_cast<long>(svg.size())) {
        return "something after the closing </svg>";
      }
    } else if ((*it)[3] != "/") {
      open.push_back(name);
    }
  }
  return open.empty() ? "" : "<" + open.back() + "> left open";
}

TEST(ForestShuffleBoardSvg, EachForestIsFramedInItsSeatsColourTheOneToPlayMostBoldly) {
  const auto rules = forest_shuffle().rules(Variant(forest_shuffle()), 2);
  const std::string svg = rules->board_svg(*read(*rules, kTable));
  const auto parts = panels(svg);
  ASSERT_EQ(parts.size(), 2U) << svg;
  static const std::regex frame("<rect class=\"forest\"[^>]*>");
  for (Seat seat = 0; seat < 2; ++seat) {
    std::smatch found;
    const auto& part = parts[static_cast<std::size_t>(seat)];
    ASSERT_TRUE(std::regex_search(part, found, frame)) << part;
    EXPECT_NE(found.str().find("stroke=\"" + std::string(seat_colour(seat)) + "\""),
              std::string::npos)
        << found.str();
    // P2 is to play.
    EXPECT_EQ(found.str().find("stroke-width=\"3\"") != std::string::npos, seat == 1)
        << found.str();
  }
  EXPECT_NE(parts[1].find(">to play<"), std::string::npos);
  EXPECT_EQ(parts[0].find(">to play<"), std::string::npos);
}

TEST(ForestShuffleBoardSvg, EveryTreeSaplingAndCardInASlotIsDrawnStacksCardByCard) {
  const auto rules = forest_shuffle().rules(Variant(forest_shuffle()), 2);
  const auto state = read(*rules, kTable);
  const Position& position = position_of<Position>(*state);
  const auto parts = panels(rules->board_svg(*state));
  ASSERT_EQ(parts.size(), 2U);
  for (Seat seat = 0; seat < 2; ++seat) {
    const Player& player = position.player(seat);
    int saplings = 0;
    int dwellers = 0;
    for (const Tree& tree : player.forest) {
      saplings += tree.sapling ? 1 : 0;
      dwellers += tree.dwellers();
    }
    const auto& part = parts[static_cast<std::size_t>(seat)];
    EXPECT_EQ(count(part, "class=\"tree"), static_cast<int>(player.forest.size())) << part;
    EXPECT_EQ(count(part, "class=\"tree sapling\""), saplings) << part;
    EXPECT_EQ(count(part, "class=\"dweller\""), dwellers) << part;
  }
  // P1: 2 trees (one a sapling), 1 + 2 toads + 3 hares + 1 butterfly.
  EXPECT_EQ(count(parts[0], "class=\"dweller\""), 7);
  // A stack's front card says how many share the slot (the name wraps).
  EXPECT_NE(parts[0].find(">Hare \u00d73<"), std::string::npos) << parts[0];
  EXPECT_NE(parts[0].find(">Toad \u00d72<"), std::string::npos) << parts[0];
}

TEST(ForestShuffleBoardSvg, TooltipsNameTheWholeCard) {
  const auto rules = forest_shuffle().rules(Variant(forest_shuffle()), 2);
  const std::string svg = rules->board_svg(*read(*rules, kTable));
  // A tree card, a sapling (its card shown to designers), a slot's card with
  // the half tucked under the tree, a stack, and a whole card in a hand.
  EXPECT_NE(svg.find("<title>tree 1: Birch (tree, Birch symbol, cost 0)</title>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<title>tree 2: a sapling, LR44 ("), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>top of tree 1: Tawny Owl (bird, "), std::string::npos) << svg;
  EXPECT_NE(svg.find("; card TB14 over "), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>left of tree 1: 3 share the slot, European Hare (pawed animal"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<title>LR07: left "), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>The cave: 3 cards under it</title>"), std::string::npos) << svg;
}

TEST(ForestShuffleBoardSvg, IsWellFormedTheSameForTheSamePositionAndDifferentForAnother) {
  const auto rules = forest_shuffle().rules(Variant(forest_shuffle()), 2);
  const std::string svg = rules->board_svg(*read(*rules, kTable));
  EXPECT_EQ(nesting_problem(svg), "") << svg;
  EXPECT_EQ(rules->board_svg(*read(*rules, kTable)), svg);
  EXPECT_EQ(count(svg, "class=\"revealed\""), 1);
  // A second winter card revealed is a different picture, with two drawn.
  std::string later = kTable;
  later.replace(later.find("winter: 1"), 9, "winter: 2");
  const std::string other = rules->board_svg(*read(*rules, later));
  EXPECT_NE(other, svg);
  EXPECT_EQ(count(other, "class=\"revealed\""), 2);
}

TEST(ForestShuffleBoardSvg, StaysWellFormedAndCompleteThroughWholeGamesOfFivePlayers) {
  const auto rules = forest_shuffle().rules(Variant(forest_shuffle()), 5);
  for (std::uint64_t seed = 0; seed < 2; ++seed) {
    Rng rng(seed);
    RandomAgent agent;
    auto state = rules->initial_state();
    for (int step = 0;; ++step) {
      const bool over = rules->node(*state).kind == NodeKind::Terminal;
      if (step % 50 == 0 || over) {
        const Position& position = position_of<Position>(*state);
        const std::string svg = rules->board_svg(*state);
        ASSERT_EQ(nesting_problem(svg), "") << "seed " << seed << " step " << step;
        int trees = 0;
        int dwellers = 0;
        for (const Player& player : position.players) {
          trees += static_cast<int>(player.forest.size());
          for (const Tree& tree : player.forest) dwellers += tree.dwellers();
        }
        EXPECT_EQ(count(svg, "class=\"tree"), trees);
        const auto parts = panels(svg);
        ASSERT_EQ(parts.size(), 5U);
        for (std::size_t seat = 0; seat < parts.size(); ++seat) {
          const std::string colour(seat_colour(static_cast<Seat>(seat)));
          EXPECT_NE(parts[seat].find("stroke=\"" + colour + "\""), std::string::npos);
        }
        EXPECT_EQ(count(svg, "class=\"dweller\""), dwellers);
        // Compact enough to embed once per move of a long game.
        EXPECT_LT(svg.size(), 64'000U) << "seed " << seed << " step " << step;
      }
      if (over) break;
      ASSERT_TRUE(rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
    }
  }
}

}  // namespace
}  // namespace grove::forest_shuffle
