#pragma once
// One game as a web page that steps through it (grove view, grove replay
// --html): the table drawn at every step, the move and the events it fired,
// and, for a scenario, every check with whether it held. The page is one
// self-contained HTML file: inline SVG, CSS and a little script, nothing
// fetched, so it opens from disk and can be mailed or attached to a bug.

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

namespace grove::render {

struct PageCheck {
  int line = 0;      // in the scenario file
  std::string text;  // the step as written ("illegal: P1 buys 7H")
  bool held = true;
  std::string message;   // why it failed: empty when it held
  std::string expected;  // may be empty
  std::string actual;    // may be empty
};

struct PageStep {
  int number = 0;     // moves played before this step is shown; 0: the start
  std::string move;   // the move that led here, empty at the start
  std::string actor;  // "P1", "chance"
  std::vector<std::string> events;
  std::string summary;            // the game's one-line summary
  std::string picture;            // SVG (Rules::board_svg); empty: `board` is shown
  std::string board;              // the table as text (Rules::board)
  std::vector<PageCheck> checks;  // made at this step, in order
};

struct GamePage {
  std::string title;     // the scenario's title, or "Run 3, game 12"
  std::string subtitle;  // game, variant, players, seed
  std::string source;    // the file or the run it comes from
  std::string legend;    // how to read the text board (Rules::board_legend)
  std::string result;    // one line: "passed", "failed at line 12: ...", "P1 wins"
  bool failed = false;
  std::vector<PageStep> steps;
  // Steps left out of a long game between the first part and the end.
  std::size_t left_out = 0;
  std::size_t left_out_after = 0;  // the index of the step after which they were
  std::string left_out_hint;       // how to see all of them
};

// Collects a game's steps as it is played, keeping at most `limit` (0: all):
// the first third as they come and the rest from the end, as the logs are
// cut, so that a game that never ends fills neither the memory nor the page.
// The checks made at steps left out move to the first step after the gap.
class PageSteps {
 public:
  explicit PageSteps(std::size_t limit);

  void add(PageStep step);
  bool empty() const { return head_.empty(); }
  // The step added last, for the checks made there.
  PageStep& last();
  // Moves the steps into `page`; `hint` says how to see all of them.
  void move_into(GamePage& page, const std::string& hint);

 private:
  std::size_t head_limit_;
  std::size_t tail_limit_;
  std::vector<PageStep> head_;
  std::deque<PageStep> tail_;
  std::size_t left_out_ = 0;
};

std::string game_page_html(const GamePage& page);

}  // namespace grove::render
