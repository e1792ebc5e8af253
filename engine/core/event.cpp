#include "engine/core/event.hpp"

namespace grove {

const std::string* Event::field(const std::string& name) const {
  for (const auto& [key, value] : fields) {
    if (key == name) return &value;
  }
  return nullptr;
}

void record(EventLog* log, std::string_view clause, Seat seat, std::string text,
            std::vector<std::pair<std::string, std::string>> fields) {
  if (log == nullptr) return;
  log->push_back(Event{std::string(clause), seat, std::move(text), std::move(fields)});
}

}  // namespace grove
