// The plot-objective matcher (takenoko_faq.txt, "Plot objectives": rotations
// allowed, mirror images of four-plot shapes not; every plot irrigated)
// against a brute-force matcher that works differently: it tries every
// ordered choice of plots and asks whether the differences between them are
// the card's differences under one rotation.

#include <gtest/gtest.h>

#include <random>

#include "engine/games/takenoko/components.hpp"
#include "engine/games/takenoko/plantation.hpp"

namespace grove::takenoko {
namespace {

Hex minus(const Hex& a, const Hex& b) { return Hex{a.q - b.q, a.r - b.r}; }

bool brute_force(const Position& position, const std::vector<PlotCell>& cells) {
  std::vector<const Plot*> chosen;
  std::function<bool()> extend = [&]() {
    const std::size_t k = chosen.size();
    if (k == cells.size()) {
      for (int turn = 0; turn < 6; ++turn) {
        bool all = true;
        for (std::size_t i = 0; i < k && all; ++i) {
          for (std::size_t j = 0; j < k && all; ++j) {
            all = minus(chosen[i]->at, chosen[j]->at) ==
                  rotated(minus(cells[i].at, cells[j].at), turn);
          }
        }
        if (all) return true;
      }
      return false;
    }
    for (const Plot& plot : position.plots) {
      if (!plot.irrigated || plot.colour != cells[k].colour) continue;
      if (std::find(chosen.begin(), chosen.end(), &plot) != chosen.end()) continue;
      chosen.push_back(&plot);
      if (extend()) return true;
      chosen.pop_back();
    }
    return false;
  };
  return extend();
}

Position with_plots(const std::vector<PlotCell>& cells, Hex shift, int turn) {
  Position position;
  for (const PlotCell& cell : cells) {
    Plot plot;
    plot.at = rotated(cell.at, turn) + shift;
    plot.colour = cell.colour;
    plot.irrigated = true;
    position.add_plot(plot);
  }
  return position;
}

std::vector<PlotCell> mirrored(const std::vector<PlotCell>& cells) {
  std::vector<PlotCell> image;
  for (const PlotCell& cell : cells) image.push_back({Hex{cell.at.r, cell.at.q}, cell.colour});
  return image;
}

TEST(TakenokoShapes, EveryPlotObjectiveMatchesInEachOfItsSixRotations) {
  for (const ObjectiveCard& card : objective_cards()) {
    if (card.category != Category::Plot) continue;
    for (int turn = 0; turn < 6; ++turn) {
      const Position position = with_plots(card.cells, Hex{2, -1}, turn);
      EXPECT_TRUE(pattern_present(position, card.cells)) << card.name << " rotated " << turn;
    }
  }
}

TEST(TakenokoShapes, MirrorImagesOfTheTwoColourDiamondsDoNotMatch) {
  int two_colour = 0;
  for (const ObjectiveCard& card : objective_cards()) {
    if (card.category != Category::Plot) continue;
    const bool single_colour =
        std::all_of(card.cells.begin(), card.cells.end(),
                    [&](const PlotCell& cell) { return cell.colour == card.cells[0].colour; });
    for (int turn = 0; turn < 6; ++turn) {
      const Position position = with_plots(mirrored(card.cells), Hex{-1, 2}, turn);
      // A line, curve, triangle or diamond of one colour is its own mirror
      // image; the two-colour diamonds are chiral.
      EXPECT_EQ(pattern_present(position, card.cells), single_colour)
          << card.name << " mirrored, rotated " << turn;
    }
    two_colour += single_colour ? 0 : 1;
  }
  EXPECT_EQ(two_colour, 3);
}

TEST(TakenokoShapes, APlotThatIsNotIrrigatedOrOfAnotherColourBreaksThePattern) {
  const ObjectiveCard& line = objective_cards()[*parse_objective("plot-green-line")];
  Position position = with_plots(line.cells, Hex{1, 0}, 1);
  ASSERT_TRUE(pattern_present(position, line.cells));
  position.plots[1].irrigated = false;
  EXPECT_FALSE(pattern_present(position, line.cells));
  position.plots[1].irrigated = true;
  position.plots[1].colour = Colour::Yellow;
  EXPECT_FALSE(pattern_present(position, line.cells));
}

TEST(TakenokoShapes, AgreesWithBruteForceOnRandomPlantations) {
  std::mt19937 random(20261123);
  int present = 0, checked = 0;
  for (int round = 0; round < 400; ++round) {
    Position position;
    const int radius = 3;
    for (int q = -radius; q <= radius; ++q) {
      for (int r = -radius; r <= radius; ++r) {
        const Hex at{q, r};
        if (at == kPond || distance(at, kPond) > radius || random() % 100 < 35) continue;
        Plot plot;
        plot.at = at;
        plot.colour = static_cast<Colour>(random() % 3);
        plot.irrigated = random() % 100 < 80;
        position.add_plot(plot);
      }
    }
    for (const ObjectiveCard& card : objective_cards()) {
      if (card.category != Category::Plot) continue;
      const bool expected = brute_force(position, card.cells);
      EXPECT_EQ(pattern_present(position, card.cells), expected)
          << card.name << " on plantation " << round;
      present += expected ? 1 : 0;
      ++checked;
    }
  }
  // Both answers must be common, or the comparison would prove little.
  EXPECT_GT(present, checked / 10);
  EXPECT_LT(present, checked * 9 / 10);
}

}  // namespace
}  // namespace grove::takenoko
