#pragma once

#include "tools/grove/command_line.hpp"

namespace grove::cli {

int games_command(const Invocation& invocation);
int rules_command(const Invocation& invocation);
int play_command(const Invocation& invocation);
int explore_command(const Invocation& invocation);
// The small variants under `scenarios`, one line each (explore_signature.cpp).
int explore_signature(const std::string& scenarios, int jobs);
int fuzz_command(const Invocation& invocation);
int replay_command(const Invocation& invocation);
int results_command(const Invocation& invocation);
int schema_command(const Invocation& invocation);
int score_command(const Invocation& invocation);
int balance_command(const Invocation& invocation);
int compare_command(const Invocation& invocation);
int report_command(const Invocation& invocation);
int show_command(const Invocation& invocation);
int sweep_command(const Invocation& invocation);
int tune_command(const Invocation& invocation);
int view_command(const Invocation& invocation);

}  // namespace grove::cli
