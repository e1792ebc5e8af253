#pragma once
// Findings of grove fuzz and grove explore come out as scenarios a designer
// can replay and keep; these write the parts they share.

#include <string>

#include "engine/core/rules.hpp"

namespace grove::checker {

// A YAML double-quoted scalar.
std::string quoted(const std::string& text);

// game, title, source, description, the variant as what differs from the
// game's defaults (parameters and rulings), and players.
std::string scenario_header(const Rules& rules, const std::string& title, const std::string& source,
                            const std::string& description);

// The step that plays `move`, as an item of the `steps:` list.
std::string move_step(const Rules& rules, const Move& move);

}  // namespace grove::checker
