// How a position looks: the invariants it must keep, a one-line summary, the
// table drawn as a grid for people, and what one player can see of it.

#include <fmt/format.h>

#include "engine/core/yaml_input.hpp"
#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {
namespace {

std::string hand_text(const Player& player) {
  std::string text = cards_text(player.face_up);
  const int down = player.deeds.without(player.face_up).size();
  if (down > 0) {
    text += fmt::format("{}{} face down ({})", text.empty() ? "" : " + ", down,
                        cards_text(player.deeds.without(player.face_up)));
  }
  return text.empty() ? "no deeds" : "deeds " + text;
}

}  // namespace

std::vector<std::string> BhRules::check_position(const Position& position) const {
  std::vector<std::string> problems;
  if (static_cast<int>(position.players.size()) != players()) {
    problems.push_back("the position does not have one entry per player");
    return problems;
  }
  // Every card is in exactly one place.
  std::array<int, kCards> seen{};
  auto count = [&](const CardSet& cards) { cards.for_each([&](Card card) { ++seen[card]; }); };
  count(position.draw_pile);
  count(position.discard_pile);
  count(position.box);
  int undealt = 0;
  for (int cell = 0; cell < kMaxCells; ++cell) {
    const Card card = position.forest[static_cast<std::size_t>(cell)].card;
    if (card != kNoCard) {
      ++seen[card];
      if (!grid().contains(cell)) problems.push_back("a card lies outside the forest's grid");
      if (!is_forest_card(card)) problems.push_back(card_text(card) + " is in the forest");
    } else if (grid().contains(cell)) {
      ++undealt;
    }
  }
  for (const Player& player : position.players) count(player.deeds);
  for (int card = 0; card < kCards; ++card) {
    if (seen[static_cast<std::size_t>(card)] != 1) {
      problems.push_back(fmt::format("cards not conserved: {} is in {} places",
                                     card_text(static_cast<Card>(card)),
                                     seen[static_cast<std::size_t>(card)]));
    }
  }
  if (undealt > 0 && position.step != Step::DealForest) {
    problems.push_back(fmt::format("{} forest cards are missing after the deal", undealt));
  }
  position.box.for_each([&](Card card) {
    if (!is_forest_card(card)) problems.push_back(card_text(card) + " is in the box");
  });
  (position.draw_pile | position.discard_pile).for_each([&](Card card) {
    if (is_forest_card(card)) problems.push_back(card_text(card) + " is among the deeds");
  });

  CardSet in_hands;
  for (Seat seat = 0; seat < players(); ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    const std::string who = seat_label(seat);
    in_hands |= player.deeds;
    if (player.reeds < 0) problems.push_back(fmt::format("{} has {} reeds", who, player.reeds));
    if (!player.face_up.without(player.deeds).empty()) {
      problems.push_back(who + " has face-up deeds that are not in hand");
    }
    if (position.disturbances_of(seat, grid()) > 1) {
      problems.push_back(who + " has more than one disturbance token on the board");
    }
    if (position.tokens_of(seat, grid()) > settings_.tokens_per_player) {
      problems.push_back(fmt::format("{} has {} tokens on the board but only {} tokens", who,
                                     position.tokens_of(seat, grid()),
                                     settings_.tokens_per_player));
    }
  }
  for (int cell = 0; cell < grid().cells(); ++cell) {
    const Cell& here = position.forest[static_cast<std::size_t>(cell)];
    const bool owned = here.who >= 0 && here.who < players();
    if ((here.state == CellState::Vacant) == owned || (owned && here.card == kNoCard)) {
      problems.push_back(
          fmt::format("{}: a token must sit on a card and name a player", grid().cell_text(cell)));
    }
  }
  if (!position.setup_discards.without(in_hands).empty()) {
    problems.push_back("setup discards that no player holds");
  }
  if (position.step != Step::Over && position.winner != kNoSeat) {
    problems.push_back("a winner while the game is still on");
  }
  return problems;
}

std::vector<std::string> BhRules::invariant_violations_at(const Position& position) const {
  std::vector<std::string> problems = check_position(position);
  // advance() never stops at a harvest step with nothing left to harvest.
  if (position.step == Step::Harvest && position.pending_draws == 0 &&
      position.redraw_offer == kNoCard && next_harvester(position) < 0) {
    problems.push_back("the harvest step with no token left to harvest");
  }
  return problems;
}

std::string BhRules::summary_at(const Position& position) const {
  std::vector<std::string> reeds;
  std::vector<std::string> tokens;
  std::vector<std::string> deeds;
  for (Seat seat = 0; seat < players(); ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    reeds.push_back(fmt::format("{} {}", seat_label(seat), player.reeds));
    tokens.push_back(fmt::format("{} {}", seat_label(seat), position.tokens_of(seat, grid())));
    deeds.push_back(fmt::format("{} {}", seat_label(seat), player.deeds.size()));
  }
  std::string where;
  if (position.step == Step::Over) {
    where = position.winner == kNoSeat ? "game over"
                                       : "game over, " + seat_label(position.winner) + " won";
  } else {
    const Node here = node_at(position);
    if (here.kind == NodeKind::Chance) {
      where = position.pending_draws > 0 ? seat_label(position.turn) + " draws a deed"
                                         : std::string(words_for(position.step).doing);
    } else if (position.redraw_offer != kNoCard) {
      where = seat_label(here.actor) + " to keep or redraw " + card_text(position.redraw_offer);
    } else {
      where = seat_label(here.actor) + " to " + words_for(position.step).doing;
    }
  }
  return fmt::format("{}; reeds {}; tokens {}; deeds {}; draw pile {}, discard pile {}", where,
                     join(reeds, ", "), join(tokens, ", "), join(deeds, ", "),
                     position.draw_pile.size(), position.discard_pile.size());
}

std::string BhRules::board_legend() const {
  return "KH:P1 a card built by P1, 9D!P2 a card disturbed by P2\n";
}

std::string BhRules::board_at(const Position& position) const {
  std::string text = "     ";
  for (int column = 0; column < grid().columns; ++column) {
    text += fmt::format("{:<8}", std::string(1, static_cast<char>('a' + column)));
  }
  text.erase(text.find_last_not_of(' ') + 1);
  text += "\n";
  for (int row = 0; row < grid().rows; ++row) {
    text += fmt::format("{:>3}  {}\n", row + 1, forest_row(position, grid(), row));
  }
  for (Seat seat = 0; seat < players(); ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    text += fmt::format("  {}: {} reeds, {}/{} tokens, {}\n", seat_label(seat), player.reeds,
                        position.tokens_of(seat, grid()), settings_.tokens_per_player,
                        hand_text(player));
  }
  std::vector<std::string> marked;
  for (int index = 0; index < 3; ++index) {
    if (position.wild_swaps[static_cast<std::size_t>(index)] > 0) {
      marked.push_back(card_text(card_of(11 + index, kDiamonds, 1)));
    }
  }
  text += fmt::format("  draw pile {}, discard pile {}{}\n", position.draw_pile.size(),
                      position.discard_pile.size(),
                      marked.empty() ? "" : "; used for a swap: " + join(marked, ", "));
  const std::string summary = summary_at(position);
  text += "  " + summary.substr(0, summary.find(';'));
  return text;
}

std::string BhRules::observation_at(const Position& position, Seat seat) const {
  // Everything on the table is public (forest, tokens, reeds, face-up deeds,
  // wild markers); the piles are face down, others' face-down deeds are seen
  // only as a count, and setup discards stay hidden until everyone has chosen.
  YAML::Node view = position_to_yaml(position);
  for (Seat other = 0; other < players(); ++other) {
    if (other == seat) continue;
    const Player& player = position.players[static_cast<std::size_t>(other)];
    YAML::Node entry = view["players"][seat_label(other)];
    entry["down"] = player.deeds.without(player.face_up).size();
  }
  view["draw_pile"] = position.draw_pile.size();
  view["discard_pile"] = position.discard_pile.size();
  if (view["setup_discards"]) {
    const Player& own = position.players[static_cast<std::size_t>(seat)];
    view["setup_discards"] = fmt::format("{} chosen; mine: {}", position.setup_discards.size(),
                                         cards_text(own.deeds & position.setup_discards));
  }
  if (seat != position.turn) {
    if (view["drawn"]) view["drawn"] = position.drawn.size();
    if (view["redraw_offer"]) view["redraw_offer"] = "a card just drawn";
  }
  return yaml_inline(view);
}

}  // namespace grove::bamboo_harvest
