#pragma once

#include <string>
#include <vector>

namespace grove {

struct Migration {
  int version;
  std::string description;
  std::string sql;
};

extern const int kGroveApplicationId;

const std::vector<Migration>& migrations();

}  // namespace grove
