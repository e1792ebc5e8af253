#pragma once
// Where a rule text admits more than one reading, the game registers a ruling
// instead of silently picking one. Engine code asks the variant which
// alternative is in force at the point where the readings differ.

#include <string>
#include <vector>

namespace grove {

struct RulingAlternative {
  std::string id;       // "rolled"
  std::string meaning;  // what the rules do under this reading
};

struct Ruling {
  std::string id;        // "ptp.challenge_basis"
  std::string question;  // the open question, in our words
  std::vector<RulingAlternative> alternatives;
  std::string default_alternative;
  std::string reference;    // document and section the question comes from
  std::string why_default;  // what settles the default (an example, the FAQ)

  std::vector<std::string> alternative_ids() const;
};

// Every rule clause that fires leaves an event carrying its clause id; the
// game lists its clauses so coverage can tell which ones never fired.
struct Clause {
  std::string id;       // "ptp.challenge.transfer"
  std::string summary;  // what the clause does, in our words
  std::string reference;
};

// Where the rules resolve several things at the same moment and give no
// order (the gardener's growth on several plots at once), the game still
// resolves them one after another; it lists each such place so that the
// explorer can check whether the reverse order would change anything.
struct SimultaneousResolution {
  std::string id;       // "tk.gardener.growth"
  std::string summary;  // what happens at once, and the order the game takes
  std::string reference;
};

}  // namespace grove
