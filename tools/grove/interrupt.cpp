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

std::int64_t start_run(Store& store, const RunStart& start) {
  watch_for_interrupt();
  return store.begin_run(start);
}

}  // namespace grove::cli
