// The table as a picture (board_svg.cpp), checked for what a designer would
// notice: a card per cell with its name on hover, tokens in their owner's
// colour, disturbance tokens, every deed in hand, the piles' counts, whose
// turn it is; a well-formed picture that changes when the table does, sized
// from the table and small enough to embed once per move.

#include <gtest/gtest.h>

#include <regex>
#include <vector>

#include "engine/core/agent.hpp"
#include "engine/core/svg.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"

namespace grove {
namespace {

std::unique_ptr<Rules> rules_for(int players, const std::vector<std::string>& settings = {}) {
  const Game& game = builtin_games().get("bamboo_harvest");
  Variant variant(game);
  for (const auto& setting : settings) variant.set_parameter_text(setting);
  return game.rules(variant, players);
}

std::unique_ptr<Rules> small_forest() {
  return rules_for(2, {"forest_rows=2", "forest_columns=3", "setup_tokens=1"});
}

// A 2x3 forest: P1 built on b1 and a2, P2 on c2, P2's disturbance token on
// c1; P1 holds a wild deed used for a swap and a face-down deed.
const char* kPosition =
    "turn: P1\n"
    "forest:\n"
    "  - 7H     3D:P1  KH!P2\n"
    "  - 9D:P1  9H     2Dg:P2\n"
    "players:\n"
    "  P1: {reeds: 40, up: [7S, wildQ], down: [9C]}\n"
    "  P2: {reeds: 3, up: [2S]}\n"
    "wild_swaps: {wildQ: 1}\n"
    "discard_pile: [2C, 5S]\n";

std::unique_ptr<State> position(const Rules& rules, const std::string& yaml) {
  return rules.state_from_yaml(load_yaml_text(yaml, "test"));
}

int count(const std::string& text, const std::string& part) {
  int found = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++found;
  }
  return found;
}

// The elements between `<g ATTRIBUTES>` and its `</g>` (groups nest).
std::string group(const std::string& svg, const std::string& attributes) {
  const std::string open = "<g " + attributes + ">";
  const std::size_t start = svg.find(open);
  if (start == std::string::npos) return {};
  int depth = 0;
  for (std::size_t at = start; at < svg.size(); ++at) {
    if (svg.compare(at, 2, "<g") == 0 && (svg[at + 2] == ' ' || svg[at + 2] == '>')) ++depth;
    if (svg.compare(at, 4, "</g>") == 0 && --depth == 0) {
      return svg.substr(start + open.size(), at - start - open.size());
    }
  }
  return {};
}

// Every tag closed in order, nothing after the picture.
bool well_formed(const std::string& svg) {
  std::vector<std::string> open;
  for (std::size_t at = svg.find('<'); at != std::string::npos; at = svg.find('<', at + 1)) {
    const std::size_t end = svg.find('>', at);
    if (end == std::string::npos) return false;
    const std::string tag = svg.substr(at + 1, end - at - 1);
    if (tag.back() == '/') continue;
    if (tag.front() == '/') {
      if (open.empty() || open.back() != tag.substr(1)) return false;
      open.pop_back();
      if (open.empty() && end + 1 != svg.size()) return false;
    } else {
      open.push_back(tag.substr(0, tag.find(' ')));
    }
  }
  return open.empty() && svg.rfind("<svg", 0) == 0;
}

std::vector<std::string> titles(const std::string& svg) {
  std::vector<std::string> found;
  const std::regex title("<title>([^<]*)</title>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), title); it != std::sregex_iterator();
       ++it) {
    found.push_back((*it)[1]);
  }
  return found;
}

// The picture's width and height.
std::pair<double, double> canvas(const std::string& svg) {
  std::smatch match;
  const std::regex box("viewBox=\"0 0 ([0-9.]+) ([0-9.]+)\"");
  if (!std::regex_search(svg, match, box)) return {0, 0};
  return {std::stod(match[1]), std::stod(match[2])};
}

TEST(BambooHarvestSvg, IsAWellFormedPicture) {
  const auto rules = small_forest();
  const std::string svg = rules->board_svg(*position(*rules, kPosition));
  EXPECT_EQ(svg.rfind("<svg", 0), 0U);
  EXPECT_EQ(svg.substr(svg.size() - 6), "</svg>");
  EXPECT_TRUE(well_formed(svg)) << svg;
}

TEST(BambooHarvestSvg, EveryForestCellIsACardNamedOnHover) {
  const auto rules = small_forest();
  const std::string svg = rules->board_svg(*position(*rules, kPosition));
  int cells = 0;
  for (const std::string& title : titles(svg)) {
    cells += std::regex_search(title, std::regex("^[a-c][12]: ")) ? 1 : 0;
  }
  EXPECT_EQ(cells, 6) << svg;
  EXPECT_EQ(count(svg, "<use href=\"#k\""), 3);   // 7H, 9H vacant, KH disturbed: face up
  EXPECT_EQ(count(svg, "<use href=\"#b0\""), 2);  // 3D, 9D face down
  EXPECT_EQ(count(svg, "<use href=\"#b1\""), 1);  // 2Dg face down, green back
  EXPECT_NE(svg.find("<title>a1: 7 of Hearts (7H), vacant, 4 reeds</title>"), std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<title>b1: 3 of Diamonds (3D), built by P1 (face down)</title>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("c1: King of Hearts (KH), disturbed by P2"), std::string::npos) << svg;
  // The coordinates along the edges.
  EXPECT_NE(svg.find(">c</text>"), std::string::npos);
  EXPECT_NE(svg.find(">2</text>"), std::string::npos);
}

TEST(BambooHarvestSvg, TokensAreDiscsInTheirOwnersColour) {
  const auto rules = small_forest();
  const std::string svg = rules->board_svg(*position(*rules, kPosition));
  for (Seat seat = 0; seat < 2; ++seat) {
    const std::string discs = group(
        svg, "fill=\"" + std::string(seat_colour(seat)) + "\" stroke=\"#fff\" stroke-width=\"2\"");
    EXPECT_EQ(count(discs, "<circle"), seat == 0 ? 2 : 1) << seat_label(seat) << "\n" << svg;
  }
  // P2's disturbance token: a ring in P2's colour, and none of P1's.
  auto rings = [&](Seat seat) {
    return count(svg, "fill=\"#fff\" stroke=\"" + std::string(seat_colour(seat)) +
                          "\" stroke-width=\"3.5\"");
  };
  EXPECT_EQ(rings(1), 1) << svg;
  EXPECT_EQ(rings(0), 0) << svg;
}

TEST(BambooHarvestSvg, HandsAndPilesShowEveryDeedAndTheCounts) {
  const auto rules = small_forest();
  const std::string svg = rules->board_svg(*position(*rules, kPosition));
  EXPECT_NE(svg.find("<title>7 of Spades (7S), face up</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>9 of Clubs (9C), face down</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>wild Queen (wildQ), face up; matches any forest card; marked: "
                     "used for 1 of 1 swaps</title>"),
            std::string::npos)
      << svg;
  EXPECT_EQ(count(svg, "<use href=\"#w\""), 1);  // the wild deed, green
  // 9C face down, and two for each pile (a card behind the top one).
  EXPECT_EQ(count(svg, "<use href=\"#e0\""), 5);
  EXPECT_NE(svg.find("40 reeds \u00b7 2/10 tokens"), std::string::npos) << svg;
  EXPECT_NE(svg.find("3 reeds \u00b7 1/10 tokens"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>discard pile: 2 cards, face down: 2C, 5S</title>"), std::string::npos)
      << svg;
  EXPECT_NE(svg.find("font-weight=\"bold\" fill=\"#fff\">2</text>"), std::string::npos) << svg;
}

TEST(BambooHarvestSvg, SaysWhoseTurnItIsAndChangesWithTheTable) {
  const auto rules = small_forest();
  const auto state = position(*rules, kPosition);
  const std::string before = rules->board_svg(*state);
  EXPECT_NE(before.find(">P1 to build</text>"), std::string::npos) << before;
  EXPECT_EQ(before, rules->board_svg(*position(*rules, kPosition)));  // deterministic
  // P1's frame is drawn in P1's colour.
  EXPECT_NE(before.find("stroke=\"" + std::string(seat_colour(0)) + "\" stroke-width=\"3\""),
            std::string::npos);
  ASSERT_TRUE(rules->apply(*state, rules->parse_move("P1 skips build").move, nullptr).is_legal());
  const std::string after = rules->board_svg(*state);
  EXPECT_NE(after, before);
  EXPECT_NE(after.find(">P1 to swap</text>"), std::string::npos) << after;
}

TEST(BambooHarvestSvg, TheCanvasGrowsWithTheTableAndStaysSmall) {
  const auto small = small_forest();
  const auto [small_w, small_h] = canvas(small->board_svg(*position(*small, kPosition)));
  // The largest table: a 7x7 forest and four players, after random play.
  const auto big = rules_for(4);
  auto state = big->initial_state();
  Rng rng(7);
  RandomAgent agent;
  for (int step = 0; step < 400 && big->node(*state).kind != NodeKind::Terminal; ++step) {
    ASSERT_TRUE(big->apply(*state, next_move(*big, *state, agent, rng), nullptr).is_legal());
  }
  const std::string svg = big->board_svg(*state);
  const auto [big_w, big_h] = canvas(svg);
  EXPECT_LT(small_w, big_w);
  EXPECT_LT(small_h, big_h);
  EXPECT_LE(big_w, 1000);
  EXPECT_LE(big_h, 760);
  EXPECT_TRUE(well_formed(svg));
  EXPECT_LT(svg.size(), 20000U);
  int cards = 0;
  for (const std::string& title : titles(svg)) {
    cards += std::regex_search(title, std::regex("^[a-g][1-7]: ")) ? 1 : 0;
  }
  EXPECT_EQ(cards, 49);
}

}  // namespace
}  // namespace grove
