// The YAML form of a Forest Shuffle position, made to be written by hand.
// Cards are written by code (tree cards by species: linden; split cards by
// id: LR07); every key is optional.
//
//   turn: P1                 # whose turn it is (default P1)
//   tasks: [turn P1]         # what is still to happen, front first (default: the turn's
//                            # player chooses an action). Each task is one of:
//                            #   deal P1 6 | mulligan P1 | turn P1 | second_draw P1 |
//                            #   draw P1 2 | reveal | pay P1 linden | pay P1 LR07 left of tree 2
//                            #   [via mole] | offer P1 tawny_owl effect|bonus|draw |
//                            #   free_play P1 pawed_animal 1|any | tuck P1 0 | mole P1 |
//                            #   end_turn P1
//   extra_turns: 0           # extra turns the turn's player still has
//   over: false              # the last winter card has been revealed
//   winter: 0                # winter cards revealed (next to the clearing)
//   clearing: [linden, LR07]
//   box: []                  # cards seen and returned to the box (emptied clearings)
//   players:
//     P1:
//       hand: [oak, TB12]
//       forest:              # trees in the order played: tree 1, tree 2, ...
//         - {tree: oak, top: TB20 peacock_butterfly, left: [LR01, LR02]}
//         - {sapling: LR44, bottom: common_toad}
//           # a slot holds a card, or a list of cards where they share it (Common Toads,
//           # European Hares). A card is its id, optionally followed by the species shown
//           # (checked), or just the species shown (species@tree_symbol to pick the symbol):
//           # grove then takes a card with that half that is not used elsewhere.
//       cave: [LR05]         # or a number of cards (taken from those not used elsewhere)
//       mulliganed: []       # the starting hand returned to the box
//       dormant: []          # mushrooms placed this turn (they work from the next one)
//   unseen: rest             # cards nobody has seen, per card ({linden: 2, LR07: 1}); rest (the
//                            # default) = every card of the variant not used above
//   box_unseen: 30           # how many of the unseen cards were set aside at set-up
//   deck: {top: 40, winter_on_top: 1, bottom: 20, winter_shuffled: 2}
//                            # the deck from the top: the upper piles, then the bottom pile with
//                            # one winter card on it and the others shuffled in. Default: the
//                            # unseen cards not in the box, a third of them (rounded down) in the
//                            # bottom pile; the winter cards not revealed, one on top while none
//                            # has come out
//   deferred: []             # offers of the Mole's plays, still to come (as tasks)
//
// state_to_yaml prints every key, and what it prints reads back to the same
// position.

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "engine/core/words.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"

namespace grove::forest_shuffle {
namespace {

constexpr std::array<std::pair<TaskKind, const char*>, kTaskKinds> kTaskWords = {{
    {TaskKind::Deal, "deal"},
    {TaskKind::Mulligan, "mulligan"},
    {TaskKind::Turn, "turn"},
    {TaskKind::SecondDraw, "second_draw"},
    {TaskKind::Draw, "draw"},
    {TaskKind::Reveal, "reveal"},
    {TaskKind::Pay, "pay"},
    {TaskKind::Offer, "offer"},
    {TaskKind::FreePlay, "free_play"},
    {TaskKind::Tuck, "tuck"},
    {TaskKind::Mole, "mole"},
    {TaskKind::EndTurn, "end_turn"},
}};

const char* task_word(TaskKind kind) {
  for (const auto& [known, word] : kTaskWords) {
    if (known == kind) return word;
  }
  return "?";
}

std::optional<int> number_of(const std::string& word) {
  int value = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (error != std::errc{} || end != word.data() + word.size()) return std::nullopt;
  return value;
}

// A card in a slot written by species: resolved once every card written by
// id is known, so that it takes a card nobody else uses.
struct SpeciesCard {
  Seat seat;
  std::size_t tree;
  Side side;
  SpeciesId species;
  SpeciesId symbol;  // kNoSpecies: any
  YAML::Node node;
  std::string key;  // "P1.forest.left"
};

// Reads a position; every error names the node's line and the key.
class PositionReader {
 public:
  explicit PositionReader(const ForestShuffleRules& rules)
      : rules_(rules), book_(rules.book()), used_(book_.cards.size(), 0) {}

  Position read(const YAML::Node& root) {
    expect_map(root, "", "a Forest Shuffle position");
    check_keys(root, {"turn", "tasks", "extra_turns", "over", "winter", "clearing", "box",
                      "players", "unseen", "box_unseen", "deck", "deferred"});
    Position position;
    position.players.resize(static_cast<std::size_t>(rules_.players()));
    if (root["turn"]) position.turn = read_seat(root["turn"], "turn", rules_.players());
    if (root["over"]) position.over = read_bool(root["over"], "over");
    if (root["extra_turns"]) {
      position.extra_turns =
          static_cast<int>(read_integer(root["extra_turns"], "extra_turns", 0, 99));
    }
    if (root["winter"]) {
      position.winter_revealed =
          static_cast<int>(read_integer(root["winter"], "winter", 0, book_.winter_cards));
    }
    if (root["clearing"]) position.clearing = read_cards(root["clearing"], "clearing");
    if (root["box"]) position.box = read_cards(root["box"], "box");
    if (root["players"]) read_players(root["players"], position);
    if (root["tasks"]) {
      position.tasks = read_tasks(root["tasks"], "tasks");
    } else if (!position.over) {
      position.tasks.push_back(Task{.kind = TaskKind::Turn, .seat = position.turn});
    }
    if (root["deferred"]) position.deferred = read_tasks(root["deferred"], "deferred");
    for (const Task& task : position.tasks) {
      if (task.kind == TaskKind::Pay) ++used_[static_cast<std::size_t>(task.card)];
    }
    resolve_species_cards(position);
    fill_caves(position);
    for (Player& player : position.players) player.print = forest_print(player.forest);
    read_unseen(root, position);
    read_deck(root, position);
    return position;
  }

 private:
  CardId card_named(const YAML::Node& node, const std::string& key, const std::string& word) const {
    const std::string wanted = lowercase(word);
    for (std::size_t id = 0; id < book_.cards.size(); ++id) {
      if (lowercase(book_.cards[id].code) == wanted) return static_cast<CardId>(id);
    }
    std::vector<std::string> codes;
    for (const Card& card : book_.cards) codes.push_back(card.code);
    fail_at(node, key,
            fmt::format("'{}' is not a card (tree cards by species like linden, split cards by "
                        "id like LR07){}",
                        word, did_you_mean(word, codes)));
  }

  CardId read_card(const YAML::Node& node, const std::string& key) {
    const CardId card = card_named(node, key, read_string(node, key));
    ++used_[static_cast<std::size_t>(card)];
    return card;
  }

  std::vector<CardId> read_cards(const YAML::Node& node, const std::string& key) {
    std::vector<CardId> cards;
    if (node.IsNull()) return cards;
    expect_sequence(node, key, "a list of cards");
    for (const auto& entry : node) add_card(cards, read_card(entry, key));
    return cards;
  }

  void read_players(const YAML::Node& node, Position& position) {
    expect_map(node, "players", "the players by seat (P1: {...})");
    std::vector<bool> seen(static_cast<std::size_t>(rules_.players()), false);
    for (const auto& entry : node) {
      const Seat seat = read_seat(entry.first, "players", rules_.players());
      if (seen[static_cast<std::size_t>(seat)]) {
        fail_at(entry.first, "players", seat_label(seat) + " is listed twice");
      }
      seen[static_cast<std::size_t>(seat)] = true;
      read_player(entry.second, seat, position);
    }
  }

  void read_player(const YAML::Node& node, Seat seat, Position& position) {
    const std::string label = seat_label(seat);
    Player& player = position.player(seat);
    if (node.IsNull()) return;
    expect_map(node, label, "a player ({hand: [...], forest: [...], cave: [...]})");
    check_keys(node, {"hand", "forest", "cave", "mulliganed", "dormant"});
    if (node["hand"]) player.hand = read_cards(node["hand"], label + ".hand");
    if (node["mulliganed"])
      player.mulliganed = read_cards(node["mulliganed"], label + ".mulliganed");
    if (const YAML::Node cave = node["cave"]) {
      if (cave.IsScalar() && number_of(cave.Scalar())) {
        cave_counts_.emplace_back(
            seat, static_cast<int>(read_integer(cave, label + ".cave", 0, 999)), cave);
      } else {
        player.cave = read_cards(cave, label + ".cave");
      }
    }
    if (const YAML::Node dormant = node["dormant"]) {
      if (!dormant.IsNull()) {
        expect_sequence(dormant, label + ".dormant", "a list of mushroom species");
        for (const auto& entry : dormant) {
          player.dormant.push_back(read_species(entry, label + ".dormant"));
        }
        std::sort(player.dormant.begin(), player.dormant.end());
      }
    }
    if (const YAML::Node forest = node["forest"]) {
      if (forest.IsNull()) return;
      expect_sequence(forest, label + ".forest", "a list of trees");
      for (const auto& entry : forest) read_tree(entry, seat, label + ".forest", position);
    }
  }

  SpeciesId read_species(const YAML::Node& node, const std::string& key) const {
    const std::string text = read_string(node, key);
    const SpeciesId species = book_.find_species(lowercase(text));
    if (species == kNoSpecies) {
      std::vector<std::string> ids;
      for (const Species& known : book_.species) ids.push_back(known.id);
      fail_at(node, key, fmt::format("'{}' is not a species{}", text, did_you_mean(text, ids)));
    }
    return species;
  }

  void read_tree(const YAML::Node& node, Seat seat, const std::string& key, Position& position) {
    expect_map(node, key, "a tree ({tree: oak, top: ..., left: ...} or {sapling: LR07, ...})");
    check_keys(node, {"tree", "sapling", "top", "bottom", "left", "right"});
    Player& player = position.player(seat);
    Tree tree;
    if (node["tree"] && node["sapling"]) {
      fail_at(node, key, "a tree is either a tree card (tree:) or a sapling (sapling:), not both");
    }
    if (node["tree"]) {
      tree.card = read_card(node["tree"], key + ".tree");
      if (!book_.card(tree.card).tree) {
        fail_at(node["tree"], key + ".tree",
                fmt::format("{} is a split card: write it as a sapling (sapling: {}), or name a "
                            "tree species",
                            book_.card(tree.card).code, book_.card(tree.card).code));
      }
    } else if (node["sapling"]) {
      tree.card = read_card(node["sapling"], key + ".sapling");
      tree.sapling = true;
    } else {
      fail_at(node, key, "missing tree: (a tree species) or sapling: (the card face down)");
    }
    player.forest.push_back(tree);
    const std::size_t index = player.forest.size() - 1;
    for (int s = 0; s < kSides; ++s) {
      const Side side = static_cast<Side>(s);
      const YAML::Node slot = node[side_name(side)];
      if (!slot || slot.IsNull()) continue;
      const std::string where = fmt::format("{}.{}", key, side_name(side));
      if (slot.IsSequence()) {
        for (const auto& entry : slot) read_slot_card(entry, seat, index, side, where, position);
      } else {
        read_slot_card(slot, seat, index, side, where, position);
      }
    }
  }

  // "LR01", "LR01 european_hare", "european_hare" or "european_hare@linden".
  void read_slot_card(const YAML::Node& node, Seat seat, std::size_t tree, Side side,
                      const std::string& key, Position& position) {
    const std::vector<std::string> words = words_of(read_string(node, key));
    if (words.empty() || words.size() > 2) {
      fail_at(node, key, "expected a card (LR01), a card and its species, or a species");
    }
    const auto at = words[0].find('@');
    const SpeciesId species = book_.find_species(lowercase(words[0].substr(0, at)));
    if (words.size() == 1 && species != kNoSpecies && !book_.species_of(species).tree) {
      SpeciesId symbol = kNoSpecies;
      if (at != std::string::npos) {
        symbol = book_.find_species(lowercase(words[0].substr(at + 1)));
        if (symbol == kNoSpecies || symbol >= kTreeSpecies) {
          fail_at(
              node, key,
              fmt::format("'{}' is not a tree symbol (a tree species)", words[0].substr(at + 1)));
        }
      }
      if (!book_.species_of(species).on_side(side)) {
        fail_at(node, key,
                fmt::format("the {} is not played to the {} of a tree",
                            book_.species_of(species).name, side_name(side)));
      }
      pending_.push_back(SpeciesCard{seat, tree, side, species, symbol, node, key});
      return;
    }
    const CardId card = card_named(node, key, words[0]);
    ++used_[static_cast<std::size_t>(card)];
    const Card& design = book_.card(card);
    if (design.tree) {
      fail_at(node, key,
              fmt::format("{} is a tree card: trees are not played into slots", design.code));
    }
    if (!design.has_side(side)) {
      fail_at(node, key, fmt::format("{} has no {} half", design.code, side_name(side)));
    }
    if (words.size() == 2 &&
        book_.species_of(design.half(side).species).id != lowercase(words[1])) {
      fail_at(node, key,
              fmt::format("the {} half of {} is {}, not '{}'", side_name(side), design.code,
                          book_.species_of(design.half(side).species).id, words[1]));
    }
    position.player(seat).forest[tree].add(side, card);
  }

  void resolve_species_cards(Position& position) {
    for (const SpeciesCard& wanted : pending_) {
      CardId found = kNoCard;
      for (std::size_t id = 0; id < book_.cards.size() && found == kNoCard; ++id) {
        const Card& card = book_.cards[id];
        if (card.tree || !card.has_side(wanted.side)) continue;
        const Half& half = card.half(wanted.side);
        if (half.species != wanted.species) continue;
        if (wanted.symbol != kNoSpecies && half.symbol != wanted.symbol) continue;
        if (used_[id] < card.copies) found = static_cast<CardId>(id);
      }
      if (found == kNoCard) {
        fail_at(wanted.node, wanted.key,
                fmt::format("no {} card with that half is left for this slot: every one is used "
                            "elsewhere in the position",
                            book_.species_of(wanted.species).name));
      }
      ++used_[static_cast<std::size_t>(found)];
      position.player(wanted.seat).forest[wanted.tree].add(wanted.side, found);
    }
  }

  // Caves written as a number take cards nobody else uses.
  void fill_caves(Position& position) {
    for (const auto& [seat, count, node] : cave_counts_) {
      for (int taken = 0; taken < count; ++taken) {
        CardId found = kNoCard;
        for (std::size_t id = 0; id < book_.cards.size() && found == kNoCard; ++id) {
          if (used_[id] < book_.cards[id].copies) found = static_cast<CardId>(id);
        }
        if (found == kNoCard) {
          fail_at(node, seat_label(seat) + ".cave",
                  fmt::format("only {} cards are left for the cave", taken));
        }
        ++used_[static_cast<std::size_t>(found)];
        add_card(position.player(seat).cave, found);
      }
    }
  }

  void read_unseen(const YAML::Node& root, Position& position) {
    position.unseen.assign(book_.cards.size(), 0);
    const YAML::Node unseen = root["unseen"];
    if (!unseen || (unseen.IsScalar() && unseen.Scalar() == "rest")) {
      for (std::size_t id = 0; id < book_.cards.size(); ++id) {
        const int left = book_.cards[id].copies - used_[id];
        if (left < 0) {
          fail_at(root, "",
                  fmt::format("the position uses {} {} cards, the variant has {}", used_[id],
                              book_.cards[id].code, book_.cards[id].copies));
        }
        position.unseen[id] = static_cast<std::int16_t>(left);
      }
      return;
    }
    expect_map(unseen, "unseen", "the unseen cards ({linden: 2, LR07: 1}) or rest");
    for (const auto& entry : unseen) {
      const CardId card = card_named(entry.first, "unseen", entry.first.Scalar());
      position.unseen[static_cast<std::size_t>(card)] = static_cast<std::int16_t>(
          read_integer(entry.second, "unseen." + entry.first.Scalar(), 0, 99));
    }
  }

  void read_deck(const YAML::Node& root, Position& position) {
    int unseen = 0;
    for (std::int16_t copies : position.unseen) unseen += copies;
    const YAML::Node deck = root["deck"];
    const YAML::Node box = root["box_unseen"];
    const int winter_left = book_.winter_cards - position.winter_revealed;
    if (box) position.box_unseen = static_cast<int>(read_integer(box, "box_unseen", 0, unseen));
    if (deck) {
      expect_map(deck, "deck",
                 "the deck ({top: 40, winter_on_top: 1, bottom: 20, winter_shuffled: 2})");
      check_keys(deck, {"top", "winter_on_top", "bottom", "winter_shuffled"});
      const auto part = [&](const char* key, int fallback) {
        return deck[key]
                   ? static_cast<int>(read_integer(deck[key], std::string("deck.") + key, 0, 999))
                   : fallback;
      };
      position.deck_top = part("top", 0);
      position.deck_bottom = part("bottom", 0);
      position.winter_on_top =
          part("winter_on_top", position.winter_revealed == 0 ? std::min(1, winter_left) : 0);
      position.winter_shuffled = part("winter_shuffled", winter_left - position.winter_on_top);
      if (!box) position.box_unseen = unseen - position.deck_top - position.deck_bottom;
    } else {
      if (!box) position.box_unseen = std::min(rules_.settings().removed, unseen);
      const int cards = unseen - position.box_unseen;
      position.deck_bottom = cards / rules_.settings().piles;
      position.deck_top = cards - position.deck_bottom;
      position.winter_on_top = position.winter_revealed == 0 ? std::min(1, winter_left) : 0;
      position.winter_shuffled = winter_left - position.winter_on_top;
    }
    if (position.box_unseen < 0 ||
        position.deck_top + position.deck_bottom + position.box_unseen != unseen) {
      fail_at(deck ? deck : root, "deck",
              fmt::format("the deck ({} + {} cards) and the box ({} unseen) must hold the {} "
                          "unseen cards",
                          position.deck_top, position.deck_bottom, position.box_unseen, unseen));
    }
  }

  std::vector<Task> read_tasks(const YAML::Node& node, const std::string& key) {
    std::vector<Task> tasks;
    if (node.IsNull()) return tasks;
    expect_sequence(node, key, "a list of tasks ('turn P1', 'offer P1 tawny_owl bonus', ...)");
    for (const auto& entry : node) tasks.push_back(read_task(entry, key));
    return tasks;
  }

  Task read_task(const YAML::Node& node, const std::string& key) {
    const std::string text = read_string(node, key);
    const std::vector<std::string> words = words_of(lowercase(text));
    Task task;
    const auto bad = [&](const std::string& why) {
      fail_at(node, key, fmt::format("cannot read task '{}': {}", text, why));
    };
    if (words.empty()) bad("it is empty");
    bool known = false;
    for (const auto& [kind, word] : kTaskWords) {
      if (words[0] == word) {
        task.kind = kind;
        known = true;
      }
    }
    if (!known) bad("expected one of " + join(names_of(kTaskWords), ", "));
    std::size_t next = 1;
    if (task.kind != TaskKind::Reveal) {
      if (words.size() < 2) bad("the seat is missing");
      const auto seat = parse_seat_label(words[1]);
      if (!seat || *seat >= rules_.players()) {
        bad(fmt::format("'{}' is not a seat at this table", words[1]));
      }
      task.seat = *seat;
      next = 2;
    }
    const auto rest = [&](std::size_t wanted) {
      if (words.size() != next + wanted) {
        bad(fmt::format("expected {} word(s) after the seat", wanted));
      }
    };
    const auto count = [&](const std::string& word) {
      const auto value = number_of(word);
      if (!value || *value < 0 || *value > 999) bad(fmt::format("'{}' is not a count", word));
      return static_cast<std::int16_t>(*value);
    };
    switch (task.kind) {
      case TaskKind::Deal:
      case TaskKind::Draw:
      case TaskKind::Tuck:
        rest(1);
        task.count = count(words[next]);
        break;
      case TaskKind::Pay:
        read_payment(node, key,
                     std::vector<std::string>(words.begin() + static_cast<long>(next), words.end()),
                     task, bad);
        break;
      case TaskKind::Offer: {
        rest(2);
        task.species = book_.find_species(words[next]);
        if (task.species == kNoSpecies) bad(fmt::format("'{}' is not a species", words[next]));
        bool source = false;
        for (std::size_t i = 0; i < kSourceNames.size(); ++i) {
          if (words[next + 1] == kSourceNames[i]) {
            task.source = static_cast<Source>(i);
            source = true;
          }
        }
        if (!source) bad("expected effect, bonus or draw after the species");
        break;
      }
      case TaskKind::FreePlay: {
        rest(2);
        bool type = false;
        for (std::size_t i = 0; i < kTypeNames.size(); ++i) {
          if (words[next] == kTypeNames[i]) {
            task.types = static_cast<Types>(1U << i);
            type = true;
          }
        }
        if (!type) bad(fmt::format("'{}' is not a type symbol", words[next]));
        task.count = words[next + 1] == "any" ? 0 : count(words[next + 1]);
        break;
      }
      default:
        rest(0);
        break;
    }
    return task;
  }

  // "linden" or "LR07 left of tree 2", then "via mole" when the Mole plays it.
  template <class Bad>
  void read_payment(const YAML::Node& node, const std::string& key, std::vector<std::string> words,
                    Task& task, const Bad& bad) const {
    task.via_mole = words.size() >= 2 && words[words.size() - 2] == "via" && words.back() == "mole";
    if (task.via_mole) words.resize(words.size() - 2);
    const bool tree = words.size() == 1;
    const bool split = words.size() == 5 && words[2] == "of" && words[3] == "tree";
    if (!tree && !split) bad("expected 'pay P1 CARD' or 'pay P1 CARD SIDE of tree N' [via mole]");
    task.card = card_named(node, key, words[0]);
    if (tree) {
      if (!book_.card(task.card).tree) {
        bad("a split card needs its side and tree: 'pay P1 LR07 left of tree 2'");
      }
      return;
    }
    const auto side = parse_side(words[1]);
    const auto number = number_of(words[4]);
    if (!side || !book_.card(task.card).has_side(*side)) {
      bad(fmt::format("{} has no {} half", words[0], words[1]));
    }
    if (!number || *number < 1) bad(fmt::format("'{}' is not a tree number", words[4]));
    task.side = static_cast<std::int8_t>(*side);
    task.tree = static_cast<std::int16_t>(*number - 1);
  }

  const ForestShuffleRules& rules_;
  const CardBook& book_;
  std::vector<int> used_;  // copies of each card placed so far
  std::vector<SpeciesCard> pending_;
  std::vector<std::tuple<Seat, int, YAML::Node>> cave_counts_;
};

YAML::Node flow_list(const std::vector<std::string>& items) {
  YAML::Node list(YAML::NodeType::Sequence);
  for (const std::string& item : items) list.push_back(item);
  list.SetStyle(YAML::EmitterStyle::Flow);
  return list;
}

}  // namespace

std::string ForestShuffleRules::task_text(const Task& task) const {
  const std::string word = task_word(task.kind);
  const std::string who = seat_label(task.seat);
  switch (task.kind) {
    case TaskKind::Deal:
    case TaskKind::Draw:
    case TaskKind::Tuck:
      return fmt::format("{} {} {}", word, who, task.count);
    case TaskKind::Reveal:
      return word;
    case TaskKind::Pay: {
      std::string text = fmt::format("{} {} {}", word, who, card_code(task.card));
      if (task.side != kNoSide) {
        text +=
            fmt::format(" {} of tree {}", side_name(static_cast<Side>(task.side)), task.tree + 1);
      }
      return text + (task.via_mole ? " via mole" : "");
    }
    case TaskKind::Offer:
      return fmt::format("{} {} {} {}", word, who, book().species_of(task.species).id,
                         source_name(task.source));
    case TaskKind::FreePlay:
      return fmt::format("{} {} {} {}", word, who, types_text(task.types),
                         task.count == 0 ? std::string("any") : std::to_string(task.count));
    default:
      return fmt::format("{} {}", word, who);
  }
}

YAML::Node ForestShuffleRules::position_yaml(const Position& position, Seat viewer) const {
  const bool everything = viewer == kNoSeat;
  const auto codes = [&](const std::vector<CardId>& cards) {
    std::vector<std::string> items;
    for (CardId card : cards) items.push_back(card_code(card));
    return flow_list(items);
  };
  // Another player's hidden cards show only as how many there are.
  const auto held = [&](const std::vector<CardId>& cards, Seat owner) {
    return everything || owner == viewer ? codes(cards) : YAML::Node(cards.size());
  };
  const auto tasks = [&](const std::vector<Task>& list) {
    std::vector<std::string> items;
    for (const Task& task : list) items.push_back(task_text(task));
    return flow_list(items);
  };
  YAML::Node root(YAML::NodeType::Map);
  root["turn"] = seat_label(position.turn);
  root["tasks"] = tasks(position.tasks);
  root["extra_turns"] = position.extra_turns;
  root["over"] = position.over;
  root["winter"] = position.winter_revealed;
  root["clearing"] = codes(position.clearing);
  root["box"] = codes(position.box);
  YAML::Node players(YAML::NodeType::Map);
  for (Seat seat = 0; seat < static_cast<Seat>(position.players.size()); ++seat) {
    const Player& player = position.player(seat);
    YAML::Node entry(YAML::NodeType::Map);
    entry["hand"] = held(player.hand, seat);
    YAML::Node forest(YAML::NodeType::Sequence);
    for (const Tree& tree : player.forest) {
      YAML::Node node(YAML::NodeType::Map);
      if (tree.sapling) {
        node["sapling"] = everything || seat == viewer ? card_code(tree.card) : "hidden";
      } else {
        node["tree"] = card_code(tree.card);
      }
      for (int s = 0; s < kSides; ++s) {
        const Side side = static_cast<Side>(s);
        std::vector<std::string> cards;
        for (CardId card : tree.slot(side)) {
          cards.push_back(card_code(card) + " " +
                          book().species_of(book().card(card).half(side).species).id);
        }
        if (cards.size() == 1) node[side_name(side)] = cards.front();
        if (cards.size() > 1) node[side_name(side)] = flow_list(cards);
      }
      node.SetStyle(YAML::EmitterStyle::Flow);
      forest.push_back(node);
    }
    entry["forest"] = forest;
    entry["cave"] = held(player.cave, seat);
    entry["mulliganed"] = held(player.mulliganed, seat);
    std::vector<std::string> dormant;
    for (SpeciesId species : player.dormant) dormant.push_back(book().species_of(species).id);
    entry["dormant"] = flow_list(dormant);
    players[seat_label(seat)] = entry;
  }
  root["players"] = players;
  if (everything) {
    // The unseen cards are whatever the rest of the position leaves, unless
    // a hand-written position said otherwise.
    const std::vector<int> seen = cards_in_view(position, book().cards.size());
    bool is_rest = true;
    for (std::size_t id = 0; id < seen.size(); ++id) {
      is_rest = is_rest && position.unseen[id] == book().cards[id].copies - seen[id];
    }
    if (is_rest) {
      root["unseen"] = "rest";
    } else {
      YAML::Node unseen(YAML::NodeType::Map);
      for (std::size_t id = 0; id < position.unseen.size(); ++id) {
        if (position.unseen[id] != 0) unseen[book().cards[id].code] = position.unseen[id];
      }
      unseen.SetStyle(YAML::EmitterStyle::Flow);
      root["unseen"] = unseen;
    }
  }
  root["box_unseen"] = position.box_unseen;
  YAML::Node deck(YAML::NodeType::Map);
  deck["top"] = position.deck_top;
  deck["winter_on_top"] = position.winter_on_top;
  deck["bottom"] = position.deck_bottom;
  deck["winter_shuffled"] = position.winter_shuffled;
  deck.SetStyle(YAML::EmitterStyle::Flow);
  root["deck"] = deck;
  root["deferred"] = tasks(position.deferred);
  return root;
}

YAML::Node ForestShuffleRules::position_to_yaml(const Position& position) const {
  return position_yaml(position, kNoSeat);
}

Position ForestShuffleRules::position_from_yaml(const YAML::Node& node) const {
  PositionReader reader(*this);
  Position position = reader.read(node);
  const std::vector<std::string> problems = check_position(position);
  if (!problems.empty()) {
    fail_at(node, "", "this position breaks the rules: " + join(problems, "; "));
  }
  advance(position, nullptr);
  return position;
}

}  // namespace grove::forest_shuffle
