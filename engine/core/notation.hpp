#pragma once
// Reading a game's move notation against its patterns, such as
// {"#", "plays", "$", "as", "sapling"}: literal words match in any case and
// placeholders read one word each with the game's own readers, filling the
// move's arguments in the order they are written. '#' always reads a seat
// at the table into the move's seat. When a text fits a pattern's literal
// words but a value does not read, the first such problem is what the person
// is told; otherwise they are shown the forms the game knows.

#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/move.hpp"
#include "engine/core/rules.hpp"

namespace grove {

class NotationReader {
 public:
  // Reads one word (as written) and appends its argument values; returns ""
  // or why the word is not what the placeholder wants.
  using WordReader = std::function<std::string(const std::string& word, std::vector<int>& values)>;

  NotationReader(std::string_view text, int players);
  // The seat reader refers to this object.
  NotationReader(const NotationReader&) = delete;
  NotationReader& operator=(const NotationReader&) = delete;

  // Placeholders other than '#': a character that a pattern word of its own
  // stands for.
  void define(char placeholder, WordReader reader);

  bool empty() const { return words_.empty(); }
  // The words in lower case, for a game's own checks.
  const std::vector<std::string>& words() const { return words_; }

  // Whether the text fits the pattern. On a fit the move holds the seat and
  // the values read, and kind() completes it.
  bool is(std::initializer_list<std::string_view> pattern);
  Move& move() { return move_; }

  MoveParse kind(std::uint16_t move_kind);
  // The answer when no pattern fitted: the first value that did not read;
  // else a word one slip away from a form's ("swap" for "swaps") with the
  // forms the game accepts; else those forms.
  MoveParse failure(std::string_view forms) const;
  // A failure for a reason the game found after a pattern fitted.
  MoveParse failure_because(const std::string& why) const;

 private:
  struct Placeholder {
    char symbol;
    WordReader read;
  };
  const Placeholder* placeholder(std::string_view word) const;

  std::string text_;
  int players_;
  std::vector<std::string> written_;
  std::vector<std::string> words_;
  std::vector<Placeholder> placeholders_;
  Move move_;
  std::string problem_;
  std::string slip_;
};

}  // namespace grove
