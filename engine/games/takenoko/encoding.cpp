// A Takenoko position as bytes (Rules::encode; state_codec.hpp).
//
// Layout, in Position's order:
//   plots: count, then each plot's cell q, r (signed), colour, improvement,
//     printed, irrigated, height;
//   channels: count, then each channel's smaller cell q, r and which of the
//     three directions leading to a larger cell (E, SE, NE) the other lies in;
//   the gardener's and the panda's cells;
//   the tile pile: the unseen count of each of the 12 kinds, then the tiles
//     under it (count, kinds);
//   each objective pile: the unseen count of each kind of its own category
//     only, then the cards under it (count, kinds);
//   the bamboo supply per colour (signed: stand-ins take it below 0), the
//     channel reserve, the improvement reserve per kind;
//   each seat (the table's count, no length): hand and completed cards as a
//     count and the kinds in ascending order, a kind held twice written
//     twice; eaten per colour, channels, improvement tokens per kind;
//   step, turn, round, dealt, emperor (signed: -1 for nobody), weather,
//     actions_used, actions_taken, drawn (count, kinds), plots_to_draw, kept
//     (a flag, then the kind), drawing, redrawn per category.
// Everything is a varint of a byte or two. The sets (plots, channels, hand
// cards) are written in their one order, so equal positions give equal
// bytes, and read back only in that order. A hand is a few cards of 34
// kinds, so it goes as the cards rather than 34 counts; a pile is most of
// its kinds, so it goes as counts, and only its own category's, where the
// rules deal and draw from (a card in another's pile, which the invariants
// report, would not survive the trip). A mid-game position is a few hundred
// bytes where its YAML is several thousand.
//
// Reading bounds each field by what the variant allows (its tiles, cards,
// sections, channels, tokens, seats, heights; a plantation of n plots lies
// within n steps of the pond), so damaged bytes are refused with the
// field's name rather than read as a position that indexes past an array.
// Relations between fields (every piece conserved, channels connected,
// pieces on plots) are left to the invariants: a position that breaks one
// must still travel, to be reported.

#include <fmt/format.h>

#include <numeric>

#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

// The directions from a cell to a larger one (Hex order): an edge is kept
// with its smaller cell first, so the other lies in one of these.
constexpr std::array<std::size_t, 3> kForward = {0, 1, 5};
static_assert(kDirections[0] > kPond && kDirections[1] > kPond && kDirections[5] > kPond &&
              kDirections[2] < kPond && kDirections[3] < kPond && kDirections[4] < kPond);

std::uint64_t unsigned_of(int value) { return static_cast<std::uint64_t>(value); }

template <std::size_t N>
int sum_of(const std::array<int, N>& counts) {
  return std::accumulate(counts.begin(), counts.end(), 0);
}

void write_hex(ByteWriter& out, const Hex& hex) {
  out.signed_int(hex.q);
  out.signed_int(hex.r);
}

Hex read_hex(ByteReader& in, int radius, const char* what) {
  const auto q = static_cast<int>(in.signed_int(-radius, radius, what));
  const auto r = static_cast<int>(in.signed_int(-radius, radius, what));
  return Hex{q, r};
}

template <class Kinds>
void write_kinds(ByteWriter& out, const Kinds& kinds) {
  out.unsigned_int(kinds.size());
  for (std::uint8_t kind : kinds) out.unsigned_int(kind);
}

// A hand or the completed cards: the cards, a kind held twice written twice.
void write_cards(ByteWriter& out, const std::array<std::uint8_t, kObjectiveKinds>& counts) {
  int total = 0;
  for (std::uint8_t count : counts) total += count;
  out.unsigned_int(unsigned_of(total));
  for (std::size_t id = 0; id < counts.size(); ++id) {
    for (int copy = 0; copy < counts[id]; ++copy) out.unsigned_int(id);
  }
}

}  // namespace

void TakenokoRules::encode_position(const Position& position, ByteWriter& out) const {
  // Taken once: each objective_cards() is a call to another file, and the
  // piles below asked it 102 times a state.
  const auto& cards = objective_cards();
  out.unsigned_int(position.plots.size());
  for (const Plot& plot : position.plots) {
    write_hex(out, plot.at);
    out.enumeration(plot.colour);
    out.enumeration(plot.improvement);
    out.flag(plot.printed);
    out.flag(plot.irrigated);
    out.unsigned_int(unsigned_of(plot.height));
  }
  out.unsigned_int(position.channels.size());
  for (const Edge& edge : position.channels) {
    write_hex(out, edge.a);
    const std::size_t direction = direction_index(Hex{edge.b.q - edge.a.q, edge.b.r - edge.a.r});
    std::size_t forward = 0;
    while (forward < kForward.size() && kForward[forward] != direction) ++forward;
    out.unsigned_int(forward);  // 3, which reading refuses, for a broken edge
  }
  write_hex(out, position.gardener);
  write_hex(out, position.panda);

  for (std::uint8_t count : position.tiles.unseen) out.unsigned_int(count);
  write_kinds(out, position.tiles.bottom);
  for (std::size_t category = 0; category < kCategories; ++category) {
    const ObjectivePile& pile = position.objectives[category];
    for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
      if (static_cast<std::size_t>(cards[id].category) == category) {
        out.unsigned_int(pile.unseen[id]);
      }
    }
    write_kinds(out, pile.bottom);
  }
  for (int count : position.bamboo) out.signed_int(count);
  out.unsigned_int(unsigned_of(position.channel_reserve));
  for (int count : position.improvement_reserve) out.unsigned_int(unsigned_of(count));

  for (const Player& player : position.players) {
    write_cards(out, player.hand);
    write_cards(out, player.completed);
    for (int count : player.eaten) out.unsigned_int(unsigned_of(count));
    out.unsigned_int(unsigned_of(player.channels));
    for (int count : player.improvements) out.unsigned_int(unsigned_of(count));
  }

  out.enumeration(position.step);
  out.unsigned_int(unsigned_of(position.turn));
  out.unsigned_int(unsigned_of(position.round));
  out.unsigned_int(unsigned_of(position.dealt));
  out.signed_int(position.emperor);
  out.enumeration(position.weather);
  out.unsigned_int(position.actions_used);
  out.unsigned_int(unsigned_of(position.actions_taken));
  write_kinds(out, position.drawn);
  out.unsigned_int(unsigned_of(position.plots_to_draw));
  out.flag(position.kept != kNoTile);
  if (position.kept != kNoTile) out.unsigned_int(position.kept);
  out.enumeration(position.drawing);
  for (std::uint8_t count : position.redrawn) out.unsigned_int(count);
}

Position TakenokoRules::decode_position(ByteReader& in) const {
  const Settings& rules = settings_;
  const auto& cards = objective_cards();  // taken once, as in encode_position
  const int all_tiles = sum_of(rules.tiles);
  const int all_sections = sum_of(rules.bamboo);
  std::array<int, kCategories> cards_of{};  // copies of each category's cards
  for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
    cards_of[static_cast<std::size_t>(cards[id].category)] += rules.objectives[id];
  }
  const int all_cards = sum_of(cards_of);
  auto count = [&](int most, const char* what) {
    return static_cast<int>(in.unsigned_int(unsigned_of(most), what));
  };
  auto tile = [&](const char* what) {
    return static_cast<Tile>(in.unsigned_int(kTileKinds - 1, what));
  };
  // Hands and completed cards: ascending kinds, never more copies of one
  // than the variant has.
  auto read_cards = [&](int most, const char* what) {
    std::array<std::uint8_t, kObjectiveKinds> counts{};
    const int total = count(most, what);
    std::size_t previous = 0;
    for (int card = 0; card < total; ++card) {
      const auto id = static_cast<std::size_t>(in.unsigned_int(kObjectiveKinds - 1, what));
      if (id < previous) in.fail(fmt::format("{} lists its cards out of order", what));
      if (counts[id] >= rules.objectives[id]) {
        in.fail(fmt::format("{} holds more copies of {} than the variant's {}", what,
                            cards[id].name, rules.objectives[id]));
      }
      ++counts[id];
      previous = id;
    }
    return counts;
  };

  Position position;
  // The plantation. Each plot is placed next to the pond or to two plots,
  // so n plots lie within n steps of the pond, and channels' cells one more.
  const std::size_t plots = static_cast<std::size_t>(count(all_tiles, "plantation"));
  const int radius = static_cast<int>(plots);
  position.plots.reserve(plots);
  for (std::size_t index = 0; index < plots; ++index) {
    Plot plot;
    plot.at = read_hex(in, radius, "plantation.at");
    if (plot.at == kPond) in.fail("plantation.at is the pond");
    if (index > 0 && !(position.plots.back().at < plot.at)) {
      in.fail(fmt::format("plantation.at {} is out of order (after {})", hex_text(plot.at),
                          hex_text(position.plots.back().at)));
    }
    plot.colour = in.enumeration(Colour::Pink, "plantation.colour");
    plot.improvement = in.enumeration(Improvement::Watershed, "plantation.improvement");
    plot.printed = in.flag("plantation.printed");
    plot.irrigated = in.flag("plantation.irrigated");
    plot.height = count(rules.max_height, "plantation.height");
    position.plots.push_back(plot);
  }
  const std::size_t channels = static_cast<std::size_t>(count(rules.channels, "channels"));
  position.channels.reserve(channels);
  for (std::size_t index = 0; index < channels; ++index) {
    Edge edge;
    edge.a = read_hex(in, radius + 1, "channels");
    edge.b = edge.a + kDirections[kForward[in.unsigned_int(kForward.size() - 1, "channels")]];
    if (index > 0 && !(position.channels.back() < edge)) {
      in.fail(fmt::format("channels {} is out of order (after {})", edge_text(edge),
                          edge_text(position.channels.back())));
    }
    position.channels.push_back(edge);
  }
  position.gardener = read_hex(in, radius, "gardener");
  position.panda = read_hex(in, radius, "panda");

  // Piles and reserves.
  for (std::size_t kind = 0; kind < kTileKinds; ++kind) {
    position.tiles.unseen[kind] = static_cast<std::uint8_t>(count(rules.tiles[kind], "tiles"));
  }
  position.tiles.bottom.resize(static_cast<std::size_t>(count(all_tiles, "tiles_under")));
  for (Tile& under : position.tiles.bottom) under = tile("tiles_under");
  for (std::size_t category = 0; category < kCategories; ++category) {
    ObjectivePile& pile = position.objectives[category];
    for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
      if (static_cast<std::size_t>(cards[id].category) == category) {
        pile.unseen[id] = static_cast<std::uint8_t>(count(rules.objectives[id], "objective_piles"));
      }
    }
    pile.bottom.resize(static_cast<std::size_t>(count(cards_of[category], "objectives_under")));
    for (std::uint8_t& under : pile.bottom) {
      under = static_cast<std::uint8_t>(in.unsigned_int(kObjectiveKinds - 1, "objectives_under"));
      if (static_cast<std::size_t>(cards[under].category) != category) {
        in.fail(fmt::format("objectives_under.{} holds {}, not of that pile",
                            kCategoryNames[category], cards[under].name));
      }
    }
  }
  for (std::size_t colour = 0; colour < kColours; ++colour) {
    // Stand-in sections take a colour below zero, never the whole supply.
    position.bamboo[colour] = static_cast<int>(
        in.signed_int(rules.stand_in_sections ? -all_sections : 0, rules.bamboo[colour], "bamboo"));
  }
  position.channel_reserve = count(rules.channels, "channel_reserve");
  for (std::size_t kind = 0; kind < kImprovementKinds; ++kind) {
    position.improvement_reserve[kind] =
        count(rules.improvement_tokens[kind], "improvement_reserve");
  }

  position.players.resize(static_cast<std::size_t>(players()));
  for (Player& player : position.players) {
    player.hand = read_cards(rules.hand_limit, "players.hand");
    player.completed = read_cards(all_cards, "players.completed");
    for (int& eaten : player.eaten) eaten = count(all_sections, "players.eaten");
    player.channels = count(rules.channels, "players.channels");
    for (std::size_t kind = 0; kind < kImprovementKinds; ++kind) {
      player.improvements[kind] = count(rules.improvement_tokens[kind], "players.improvements");
    }
  }

  // The game's and the turn's progress.
  position.step = in.enumeration(Step::Over, "step");
  position.turn = count(players() - 1, "turn");
  // Rounds have no bound of their own; the YAML form's is theirs.
  position.round = count(10000, "round");
  if (position.round == 0) in.fail("round is 0; the first round is 1");
  position.dealt = count(kCategories * players(), "dealt");
  position.emperor = static_cast<Seat>(in.signed_int(kNoSeat, players() - 1, "emperor"));
  position.weather = in.enumeration(Weather::Question, "weather");
  position.actions_used =
      static_cast<std::uint8_t>(in.unsigned_int((1U << kActions) - 1, "actions_used"));
  // The sun adds an action.
  position.actions_taken = count(rules.actions_per_turn + 1, "actions_taken");
  const int drawn = count(std::min(rules.plots_drawn, kMaxPlotsDrawn), "drawn");
  for (int index = 0; index < drawn; ++index) position.drawn.push_back(tile("drawn"));
  position.plots_to_draw = count(rules.plots_drawn, "plots_to_draw");
  position.kept = in.flag("kept") ? tile("kept") : kNoTile;
  position.drawing = in.enumeration(Category::Panda, "drawing");
  for (std::size_t category = 0; category < kCategories; ++category) {
    position.redrawn[category] = static_cast<std::uint8_t>(count(cards_of[category], "redrawn"));
  }
  return position;
}

}  // namespace grove::takenoko
