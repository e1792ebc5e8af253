#pragma once
// The rules of one game, in one variant, at a table of N players: the single
// interface through which the scenario replayer, the checker and the
// simulators play every game.
//
// A state is a decision node (one seat chooses among legal moves), a chance
// node (the outcomes and their exact probabilities are listed; nobody draws a
// random number inside apply) or terminal. A turn with several choices is a
// sequence of decision nodes with short move lists; optional steps are moves
// too ("skip"), extra turns are just the same seat deciding again. Hidden
// information is handled by observation(): what a seat can see; choices made
// at the same time are collected one seat after another with earlier choices
// hidden from later seats and the node marked `simultaneous`.

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/event.hpp"
#include "engine/core/move.hpp"
#include "engine/core/probability.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/state.hpp"
#include "engine/core/variant.hpp"

namespace grove {

struct Game;

enum class NodeKind { Decision, Chance, Terminal };

struct Node {
  NodeKind kind = NodeKind::Terminal;
  Seat actor = kNoSeat;  // the seat that decides (decision nodes only)
  bool simultaneous = false;
};

struct ChanceOutcome {
  Move move;
  Probability probability;
};

// The result of applying a move: legal, or illegal with a reason a person can
// read ("P1 cannot pass a panda to themselves"). An illegal move leaves the
// state exactly as it was.
class [[nodiscard]] Verdict {
 public:
  static Verdict legal() { return Verdict(true, {}); }
  // A rejection always carries a reason; an empty one is replaced so that a
  // rejection can never be mistaken for acceptance.
  static Verdict illegal(std::string reason) {
    return Verdict(false,
                   reason.empty() ? "rejected (the rules gave no reason)" : std::move(reason));
  }

  bool is_legal() const { return legal_; }
  const std::string& reason() const { return reason_; }

 private:
  Verdict(bool legal, std::string reason) : legal_(legal), reason_(std::move(reason)) {}
  bool legal_;
  std::string reason_;
};

struct MoveParse {
  Move move;
  std::string error;  // empty when the text parsed
  bool ok() const { return error.empty(); }
};

// What a move does, for reports that count how often each action and card is
// used: the action in the game's words ("plays", "swap") and the card or
// piece it concerns, if any, named as the rulebook names it so that a
// report reads without a key ("Linden", "King", "green line (plot, 2
// points)"), not by the notation's code.
struct MoveUse {
  std::string action;
  std::string item;
};

// A figure a designer wants from finished games ("won by a path", "points
// from birds"), about one seat or (kNoSeat) the whole game.
struct GameMetric {
  std::string name;
  Seat seat = kNoSeat;
  double value = 0;
};

struct Outcome {
  std::vector<int> place;           // per seat: 1 = first; equal numbers are ties
  std::vector<std::int64_t> score;  // per seat; empty when the game keeps no score

  std::vector<Seat> winners() const;
};

// "P1 wins; P1 place 1 (12 points), P2 place 2 (9 points)".
std::string outcome_text(const Outcome& outcome);

// An outcome drawn exactly with the listed probabilities (they sum to 1):
// what sample_chance does unless a game draws faster. `game` names the game
// in the error when they sum to less.
Move draw_outcome(const std::vector<ChanceOutcome>& outcomes, Rng& rng, const std::string& game);
// The action of a move from its text: the verb ("P1 pass panda to P2" ->
// "pass"; a chance outcome "roll P1 ..." -> "roll"), no item.
MoveUse move_use_of_text(const std::string& text);

class Rules {
 public:
  Rules(const Game& game, Variant variant, int players);
  virtual ~Rules() = default;
  Rules(const Rules&) = delete;
  Rules& operator=(const Rules&) = delete;

  const Game& game() const { return *game_; }
  const Variant& variant() const { return variant_; }
  int players() const { return players_; }
  // Tells this rules object from every other made in the process (ids are
  // never reused, even where a later object lives at the same address): a
  // key for what a game remembers per thread between calls.
  std::uint64_t instance_id() const { return instance_id_; }

  // --- Playing -------------------------------------------------------------
  // The position before anything happened. Set-up that involves chance
  // (shuffles, deals) starts with chance nodes.
  virtual std::unique_ptr<State> initial_state() const = 0;
  virtual Node node(const State& state) const = 0;
  // Every legal move at a decision node, in a stable order.
  virtual void legal_moves(const State& state, std::vector<Move>& moves) const = 0;
  // Every outcome of a chance node with its exact probability; they sum to 1.
  virtual void chance_outcomes(const State& state, std::vector<ChanceOutcome>& outcomes) const = 0;
  // One outcome drawn with the listed probabilities. The default draws from
  // chance_outcomes(); a game may draw faster (one die at a time) as long as
  // the distribution is the same.
  virtual Move sample_chance(const State& state, Rng& rng) const = 0;
  // Checks the move and, when legal, applies it. `log` may be null.
  virtual Verdict apply(State& state, const Move& move, EventLog* log) const = 0;
  // Places and scores; only for terminal states.
  virtual Outcome outcome(const State& state) const = 0;

  // --- Notation and the YAML form -------------------------------------------
  // parse_move(move_text(m)) == m for every move the game produces.
  virtual std::string move_text(const Move& move) const = 0;
  virtual MoveParse parse_move(std::string_view text) const = 0;
  // A form a designer can read and write by hand; state_from_yaml of the
  // output gives an equal state. Throws InputError naming line and key.
  virtual YAML::Node state_to_yaml(const State& state) const = 0;
  virtual std::unique_ptr<State> state_from_yaml(const YAML::Node& node) const = 0;
  // The state as bytes, appended to `out`, and back (state_codec.hpp):
  // equal states give equal bytes, and decode(encode(s)) equals s. decode
  // throws StateDecodeError for bytes that are no state of these rules. The
  // explorer keeps its waiting states so, and ranks send states so.
  virtual void encode(const State& state, std::string& out) const = 0;
  virtual std::unique_ptr<State> decode(std::string_view bytes) const = 0;
  // One line for logs: "P2 to roll; dice P1 3, P2 5".
  virtual std::string state_summary(const State& state) const = 0;
  // The table as a person would look at it, over several lines (a card grid,
  // the players' holdings). Shown by `grove play` and by failing scenarios.
  // The default is the one-line summary.
  virtual std::string board(const State& state) const = 0;
  // How to read the board's signs ("KH:P1 built by P1"), printed once before
  // the first board rather than with every one. The default: none needed.
  virtual std::string board_legend() const { return {}; }
  // The table drawn as it looks when played (an SVG picture made with
  // SvgWriter: the board, the players' holdings), for grove view's page.
  // Empty when the game draws none: the page then shows board().
  virtual std::string board_svg(const State& state) const = 0;
  // The points of every player and where they come from, for a game whose
  // positions can be scored at any time (`grove score`); nullopt when the
  // game keeps no such score.
  virtual std::optional<std::string> score_sheet(const State& state) const = 0;

  // --- Checking ------------------------------------------------------------
  // Descriptions of every game-specific invariant the state breaks.
  virtual std::vector<std::string> invariant_violations(const State& state) const = 0;
  // Moves (decisions and chance outcomes) within which every game of this
  // variant is expected to end; longer games are reported as possibly
  // infinite.
  virtual std::int64_t step_bound() const = 0;
  // The hash the explorer tells states apart by (TLC's VIEW). A game whose
  // state keeps history the rules never look at again (a round counter
  // that only tells the first round from the others) hashes what the rules
  // can still tell apart, so that its state graph is finite. Two states
  // with equal views must have the same legal moves, chance outcomes and
  // outcome, and successors with equal views. The default: the state's
  // own hash.
  virtual std::uint64_t view_hash(const State& state) const = 0;
  // What `seat` can see of the state. Two states with the same observation
  // for a seat are indistinguishable to that seat. The default (perfect
  // information) is the whole state.
  virtual std::string observation(const State& state, Seat seat) const = 0;

  // --- Playing well: agents and balance reports -----------------------------
  // How promising the state looks for `seat`, in the game's own units
  // (points, dice still to shed), higher is better and comparable between
  // seats of one state. The greedy agent looks one move ahead with it, MCTS
  // scores playouts it cuts short with it, and balance reports follow who
  // leads with it. Agents only ever ask it about a determinized state, so
  // it may read everything in the state. The default: 0, and at the end 1
  // for a winner.
  virtual double heuristic(const State& state, Seat seat) const = 0;
  // Every seat's heuristic at once, in `values` (one per seat): what agents
  // ask at every position they look at. The default asks heuristic() seat
  // by seat; a game whose seats' figures share work (a board scanned once)
  // overrides it with the same values.
  virtual void heuristics(const State& state, std::vector<double>& values) const = 0;
  // How many moves MCTS plays on (nearly at random) before it scores a
  // position with the heuristic. Long playouts help where random play keeps
  // what the heuristic rewards and reaches the end; a game whose heuristic
  // counts progress that random moves undo returns a small number.
  virtual int search_playout_moves() const { return 20; }
  // How many iterations MCTS makes a decision by when no budget is given
  // (`mcts`). A game whose decisions pay off only after several more of the
  // same turn asks for more.
  virtual int search_iterations() const { return 200; }
  // A state that `seat` cannot tell from this one (the same observation),
  // with everything it cannot see drawn at random among the ways it could
  // be: how an agent plays without peeking. The result must depend only
  // on what `seat` sees and on `rng`, so that two states the seat cannot
  // tell apart give the same determinization. The default, for games of
  // perfect information, is a copy; a game that hides anything overrides
  // it.
  virtual std::unique_ptr<State> determinize(const State& state, Seat seat, Rng& rng) const = 0;
  // For reports: what a move does (the default: the verb of its text).
  virtual MoveUse move_use(const State& before, const Move& move) const = 0;
  // For reports: the game's own figures of a finished game, from its last
  // state and every event it fired. The default: none.
  virtual std::vector<GameMetric> game_metrics(const State& terminal,
                                               const EventLog& log) const = 0;

  // --- Simultaneous resolutions (Game::simultaneous) ------------------------
  // Resolve them in the reverse of the game's order from now on: the
  // explorer compares such rules with the usual ones at every state. Call
  // before the rules are shared.
  void reverse_simultaneous_order() { reversed_ = true; }
  bool simultaneous_order_reversed() const { return reversed_; }
  // Puts things that happen at once in the order they are resolved.
  template <class Range>
  void order_simultaneous(Range& items) const {
    // One thing alone is in the same order either way.
    if (std::distance(std::begin(items), std::end(items)) < 2) return;
    RulingReads::note(RulingReads::kOrder);
    if (reversed_) std::reverse(std::begin(items), std::end(items));
  }

  // Convenience: parse and apply, or explain why not.
  Verdict apply_text(State& state, std::string_view text, EventLog* log) const;
  std::string seat_name(Seat seat) const { return seat_label(seat); }

 private:
  const Game* game_;
  Variant variant_;
  int players_;
  std::uint64_t instance_id_;
  bool reversed_ = false;
};

}  // namespace grove
