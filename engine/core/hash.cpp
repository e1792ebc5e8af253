#include "engine/core/hash.hpp"

#include <xxhash.h>

#include <new>

namespace grove {

struct Hasher::Stream {
  Stream() : state(XXH3_createState()) {
    if (state == nullptr || XXH3_64bits_reset(state) != XXH_OK) {
      XXH3_freeState(state);
      throw std::bad_alloc();
    }
  }
  ~Stream() { XXH3_freeState(state); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  XXH3_state_t* state;
};

Hasher::Hasher() = default;
Hasher::~Hasher() = default;

Hasher& Hasher::overflow(const unsigned char* bytes, std::size_t size) {
  if (!stream_) stream_ = std::make_unique<Stream>();
  XXH3_64bits_update(stream_->state, buffer_.data(), used_);
  used_ = 0;
  if (size > buffer_.size()) {
    XXH3_64bits_update(stream_->state, bytes, size);
  } else {
    std::memcpy(buffer_.data(), bytes, size);
    used_ = size;
  }
  return *this;
}

Hasher& Hasher::add(std::string_view text) {
  add(static_cast<std::uint64_t>(text.size()));
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  if (used_ + text.size() > buffer_.size()) return overflow(bytes, text.size());
  std::memcpy(buffer_.data() + used_, bytes, text.size());
  used_ += text.size();
  return *this;
}

std::uint64_t Hasher::finish() const {
  if (!stream_) return XXH3_64bits(buffer_.data(), used_);
  // The buffered rest goes into a copy of the stream, so that finishing
  // changes nothing.
  Stream rest;
  XXH3_copyState(rest.state, stream_->state);
  XXH3_64bits_update(rest.state, buffer_.data(), used_);
  return XXH3_64bits_digest(rest.state);
}

std::uint64_t hash_text(std::string_view text) { return XXH3_64bits(text.data(), text.size()); }

}  // namespace grove
