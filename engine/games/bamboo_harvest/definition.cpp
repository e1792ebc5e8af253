// The game as a designer sees it in `grove rules bamboo_harvest`: what can be
// changed, which readings of the text had to be chosen, and the rule clauses
// that leave events.

#include "engine/games/bamboo_harvest/bamboo_harvest.hpp"
#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {
namespace {

constexpr const char* kSource = "bamboo_harvest.txt";

std::string section(const std::string& name) { return std::string(kSource) + ", " + name; }

IntegerTable standard_reeds() {
  // Pip value divided by two, rounded up; Ace = 1 (the note on standard decks).
  IntegerTable table;
  for (int rank = 1; rank <= 10; ++rank)
    table.entries.emplace_back(rank_text(rank), (rank + 1) / 2);
  return table;
}

std::vector<ParamSpec> parameters() {
  return {
      integer_param("forest_rows", kMaxRows, 2, kMaxRows, "rows of the forest of cards",
                    section("Set Up, step 3")),
      integer_param("forest_columns", kMaxColumns, 2, kMaxColumns,
                    "columns of the forest of cards (forest cards that do not fit stay in the box)",
                    section("Set Up, step 3")),
      integer_param("starting_reeds", 14, 0, 200, "reeds each player starts with",
                    section("Set Up, step 4")),
      integer_param("deeds_dealt", 3, 1, 6, "deed cards dealt to each player",
                    section("Set Up, step 5")),
      integer_param("deeds_kept", 2, 0, 5,
                    "deed cards each player keeps of those dealt (the others are the setup "
                    "discards)",
                    section("Set Up, step 6")),
      integer_param("setup_tokens", 2, 0, 4,
                    "tokens each player places during setup, in snake order (1,2,3,3,2,1)",
                    section("Set Up, step 7")),
      integer_param("tokens_per_player", 10, 1, 12, "building tokens each player has",
                    section("Components")),
      per_player_count_param("tokens_to_win", {{2, 10}, {3, 8}, {4, 8}}, 0, 12,
                             "tokens on the board that win the game, by player count (0: no "
                             "win by tokens)",
                             section("Goal, last paragraph")),
      integer_param("build_cost", 30, 0, 200, "reeds paid to build", section("Turn, 1. Build")),
      integer_param("swap_free_edges", 2, 0, 12, "edges a swap may span for free",
                    section("Turn, 2. Swap")),
      integer_param("swap_cost_per_edge", 5, 0, 100, "reeds per edge beyond the free ones",
                    section("Turn, 2. Swap")),
      integer_param("path_min_other_tokens", 1, 0, 12,
                    "tokens of other players a winning path must include at least",
                    section("Goal, rule 1")),
      integer_param("path_max_from_one_other", 2, 0, 12,
                    "tokens of any one other player a winning path may include at most",
                    section("Goal, rule 2")),
      integer_param("path_max_other_tokens", 3, 0, 36,
                    "tokens of all other players together a winning path may include at most",
                    section("Goal, rule 3")),
      integer_param("hand_limit", 3, 1, 10, "deeds kept at the end of a turn",
                    section("Turn, 4. Manage deeds")),
      integer_param("buy_price", 10, 0, 100, "reeds paid for the optional buy of a deed",
                    section("Turn, 3. Harvest, Optional buy")),
      integer_param("buys_per_turn", 1, 0, 5,
                    "optional buys allowed in one turn (the text offers 'a card')",
                    section("Turn, 3. Harvest, Optional buy")),
      integer_param("redraws_per_turn", 1, 0, 5, "drawn deeds a player may discard and redraw",
                    section("Turn, 3. Harvest, last item")),
      integer_param("wild_swap_uses", 1, 0, 5, "swaps one wild deed may be used for",
                    section("Turn, 2. Swap")),
      integer_table_param("reeds_per_rank", standard_reeds(), 0, 20,
                          "reeds a numbered forest card harvests, by rank (Jack, Queen and "
                          "King draw a deed instead)",
                          section("the note on standard decks; Turn, 3. Harvest")),
  };
}

std::vector<Ruling> rulings() {
  return {
      Ruling{"bh.wild_build_after_swap",
             "May a wild deed that has been used for a swap (and marked) still be used to build?",
             {{"allowed", "yes: the marker only forbids swapping with it again"},
              {"forbidden", "no: a marked wild deed cannot be used at all"}},
             "allowed",
             section("Turn, 2. Swap (wild cards)"),
             "The marker is described as preventing re-use for swapping only."},
      Ruling{"bh.wild_winning_build",
             "What happens when a build made with a wild deed completes a winning path?",
             {{"next_build_step",
               "the build stands but does not win; the path wins at the end of a later build step "
               "of the player (built on or not) unless that step's build is also wild"},
              {"regular_build_needed",
               "a path only wins at the end of a build step in which the player built with a "
               "regular deed"},
              {"illegal", "a wild build that would complete a winning path is not allowed"}},
             "next_build_step",
             section("Goal (win at the end of the build step); Turn, 1. Build (last item)"),
             "The text forbids the wild only for 'the winning build' and otherwise lets any "
             "build step with a complete path win."},
      Ruling{"bh.swap_deed",
             "Is the deed used for a swap kept or discarded?",
             {{"kept", "the deed stays in hand, face up"},
              {"discarded", "the deed goes to the discard pile"}},
             "kept",
             section("Turn, 2. Swap"),
             "Only the build says to discard; marking a used wild only makes sense if it is kept."},
      Ruling{"bh.matching_harvest",
             "When several cards adjacent to a token match, must the token harvest all of them, or "
             "may the player harvest just one?",
             {{"all", "choosing one of them harvests all the matching adjacent cards"},
              {"choose", "the token harvests exactly the one card the player chooses"}},
             "all",
             section("Turn, 3. Harvest (two or more matching cards)"),
             "The text says to harvest from all of them and gives the 20-reed example."},
      Ruling{
          "bh.empty_piles",
          "What happens when a deed must be drawn and both the draw and the discard pile are "
          "empty?",
          {{"nothing_drawn", "nothing is drawn; play goes on"},
           {"game_ends", "the game ends at once; the most tokens on the board wins (ties share)"}},
          "nothing_drawn",
          section("Turn, 3. Harvest (reshuffle)"),
          "The text does not foresee it; with the standard decks it cannot happen, because "
          "deeds only ever go to hands or the discard pile."},
      Ruling{"bh.buy_timing",
             "When in the harvest step may the optional buy be taken?",
             {{"after_harvest", "after every token has harvested (reeds just harvested may pay)"},
              {"before_harvest", "before the tokens harvest"}},
             "after_harvest",
             section("Turn, 3. Harvest, Optional buy"),
             "The buy is listed after the harvesting rules, and the harvest itself is mandatory."},
      Ruling{"bh.token_win_timing",
             "Is the win by tokens checked only at the end of the build step, or as soon as the "
             "token is placed (including the setup placements)?",
             {{"end_of_build_step", "only at the end of the player's build step"},
              {"immediately", "as soon as the player has that many tokens on the board"}},
             "end_of_build_step",
             section("Goal (last paragraph)"),
             "The path is checked at the end of the build step, and the token win is given as its "
             "alternative; they only differ when setup placements alone reach the count."},
      Ruling{"bh.setup_wild_discard",
             "Set-up: how does a wild (red) deed rank as the discard that picks the starting "
             "player? The tie-break names only spades and clubs.",
             {{"rank_loses_ties", "it counts its rank and loses ties to both black suits"},
              {"rank_wins_ties", "it counts its rank and wins ties against both black suits"},
              {"highest", "it beats every regular deed (it matches anything)"}},
             "rank_loses_ties",
             section("Set Up, step 6"),
             "The value is the rank ('aces low'); the tie-break lists only the black suits, so "
             "a red card is ranked after them."},
      Ruling{
          "bh.redraw_timing",
          "Which drawn card may be discarded and redrawn?",
          {{"just_drawn", "only the card just drawn, right after drawing it"},
           {"any_drawn_this_turn", "any card drawn this turn, once the harvest (and buy) is over"}},
          "just_drawn",
          section("Turn, 3. Harvest, last item"),
          "The text speaks of a card you just drew."},
      Ruling{"bh.reshuffle_timing",
             "When is the discard pile shuffled into a new draw pile?",
             {{"when_needed", "when a card must be drawn and the draw pile is empty"},
              {"when_emptied", "as soon as the last card of the draw pile is drawn"}},
             "when_needed",
             section("Turn, 3. Harvest (reshuffle)"),
             "'If the draw pile is exhausted' is read at the moment a draw needs it."},
      Ruling{"bh.wild_marker",
             "Does the marker on a used wild deed stay on it after the card is discarded (and "
             "later drawn again)?",
             {{"removed", "a discarded wild deed comes back unmarked"},
              {"stays", "the card keeps its marker for the rest of the game"}},
             "removed",
             section("Turn, 2. Swap (wild cards)"),
             "The discard pile is face down and gets shuffled; a marker cannot stay on it."},
      Ruling{"bh.path_own_token",
             "Must a winning path include at least one of the winner's own tokens? (Only matters "
             "on small forests where other players' tokens alone can cross.)",
             {{"required", "yes, it must be the player's own path"},
              {"not_required", "no, any path within the ownership limits wins"}},
             "required",
             section("Goal"),
             "The goal is to build your own path; rules 1-3 limit the others' share."},
  };
}

std::vector<Clause> clauses() {
  return {
      {std::string(kClauseDealForest), "a forest card is dealt face up into the grid",
       section("Set Up, step 3")},
      {std::string(kClauseDealDeeds), "a deed card is dealt to a player",
       section("Set Up, step 5")},
      {std::string(kClauseSetupDiscard), "everyone reveals the deed they discard at the same time",
       section("Set Up, step 6")},
      {std::string(kClauseStarter), "the highest discard picks the starting player",
       section("Set Up, step 6")},
      {std::string(kClausePlace), "a setup token is placed and its card flipped",
       section("Set Up, step 7")},
      {std::string(kClauseLayFaceUp), "everyone lays their remaining deeds face up",
       section("Set Up, step 8")},
      {std::string(kClauseBuild), "the player pays, discards a matching deed and builds",
       section("Turn, 1. Build")},
      {std::string(kClauseWinPath), "a valid path wins at the end of the build step",
       section("Goal")},
      {std::string(kClauseWinTokens), "enough tokens on the board win", section("Goal")},
      {std::string(kClauseWildPath), "a path completed by a wild build does not win at once",
       section("Turn, 1. Build (last item)")},
      {std::string(kClauseClearDisturbance), "the player's disturbance token is cleared",
       section("Turn, 2. Swap, first item")},
      {std::string(kClauseSwap), "two vacant cards swap places and one is disturbed",
       section("Turn, 2. Swap")},
      {std::string(kClauseWildMarked), "a wild deed used for a swap is marked",
       section("Turn, 2. Swap (wild cards)")},
      {std::string(kClauseSwapDeedDiscarded), "the swap's deed is discarded (bh.swap_deed)",
       section("Turn, 2. Swap")},
      {std::string(kClauseHarvestReeds), "a token harvests reeds from numbered cards",
       section("Turn, 3. Harvest")},
      {std::string(kClauseHarvestDraw), "a token harvests face cards: a deed draw each",
       section("Turn, 3. Harvest")},
      {std::string(kClauseHarvestNothing), "a token has no adjacent vacant card",
       section("Turn, 3. Harvest ('if any')")},
      {std::string(kClauseDraw), "a deed is drawn, face down", section("Turn, 3. Harvest")},
      {std::string(kClauseReshuffle), "the discard pile becomes the new draw pile",
       section("Turn, 3. Harvest (reshuffle)")},
      {std::string(kClauseNothingToDraw), "both piles are empty (bh.empty_piles)",
       section("Turn, 3. Harvest (reshuffle)")},
      {std::string(kClauseRedraw), "a drawn deed is discarded and another drawn",
       section("Turn, 3. Harvest, last item")},
      {std::string(kClauseBuy), "the player pays for the optional buy",
       section("Turn, 3. Harvest, Optional buy")},
      {std::string(kClauseHandLimit), "a deed is discarded down to the hand limit",
       section("Turn, 4. Manage deeds")},
      {std::string(kClauseReveal), "a face-down deed is laid face up",
       section("Turn, 4. Manage deeds")},
      {std::string(kClauseTurnEnd), "the turn passes clockwise", section("Set Up, step 9")},
      {std::string(kClauseGameOver), "the game is over", section("Goal")},
      {std::string(kClauseStalled),
       "nobody can ever decide anything again (a variant without tokens, deeds or reeds): a draw",
       "not in the text: grove ends such a game instead of looping forever"},
  };
}

}  // namespace

Game definition() {
  Game game;
  game.name = "bamboo_harvest";
  game.title = "Bamboo Harvest";
  game.rules_source = kSource;
  game.min_players = 2;
  game.max_players = kMaxPlayers;
  game.parameters = parameters();
  game.rulings = rulings();
  game.clauses = clauses();
  game.perfect_information = false;  // deeds in hand and the deed pile are hidden
  game.make_rules = make_rules_of<BhRules>;
  return game;
}

}  // namespace grove::bamboo_harvest
