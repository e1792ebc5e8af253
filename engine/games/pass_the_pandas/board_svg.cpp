// The table of Pass the Pandas drawn as a picture for grove view
// (Rules::board_svg): whose turn it is and what they must decide, the bamboo
// challenge, each player's dice, and the dice the water took out of the game.
//
// The position records the faces of one roll only: the dice of the player
// whose turn it is, between their roll and the end of their turn. It also
// tells how much bamboo the previous player set aside for the challenge, so
// those dice are drawn as bamboo in the previous player's hand. Every other
// die is drawn as a plain die tinted in its holder's colour: its face is not
// recorded, and all of a player's dice are rolled again on their turn ("Game
// Play", note after step 5). The bamboo each player last rolled is written
// beside them.

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "engine/core/svg.hpp"
#include "engine/core/words.hpp"
#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {
namespace {

constexpr double kMargin = 10;
constexpr double kLabelWidth = 132;  // the column with a player's label and counts
constexpr double kDie = 38;
constexpr double kPitch = 44;
// Dice per row: the dice move between players, so one player may come to
// hold most of them; rows wrap rather than widen the picture.
constexpr int kPerRow = 12;
constexpr double kWidth = 2 * kMargin + kLabelWidth + kPerRow * kPitch;
constexpr double kHeaderHeight = 58;
constexpr double kGap = 8;

enum class Face { Water, Panda, Bamboo, Blank, Unknown };

const char* face_name(Face face) {
  switch (face) {
    case Face::Water:
      return "water";
    case Face::Panda:
      return "panda";
    case Face::Bamboo:
      return "bamboo";
    case Face::Blank:
      return "blank";
    case Face::Unknown:
      break;
  }
  return "";
}

struct Die {
  Face face = Face::Unknown;
  std::string tooltip;
  bool leaving = false;  // a panda still to be passed: drawn with a dashed edge
};

// The face's pictogram inside a die whose corner is at (0, 0); the die's
// text (the face's name, "About the Dice") goes under it.
void draw_face(SvgWriter& svg, Face face) {
  switch (face) {
    case Face::Panda:
      svg.open("g", {{"fill", "#222"}});
      svg.element("circle", {{"cx", 12.5}, {"cy", 9}, {"r", 3.6}});
      svg.element("circle", {{"cx", 25.5}, {"cy", 9}, {"r", 3.6}});
      svg.element("circle", {{"cx", 19},
                             {"cy", 16.5},
                             {"r", 8.5},
                             {"fill", "#fff"},
                             {"stroke", "#222"},
                             {"stroke-width", 1.2}});
      svg.element("ellipse", {{"cx", 15.6}, {"cy", 15.5}, {"rx", 2.2}, {"ry", 3}});
      svg.element("ellipse", {{"cx", 22.4}, {"cy", 15.5}, {"rx", 2.2}, {"ry", 3}});
      svg.element("circle", {{"cx", 19}, {"cy", 20.5}, {"r", 1.3}});
      svg.close();
      break;
    case Face::Bamboo:
      svg.element("rect",
                  {{"x", 16.5}, {"y", 4}, {"width", 5}, {"height", 23}, {"fill", "#5f9a22"}});
      svg.element("path",
                  {{"d", "M16.5 11h5M16.5 19h5"}, {"stroke", "#2f5a0c"}, {"stroke-width", 1.5}});
      svg.element("path", {{"d", "M21.5 10q5-6 9-5q-3 5-9 7z"}, {"fill", "#8cc63f"}});
      break;
    case Face::Water:
      svg.element("path", {{"d", "M19 4C23 10 26 13 26 18a7 7 0 0 1-14 0C12 13 15 10 19 4z"},
                           {"fill", "#38a8e0"}});
      break;
    case Face::Blank:
    case Face::Unknown:
      break;
  }
  if (face != Face::Unknown) svg.text(19, 34, face_name(face));
}

// Dice in rows of kPerRow from (x, y), each edged in `colour`; a die whose
// face the position does not record is tinted in that colour instead.
// Dice in a row that look alike share one group, with their edge and their
// tooltip written once: a long game embeds one picture per move.
void draw_dice(SvgWriter& svg, double x, double y, const std::vector<Die>& dice,
               std::string_view colour) {
  auto corner = [&](std::size_t i) {
    return std::pair{x + static_cast<double>(i % kPerRow) * kPitch,
                     y + static_cast<double>(i / kPerRow) * kPitch};
  };
  for (std::size_t first = 0; first < dice.size();) {
    const Die& die = dice[first];
    std::size_t end = first + 1;
    while (end < dice.size() && dice[end].face == die.face && dice[end].tooltip == die.tooltip &&
           dice[end].leaving == die.leaving) {
      ++end;
    }
    svg.open("g");
    svg.title(die.tooltip);
    SvgAttributes edge = {{"stroke", colour}, {"stroke-width", 2.5}, {"fill", "#fff"}};
    if (die.face == Face::Unknown) {
      edge.back() = {"fill", colour};
      edge.push_back({"fill-opacity", 0.14});
    }
    if (die.leaving) edge.push_back({"stroke-dasharray", "5 3"});
    svg.open("g", edge);
    const std::string kind =
        fmt::format("die {}", die.face == Face::Unknown ? "held" : face_name(die.face));
    for (std::size_t i = first; i < end; ++i) {
      const auto [left, top] = corner(i);
      svg.element(
          "rect",
          {{"class", kind}, {"x", left}, {"y", top}, {"width", kDie}, {"height", kDie}, {"rx", 5}});
    }
    svg.close();
    if (die.face != Face::Unknown) {
      svg.open("g", {{"font-size", 8}, {"text-anchor", "middle"}, {"fill", "#333"}});
      for (std::size_t i = first; i < end; ++i) {
        const auto [left, top] = corner(i);
        svg.open("g", {{"transform", fmt::format("translate({} {})", left, top)}});
        draw_face(svg, die.face);
        svg.close();
      }
      svg.close();
    }
    svg.close();
    first = end;
  }
}

int rows_of(std::size_t dice) {
  return std::max(1, static_cast<int>((dice + kPerRow - 1) / kPerRow));
}

std::string plural(int count, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", count, count == 1 ? one : many);
}

// One line of a player's label column.
struct Line {
  std::string text;
  double size;
  std::string fill;
  bool bold = false;
};

}  // namespace

std::string PtpRules::board_svg_at(const Position& position) const {
  const Seat turn = position.turn;
  const std::string mover = seat_label(turn);
  const std::string mover_colour(seat_colour(turn));
  const bool over = position.step == Step::Over;
  const bool rolled = position.step == Step::PassPandas || position.step == Step::Bamboozle;

  // --- What is to be decided (the text board's first words) ----------------
  std::string status;
  std::string status_colour = mover_colour;
  switch (position.step) {
    case Step::Roll:
      status = fmt::format("{} to roll {}", mover,
                           dice_word(position.players[static_cast<std::size_t>(turn)].dice));
      break;
    case Step::PassPandas:
      status = position.pandas_to_pass == 1
                   ? fmt::format("{} to pass 1 panda to another player", mover)
                   : fmt::format("{} to pass {} pandas to other players", mover,
                                 position.pandas_to_pass);
      break;
    case Step::Bamboozle:
      // Bamboozled ("Variants for Advanced Players"): after an all-blank roll.
      status = fmt::format("{} to exchange all dice with another player, or keep them", mover);
      break;
    case Step::Over: {
      status_colour = "#222";
      // Panda-monium is won on points; otherwise by going out first.
      Seat best = kNoSeat;
      for (Seat seat = 0; seat < players(); ++seat) {
        const Player& player = position.players[static_cast<std::size_t>(seat)];
        const bool better =
            best == kNoSeat ||
            (settings_.pandamonium
                 ? player.points > position.players[static_cast<std::size_t>(best)].points
                 : player.place == 1 &&
                       position.players[static_cast<std::size_t>(best)].place != 1);
        if (better) best = seat;
      }
      status = fmt::format("Game over: {} wins", seat_label(best));
      if (settings_.pandamonium) {
        status +=
            fmt::format(" with {} points", position.players[static_cast<std::size_t>(best)].points);
      }
      status_colour = std::string(seat_colour(best));
      break;
    }
  }
  std::string facts;
  if (settings_.pandamonium) {
    facts += fmt::format("Panda-monium round {}, playing to {} points · ", position.round,
                         settings_.pandamonium_target);
  }
  facts += fmt::format("{} in play · {} removed by water", dice_word(position.dice_in_play()),
                       position.removed);
  if (settings_.bamboozled) facts += " · Bamboozled";

  // --- The bamboo challenge ("Bamboo Challenge"; Game Play step 4) ----------
  std::string challenge;
  Seat giver = kNoSeat;
  int to_match = 0;
  if (!over) {
    giver = challenge_giver(position, turn);
    const bool none = giver == kNoSeat || giver == turn ||
                      position.players[static_cast<std::size_t>(giver)].bamboo_rolled < 0;
    const bool giver_out = !none && !position.players[static_cast<std::size_t>(giver)].still_in() &&
                           settings_.previous_player == Settings::PreviousPlayer::SeatBefore;
    if (none) {
      challenge =
          fmt::format("No bamboo challenge for {}: nobody before them has rolled yet", mover);
      giver = kNoSeat;
    } else if (giver_out) {
      challenge = fmt::format("No bamboo challenge for {}: {} is out of the game", mover,
                              seat_label(giver));
      giver = kNoSeat;
    } else {
      const Player& from = position.players[static_cast<std::size_t>(giver)];
      const std::string who = seat_label(giver);
      to_match = bamboo_to_match(from);
      const int got = position.roll.bamboo;
      if (!rolled) {
        challenge = to_match == 0
                        ? fmt::format("{} rolled no bamboo: {} has nothing to match", who, mover)
                        : fmt::format(
                              "Bamboo challenge: {} must roll at least {} bamboo, as {} did, "
                              "or be given the difference by {}",
                              mover, to_match, who, who);
      } else if (got >= to_match) {
        challenge = fmt::format("{} rolled {} bamboo, meeting {}'s {}", mover, got, who, to_match);
      } else if (position.challenge_settled) {
        challenge = fmt::format(
            "{} rolled {} bamboo against {}'s {}: {} gave {} {}", mover, got, who, to_match, who,
            mover, dice_word(position.players[static_cast<std::size_t>(turn)].bamboo_received));
      } else {
        challenge = fmt::format(
            "{} rolled {} bamboo against {}'s {}: {} gives {} {} after the {}", mover, got, who,
            to_match, who, mover, dice_word(std::min(to_match - got, from.dice)),
            position.step == Step::PassPandas ? "pandas are passed" : "exchange");
      }
    }
  }
  // The giver's bamboo still lies set aside for this challenge: the bamboo
  // they rolled (and, read as set_aside, were handed) on the turn just
  // before, less what they have already given (Game Play step 4).
  int giver_bamboo = 0;
  if (giver != kNoSeat) {
    const int given = position.challenge_settled
                          ? position.players[static_cast<std::size_t>(turn)].bamboo_received
                          : 0;
    giver_bamboo = std::max(0, to_match - given);
  }
  const double challenge_height = over ? 0 : 30;

  // --- Each player's dice and label ------------------------------------------
  struct Row {
    std::vector<Die> dice;
    std::vector<Line> lines;
    std::string tooltip;
    double height = 0;
  };
  std::vector<Row> rows(position.players.size());
  for (Seat seat = 0; seat < players(); ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    Row& row = rows[static_cast<std::size_t>(seat)];
    const std::string who = seat_label(seat);
    const std::string colour(seat_colour(seat));
    int left = player.dice;
    auto add = [&](Face face, int count, const std::string& tooltip, bool leaving = false) {
      for (int i = 0; i < count && left > 0; ++i, --left)
        row.dice.push_back({face, tooltip, leaving});
    };
    if (seat == giver) {
      add(Face::Bamboo, giver_bamboo,
          fmt::format("bamboo of {}'s roll, set aside: {} must roll at least {}", who, mover,
                      to_match));
      // Read as `rolled`, the bamboo the giver was handed in their own
      // challenge lies there too but does not count. Only an all-blank roll
      // (no bamboo) lets Bamboozled swap those dice away.
      const bool handed_kept = player.bamboo_rolled > 0 || !settings_.bamboozled;
      if (settings_.challenge_basis == Settings::ChallengeBasis::Rolled && handed_kept) {
        add(Face::Bamboo, player.bamboo_received,
            fmt::format("bamboo handed to {} in their own challenge: only rolled bamboo counts "
                        "(ruling ptp.challenge_basis)",
                        who));
      }
    }
    if (rolled && seat == turn) {
      // This turn's roll, less the water already gone (Game Play steps 2-5).
      add(Face::Panda, position.pandas_to_pass,
          fmt::format("panda rolled by {}: to be passed to another player", who), true);
      add(Face::Bamboo, position.roll.bamboo,
          fmt::format("bamboo rolled by {}: set aside for the bamboo challenge", who));
      add(Face::Blank, position.roll.blank, fmt::format("blank rolled by {}: kept", who));
      add(Face::Bamboo, player.bamboo_received,
          fmt::format("bamboo handed to {} in their bamboo challenge", who));
    }
    add(Face::Unknown, left,
        fmt::format("{}'s die (its face is not recorded: {} rolls all their dice on their turn)",
                    who, who));

    // What this player is doing or where they finished, under their label.
    std::string tag;
    if (!player.still_in()) {
      tag = player.place == 1 ? "wins" : ordinal(player.place) + " place";
    } else if (seat == turn && !over) {
      tag = position.step == Step::Roll         ? "to roll"
            : position.step == Step::PassPandas ? "to pass pandas"
                                                : "may exchange";
    }
    row.lines.push_back({who, 18, colour, true});
    if (!tag.empty()) row.lines.push_back({tag, 12, colour, true});
    row.lines.push_back({dice_word(player.dice), 13, "#222", true});
    row.lines.push_back({player.bamboo_rolled < 0
                             ? "not rolled yet"
                             : fmt::format("rolled {} bamboo", player.bamboo_rolled),
                         11, "#555"});
    if (player.bamboo_received > 0) {
      row.lines.push_back({fmt::format("handed {} bamboo", player.bamboo_received), 11, "#555"});
    }
    if (settings_.pandamonium) {
      row.lines.push_back({plural(player.points, "point", "points"), 11, "#555"});
    }

    row.tooltip = fmt::format("{}: {}", who, dice_word(player.dice));
    if (player.bamboo_rolled >= 0) {
      row.tooltip += fmt::format("; rolled {} bamboo in their latest roll", player.bamboo_rolled);
    }
    if (player.bamboo_received > 0) {
      row.tooltip +=
          fmt::format("; handed {} in their bamboo challenge", dice_word(player.bamboo_received));
    }
    if (!player.still_in())
      row.tooltip += fmt::format("; out of the game in {} place", ordinal(player.place));
    if (settings_.pandamonium) row.tooltip += fmt::format("; {} points", player.points);
    const double label_height = 14 + 16 * static_cast<double>(row.lines.size());
    row.height = std::max(label_height, rows_of(row.dice.size()) * kPitch + 12);
  }

  // --- The water: dice out of the game this round (Game Play step 2) --------
  std::vector<Die> water;
  for (int i = 0; i < position.removed; ++i) {
    const bool this_turn = rolled && i < position.roll.water;
    water.push_back({Face::Water, this_turn ? fmt::format("water rolled by {} this turn: "
                                                          "removed from the game",
                                                          mover)
                                            : "water: removed from the game this round"});
  }
  const double water_height = rows_of(water.size()) * kPitch + 12;

  double height = kHeaderHeight + (over ? 0 : challenge_height + kGap);
  for (const Row& row : rows) height += row.height + kGap;
  height += water_height + kMargin;

  SvgWriter svg(kWidth, height);
  svg.element("rect", {{"width", kWidth}, {"height", height}, {"fill", "#fbf8ef"}});

  // Header: the decision, in the colour of the player who makes it.
  svg.text(kMargin, 26, status,
           {{"font-size", 18}, {"font-weight", "bold"}, {"fill", status_colour}});
  svg.title(summary_at(position));
  svg.text(kMargin, 46, facts, {{"font-size", 12}, {"fill", "#555"}});
  double y = kHeaderHeight;

  if (!over) {
    svg.open("g", {{"class", "challenge"}});
    svg.title(challenge);
    svg.element("rect", {{"x", kMargin},
                         {"y", y},
                         {"width", kWidth - 2 * kMargin},
                         {"height", challenge_height},
                         {"rx", 6},
                         {"fill", "#eef6e2"},
                         {"stroke", "#8cb860"}});
    svg.text(kMargin + 10, y + 20, challenge, {{"font-size", 13}, {"fill", "#2f5a0c"}});
    svg.close();
    y += challenge_height + kGap;
  }

  for (Seat seat = 0; seat < players(); ++seat) {
    const Row& row = rows[static_cast<std::size_t>(seat)];
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    const std::string colour(seat_colour(seat));
    const bool to_move = seat == turn && !over;
    svg.open("g", {{"class", to_move ? "seat to-move" : "seat"}});
    svg.title(row.tooltip);
    // The player to move stands out: a thick edge and a tint of their colour.
    SvgAttributes panel = {{"x", kMargin},
                           {"y", y},
                           {"width", kWidth - 2 * kMargin},
                           {"height", row.height},
                           {"rx", 6},
                           {"fill", player.still_in() ? "#fff" : "#f0f0f0"},
                           {"stroke", to_move ? colour : std::string("#ccc")},
                           {"stroke-width", to_move ? 3 : 1}};
    if (to_move) {
      panel[5] = {"fill", colour};
      panel.push_back({"fill-opacity", 0.08});
    }
    svg.element("rect", panel);
    double line_y = y + 22;
    for (const Line& line : row.lines) {
      SvgAttributes attributes = {{"font-size", line.size}, {"fill", line.fill}};
      if (line.bold) attributes.push_back({"font-weight", "bold"});
      svg.text(kMargin + 10, line_y, line.text, attributes);
      line_y += 16;
    }
    if (row.dice.empty()) {
      svg.text(kMargin + kLabelWidth, y + 28, "no dice", {{"font-size", 12}, {"fill", "#888"}});
    } else {
      draw_dice(svg, kMargin + kLabelWidth, y + 6, row.dice, colour);
    }
    svg.close();
    y += row.height + kGap;
  }

  svg.open("g", {{"class", "water"}});
  svg.title(fmt::format("{} removed by water this round", dice_word(position.removed)));
  svg.element("rect", {{"x", kMargin},
                       {"y", y},
                       {"width", kWidth - 2 * kMargin},
                       {"height", water_height},
                       {"rx", 6},
                       {"fill", "#eaf5fb"},
                       {"stroke", "#9cc9e0"}});
  svg.text(kMargin + 10, y + 22, "Water",
           {{"font-size", 14}, {"font-weight", "bold"}, {"fill", "#1d6f99"}});
  svg.text(kMargin + 10, y + 38, "removed this round", {{"font-size", 11}, {"fill", "#555"}});
  if (water.empty()) {
    svg.text(kMargin + kLabelWidth, y + 28, "none yet", {{"font-size", 12}, {"fill", "#888"}});
  } else {
    draw_dice(svg, kMargin + kLabelWidth, y + 6, water, "#7aa7bf");
  }
  svg.close();
  return svg.finish();
}

}  // namespace grove::pass_the_pandas
