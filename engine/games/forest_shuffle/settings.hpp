#pragma once
// A variant of Forest Shuffle read once into typed settings, so that play
// looks nothing up by name: the card book with the variant's copies, costs
// and points, the table rules, and the reading chosen for each ruling.

#include "engine/core/variant.hpp"
#include "engine/games/forest_shuffle/cards.hpp"

namespace grove::forest_shuffle {

struct Settings {
  CardBook book;    // the cards with the variant's copies, costs and points
  int removed = 0;  // cards set aside unseen at this player count
  int starting_hand = 6;
  int hand_limit = 10;
  int clearing_limit = 10;
  int piles = 3;
  bool mulligan = true;

  // Rulings (definition.cpp states each question and its alternatives).
  Ruled<bool> sapling_reveals = true;        // fs.sapling_reveal
  Ruled<bool> sapling_slots_count = true;    // fs.sapling_slots
  Ruled<bool> chanterelle_saplings = true;   // fs.chanterelle_sapling
  Ruled<bool> full_sapling_counts = true;    // fs.full_sapling
  Ruled<bool> bee_on_sapling_counts = true;  // fs.bee_on_sapling
  Ruled<bool> draw_stops_at_limit = true;    // fs.draw_hand_limit
  Ruled<bool> clearing_every_turn = true;    // fs.clearing_extra_turn
  Ruled<bool> bonus_needs_payment = true;    // fs.bonus_unpaid
  Ruled<bool> free_plays_trigger = true;     // fs.free_play_mushrooms
  Ruled<bool> mole_one_by_one = false;       // fs.mole_order
  Ruled<bool> mole_saplings = true;          // fs.mole_saplings
};

Settings read_settings(const Variant& variant, int players);

}  // namespace grove::forest_shuffle
