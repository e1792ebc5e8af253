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

}  // namespace grove
