// Move notation. Cards are written by their code: tree cards by species
// (linden, horse_chestnut), split cards by id (LR07, TB12; see cards.yaml);
// species by id (european_hare); trees in a forest by number, 1 for the
// first one played.
//   draw P1 LR07 | draw P1 winter       chance: the deck's top card to P1's hand
//   reveal LR07 | reveal winter         chance: the deck's top card into the clearing
//   P1 takes mulligan | P1 keeps hand   set-up, a hand without a tree
//   P1 draws from deck | P1 takes LR07 from clearing     the draw action, a card at a time
//   P1 plays linden                     a tree
//   P1 plays LR07 as sapling            any card, face down
//   P1 plays LR07 raccoon left of tree 2    a half of a split card into a slot
//                                       ('LR07 left of tree 2' and 'LR07 raccoon on tree 2'
//                                       say the same)
//   P1 pays linden LR01                 the cost, in any order
//   P1 uses tawny_owl effect | P1 declines roe_deer bonus | P1 uses parasol_mushroom draw
//   P1 places LR12 red_deer left of tree 1    a free placement (Badger, Gnat, ...)
//   P1 tucks LR07                       a card under the cave (Raccoon)
//   P1 stops placing | P1 stops tucking | P1 stops playing (the Mole)
// Words are matched in any case.

#include "engine/core/notation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "engine/core/words.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"

namespace grove::forest_shuffle {
namespace {

constexpr const char* kForms =
    "expected one of 'draw P1 CARD', 'draw P1 winter', 'reveal CARD', 'reveal winter', 'P1 takes "
    "mulligan', 'P1 keeps hand', 'P1 draws from deck', 'P1 takes CARD from clearing', 'P1 plays "
    "TREE', 'P1 plays CARD as sapling', 'P1 plays CARD SPECIES SIDE of tree N', 'P1 pays CARD "
    "[CARD ...]', 'P1 uses SPECIES effect|bonus|draw', 'P1 declines SPECIES effect|bonus|draw', "
    "'P1 places CARD SPECIES SIDE of tree N', 'P1 tucks CARD', 'P1 stops placing|tucking|playing'";

}  // namespace

std::string ForestShuffleRules::move_text(const Move& move) const {
  const std::string who = seat_label(move.seat);
  const auto arg = [&](int index) { return move.args[static_cast<std::size_t>(index)]; };
  // Out-of-range values print as "?" so that a malformed move still shows.
  const auto card = [&](int value) {
    return value >= 0 && value < static_cast<int>(book().cards.size())
               ? card_code(static_cast<CardId>(value))
               : std::string("?");
  };
  const auto species = [&](int value) {
    return value >= 0 && value < static_cast<int>(book().species.size())
               ? book().species_of(static_cast<SpeciesId>(value)).id
               : std::string("?");
  };
  // "LR07 raccoon left of tree 2", or just "linden" for a tree.
  const auto placed = [&] {
    const int side = arg(1);
    if (side == 0) return card(arg(0));
    const bool known = side >= 1 && side <= kSides && arg(0) >= 0 &&
                       arg(0) < static_cast<int>(book().cards.size());
    const std::string half = known ? species(book().species_played(static_cast<CardId>(arg(0)),
                                                                   static_cast<Side>(side - 1)))
                                   : std::string("?");
    return fmt::format("{} {} {} of tree {}", card(arg(0)), half,
                       side >= 1 && side <= kSides ? side_name(static_cast<Side>(side - 1)) : "?",
                       arg(2));
  };
  const auto source = [&](int value) {
    return value >= 0 && value < static_cast<int>(kSourceNames.size())
               ? kSourceNames[static_cast<std::size_t>(value)]
               : "?";
  };
  switch (move.kind) {
    case kDeckCard:
      return move.seat == kNoSeat ? "reveal " + card(arg(0))
                                  : fmt::format("draw {} {}", who, card(arg(0)));
    case kWinter:
      return move.seat == kNoSeat ? "reveal winter" : fmt::format("draw {} winter", who);
    case kDrawFromDeck:
      return who + " draws from deck";
    case kTakeFromClearing:
      return fmt::format("{} takes {} from clearing", who, card(arg(0)));
    case kPlay:
      return fmt::format("{} plays {}", who, placed());
    case kSapling:
      return fmt::format("{} plays {} as sapling", who, card(arg(0)));
    case kPay: {
      std::vector<std::string> paid;
      for (int i = 0; i < kMaxPayment; ++i) {
        if (arg(i) != 0) paid.push_back(card(arg(i) - 1));
      }
      return fmt::format("{} pays {}", who, join(paid, " "));
    }
    case kUse:
      return fmt::format("{} uses {} {}", who, species(arg(0)), source(arg(1)));
    case kDecline:
      return fmt::format("{} declines {} {}", who, species(arg(0)), source(arg(1)));
    case kPlaceFree:
      return fmt::format("{} places {}", who, placed());
    case kTuck:
      return fmt::format("{} tucks {}", who, card(arg(0)));
    case kStop:
      return fmt::format("{} stops {}", who,
                         arg(0) >= 0 && arg(0) < static_cast<int>(kStoppingWords.size())
                             ? kStoppingWords[static_cast<std::size_t>(arg(0))]
                             : "?");
    case kMulligan:
      return who + " takes mulligan";
    case kKeepHand:
      return who + " keeps hand";
    default:
      return fmt::format("{} unknown move {}", who, move.kind);
  }
}

MoveParse ForestShuffleRules::parse_move(std::string_view text) const {
  NotationReader reader(text, players());
  CardId last_card = kNoCard;
  std::optional<Side> named_side;  // the side a species word named
  const auto find_card = [&](const std::string& word) {
    const std::string wanted = lowercase(word);
    for (std::size_t id = 0; id < book().cards.size(); ++id) {
      if (lowercase(book().cards[id].code) == wanted) return static_cast<CardId>(id);
    }
    return kNoCard;
  };
  const auto card_names = [&] {
    std::vector<std::string> names;
    for (const Card& card : book().cards) names.push_back(card.code);
    return names;
  };
  const auto read_card = [&](const std::string& word, std::vector<int>& values, int offset) {
    last_card = find_card(word);
    if (last_card == kNoCard) {
      return fmt::format(
          "'{}' is not a card (tree cards by species like linden, split cards by "
          "id like LR07 or TB12){}",
          word, did_you_mean(word, card_names()));
    }
    values.push_back(last_card + offset);
    return std::string();
  };
  reader.define('$', [&](const std::string& word, std::vector<int>& values) {
    return read_card(word, values, 0);
  });
  reader.define('&', [&](const std::string& word, std::vector<int>& values) {
    return read_card(word, values, 1);
  });
  // A species on the card just read: stands for the side of its half.
  reader.define('%', [&](const std::string& word, std::vector<int>& values) -> std::string {
    const SpeciesId species = book().find_species(lowercase(word));
    const Card& card = book().card(last_card);
    for (int s = 0; s < kSides && species != kNoSpecies && !card.tree; ++s) {
      if (card.half(static_cast<Side>(s)).species == species) {
        named_side = static_cast<Side>(s);
        values.push_back(s + 1);
        return "";
      }
    }
    std::vector<std::string> halves;
    for (const Half& half : card.halves) {
      if (half.species != kNoSpecies && !card.tree) {
        halves.push_back(book().species_of(half.species).id);
      }
    }
    return card.tree ? fmt::format("{} is a tree card, planted on its own", card.code)
                     : fmt::format("'{}' is not a half of {} ({})", word, card.code,
                                   join(halves, " or "));
  });
  // A side after a species: must be that species' side.
  reader.define('!', [&](const std::string& word, std::vector<int>&) -> std::string {
    const auto side = parse_side(lowercase(word));
    if (side && side == named_side) return "";
    return fmt::format("'{}' is not the side of that half ({})", word,
                       named_side ? side_name(*named_side) : "?");
  });
  reader.define('~', [](const std::string& word, std::vector<int>& values) -> std::string {
    const auto side = parse_side(lowercase(word));
    if (!side) return fmt::format("'{}' is not a side (top, bottom, left or right)", word);
    values.push_back(static_cast<int>(*side) + 1);
    return "";
  });
  reader.define('@', [](const std::string& word, std::vector<int>& values) -> std::string {
    int number = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), number);
    if (error != std::errc{} || end != word.data() + word.size() || number < 1 || number > 999) {
      return fmt::format("'{}' is not a tree number (1 for the first tree of the forest)", word);
    }
    values.push_back(number);
    return "";
  });
  reader.define('*', [&](const std::string& word, std::vector<int>& values) -> std::string {
    const SpeciesId species = book().find_species(lowercase(word));
    if (species == kNoSpecies) {
      std::vector<std::string> ids;
      for (const Species& known : book().species) ids.push_back(known.id);
      return fmt::format("'{}' is not a species{}", word, did_you_mean(lowercase(word), ids));
    }
    values.push_back(species);
    return "";
  });
  reader.define('^', [](const std::string& word, std::vector<int>& values) -> std::string {
    for (std::size_t i = 0; i < kSourceNames.size(); ++i) {
      if (lowercase(word) == kSourceNames[i]) {
        values.push_back(static_cast<int>(i));
        return "";
      }
    }
    return fmt::format("'{}' is not effect, bonus or draw", word);
  });

  // The payment cards, in card order whatever order they were written in.
  const auto payment = [&] {
    Move& move = reader.move();
    std::sort(move.args.begin(), move.args.begin() + kMaxPayment);
    std::rotate(move.args.begin(),
                std::find_if(move.args.begin(), move.args.begin() + kMaxPayment,
                             [](std::int16_t value) { return value != 0; }),
                move.args.begin() + kMaxPayment);
    return reader.kind(kPay);
  };
  // A chance move with no seat: the clearing.
  const auto to_clearing = [&](MoveKind kind) {
    reader.move().seat = kNoSeat;
    return reader.kind(kind);
  };

  if (reader.empty()) return reader.failure(kForms);
  if (reader.is({"draw", "#", "winter"})) return reader.kind(kWinter);
  if (reader.is({"draw", "#", "$"})) return reader.kind(kDeckCard);
  if (reader.is({"reveal", "winter"})) return to_clearing(kWinter);
  if (reader.is({"reveal", "$"})) return to_clearing(kDeckCard);
  if (reader.is({"#", "takes", "mulligan"})) return reader.kind(kMulligan);
  if (reader.is({"#", "keeps", "hand"})) return reader.kind(kKeepHand);
  if (reader.is({"#", "draws", "from", "deck"})) return reader.kind(kDrawFromDeck);
  if (reader.is({"#", "takes", "$", "from", "clearing"})) return reader.kind(kTakeFromClearing);
  if (reader.is({"#", "plays", "$", "as", "sapling"})) return reader.kind(kSapling);
  for (const auto& [verb, kind] : {std::pair{"plays", kPlay}, std::pair{"places", kPlaceFree}}) {
    if (reader.is({"#", verb, "$"})) return reader.kind(kind);
    if (reader.is({"#", verb, "$", "%", "!", "of", "tree", "@"})) return reader.kind(kind);
    if (reader.is({"#", verb, "$", "~", "of", "tree", "@"})) return reader.kind(kind);
    if (reader.is({"#", verb, "$", "%", "on", "tree", "@"})) return reader.kind(kind);
  }
  if (reader.is({"#", "pays", "&"}) || reader.is({"#", "pays", "&", "&"}) ||
      reader.is({"#", "pays", "&", "&", "&"}) || reader.is({"#", "pays", "&", "&", "&", "&"})) {
    return payment();
  }
  if (reader.is({"#", "uses", "*", "^"})) return reader.kind(kUse);
  if (reader.is({"#", "declines", "*", "^"})) return reader.kind(kDecline);
  if (reader.is({"#", "tucks", "$"})) return reader.kind(kTuck);
  for (std::size_t i = 0; i < kStoppingWords.size(); ++i) {
    if (reader.is({"#", "stops", kStoppingWords[i]})) {
      reader.move().args[0] = static_cast<std::int16_t>(i);
      return reader.kind(kStop);
    }
  }
  return reader.failure(kForms);
}

}  // namespace grove::forest_shuffle
