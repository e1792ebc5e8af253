#include "engine/core/hash.hpp"

#include <xxhash.h>

namespace grove {

Hasher& Hasher::add(std::uint64_t value) {
  for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<char>((value >> (8 * i)) & 0xffU));
  return *this;
}

Hasher& Hasher::add(std::string_view text) {
  add(static_cast<std::uint64_t>(text.size()));
  bytes_.append(text);
  return *this;
}

std::uint64_t Hasher::finish() const { return XXH3_64bits(bytes_.data(), bytes_.size()); }

std::uint64_t hash_text(std::string_view text) { return XXH3_64bits(text.data(), text.size()); }

}  // namespace grove
