// The game as a designer sees it in `grove rules pass_the_pandas`: what can be
// changed, which readings of the text had to be chosen, and the rule clauses
// that leave events.

#include "engine/games/pass_the_pandas/pass_the_pandas.hpp"
#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {
namespace {

constexpr const char* kSource = "pass_the_pandas.txt";

std::string section(const std::string& name) { return std::string(kSource) + ", " + name; }

std::vector<ParamSpec> parameters() {
  return {
      per_player_count_param(
          "dice_per_player", {{2, 6}, {3, 6}, {4, 5}, {5, 4}}, 1, 10,
          "dice each player starts with, by player count",
          section("Set Up (the table is missing from this copy: 6/6/5/4 from the published game)")),
      integer_param("water_faces", 1, 0, 6, "faces of each die showing a water drop",
                    section("About the Dice")),
      integer_param("panda_faces", 1, 0, 6, "faces of each die showing a panda",
                    section("About the Dice")),
      integer_param("bamboo_faces", 1, 0, 6, "faces of each die showing bamboo",
                    section("About the Dice")),
      integer_param("blank_faces", 3, 0, 6, "blank faces of each die", section("About the Dice")),
      flag_param("play_for_places", false,
                 "after the winner goes out, play on for second, third and fourth places",
                 section("Ending the Game")),
      flag_param("bamboozled", false,
                 "advanced variant: rolling all blanks lets you exchange all your dice with "
                 "another player",
                 section("Variants for Advanced Players, Bamboozled")),
      integer_param("bamboozled_min_dice", 4, 1, 10,
                    "dice a player must roll for an all-blank roll to allow the exchange",
                    section("Variants for Advanced Players, Bamboozled")),
      flag_param("pandamonium", false,
                 "advanced variant: play rounds for points (implies play_for_places)",
                 section("Variants for Advanced Players, Panda-monium")),
      integer_param("pandamonium_target", 25, 1, 1000,
                    "points that end a Panda-monium match (the text leaves the number to the "
                    "players)",
                    section("Variants for Advanced Players, Panda-monium")),
  };
}

std::vector<Ruling> rulings() {
  return {
      Ruling{"ptp.challenge_basis",
             "Is the bamboo challenge measured against the bamboo the previous player rolled, or "
             "against all the bamboo dice they have set aside, including dice they were handed in "
             "their own challenge?",
             {{"rolled", "only the bamboo the previous player rolled on their turn counts"},
              {"set_aside",
               "the bamboo the previous player rolled plus the bamboo dice they received in their "
               "own challenge count"}},
             "rolled",
             section("Game Play step 4; Bamboo Challenge; Examples of Game Play 1 and 2"),
             "Examples of Game Play 1 and 2 have Susan give Bill the difference to what she rolled "
             "and say her other bamboo came from John; under set_aside both examples come out "
             "differently (see scenarios/pass_the_pandas/ruling_challenge_set_aside.yaml)."},
      Ruling{"ptp.previous_player",
             "When playing for places, who is the 'previous player' of the bamboo challenge once "
             "players have gone out?",
             {{"previous_in_game",
               "the nearest player before you who is still in the game, measured by their latest "
               "roll"},
              {"last_roller",
               "whoever took the turn just before yours, even if they went out at the end of it"},
              {"seat_before",
               "the seat to your right; if that player is out they have no dice to give, so there "
               "is no challenge"}},
             "previous_in_game",
             section("Ending the Game (playing for places); Bamboo Challenge"),
             "The challenge makes the previous player hand over dice, which only a player still "
             "in the game can do; the text is otherwise silent."},
      Ruling{"ptp.bamboozled_timing",
             "Bamboozled: does the exchange happen before or after the bamboo challenge of the "
             "same turn?",
             {{"after_challenge",
               "the challenge is settled first and the exchange swaps every die you then hold"},
              {"before_challenge",
               "you exchange right after the roll; the previous player then gives the difference "
               "to you, out of the dice they hold after the exchange"}},
             "after_challenge",
             section("Variants for Advanced Players, Bamboozled; Game Play steps 4-5"),
             "A turn is not over until the challenge is settled, and the exchange concerns all of "
             "your dice, which are only known once it is; the text does not decide."},
      Ruling{"ptp.bamboozled_partner",
             "Bamboozled: may you exchange with a player who holds no dice at that moment (the "
             "previous player who just paid their last die in your challenge)? Doing so hands them "
             "your dice and leaves you with none, so you go out instead of them.",
             {{"any_player", "any other player still in the game, even one holding no dice"},
              {"holding_dice", "only a player who holds at least one die"}},
             "any_player",
             section("Variants for Advanced Players, Bamboozled; Examples of Game Play, Example 3"),
             "The variant says any other player, and Example 3 shows a player with no dice in the "
             "middle of a turn is still in the game until the turn ends."},
      Ruling{"ptp.pandamonium_starter",
             "Panda-monium: who starts each new round?",
             {{"rotate", "the player after the previous round's starter"},
              {"round_winner", "the winner of the previous round"},
              {"last_place", "the player who finished last in the previous round"}},
             "rotate",
             section("Variants for Advanced Players, Panda-monium"),
             "The text names no starting player at all; rotating shares the first turn fairly."},
      Ruling{"ptp.pandamonium_end",
             "Panda-monium: does the match end as soon as someone reaches the target, or when the "
             "round in which it happens is over?",
             {{"end_of_round",
               "the round is finished (every place scores), then the highest total wins"},
              {"immediately", "the match ends the moment a player reaches the target"}},
             "end_of_round",
             section("Variants for Advanced Players, Panda-monium"),
             "Second, third and fourth places score in the same way, which only happens if the "
             "round is played out."},
  };
}

std::vector<Clause> clauses() {
  return {
      {std::string(kClauseRoll), "the player rolls all of their dice",
       section("Game Play, step 1")},
      {std::string(kClauseWater), "water drops leave the game", section("Game Play, step 2")},
      {std::string(kClausePanda), "a panda die is given to another player of the roller's choice",
       section("Game Play, step 3")},
      {std::string(kClauseChallengeNone),
       "there is no previous roll to match (first turn of a round, or no previous player)",
       section("Bamboo Challenge")},
      {std::string(kClauseChallengeMet), "the roller matched the previous player's bamboo",
       section("Bamboo Challenge")},
      {std::string(kClauseChallengeTransfer),
       "the previous player gives the roller the difference in bamboo dice",
       section("Game Play, step 4; Bamboo Challenge")},
      {std::string(kClauseChallengeShortfall),
       "the previous player holds fewer dice than the difference and gives all they have",
       section("Bamboo Challenge (a case the text does not foresee)")},
      {std::string(kClauseBamboozledExchange), "the roller exchanges all dice with another player",
       section("Variants for Advanced Players, Bamboozled")},
      {std::string(kClauseBamboozledKeep), "the roller may exchange but keeps their dice",
       section("Variants for Advanced Players, Bamboozled")},
      {std::string(kClauseTurnEnd), "the turn ends", section("Game Play, note")},
      {std::string(kClauseOut),
       "a player without dice at the end of a turn (theirs or another's) goes out: the first "
       "one wins",
       section("Ending the Game")},
      {std::string(kClauseGameOver), "the game is over", section("Ending the Game")},
      {std::string(kClausePoints), "a player going out scores a point for every die still in play",
       section("Variants for Advanced Players, Panda-monium")},
      {std::string(kClauseNewRound), "a new Panda-monium round starts with fresh dice",
       section("Variants for Advanced Players, Panda-monium")},
  };
}

}  // namespace

Game definition() {
  Game game;
  game.name = "pass_the_pandas";
  game.title = "Pass the Pandas";
  game.rules_source = kSource;
  game.min_players = 2;
  game.max_players = kMaxPlayers;
  game.parameters = parameters();
  game.rulings = rulings();
  game.clauses = clauses();
  game.make_rules = make_rules_of<PtpRules>;
  return game;
}

}  // namespace grove::pass_the_pandas
