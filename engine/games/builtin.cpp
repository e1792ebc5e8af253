#include "engine/games/builtin.hpp"

#include "engine/games/pass_the_pandas/pass_the_pandas.hpp"

namespace grove {

const Registry& builtin_games() {
  static const Registry registry = [] {
    Registry games;
    games.add(pass_the_pandas::definition());
    return games;
  }();
  return registry;
}

}  // namespace grove
