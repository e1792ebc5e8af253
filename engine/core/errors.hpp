#pragma once
// Bad input from a person (a file, a flag, a move) is reported as an
// InputError: one line that says where (file:line:column), which key, and
// what was expected. Commands print it and exit non-zero; nothing crashes.

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace grove {

struct SourceLocation {
  std::string file;  // empty when not known yet (filled in by the loader)
  int line = 0;      // 1-based; 0 = unknown
  int column = 0;    // 1-based; 0 = unknown

  std::string to_string() const;  // "file:line:column", as much as is known
};

class InputError : public std::runtime_error {
 public:
  InputError(SourceLocation where, std::string key, std::string message);
  explicit InputError(std::string message) : InputError({}, {}, std::move(message)) {}

  const SourceLocation& where() const { return where_; }
  const std::string& key() const { return key_; }
  const std::string& message() const { return message_; }

  // The same error, attributed to `file` if it had no file yet.
  InputError in_file(const std::string& file) const;

 private:
  static std::string format(const SourceLocation& where, const std::string& key,
                            const std::string& message);
  SourceLocation where_;
  std::string key_;
  std::string message_;
};

// The name in `candidates` closest to `given` by edit distance, if it is close
// enough to be a likely typo.
std::optional<std::string> closest_name(std::string_view given,
                                        const std::vector<std::string>& candidates);

// " (did you mean 'x'?)" or "" — for appending to "unknown ..." messages.
std::string did_you_mean(std::string_view given, const std::vector<std::string>& candidates);

std::string join(const std::vector<std::string>& items, std::string_view separator);
// The pieces of `text` between separators, as written (empty ones too):
// join's inverse, for option values such as "mcts,greedy".
std::vector<std::string> split(std::string_view text, char separator);

}  // namespace grove
