// How a position looks: a one-line summary, the table drawn for people (the
// clearing, then each player's hand, cave and forest, a tree to a line with
// the cards in its four slots; the score sheets once the game is over), and
// what one player can see of it.

#include <fmt/format.h>

#include "engine/core/yaml_input.hpp"
#include "engine/games/forest_shuffle/forest.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "engine/games/forest_shuffle/scoring.hpp"

namespace grove::forest_shuffle {
namespace {

// "European Hare x2"; the species shown in a slot, with how many share it.
std::string slot_text(const CardBook& book, std::span<const CardId> slot, Side side) {
  if (slot.empty()) return "-";
  std::vector<std::string> codes;
  for (CardId card : slot) codes.push_back(book.card(card).code);
  const std::string& name = book.species_of(book.card(slot.front()).half(side).species).name;
  return slot.size() == 1 ? fmt::format("{} ({})", name, codes.front())
                          : fmt::format("{} x{} ({})", name, slot.size(), join(codes, ", "));
}

}  // namespace

std::string ForestShuffleRules::summary_at(const Position& position) const {
  if (position.over) {
    std::vector<std::string> totals;
    const std::vector<int> scores = final_scores(settings_, position);
    for (std::size_t seat = 0; seat < scores.size(); ++seat) {
      totals.push_back(fmt::format("{} {}", seat_label(static_cast<Seat>(seat)), scores[seat]));
    }
    return "the game is over: " + join(totals, ", ");
  }
  std::vector<std::string> players_text;
  for (Seat seat = 0; seat < players(); ++seat) {
    const Player& player = position.player(seat);
    players_text.push_back(fmt::format("{} {} in hand, {} tree{}", seat_label(seat),
                                       player.hand.size(), player.forest.size(),
                                       player.forest.size() == 1 ? "" : "s"));
  }
  return fmt::format("{}; winter {}/{}, deck {}, clearing {}; {}", expecting(position),
                     position.winter_revealed, book().winter_cards, position.deck_size(),
                     position.clearing.size(), join(players_text, "; "));
}

std::string ForestShuffleRules::board_at(const Position& position) const {
  const CardBook& cards = book();
  std::string text;
  const auto names = [&](const std::vector<CardId>& list) {
    std::vector<std::string> items;
    for (CardId card : list) items.push_back(card_text(card));
    return items.empty() ? std::string("-") : join(items, ", ");
  };
  text += fmt::format(
      "winter cards {}/{}; deck {} ({} above the winter pile); box {} seen, "
      "{} unseen\n",
      position.winter_revealed, cards.winter_cards, cards_word(position.deck_size()),
      position.deck_top, position.box.size(), position.box_unseen);
  text += fmt::format("clearing ({}): {}\n", position.clearing.size(), names(position.clearing));
  for (Seat seat = 0; seat < players(); ++seat) {
    const Player& player = position.player(seat);
    text += fmt::format("{}{}: hand ({}): {}\n", seat_label(seat),
                        seat == position.turn && !position.over ? " (to play)" : "",
                        player.hand.size(), names(player.hand));
    text += fmt::format(
        "    cave: {}{}{}\n", cards_word(static_cast<int>(player.cave.size())),
        player.mulliganed.empty() ? "" : fmt::format("; mulliganed {}", player.mulliganed.size()),
        player.dormant.empty() ? "" : "; mushrooms waking next turn");
    for (std::size_t index = 0; index < player.forest.size(); ++index) {
      const Tree& tree = player.forest[index];
      const std::string host = tree.sapling
                                   ? fmt::format("sapling ({})", cards.card(tree.card).code)
                                   : species_name(tree_species(cards, tree));
      std::vector<std::string> slots;
      for (int s = 0; s < kSides; ++s) {
        const Side side = static_cast<Side>(s);
        slots.push_back(
            fmt::format("{}: {}", side_name(side), slot_text(cards, tree.slot(side), side)));
      }
      text += fmt::format("    {:>2} {:<16} {}\n", index + 1, host, join(slots, " | "));
    }
    if (player.forest.empty()) text += "    no trees yet\n";
  }
  if (position.over) {
    text += "the game is over\n" + score_sheet_text(settings_, position);
  } else {
    std::vector<std::string> next;
    for (const Task& task : position.tasks) next.push_back(task_text(task));
    text += fmt::format("next: {}\n    (to do: {}{})\n", expecting(position), join(next, ", "),
                        position.extra_turns > 0
                            ? fmt::format("; then {} extra turn(s)", position.extra_turns)
                            : "");
  }
  return text;
}

std::string ForestShuffleRules::observation_at(const Position& position, Seat seat) const {
  return yaml_inline(position_yaml(position, seat));
}

}  // namespace grove::forest_shuffle
