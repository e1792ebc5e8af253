// The game as a designer sees it in `grove rules forest_shuffle`: what can be
// changed (every card's copies, cost and points come from cards.yaml), which
// readings of the rule text had to be chosen, and the rule clauses that
// leave events.

#include "engine/games/forest_shuffle/forest_shuffle.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "engine/games/forest_shuffle/params.hpp"

namespace grove::forest_shuffle {
namespace {

std::string rulebook(const std::string& part) { return "forest_shuffle_rulebook.md, " + part; }
const char* kCardData = "cards.yaml (from reference/forest_shuffle)";

std::vector<ParamSpec> parameters() {
  const CardBook& book = base_card_book();
  IntegerTable copies;
  for (const Card& card : book.cards) copies.entries.emplace_back(card.code, card.copies);
  IntegerTable cost;
  IntegerTable points;
  IntegerTable otherwise;
  IntegerTable needs;
  std::vector<ParamSpec> tables;
  for (const Species& species : book.species) {
    cost.entries.emplace_back(species.id, species.cost);
    if (has_points(species)) points.entries.emplace_back(species.id, species.scoring.points);
    if (has_otherwise(species))
      otherwise.entries.emplace_back(species.id, species.scoring.otherwise);
    if (has_needs(species)) needs.entries.emplace_back(species.id, species.scoring.needs);
    if (!has_table(species)) continue;
    const std::string name = table_param(species);
    bool declared = false;
    for (const auto& spec : tables) declared = declared || spec.name == name;
    if (declared) continue;  // the butterflies share one table
    IntegerTable by_count;
    for (std::size_t n = 0; n < species.scoring.table.size(); ++n) {
      by_count.entries.emplace_back(std::to_string(n + 1), species.scoring.table[n]);
    }
    const std::string what = species.scoring.kind == ScoringKind::ButterflySets
                                 ? "points of a set of different butterflies, by its size"
                                 : "points of all " + species.name + " cards together, by count";
    tables.push_back(integer_table_param(name, by_count, 0, 999, what, kCardData));
  }
  std::vector<ParamSpec> params = {
      integer_table_param(kCopiesParam, copies, 0, 20,
                          "copies of each card: tree cards by species, split cards by id",
                          std::string(kCardData) + "; " + rulebook("Components")),
      integer_table_param(kCostParam, cost, 0, kMaxPayment,
                          "cards paid from hand to play each species", kCardData),
      integer_table_param(kPointsParam, points, 0, 999,
                          "the points in each species' scoring rule (per card, per thing "
                          "counted, or when its condition holds)",
                          kCardData),
      integer_table_param(kOtherwiseParam, otherwise, 0, 999,
                          "points of a majority card whose forest is beaten", kCardData),
      integer_table_param(kNeedsParam, needs, 0, 99,
                          "what a conditional card needs: the count its condition must reach",
                          kCardData),
  };
  params.insert(params.end(), tables.begin(), tables.end());
  const std::vector<ParamSpec> table_rules = {
      per_player_count_param("cards_removed", {{2, 30}, {3, 20}, {4, 10}, {5, 0}}, 0, 150,
                             "cards returned to the box unseen at set-up, by player count",
                             rulebook("Setup, step 3")),
      integer_param("starting_hand", 6, 1, 20, "cards each player draws at set-up",
                    rulebook("Setup, step 7")),
      flag_param("mulligan", true,
                 "a player whose starting hand holds no tree may return it and draw a new one, "
                 "once",
                 rulebook("Setup, step 7")),
      integer_param("hand_limit", 10, 2, 30, "cards a player may hold",
                    rulebook("A) Drawing Two Cards")),
      integer_param("clearing_limit", 10, 1, 100,
                    "cards in the clearing at the end of a turn that empty it",
                    rulebook("Checking the Clearing")),
      integer_param("piles", 3, 1, 10,
                    "piles the deck is split into; the winter cards go into the bottom one",
                    rulebook("Setup, steps 4-6")),
      integer_param("winter_cards", 3, 1, 9,
                    "winter cards: one on top of the bottom pile, the others shuffled into it; "
                    "the last one revealed ends the game",
                    rulebook("Setup, step 5; Winter Cards")),
  };
  params.insert(params.end(), table_rules.begin(), table_rules.end());
  return params;
}

// The card appendix the rulebook points to (its "digital appendix"), as
// transcribed publicly; cited where it settles a default.
const char* kAppendix = "the publisher's card appendix";

std::vector<Ruling> rulings() {
  return {
      Ruling{"fs.sapling_reveal",
             "Does playing a tree sapling also turn the deck's top card into the clearing, as "
             "playing a tree does?",
             {{"reveal", "yes: a sapling is played instead of a tree and turns a card too"},
              {"no_reveal", "no: only a tree card turns a card into the clearing"}},
             "reveal",
             rulebook("Trees; Tree Sapling"),
             "The sapling is played 'instead of a tree' and works 'like a tree'; the Board Game "
             "Arena implementation turns a card."},
      Ruling{"fs.sapling_slots",
             "Do cards in a sapling's slots count for the species that count cards under or on "
             "trees (Wood Ant: cards below a tree; European Fat Dormouse: a bat on the same "
             "tree)?",
             {{"count", "yes: a sapling's slots are tree slots like any other"},
              {"trees_only", "no: only cards at tree cards count"}},
             "count",
             rulebook("Tree Sapling") + "; reference/forest_shuffle README, Known disagreements",
             "The rulebook gives a sapling a slot on each side 'like a tree' and places split "
             "cards next to it as next to a tree; nothing sets those slots apart. The "
             "implementations differ (soldag's scorer counts them; the reference reads the Board "
             "Game Arena code as not counting them for the Dormouse and the Wood Ant)."},
      Ruling{"fs.chanterelle_sapling",
             "Does the Chanterelle's draw trigger when its owner plays a tree sapling?",
             {{"triggers", "yes: a sapling shows the tree type symbol"},
              {"not_triggered", "no: only tree cards trigger it"}},
             "triggers",
             rulebook("Mushrooms; Tree Sapling"),
             "A sapling shows the tree symbol, and the appendix counts saplings as trees for "
             "Sycamore, Red Deer, Moss and the Woodpecker."},
      Ruling{"fs.full_sapling",
             "Does a sapling with a card on each side count as a fully occupied tree (Beech "
             "Marten)?",
             {{"counts", "yes"}, {"not_counted", "no: only tree cards can be fully occupied"}},
             "counts",
             rulebook("Trees; Tree Sapling"),
             "As fs.sapling_slots: a sapling's slots are tree slots like any other."},
      Ruling{"fs.bee_on_sapling",
             "Does a Violet Carpenter Bee at a sapling add a tree to the forest's total (Moss, "
             "Great Spotted Woodpecker)?",
             {{"counts", "yes: every bee raises the total of trees"},
              {"not_counted", "no: a sapling has no species of which the bee could be one more"}},
             "counts",
             std::string(kAppendix) + ", Violet Carpenter Bee, Moss, Great Spotted Woodpecker",
             "The appendix says the bees in a forest raise its total of trees for Moss and the "
             "Woodpecker, without exception; Board Game Arena counts every bee."},
      Ruling{"fs.draw_hand_limit",
             "What happens when an effect or bonus would draw cards beyond the hand limit?",
             {{"stop", "the draw stops at the limit; the cards not drawn stay in the deck"},
              {"exceed", "the effect draws them all; the limit binds only the draw action"}},
             "stop",
             rulebook("A) Drawing Two Cards; Overview, Effect and Bonus"),
             "The rulebook limits hands to 10 cards and repeats 'observe the hand size limit' "
             "next to the draw effects; Board Game Arena stops the draw."},
      Ruling{"fs.clearing_extra_turn",
             "When is the clearing checked around an extra turn?",
             {{"every_turn", "at the end of every turn, also the one before the extra turn"},
              {"after_extra_turns", "once, when play passes to the next player"}},
             "every_turn",
             rulebook("Checking the Clearing"),
             "The check ends the turn, and only then does the next turn (an extra one or the "
             "next player's) begin; Board Game Arena checks before each extra turn."},
      Ruling{"fs.bat_kinds",
             "How many different bat species does a bat need in its forest to score?",
             {{"three", "three (the `needs` table's number, 3 by default)"},
              {"two", "two, as the rulebook's German reference excerpt for Bechstein's Bat says"}},
             "three",
             rulebook("Components (reference card excerpts); Scoring example"),
             "The scoring example scores bats with three different bats, and the card appendix "
             "and every implementation say three; the stray excerpt says two."},
      Ruling{"fs.bonus_unpaid",
             "Does a card that cost nothing earn its bonus (every payment card shows its tree "
             "symbol, and there are none)? Only variants make such a card.",
             {{"no_bonus", "no: a bonus needs at least one matching payment card"},
              {"bonus", "yes: no payment card fails to match"}},
             "no_bonus",
             rulebook("Bonus"),
             "No base-game card with a bonus costs 0; the Board Game Arena implementation asks for "
             "at least one payment card."},
      Ruling{"fs.free_play_mushrooms",
             "Do mushrooms draw for cards placed for free (by the Gnat, Badger, Silver Fir, Red "
             "Deer, Stag Beetle or Fire Salamander)?",
             {{"triggers", "yes: a card placed for free is placed in the forest all the same"},
              {"not_triggered", "no: only cards played from the hand by an action trigger them"}},
             "triggers",
             rulebook("Mushrooms") + "; " + kAppendix + ", the mushrooms",
             "The rulebook's mushrooms act 'each time you place such a card in your forest'; "
             "only the placed card's own effect and bonus are skipped. Board Game Arena draws."},
      Ruling{"fs.mole_order",
             "When do the effects and bonuses of the cards played through the Mole happen?",
             {{"after_all",
               "the Mole plays any number of the cards held when it resolves, paying for each; "
               "their mushroom draws, effects and bonuses follow once it stops, in the order the "
               "cards were placed"},
              {"one_by_one",
               "each card is paid, placed and resolved before the next, and cards drawn meanwhile "
               "may be played too"}},
             "after_all",
             std::string(kAppendix) + ", Mole",
             "The appendix gives this procedure step by step."},
      Ruling{"fs.mole_saplings",
             "May the Mole play a card face down as a sapling, which costs nothing?",
             {{"allowed", "yes: the Mole plays cards by the normal rules, saplings included"},
              {"not_allowed", "no: the Mole plays cards paying their printed cost"}},
             "allowed",
             std::string(kAppendix) + ", Mole; " + rulebook("Tree Sapling"),
             "The appendix has the Mole's cards placed by the normal rules, and under them any "
             "card may be played as a sapling."},
  };
}

Clause clause(std::string_view id, std::string summary, std::string reference) {
  return Clause{std::string(id), std::move(summary), std::move(reference)};
}

std::vector<Clause> clauses() {
  return {
      clause(kClauseDeal, "a starting card is dealt from the deck", rulebook("Setup, step 7")),
      clause(kClauseMulligan, "a hand without a tree goes to the box and a new one is drawn",
             rulebook("Setup, step 7")),
      clause(kClauseKeepHand, "a player keeps a starting hand without a tree",
             rulebook("Setup, step 7")),
      clause(kClauseDrawAction, "the draw action takes a card from the deck",
             rulebook("A) Drawing Two Cards")),
      clause(kClauseDraw, "a card comes from the deck into a hand",
             rulebook("A) Drawing Two Cards")),
      clause(kClauseTake, "a card is taken from the clearing", rulebook("A) Drawing Two Cards")),
      clause(kClauseHandFull, "a draw stops at the hand limit (fs.draw_hand_limit)",
             rulebook("A) Drawing Two Cards")),
      clause(kClauseDeckEmpty, "the deck has no card left to draw", rulebook("Winter Cards")),
      clause(kClauseWinter, "a winter card is set aside next to the clearing and replaced",
             rulebook("Winter Cards")),
      clause(kClausePlayTree, "a tree is planted", rulebook("Trees")),
      clause(kClausePlaySapling, "a card is planted face down as a sapling",
             rulebook("Tree Sapling")),
      clause(kClausePlayDweller, "a split card's half goes into a slot of a tree",
             rulebook("Animals, Plants, and Mushrooms")),
      clause(kClausePay, "the cost is paid with other hand cards into the clearing",
             rulebook("Playing a Card")),
      clause(kClauseReveal, "the deck's top card goes face up into the clearing after a tree",
             rulebook("Trees")),
      clause(kClauseBonusEarned, "every payment card shows the played card's tree symbol",
             rulebook("Bonus")),
      clause(kClauseEffect, "a played card's effect is used", rulebook("Effects")),
      clause(kClauseBonus, "a played card's bonus is used", rulebook("Bonus")),
      clause(kClauseMushroom, "an active mushroom draws a card for a card just played",
             rulebook("Mushrooms")),
      clause(kClauseDecline,
             "an effect, bonus or mushroom draw is not used, or a series of "
             "free plays, tucks or Mole plays stops",
             rulebook("Effect and Bonus")),
      clause(kClauseNothing, "an offered effect, bonus or draw could change nothing and passes",
             rulebook("Effect and Bonus")),
      clause(kClauseFreePlay, "a card is placed for free, without its effect and bonus",
             rulebook("Overview, Effect and Bonus")),
      clause(kClauseExtraTurn, "another full turn will follow this one",
             rulebook("Overview, Effect and Bonus")),
      clause(kClauseCave, "cards go under the player's cave", rulebook("Scoring")),
      clause(kClauseMole, "the Mole lets its owner play hand cards, paying for each",
             std::string(kAppendix) + ", Mole"),
      clause(kClauseClearingEmptied, "a clearing of 10 or more cards goes to the box",
             rulebook("Checking the Clearing")),
      clause(kClauseTurnEnd, "the turn passes on (or an extra turn starts)",
             rulebook("Checking the Clearing")),
      clause(kClauseGameOver, "the last winter card ends the game at once",
             rulebook("End of Game")),
      clause(kClauseScore, "a card's points (or the cave's) at the end", rulebook("Scoring")),
  };
}

}  // namespace

Game definition() {
  Game game;
  game.name = "forest_shuffle";
  game.title = "Forest Shuffle";
  game.rules_source = "forest_shuffle_rulebook.md";
  game.min_players = 2;
  game.max_players = kMaxPlayers;
  game.parameters = parameters();
  game.rulings = rulings();
  game.clauses = clauses();
  game.perfect_information = false;  // hands and the deck are hidden
  game.make_rules = make_rules_of<ForestShuffleRules>;
  return game;
}

}  // namespace grove::forest_shuffle
