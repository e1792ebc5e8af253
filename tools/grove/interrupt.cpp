#include "tools/grove/interrupt.hpp"

#include <csignal>

namespace grove::cli {
namespace {

volatile std::sig_atomic_t stop_requested = 0;

extern "C" void request_stop(int) { stop_requested = 1; }

}  // namespace

void watch_for_interrupt() {
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
}

bool interrupted() { return stop_requested != 0; }

}  // namespace grove::cli
