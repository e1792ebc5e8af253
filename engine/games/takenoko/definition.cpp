// The game as a designer sees it in `grove rules takenoko`: what can be
// changed, which readings of the texts had to be chosen, and the rule clauses
// that leave events.

#include "engine/games/takenoko/takenoko.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

std::string rulebook(const std::string& part) { return "takenoko_rulebook.md, " + part; }
std::string faq(const std::string& part) { return "takenoko_faq.txt, " + part; }

IntegerTable table_of(Category category) {
  IntegerTable table;
  for (const ObjectiveCard& card : objective_cards()) {
    if (card.category == category) table.entries.emplace_back(card.name, card.copies);
  }
  return table;
}

std::vector<ParamSpec> parameters() {
  IntegerTable tiles;
  const std::array<int, kTileKinds> box = box_tiles();
  for (int tile = 0; tile < kTileKinds; ++tile) {
    tiles.entries.emplace_back(tile_text(static_cast<Tile>(tile)),
                               box[static_cast<std::size_t>(tile)]);
  }
  return {
      integer_table_param(
          "plot_tiles", tiles, 0, 60,
          "plot tiles in the draw pile, by colour and printed improvement (the "
          "27 of the box besides the pond)",
          "reference/takenoko components.yaml, plots; " + rulebook("Game material")),
      integer_table_param("plot_objectives", table_of(Category::Plot), 0, 5,
                          "copies of each plot objective card", rulebook("Plots objectives")),
      integer_table_param("gardener_objectives", table_of(Category::Gardener), 0, 5,
                          "copies of each gardener objective card",
                          rulebook("Gardener objectives")),
      integer_table_param("panda_objectives", table_of(Category::Panda), 0, 10,
                          "copies of each panda objective card", rulebook("Panda objectives")),
      integer_table_param("bamboo_sections", {{{"green", 28}, {"yellow", 26}, {"pink", 24}}}, 0,
                          200, "bamboo sections in the supply, by colour (retail boxes: 36/30/24)",
                          rulebook("Game material")),
      integer_table_param(
          "improvement_tokens", {{{"enclosure", 3}, {"fertilizer", 3}, {"watershed", 3}}}, 0, 20,
          "improvement tokens in the reserve, by kind", rulebook("Game material; Improvements")),
      integer_param("irrigation_channels", 20, 0, 100, "irrigation channels in the reserve",
                    rulebook("Game material")),
      integer_param("hand_limit", 5, 3, 10,
                    "objective cards a player may hold (at least the three dealt at the start)",
                    rulebook("Objectives (Important)")),
      per_player_count_param("objectives_to_end", {{2, 9}, {3, 8}, {4, 7}}, 1, 45,
                             "completed objectives that take the Emperor card and start the last "
                             "round, by player count",
                             rulebook("End of the game")),
      integer_param("emperor_points", 2, 0, 20, "points of the Emperor card",
                    "reference/takenoko components.yaml, emperor_card"),
      integer_param("plots_drawn", 3, 1, kMaxPlotsDrawn, "plot tiles drawn by the plot action",
                    rulebook("Plots")),
      integer_param("max_height", 4, 1, 9, "bamboo sections a plot can carry",
                    rulebook("Gardener") + "; " + faq("Plots")),
      integer_param("fertilized_growth", 2, 1, 9, "sections one growth adds on a fertilized plot",
                    rulebook("Improvements, Fertilizer")),
      integer_param("actions_per_turn", 2, 1, kActions, "different actions in a turn",
                    rulebook("Perform actions and meet objectives")),
      flag_param("weather_die", true,
                 "roll the weather die from the second round (false: the first-game variant "
                 "without it)",
                 rulebook("Advice to new gardeners")),
      flag_param("advanced_objectives", false,
                 "the advanced variant: a drawn objective that is already fulfilled is put under "
                 "its pile and another drawn",
                 faq("Advanced variant")),
  };
}

std::vector<Ruling> rulings() {
  return {
      Ruling{"tk.clouds_empty",
             "Clouds when no improvement token is left in the reserve: what may the player do?",
             {{"other_face", "choose the effect of another face (sun, rain, wind or storm)"},
              {"move_placed",
               "move an improvement token already placed (never a printed one) to another plot "
               "that may take it"}},
             "other_face",
             rulebook("Clouds") + "; " + faq("Weather conditions, Cloud"),
             "The FAQ overrides the rulebook here."},
      Ruling{"tk.gardener_objective_position",
             "Must the gardener stand on the plot (or one of the plots) of a gardener objective "
             "for it to be completed?",
             {{"on_plot", "yes: the gardener stands on the plot, or on one of the plots"},
              {"anywhere", "no: only the bamboo on the board matters"}},
             "on_plot",
             rulebook("Gardener objectives"),
             "The rulebook says so in as many words; the FAQ says nothing either way."},
      Ruling{"tk.gardener_objective_height",
             "Does a bamboo taller than a gardener objective shows count for it (a 4-section "
             "bamboo for a card of 3-section bamboos)?",
             {{"exact", "no: the height must be exactly the one shown"},
              {"at_least", "yes: a taller bamboo counts"}},
             "exact",
             rulebook("Gardener objectives"),
             "The card texts read 'exactly' (reference README, point 8); every engine compared "
             "heights exactly."},
      Ruling{"tk.channel_beside_empty",
             "May a channel lie on the border between a plot and an empty space?",
             {{"two_plots", "no: a channel lies between two placed plots"},
              {"one_plot",
               "yes: it irrigates the one plot, and a plot placed later on the other side"}},
             "two_plots",
             rulebook("Irrigation") + "; " + faq("Adding an irrigation channel"),
             "Both texts place a channel on the border of two (adjacent) plots."},
      Ruling{"tk.too_few_actions",
             "What does a player do when fewer different actions are possible than they may "
             "take?",
             {{"fewer", "takes the possible ones and ends the turn with fewer actions"},
              {"repeat", "may repeat an action already taken this turn, as under the wind"}},
             "fewer",
             rulebook("Perform actions and meet objectives (Note)"),
             "Only the wind lifts the rule that the actions differ. (With a plot on the table the "
             "gardener and the panda can always move, so it matters only for the sun's third "
             "action or in reduced variants.)"},
      Ruling{"tk.actions_optional",
             "Must a player take both actions when they can, or may they end the turn early?",
             {{"mandatory", "a player takes every regular action that is possible"},
              {"optional", "a player may end the turn at any point"}},
             "mandatory",
             rulebook("Playing the game; Perform actions and meet objectives"),
             "The rulebook says the player must perform the steps and has two actions to take; "
             "the sun's extra action is optional because the weather may be ignored."},
      Ruling{"tk.bamboo_supply",
             "What happens when the supply has no section of the colour that should grow?",
             {{"stand_in",
               "a section of another colour stands in for it (growth stops only when the supply "
               "is empty)"},
              {"limits_growth",
               "nothing grows for lack of that colour (the destination first, then neighbours "
               "clockwise from the east)"}},
             "stand_in",
             rulebook("Advice to new gardeners"),
             "The rulebook's own advice."},
      Ruling{"tk.rain_at_max",
             "May the rain fall on a plot whose bamboo is at the maximum height (with no effect)?",
             {{"allowed", "yes: any irrigated plot may be chosen; nothing grows there"},
              {"not_allowed", "no: only an irrigated plot where a section can grow"}},
             "allowed",
             rulebook("Rain") + "; " + faq("Weather conditions, Rain"),
             "The FAQ names irrigation as the only condition on the plot chosen."},
      Ruling{
          "tk.fertilizer_first_growth",
          "Does a fertilized plot get two sections when it is irrigated for the first time?",
          {{"two", "yes, like every other growth"}, {"one", "no, the first growth is one section"}},
          "two",
          faq("Fertilizer improvement"),
          "The FAQ lists the first irrigation among the growths that fertilizer doubles."},
      Ruling{"tk.advanced_exhausted",
             "Advanced variant: what if every card that could still be drawn has already been "
             "put back as fulfilled during this action?",
             {{"no_card", "the objective action ends without a card"},
              {"keep_last", "the player keeps the last card put back"}},
             "no_card",
             faq("Advanced variant"),
             "The text would have the player draw forever; ending the action changes nothing "
             "else."},
  };
}

std::vector<Clause> clauses() {
  auto clause = [](std::string_view id, std::string summary, std::string reference) {
    return Clause{std::string(id), std::move(summary), std::move(reference)};
  };
  return {
      clause(kClauseDeal, "a starting objective of each category is dealt",
             rulebook("Preparation")),
      clause(kClauseWeatherRoll, "the weather die is rolled (from the second round)",
             rulebook("Determine weather conditions")),
      clause(kClauseSun, "sun: a third action, different from the other two", rulebook("Sun")),
      clause(kClauseRain, "rain: an irrigated plot grows", rulebook("Rain")),
      clause(kClauseWind, "wind: the two actions may be the same", rulebook("Wind")),
      clause(kClauseStorm, "storm: the panda goes to any plot and eats", rulebook("Storm")),
      clause(kClauseClouds, "clouds: an improvement token is taken", rulebook("Clouds")),
      clause(kClauseCloudsEmpty, "clouds with no token left (tk.clouds_empty)",
             rulebook("Clouds") + "; " + faq("Cloud")),
      clause(kClauseQuestion, "'?': the player chooses the weather", rulebook("?")),
      clause(kClauseWeatherIgnored, "the player ignores the weather",
             faq("Weather conditions, General rules")),
      clause(kClausePlotDraw, "a plot tile is drawn", rulebook("Plots")),
      clause(kClausePlotKeep, "one drawn tile is kept, the others go under the pile",
             rulebook("Plots")),
      clause(kClausePlotPlace, "a plot is placed next to the pond or two plots", rulebook("Plots")),
      clause(kClauseChannelTake, "an irrigation channel is taken from the reserve",
             rulebook("Irrigation") + "; " + faq("Adding an irrigation channel")),
      clause(kClauseChannelPlace, "a channel is placed on the network",
             rulebook("Irrigation") + "; " + faq("Adding an irrigation channel")),
      clause(kClauseFirstIrrigation, "a plot irrigated for the first time grows",
             rulebook("Irrigation")),
      clause(kClauseGardenerMove, "the gardener moves in a straight line", rulebook("Gardener")),
      clause(kClauseGardenerGrow,
             "bamboo grows where the gardener stops and next to it (same colour)",
             rulebook("Gardener") + "; " + faq("Moving the gardener")),
      clause(kClausePandaMove, "the panda moves in a straight line", rulebook("Panda")),
      clause(kClausePandaEat, "the panda eats a section, which goes to the player's board",
             rulebook("Panda")),
      clause(kClauseEnclosure, "an enclosure keeps the panda from eating",
             rulebook("Improvements, Enclosure")),
      clause(kClauseImprovementTake, "an improvement token is kept on the player's board",
             rulebook("Clouds")),
      clause(kClauseImprovementPlace, "an improvement is placed on a plot without bamboo",
             faq("Improvements, General rules")),
      clause(kClauseImprovementMove, "a placed improvement token is moved (tk.clouds_empty)",
             rulebook("Clouds")),
      clause(kClauseObjectiveDraw, "an objective card is drawn into the hand",
             rulebook("Objectives")),
      clause(kClauseObjectiveDiscard,
             "advanced variant: a drawn objective already fulfilled goes under its pile",
             faq("Advanced variant")),
      clause(kClauseObjectiveExhausted,
             "advanced variant: nothing left to draw (tk.advanced_exhausted)",
             faq("Advanced variant")),
      clause(kClauseObjectiveComplete, "an objective is completed and laid face up",
             rulebook("Objective validation")),
      clause(kClauseStandIn, "a section of another colour stands in (tk.bamboo_supply)",
             rulebook("Advice to new gardeners")),
      clause(kClauseShort, "the supply has no section to grow",
             rulebook("Advice to new gardeners")),
      clause(kClauseTooFewActions, "the turn ends with fewer actions, none other being possible",
             rulebook("Perform actions and meet objectives")),
      clause(kClauseEmperor, "the objective that reaches the threshold takes the Emperor card",
             rulebook("End of the game")),
      clause(kClauseTurnEnd, "play passes to the left", rulebook("Playing the game")),
      clause(kClauseGameOver, "after everyone else's last turn the game is scored",
             rulebook("End of the game")),
  };
}

}  // namespace

Game definition() {
  Game game;
  game.name = "takenoko";
  game.title = "Takenoko";
  game.rules_source = "takenoko_rulebook.md and takenoko_faq.txt";
  game.min_players = 2;
  game.max_players = kMaxPlayers;
  game.parameters = parameters();
  game.rulings = rulings();
  game.clauses = clauses();
  game.simultaneous = {SimultaneousResolution{
      "tk.gardener.growth",
      "the bamboo grows at once where the gardener stops and on the irrigated plots of that colour "
      "next to it; grove grows the destination first, then its neighbours clockwise from the east",
      rulebook("Gardener") + "; " + faq("Moving the gardener")}};
  game.perfect_information = false;  // objectives in hand and the piles are hidden
  game.random_play_ends = false;     // see step_bound() in settings.cpp
  game.make_rules = make_rules_of<TakenokoRules>;
  return game;
}

}  // namespace grove::takenoko
