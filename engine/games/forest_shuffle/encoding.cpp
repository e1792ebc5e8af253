// A Forest Shuffle position as bytes (Rules::encode; state_codec.hpp), in the
// order of position.hpp:
//
//   deck_top, winter_on_top, deck_bottom, winter_shuffled, box_unseen,
//   winter_revealed, box, clearing
//   players     per seat: hand, forest, cave, mulliganed, dormant; a forest
//               is its number of trees, then per tree its card, whether it
//               is a sapling, and per side (four, no length) the slot's cards
//   tasks, deferred: each a count, then per task its kind and the fields
//               that kind uses (below)
//   turn, extra_turns, over
//
// A list of cards (a sorted multiset of designs: hands, caves, the
// clearing, the box, a slot) is its length and the designs in order; a
// design id below 128 takes a byte.
//
// Not written:
// - unseen, the copies of each design nobody has seen: check_position, which
//   the decoded position must pass like a hand-written one, holds them to
//   the variant's copies less those in view, so they are rebuilt; written,
//   the hundred designs' counts would be most of the bytes.
// - each player's print, a cache of forest_print(forest) that operator==
//   compares: check_position holds the two equal, so it is rebuilt.
// - a task's fields that its kind does not use. They hold their defaults:
//   the YAML form, which every state reads back from to an equal state
//   (check_state), has no place for them either. Deal, Draw and Tuck have
//   a count; Pay a card, a side + 1 (0: a tree card), the tree when there
//   is a side, and whether the Mole plays it; Offer a species and a source;
//   FreePlay types and a count; Reveal not even a seat.
// Passing check_position also means that damage which moves a card is
// refused (more copies in view than the variant has, a card in a slot it
// cannot take) rather than read as another state.

#include <fmt/format.h>

#include "engine/core/errors.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"

namespace grove::forest_shuffle {
namespace {

void write_cards(ByteWriter& out, std::span<const CardId> cards) {
  out.unsigned_int(cards.size());
  for (CardId card : cards) out.unsigned_int(static_cast<std::uint64_t>(card));
}

void write_task(ByteWriter& out, const Task& task) {
  out.enumeration(task.kind);
  if (task.kind == TaskKind::Reveal) return;
  out.unsigned_int(static_cast<std::uint64_t>(task.seat));
  switch (task.kind) {
    case TaskKind::Deal:
    case TaskKind::Draw:
    case TaskKind::Tuck:
      out.unsigned_int(static_cast<std::uint64_t>(task.count));
      break;
    case TaskKind::Pay:
      out.unsigned_int(static_cast<std::uint64_t>(task.card));
      out.unsigned_int(static_cast<std::uint64_t>(task.side + 1));
      if (task.side != kNoSide) out.unsigned_int(static_cast<std::uint64_t>(task.tree));
      out.flag(task.via_mole);
      break;
    case TaskKind::Offer:
      out.unsigned_int(static_cast<std::uint64_t>(task.species));
      out.enumeration(task.source);
      break;
    case TaskKind::FreePlay:
      out.unsigned_int(task.types);
      out.unsigned_int(static_cast<std::uint64_t>(task.count));
      break;
    default:
      break;
  }
}

// Reads a position's fields with the variant's bounds.
class Decoder {
 public:
  Decoder(const ForestShuffleRules& rules, ByteReader& in)
      : in_(in),
        book_(rules.book()),
        players_(rules.players()),
        cards_(static_cast<std::uint64_t>(book_.total_cards())) {}

  // The variant's cards (no winter cards): the bound of every count.
  std::uint64_t all_cards() const { return cards_; }
  int winter() const { return book_.winter_cards; }

  int number(std::uint64_t max, const char* what) {
    return static_cast<int>(in_.unsigned_int(max, what));
  }

  CardId card(const char* what) {
    return static_cast<CardId>(in_.unsigned_int(book_.cards.size() - 1, what));
  }

  Seat seat(const char* what) {
    return static_cast<Seat>(in_.unsigned_int(static_cast<std::uint64_t>(players_ - 1), what));
  }

  std::vector<CardId> card_list(const char* what) {
    std::vector<CardId> list(in_.count(cards_, what));
    for (std::size_t i = 0; i < list.size(); ++i) {
      list[i] = card(what);
      // One order, so that a list has one encoding.
      if (i > 0 && list[i] < list[i - 1]) {
        in_.fail(fmt::format("{} lists {} after {}", what, book_.card(list[i]).code,
                             book_.card(list[i - 1]).code));
      }
    }
    return list;
  }

  std::vector<SpeciesId> species_list(const char* what) {
    std::vector<SpeciesId> list(in_.count(cards_, what));
    for (std::size_t i = 0; i < list.size(); ++i) {
      list[i] = species(what);
      if (i > 0 && list[i] < list[i - 1]) in_.fail(fmt::format("{} is not in order", what));
    }
    return list;
  }

  SpeciesId species(const char* what) {
    return static_cast<SpeciesId>(in_.unsigned_int(book_.species.size() - 1, what));
  }

  // Tree `index` of `seat`'s forest.
  Tree tree(Seat seat, std::size_t index) {
    Tree planted;
    planted.card = card("a tree's card");
    planted.sapling = in_.flag("whether a tree is a sapling");
    // Only a tree card shows a tree species: the forest's census counts
    // by it.
    if (!planted.sapling && !book_.card(planted.card).tree) {
      in_.fail(fmt::format("{}'s tree {} is {} face up, which is no tree card", seat_label(seat),
                           index + 1, book_.card(planted.card).code));
    }
    for (int s = 0; s < kSides; ++s) {
      const auto side = static_cast<Side>(s);
      const std::vector<CardId> slot = card_list("a slot's cards");
      // The species shown is the half on the slot's side: there must be one.
      for (CardId dweller : slot) {
        if (!book_.card(dweller).has_side(side)) {
          in_.fail(fmt::format("{} cannot take the {} slot of {}'s tree {}: it has no {} half",
                               book_.card(dweller).code, side_name(side), seat_label(seat),
                               index + 1, side_name(side)));
        }
      }
      planted.dwelling.insert(planted.dwelling.end(), slot.begin(), slot.end());
      planted.ends[static_cast<std::size_t>(s)] =
          static_cast<std::uint16_t>(planted.dwelling.size());
    }
    return planted;
  }

  Task task(const Position& position) {
    Task next;
    next.kind = in_.enumeration(TaskKind::EndTurn, "a task's kind");
    if (next.kind == TaskKind::Reveal) return next;
    next.seat = seat("a task's seat");
    switch (next.kind) {
      case TaskKind::Deal:
      case TaskKind::Draw:
      case TaskKind::Tuck:
        next.count = static_cast<std::int16_t>(number(cards_, "a task's count"));
        break;
      case TaskKind::Pay: {
        next.card = card("the card being paid for");
        next.side = static_cast<std::int8_t>(number(kSides, "the side being paid for") - 1);
        if (next.side != kNoSide) {
          next.tree = static_cast<std::int16_t>(number(cards_, "the tree being paid for"));
          const std::size_t trees = position.player(next.seat).forest.size();
          if (static_cast<std::size_t>(next.tree) >= trees) {
            in_.fail(fmt::format("the card being paid for goes to tree {}; {} has {}",
                                 next.tree + 1, seat_label(next.seat), trees));
          }
        }
        next.via_mole = in_.flag("whether the Mole plays the card being paid for");
        break;
      }
      case TaskKind::Offer:
        next.species = species("the species offered");
        next.source = in_.enumeration(Source::Mushroom, "the source offered");
        break;
      case TaskKind::FreePlay:
        next.types = static_cast<Types>(number((1U << kTypeCount) - 1, "the free plays' types"));
        next.count = static_cast<std::int16_t>(number(cards_, "the free plays left"));
        break;
      default:
        break;
    }
    return next;
  }

  std::vector<Task> task_list(const Position& position, const char* what) {
    // Tasks come from the deal and from the cards played: a few per card
    // at the very most.
    std::vector<Task> list(in_.count(4 * (cards_ + static_cast<std::uint64_t>(players_)), what));
    for (Task& entry : list) entry = task(position);
    return list;
  }

 private:
  ByteReader& in_;
  const CardBook& book_;
  int players_;
  std::uint64_t cards_;
};

}  // namespace

void ForestShuffleRules::encode_position(const Position& position, ByteWriter& out) const {
  for (int part : {position.deck_top, position.winter_on_top, position.deck_bottom,
                   position.winter_shuffled, position.box_unseen, position.winter_revealed}) {
    out.unsigned_int(static_cast<std::uint64_t>(part));
  }
  write_cards(out, position.box);
  write_cards(out, position.clearing);
  for (const Player& player : position.players) {
    write_cards(out, player.hand);
    out.unsigned_int(player.forest.size());
    for (const Tree& tree : player.forest) {
      out.unsigned_int(static_cast<std::uint64_t>(tree.card));
      out.flag(tree.sapling);
      for (int s = 0; s < kSides; ++s) write_cards(out, tree.slot(static_cast<Side>(s)));
    }
    write_cards(out, player.cave);
    write_cards(out, player.mulliganed);
    out.unsigned_int(player.dormant.size());
    for (SpeciesId species : player.dormant) out.unsigned_int(static_cast<std::uint64_t>(species));
  }
  for (const std::vector<Task>* tasks : {&position.tasks, &position.deferred}) {
    out.unsigned_int(tasks->size());
    for (const Task& task : *tasks) write_task(out, task);
  }
  out.unsigned_int(static_cast<std::uint64_t>(position.turn));
  out.unsigned_int(static_cast<std::uint64_t>(position.extra_turns));
  out.flag(position.over);
}

Position ForestShuffleRules::decode_position(ByteReader& in) const {
  Decoder read(*this, in);
  Position position;
  position.deck_top = read.number(read.all_cards(), "the deck's upper piles");
  position.winter_on_top = read.number(read.winter(), "the winter cards on the bottom pile");
  position.deck_bottom = read.number(read.all_cards(), "the deck's bottom pile");
  position.winter_shuffled = read.number(read.winter(), "the winter cards shuffled in");
  position.box_unseen = read.number(read.all_cards(), "the cards set aside unseen");
  position.winter_revealed = read.number(read.winter(), "the winter cards revealed");
  position.box = read.card_list("the box");
  position.clearing = read.card_list("the clearing");
  for (Seat seat = 0; seat < players(); ++seat) {
    Player& player = position.players.emplace_back();
    player.hand = read.card_list("a hand");
    player.forest.resize(in.count(read.all_cards(), "a forest's trees"));
    for (std::size_t index = 0; index < player.forest.size(); ++index) {
      player.forest[index] = read.tree(seat, index);
    }
    player.cave = read.card_list("a cave");
    player.mulliganed = read.card_list("the cards mulliganed");
    player.dormant = read.species_list("the dormant mushrooms");
    player.print = forest_print(player.forest);
  }
  position.tasks = read.task_list(position, "the tasks");
  position.deferred = read.task_list(position, "the deferred offers");
  position.turn = read.seat("the turn");
  position.extra_turns = read.number(read.all_cards(), "the extra turns");
  position.over = in.flag("whether the game is over");

  const std::vector<int> seen = cards_in_view(position, book().cards.size());
  position.unseen.resize(seen.size());
  for (std::size_t id = 0; id < seen.size(); ++id) {
    const int left = book().cards[id].copies - seen[id];
    if (left < 0) {
      in.fail(fmt::format("{} {} cards are in view; the variant has {}", seen[id],
                          book().cards[id].code, book().cards[id].copies));
    }
    position.unseen[id] = static_cast<std::int16_t>(left);
  }
  if (const auto problems = check_position(position); !problems.empty()) {
    in.fail("the position breaks the rules: " + join(problems, "; "));
  }
  return position;
}

}  // namespace grove::forest_shuffle
