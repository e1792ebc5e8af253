#include "engine/games/forest_shuffle/cards.hpp"

#include <utility>

#include "engine/core/yaml_input.hpp"
#include "engine/games/forest_shuffle/cards_text.hpp"

namespace grove::forest_shuffle {
namespace {

const std::vector<std::pair<AbilityKind, std::string>> kAbilityNames = {
    {AbilityKind::Draw, "draw"},
    {AbilityKind::DrawPer, "draw_per"},
    {AbilityKind::ExtraTurn, "extra_turn"},
    {AbilityKind::PlayFree, "play_free"},
    {AbilityKind::ClearingToCave, "clearing_to_cave"},
    {AbilityKind::HandToCave, "hand_to_cave"},
    {AbilityKind::PlayPaying, "play_paying"},
    {AbilityKind::ShareSlot, "share_slot"},
    {AbilityKind::CountsAsTree, "counts_as_tree"},
    {AbilityKind::DrawWhenPlayed, "draw_when_played"},
    {AbilityKind::DrawWhenPlaced, "draw_when_placed"},
};

const std::vector<std::pair<ScoringKind, std::string>> kScoringNames = {
    {ScoringKind::Flat, "flat"},
    {ScoringKind::PerType, "per_type"},
    {ScoringKind::PerSpecies, "per_species"},
    {ScoringKind::If, "if"},
    {ScoringKind::Set, "set"},
    {ScoringKind::ButterflySets, "butterfly_sets"},
    {ScoringKind::Majority, "majority"},
    {ScoringKind::PerCardOnTree, "per_card_on_tree"},
    {ScoringKind::PerFullTree, "per_full_tree"},
    {ScoringKind::PerOwnSymbol, "per_own_symbol"},
    {ScoringKind::PerCardInSlot, "per_card_in_slot"},
};

// `of:` in an `if` rule: a measure word, or else a species id.
const std::vector<std::pair<Measure, std::string>> kMeasureNames = {
    {Measure::TreeSpecies, "tree_species"},        {Measure::SpeciesOfType, "species_of_type"},
    {Measure::OppositeSlot, "opposite_slot_type"}, {Measure::HostTree, "host_tree"},
    {Measure::SharedSlot, "shared_slot"},          {Measure::Trees, "trees"},
};

Types read_type(const YAML::Node& node, const std::string& key) {
  const std::string text = read_string(node, key);
  for (std::size_t i = 0; i < kTypeNames.size(); ++i) {
    if (text == kTypeNames[i]) return static_cast<Types>(1U << i);
  }
  const std::vector<std::string> names(kTypeNames.begin(), kTypeNames.end());
  fail_at(node, key,
          "expected a type symbol (" + join(names, ", ") + "), got '" + text + "'" +
              did_you_mean(text, names));
}

Types read_types(const YAML::Node& node, const std::string& key) {
  expect_sequence(node, key, "type symbols");
  Types types = 0;
  for (const auto& entry : node) types = static_cast<Types>(types | read_type(entry, key));
  return types;
}

Side read_side(const YAML::Node& node, const std::string& key) {
  const std::string text = read_string(node, key);
  if (auto side = parse_side(text)) return *side;
  fail_at(node, key, "expected top, bottom, left or right, got '" + text + "'");
}

class BookReader {
 public:
  explicit BookReader(CardBook& book) : book_(book) {}

  void read(const YAML::Node& root) {
    expect_map(root, "", "a card file");
    check_keys(root, {"winter_cards", "species", "cards"});
    if (root["winter_cards"])
      book_.winter_cards =
          static_cast<int>(read_integer(root["winter_cards"], "winter_cards", 1, 9));
    const YAML::Node species = root["species"];
    expect_sequence(species, "species", "the species");
    // Species refer to each other (Lynx names Roe Deer), so every id is
    // known before any entry is read.
    for (const auto& entry : species) {
      expect_map(entry, "species", "a species");
      ids_.push_back(read_string(entry["id"], "id"));
    }
    for (const auto& entry : species) read_species(entry);
    for (std::size_t i = 0; i < kTreeSpecies && i < book_.species.size(); ++i) {
      if (!book_.species[i].tree) {
        fail_at(species[i], "kind", "the first eight species must be the eight tree species");
      }
    }
    if (book_.species.size() < kTreeSpecies) {
      fail_at(species, "species", "expected the eight tree species first");
    }
    for (std::size_t i = kTreeSpecies; i < book_.species.size(); ++i) {
      if (book_.species[i].tree) fail_at(species[i], "kind", "tree species must come first");
    }
    for (SpeciesId tree = 0; tree < kTreeSpecies; ++tree) {
      Card card;
      card.code = book_.species_of(tree).id;
      card.tree = true;
      card.halves[0] = {tree, tree};
      card.copies = book_.species_of(tree).copies;
      book_.cards.push_back(card);
    }
    const YAML::Node cards = root["cards"];
    expect_sequence(cards, "cards", "the split cards");
    for (const auto& entry : cards) read_card(entry);
  }

 private:
  void read_species(const YAML::Node& node) {
    expect_map(node, "species", "a species");
    check_keys(node, {"id", "name", "kind", "sides", "copies", "cost", "types", "effect", "bonus",
                      "scoring"});
    Species species;
    species.id = read_string(node["id"], "id");
    if (book_.find_species(species.id) != kNoSpecies) {  // listed twice
      fail_at(node["id"], "id", "species '" + species.id + "' is listed twice");
    }
    species.name = read_string(node["name"], "name");
    if (node["kind"]) {
      if (read_string(node["kind"], "kind") != "tree") {
        fail_at(node["kind"], "kind", "expected 'tree' (split species list their sides)");
      }
      species.tree = true;
      species.copies = static_cast<int>(read_integer(node["copies"], "copies", 0, 99));
    } else {
      expect_sequence(node["sides"], "sides", "the sides this species is played to");
      for (const auto& side : node["sides"]) {
        species.sides = static_cast<std::uint8_t>(species.sides |
                                                  1U << static_cast<int>(read_side(side, "sides")));
      }
    }
    species.cost = static_cast<int>(read_integer(node["cost"], "cost", 0, 9));
    species.types = read_types(node["types"], "types");
    book_.species.push_back(species);
    Species& stored = book_.species.back();
    if (node["effect"]) read_abilities(node["effect"], "effect", stored.effect);
    if (node["bonus"]) read_abilities(node["bonus"], "bonus", stored.bonus);
    read_scoring(node["scoring"], stored.scoring);
  }

  void read_abilities(const YAML::Node& node, const std::string& key, std::vector<Ability>& into) {
    if (node.IsSequence()) {
      for (const auto& entry : node) into.push_back(read_ability(entry, key));
    } else {
      into.push_back(read_ability(node, key));
    }
    into.shrink_to_fit();
  }

  Ability read_ability(const YAML::Node& node, const std::string& key) {
    expect_map(node, key, "an ability");
    check_keys(node, {"kind", "count", "cards", "per_slot", "type", "species", "side"});
    Ability ability;
    ability.kind = read_name(node["kind"], key + ".kind", kAbilityNames, AbilityKind::Draw);
    // `cards` and `per_slot` say 'any' for no limit (0).
    for (const char* limit : {"count", "cards", "per_slot"}) {
      const YAML::Node value = node[limit];
      if (!value) continue;
      if (value.IsScalar() && value.Scalar() == "any") {
        ability.count = 0;
      } else {
        ability.count = static_cast<int>(read_integer(value, key + "." + limit, 1, 99));
      }
    }
    if (node["type"]) ability.types = read_type(node["type"], key + ".type");
    if (node["side"]) ability.side = read_side(node["side"], key + ".side");
    if (node["species"]) ability.species = species_named(node["species"], key + ".species");
    // What each kind cannot do without.
    const auto needs = [&](bool given, const char* what) {
      if (!given) fail_at(node, key, "a " + node["kind"].Scalar() + " ability needs " + what);
    };
    switch (ability.kind) {
      case AbilityKind::Draw:
        needs(node["count"].IsDefined(), "a count");
        break;
      case AbilityKind::DrawPer:
        needs(ability.species != kNoSpecies || ability.types != 0, "a species or a type");
        break;
      case AbilityKind::PlayFree:
      case AbilityKind::DrawWhenPlayed:
        needs(ability.types != 0, "a type");
        break;
      case AbilityKind::DrawWhenPlaced:
        needs(node["side"].IsDefined(), "a side");
        break;
      default:
        break;
    }
    return ability;
  }

  void read_scoring(const YAML::Node& node, Scoring& scoring) {
    expect_map(node, "scoring", "a scoring rule");
    check_keys(node, {"kind", "points", "otherwise", "types", "type", "species", "of", "needs",
                      "side", "table"});
    scoring.kind = read_name(node["kind"], "scoring.kind", kScoringNames, ScoringKind::Flat);
    if (node["points"])
      scoring.points = static_cast<int>(read_integer(node["points"], "scoring.points", 0, 999));
    if (node["otherwise"])
      scoring.otherwise =
          static_cast<int>(read_integer(node["otherwise"], "scoring.otherwise", 0, 999));
    if (node["types"]) scoring.types = read_types(node["types"], "scoring.types");
    if (node["type"]) scoring.types = read_type(node["type"], "scoring.type");
    if (node["needs"])
      scoring.needs = static_cast<int>(read_integer(node["needs"], "scoring.needs", 0, 99));
    if (node["side"]) scoring.side = read_side(node["side"], "scoring.side");
    if (node["table"]) {
      expect_sequence(node["table"], "scoring.table", "points per count");
      for (const auto& entry : node["table"]) {
        scoring.table.push_back(static_cast<int>(read_integer(entry, "scoring.table", 0, 999)));
      }
      if (scoring.table.empty()) fail_at(node["table"], "scoring.table", "the table is empty");
    }
    if (node["species"]) scoring.species = species_named(node["species"], "scoring.species");
    if (node["of"]) {
      const std::string of = read_string(node["of"], "scoring.of");
      bool measure_word = false;
      for (const auto& [measure, name] : kMeasureNames) {
        if (of == name) {
          scoring.measure = measure;
          measure_word = true;
        }
      }
      if (!measure_word) {
        // Majority and `if` rules may count a species instead.
        scoring.measure = Measure::SpeciesCount;
        scoring.species = species_named(node["of"], "scoring.of");
      } else if (scoring.kind == ScoringKind::Majority && scoring.measure != Measure::Trees) {
        fail_at(node["of"], "scoring.of", "a majority compares trees or a species");
      }
    }
    // What each kind cannot do without.
    const auto needs = [&](bool given, const char* what) {
      if (!given) fail_at(node, "scoring", "a " + node["kind"].Scalar() + " rule needs " + what);
    };
    switch (scoring.kind) {
      case ScoringKind::PerType:
        needs(scoring.types != 0, "types");
        break;
      case ScoringKind::PerSpecies:
        needs(scoring.species != kNoSpecies, "a species");
        break;
      case ScoringKind::If:
      case ScoringKind::Majority:
        needs(node["of"].IsDefined(), "'of': what it counts");
        if (scoring.measure == Measure::SpeciesCount || scoring.measure == Measure::HostTree) {
          needs(scoring.species != kNoSpecies, "a species");
        }
        if (scoring.measure == Measure::SpeciesOfType || scoring.measure == Measure::OppositeSlot) {
          needs(scoring.types != 0, "a type");
        }
        break;
      case ScoringKind::Set:
      case ScoringKind::ButterflySets:
        needs(!scoring.table.empty(), "a table");
        break;
      case ScoringKind::PerCardInSlot:
        needs(node["side"].IsDefined(), "a side");
        break;
      default:
        break;
    }
  }

  SpeciesId species_named(const YAML::Node& node, const std::string& key) const {
    const std::string text = read_string(node, key);
    for (std::size_t i = 0; i < ids_.size(); ++i) {
      if (ids_[i] == text) return static_cast<SpeciesId>(i);
    }
    fail_at(node, key, "unknown species '" + text + "'" + did_you_mean(text, ids_));
  }

  void read_card(const YAML::Node& node) {
    expect_map(node, "cards", "a split card");
    check_keys(node, {"id", "top", "bottom", "left", "right"});
    Card card;
    card.code = read_string(node["id"], "id");
    if (book_.find_card(card.code) != kNoCard) {
      fail_at(node["id"], "id", "card '" + card.code + "' is listed twice");
    }
    int halves = 0;
    for (int s = 0; s < kSides; ++s) {
      const Side side = static_cast<Side>(s);
      const YAML::Node half = node[side_name(side)];
      if (!half) continue;
      ++halves;
      const std::string text = read_string(half, side_name(side));
      const auto at = text.find('@');
      const SpeciesId species = book_.find_species(text.substr(0, at));
      const SpeciesId symbol =
          at == std::string::npos ? kNoSpecies : book_.find_species(text.substr(at + 1));
      if (species == kNoSpecies || book_.species_of(species).tree) {
        fail_at(half, side_name(side),
                "expected a split-card species@tree_symbol, got '" + text + "'");
      }
      if (symbol == kNoSpecies || symbol >= kTreeSpecies) {
        fail_at(half, side_name(side),
                "expected species@tree_symbol with one of the eight tree species after '@', got '" +
                    text + "'");
      }
      if (!book_.species_of(species).on_side(side)) {
        fail_at(half, side_name(side),
                book_.species_of(species).name + " is not played to the " + side_name(side));
      }
      card.halves[static_cast<std::size_t>(s)] = {species, symbol};
    }
    const bool top_bottom = card.has_side(Side::Top) && card.has_side(Side::Bottom);
    const bool left_right = card.has_side(Side::Left) && card.has_side(Side::Right);
    if (halves != 2 || !(top_bottom || left_right)) {
      fail_at(node, "cards", "a split card has two halves: top and bottom, or left and right");
    }
    book_.cards.push_back(card);
  }

  CardBook& book_;
  std::vector<std::string> ids_;  // every species id, in file order
};

}  // namespace

std::optional<Side> parse_side(std::string_view text) {
  for (int s = 0; s < kSides; ++s) {
    if (text == kSideNames[static_cast<std::size_t>(s)]) return static_cast<Side>(s);
  }
  return std::nullopt;
}

std::string types_text(Types types) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < kTypeNames.size(); ++i) {
    if ((types >> i & 1U) != 0) names.emplace_back(kTypeNames[i]);
  }
  return join(names, ", ");
}

std::string cards_word(int count) {
  return count == 1 ? "1 card" : std::to_string(count) + " cards";
}

bool Ability::permanent() const {
  return kind == AbilityKind::ShareSlot || kind == AbilityKind::CountsAsTree ||
         kind == AbilityKind::DrawWhenPlayed || kind == AbilityKind::DrawWhenPlaced;
}

bool Card::shows_symbol(SpeciesId symbol) const {
  for (const auto& half : halves) {
    if (half.species != kNoSpecies && half.symbol == symbol) return true;
  }
  return false;
}

SpeciesId CardBook::find_species(std::string_view id) const {
  for (std::size_t i = 0; i < species.size(); ++i) {
    if (species[i].id == id) return static_cast<SpeciesId>(i);
  }
  return kNoSpecies;
}

CardId CardBook::find_card(std::string_view code) const {
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (cards[i].code == code) return static_cast<CardId>(i);
  }
  return kNoCard;
}

SpeciesId CardBook::species_played(CardId id, std::optional<Side> side) const {
  const Card& played = card(id);
  if (played.tree) return played.halves[0].species;
  return side ? played.half(*side).species : kNoSpecies;
}

std::string CardBook::card_name(CardId id) const {
  const Card& named = card(id);
  if (named.tree) return species_of(named.halves[0].species).name;
  std::vector<std::string> halves;
  for (const auto& half : named.halves) {
    if (half.species != kNoSpecies) halves.push_back(species_of(half.species).name);
  }
  return named.code + " (" + join(halves, " | ") + ")";
}

int CardBook::total_cards() const {
  int total = 0;
  for (const auto& card : cards) total += card.copies;
  return total;
}

CardBook parse_card_book(const std::string& text, const std::string& label) {
  CardBook book;
  try {
    BookReader reader(book);
    reader.read(load_yaml_text(text, label));
  } catch (const InputError& error) {
    throw error.in_file(label);
  }
  return book;
}

const CardBook& base_card_book() {
  static const CardBook book = parse_card_book(std::string(kCardsYaml), "cards.yaml");
  return book;
}

}  // namespace grove::forest_shuffle
