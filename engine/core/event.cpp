#include "engine/core/event.hpp"

namespace grove {

const std::string* Event::field(const std::string& name) const {
  for (const auto& [key, value] : fields) {
    if (key == name) return &value;
  }
  return nullptr;
}

}  // namespace grove
