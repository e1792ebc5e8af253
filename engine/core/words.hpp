#pragma once
// Reading move notation: the text split into words, matched in any case
// while messages quote the words as the person wrote them.

#include <string>
#include <string_view>
#include <vector>

namespace grove {

// The whitespace-separated words of `text`, as written.
std::vector<std::string> words_of(std::string_view text);
std::string lowercase(std::string word);
// The word with its indefinite article, by its first letter: "a watershed",
// "an enclosure". (Good enough for the words games name their pieces with.)
std::string with_article(std::string_view word);

// `text` made safe inside XML or HTML, as element text or a quoted
// attribute: & < > " ' escaped, and the control characters XML 1.0
// forbids (even escaped) replaced by '?'.
std::string escape_markup(std::string_view text);
// A place as people write it: "1st", "2nd", "3rd", "4th", ... "11th", "21st".
std::string ordinal(int place);

}  // namespace grove
