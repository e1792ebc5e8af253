#include "engine/games/forest_shuffle/position.hpp"

#include <algorithm>

namespace grove::forest_shuffle {
namespace {

void hash_cards(Hasher& hasher, std::span<const CardId> cards) {
  hasher.add(static_cast<std::uint64_t>(cards.size()));
  hasher.add_each(cards);
}

void hash_species(Hasher& hasher, const std::vector<SpeciesId>& species) {
  hasher.add(static_cast<std::uint64_t>(species.size()));
  hasher.add_each(species);
}

// Each term well spread (mix64), so that a sum of terms tells apart forests
// that differ in any card.
std::uint64_t tree_term(std::size_t index, const Tree& tree) {
  constexpr std::uint64_t kSaplingShown = 0xffff;
  const std::uint64_t shown = tree.sapling ? kSaplingShown : static_cast<std::uint16_t>(tree.card);
  return mix64((std::uint64_t{index} << 32) | (std::uint64_t{kSides} << 24) | shown);
}

}  // namespace

std::uint64_t placement_print(std::size_t index, std::optional<Side> side, CardId card) {
  if (!side)
    return tree_term(index, Tree{.card = card, .sapling = false, .dwelling = {}, .ends = {}});
  return mix64((std::uint64_t{index} << 32) | (static_cast<std::uint64_t>(*side) << 24) |
               static_cast<std::uint16_t>(card));
}

std::uint64_t forest_print(std::span<const Tree> forest) {
  std::uint64_t print = 0;
  for (std::size_t index = 0; index < forest.size(); ++index) {
    print += tree_term(index, forest[index]);
    forest[index].each_dweller(
        [&](Side side, CardId card) { print += placement_print(index, side, card); });
  }
  return print;
}

void Player::plant(const Tree& tree) {
  print += tree_term(forest.size(), tree);
  forest.push_back(tree);
}

void Player::place(std::size_t index, Side side, CardId card) {
  forest[index].add(side, card);
  print += placement_print(index, side, card);
}

void Tree::add(Side side, CardId dweller) {
  const auto s = static_cast<std::size_t>(side);
  const std::span<const CardId> run = slot(side);
  const auto at = std::upper_bound(run.begin(), run.end(), dweller) - run.begin();
  const std::size_t begin = s == 0 ? 0 : ends[s - 1];
  dwelling.insert(dwelling.begin() + static_cast<std::ptrdiff_t>(begin) + at, dweller);
  for (std::size_t later = s; later < ends.size(); ++later) ++ends[later];
}

void Position::hash_into(Hasher& hasher) const {
  hasher.add(static_cast<std::uint64_t>(unseen.size()));
  hasher.add_each(unseen);
  hasher.add(deck_top).add(winter_on_top).add(deck_bottom).add(winter_shuffled);
  hasher.add(box_unseen).add(winter_revealed);
  hash_cards(hasher, box);
  hash_cards(hasher, clearing);
  hasher.add(static_cast<std::uint64_t>(players.size()));
  for (const Player& player : players) {
    hash_cards(hasher, player.hand);
    hasher.add(static_cast<std::uint64_t>(player.forest.size()));
    for (const Tree& tree : player.forest) {
      hasher.add(static_cast<int>(tree.card)).add(tree.sapling);
      for (int s = 0; s < kSides; ++s) hash_cards(hasher, tree.slot(static_cast<Side>(s)));
    }
    hash_cards(hasher, player.cave);
    hash_cards(hasher, player.mulliganed);
    hash_species(hasher, player.dormant);
  }
  for (const std::vector<Task>* list : {&tasks, &deferred}) {
    hasher.add(static_cast<std::uint64_t>(list->size()));
    for (const Task& task : *list) {
      hasher.add(static_cast<int>(task.kind)).add(task.seat).add(static_cast<int>(task.source));
      hasher.add(static_cast<int>(task.species)).add(static_cast<int>(task.count));
      hasher.add(static_cast<int>(task.types)).add(static_cast<int>(task.card));
      hasher.add(static_cast<int>(task.side)).add(static_cast<int>(task.tree)).add(task.via_mole);
    }
  }
  hasher.add(turn).add(extra_turns).add(over);
}

std::vector<int> cards_in_view(const Position& position, std::size_t designs) {
  std::vector<int> seen(designs, 0);
  const auto count = [&](const std::vector<CardId>& cards) {
    for (CardId card : cards) ++seen[static_cast<std::size_t>(card)];
  };
  count(position.clearing);
  count(position.box);
  for (const Player& player : position.players) {
    count(player.hand);
    count(player.cave);
    count(player.mulliganed);
    for (const Tree& tree : player.forest) {
      ++seen[static_cast<std::size_t>(tree.card)];
      count(tree.dwelling);
    }
  }
  for (const Task& task : position.tasks) {
    if (task.kind == TaskKind::Pay) ++seen[static_cast<std::size_t>(task.card)];
  }
  return seen;
}

void add_card(std::vector<CardId>& cards, CardId card) {
  cards.insert(std::upper_bound(cards.begin(), cards.end(), card), card);
}

bool remove_card(std::vector<CardId>& cards, CardId card) {
  const auto at = std::lower_bound(cards.begin(), cards.end(), card);
  if (at == cards.end() || *at != card) return false;
  cards.erase(at);
  return true;
}

int count_card(const std::vector<CardId>& cards, CardId card) {
  const auto [first, last] = std::equal_range(cards.begin(), cards.end(), card);
  return static_cast<int>(last - first);
}

}  // namespace grove::forest_shuffle
