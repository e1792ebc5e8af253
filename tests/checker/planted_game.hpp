#pragma once
// A test-only game with a bug planted on purpose, so that the checkers can
// be shown to find each kind of bug. Players take turns adding 1 or 2 to a
// counter; a coin then adds 1 more on heads; whoever brings it to 10 or
// more wins.

#include "engine/core/game.hpp"

namespace grove::testing {

enum class PlantedBug {
  None,
  Invariant,           // the invariants forbid a counter of 7, which play reaches
  AcceptsIllegal,      // "adds 3" is accepted although only 1 and 2 are listed
  YamlLosesTurn,       // the YAML form leaves out whose turn it is
  Stuck,               // at 5 the player to move has no legal move
  Endless,             // the counter wraps at 10, so the game never ends
  HashBeyondEquality,  // the hash counts a field equality ignores
  TrapAtEight,         // a counter of 8 never changes again, so such a game never ends
  // Under the ruling planted.reading=b, P1 may also add 3 when the counter is
  // 3 and nothing else differs: the reading matters in that one state.
  RulingAtThree,
  // An addition that brings the counter to exactly 4 sets off two bonuses
  // at once, doubling it and adding one: in the reverse order they give 10
  // instead of 9, so the order of the simultaneous resolution matters.
  BonusesInOrder,
  // The same moment with two bonuses of one each: the order cannot matter.
  BonusesAnyOrder,
  // The view (Rules::view_hash) leaves out whether the coin is to be tossed,
  // which the rules read: states with one view behave differently.
  ViewIgnoresCoin,
  // "adds 3" is listed at every decision, but only accepted where the
  // rules allow it.
  ListsRefused,
  // At 6 the player to move may also add 0, passing the turn without the
  // coin: the players can keep passing forever, though the game can end.
  PassAtSix,
  // Under planted.reading=b, an addition that ends the game adds one more:
  // the end differs in the counter alone, which no player sees in the
  // outcome, so the reading never matters.
  RulingOnlyAtTheEnd,
  // Under planted.reading=b, a game that ends past 10 is won by the player
  // after the one who ended it: the same position, ranked otherwise.
  RulingScoresTheEnd,
  // Not a bug: tails at a counter of 6 sets it back to 4, so positions
  // come back, yet every game ends whatever anyone does (each toss ends
  // the slip with a chance of 1/2), and whether to add 1 or 2 matters.
  SlipOnTails,
  // RulingAtThree, but the rules read the ruling by its name
  // (Variant::ruling) rather than through a Ruled setting: the explorer is
  // not told where they read it.
  RulingReadUnmarked,
};

// The game "planted" with the bug; with PlantedBug::None, the same game
// fixed.
Game planted_game(PlantedBug bug);

}  // namespace grove::testing
