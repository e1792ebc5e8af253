#include "engine/games/builtin.hpp"

#include "engine/games/bamboo_harvest/bamboo_harvest.hpp"
#include "engine/games/forest_shuffle/forest_shuffle.hpp"
#include "engine/games/pass_the_pandas/pass_the_pandas.hpp"
#include "engine/games/takenoko/takenoko.hpp"

namespace grove {

const Registry& builtin_games() {
  static const Registry registry = [] {
    Registry games;
    games.add(pass_the_pandas::definition());
    games.add(bamboo_harvest::definition());
    games.add(takenoko::definition());
    games.add(forest_shuffle::definition());
    return games;
  }();
  return registry;
}

}  // namespace grove
