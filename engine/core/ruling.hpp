#pragma once
// Where a rule text admits more than one reading, the game registers a ruling
// instead of silently picking one. Engine code asks the variant which
// alternative is in force at the point where the readings differ.

#include <cstddef>
#include <cstdint>
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

// Which rulings the calling thread's rules have read, one bit each. The
// explorer clears the record before it asks the rules about a state and
// looks at it after: another reading of a ruling the rules never read there
// cannot part from the variant's there, so it is not compared (and under
// --all-checks it is, to hold the game to this promise). Rules keep every
// ruling they read during play as a Ruled value, which marks the record
// when it is read.
class RulingReads {
 public:
  // The bit of the game's `index`-th ruling (Game::rulings); past the 62nd,
  // rulings share one bit, which errs towards comparing.
  static constexpr std::uint64_t ruling(std::size_t index) {
    return std::uint64_t{1} << (index < kShared ? index : kShared);
  }
  // The bit of the order of simultaneous resolutions (Rules::order_simultaneous).
  static constexpr std::uint64_t kOrder = std::uint64_t{1} << 63;
  static constexpr std::uint64_t kAll = ~std::uint64_t{0};

  static std::uint64_t read() { return marks_; }
  static void reset(std::uint64_t marks = 0) { marks_ = marks; }
  static void note(std::uint64_t marks) { marks_ |= marks; }

 private:
  static constexpr std::size_t kShared = 62;
  static inline thread_local std::uint64_t marks_ = 0;
};

// A ruling's alternative as the rules keep it (Variant::ruling_as,
// ruling_is): reading it marks RulingReads. A value made without a ruling
// (a default before the variant is read) marks every bit.
template <class T>
class Ruled {
 public:
  Ruled() = default;
  // Implicit both ways, so that settings read and default like plain values.
  Ruled(T value) : value_(value) {}
  Ruled(T value, std::uint64_t mark) : value_(value), mark_(mark) {}
  operator T() const {
    RulingReads::note(mark_);
    return value_;
  }

 private:
  T value_{};
  std::uint64_t mark_ = RulingReads::kAll;
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
