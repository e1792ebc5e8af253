#pragma once
// What the games' encoding tests ask of Rules::encode / Rules::decode at the
// states of their random games, and the sizes they compare with the YAML
// form (which the default encoding sends as text).

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/rules.hpp"
#include "engine/core/state.hpp"
#include "engine/core/state_codec.hpp"

namespace grove::testing {

// Reads back as the state itself, and equal states give equal bytes: a
// copy, what was read back, and (with `through_yaml`) the state rebuilt from
// its YAML form, which builds the same position by another road.
inline ::testing::AssertionResult round_trips(const Rules& rules, const State& state,
                                              std::string& bytes, bool through_yaml) {
  bytes.clear();
  rules.encode(state, bytes);
  std::unique_ptr<State> decoded;
  try {
    decoded = rules.decode(bytes);
  } catch (const StateDecodeError& error) {
    return ::testing::AssertionFailure() << "its own bytes are refused: " << error.what();
  }
  if (!decoded->equals(state)) {
    return ::testing::AssertionFailure() << "its bytes read back as another state:\n"
                                         << rules.state_summary(*decoded) << "\nnot\n"
                                         << rules.state_summary(state);
  }
  if (decoded->hash() != state.hash()) {
    return ::testing::AssertionFailure() << "read back, it hashes differently";
  }
  std::string again;
  rules.encode(*decoded, again);
  if (again != bytes) return ::testing::AssertionFailure() << "read back, it encodes differently";
  again.clear();
  rules.encode(*state.clone(), again);
  if (again != bytes) return ::testing::AssertionFailure() << "a copy encodes differently";
  if (through_yaml) {
    const auto rebuilt = rules.state_from_yaml(rules.state_to_yaml(state));
    again.clear();
    rules.encode(*rebuilt, again);
    if (rebuilt->equals(state) && again != bytes) {
      return ::testing::AssertionFailure() << "the state rebuilt from its YAML encodes differently";
    }
  }
  return ::testing::AssertionSuccess();
}

inline std::string encoded(const Rules& rules, const State& state) {
  std::string bytes;
  rules.encode(state, bytes);
  return bytes;
}

// Where the bytes of `position` and of `changed` (the same with one field
// changed) first differ: where that field is written, to damage it there.
template <class Position>
std::size_t field_offset(const Rules& rules, const Position& position, const Position& changed) {
  const std::string a = encoded(rules, GameState<Position>(position));
  const std::string b = encoded(rules, GameState<Position>(changed));
  return static_cast<std::size_t>(std::mismatch(a.begin(), a.end(), b.begin()).first - a.begin());
}

// The message the bytes are refused with, or "" when they read as a state.
inline std::string refusal(const Rules& rules, std::string_view bytes) {
  try {
    rules.decode(bytes);
  } catch (const StateDecodeError& error) {
    return error.what();
  }
  return "";
}

// Bytes per state over the states met; the YAML form's text over those of
// them that were also written as YAML (every one, or a sample where that
// is slow), with their encodings for a like-for-like comparison.
struct EncodingSizes {
  std::int64_t states = 0;
  std::int64_t bytes = 0;
  std::size_t max_bytes = 0;
  std::int64_t sampled = 0;
  std::int64_t sampled_bytes = 0;
  std::int64_t sampled_yaml = 0;

  void add(const std::string& bytes_of_state) {
    ++states;
    bytes += static_cast<std::int64_t>(bytes_of_state.size());
    max_bytes = std::max(max_bytes, bytes_of_state.size());
  }
  void add_yaml(const Rules& rules, const State& state, const std::string& bytes_of_state) {
    ++sampled;
    sampled_bytes += static_cast<std::int64_t>(bytes_of_state.size());
    sampled_yaml += static_cast<std::int64_t>(YAML::Dump(rules.state_to_yaml(state)).size());
  }
  double mean_bytes() const { return static_cast<double>(bytes) / static_cast<double>(states); }
  double mean_sampled_bytes() const {
    return static_cast<double>(sampled_bytes) / static_cast<double>(sampled);
  }
  double mean_yaml() const {
    return static_cast<double>(sampled_yaml) / static_cast<double>(sampled);
  }
  std::string report() const {
    return "bytes per state: mean " + std::to_string(mean_bytes()) + ", max " +
           std::to_string(max_bytes) + " over " + std::to_string(states) + " states; on the " +
           std::to_string(sampled) + " also written as YAML, " +
           std::to_string(mean_sampled_bytes()) + " bytes against " + std::to_string(mean_yaml()) +
           " of YAML text";
  }
};

}  // namespace grove::testing
