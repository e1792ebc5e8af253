#pragma once
// Pass the Pandas (Ken Gruhl, Quentin Weir): a dice game for 2-5 players.
// Rule text: shared/rules/pass_the_pandas.txt.

#include "engine/core/game.hpp"

namespace grove::pass_the_pandas {

Game definition();

}  // namespace grove::pass_the_pandas
