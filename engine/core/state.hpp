#pragma once
// A game state is a value: copyable, comparable and hashable. Each game keeps
// its data in a plain struct (its Position) with a defaulted operator== and a
// hash_into(Hasher&) that feeds every field in a fixed order; GameState wraps
// it behind the State interface that the checker and simulators see.

#include <cstdint>
#include <memory>
#include <typeinfo>

#include "engine/core/hash.hpp"

namespace grove {

class State {
 public:
  virtual ~State() = default;
  virtual std::unique_ptr<State> clone() const = 0;
  // Becomes a copy of `other`, a state of the same game, reusing what this
  // state has allocated: the explorer expands millions of states through
  // one scratch state per worker.
  virtual void copy_from(const State& other) = 0;
  virtual bool equals(const State& other) const = 0;
  virtual std::uint64_t hash() const = 0;

 protected:
  State() = default;
  State(const State&) = default;
  State& operator=(const State&) = default;
};

template <class Position>
const Position& position_of(const State& state);

template <class Position>
class GameState final : public State {
 public:
  GameState() = default;
  explicit GameState(Position start) : position(std::move(start)) {}

  std::unique_ptr<State> clone() const override { return std::make_unique<GameState>(*this); }
  void copy_from(const State& other) override { position = position_of<Position>(other); }
  bool equals(const State& other) const override {
    const auto* same = dynamic_cast<const GameState*>(&other);
    return same != nullptr && same->position == position;
  }
  std::uint64_t hash() const override {
    Hasher hasher;
    position.hash_into(hasher);
    return hasher.finish();
  }

  Position position;
};

// The game's own view of a state it created. A state from another game is a
// programming error, caught in debug builds.
template <class Position>
Position& position_of(State& state) {
#ifndef NDEBUG
  if (typeid(state) != typeid(GameState<Position>)) throw std::bad_cast();
#endif
  return static_cast<GameState<Position>&>(state).position;
}

template <class Position>
const Position& position_of(const State& state) {
#ifndef NDEBUG
  if (typeid(state) != typeid(GameState<Position>)) throw std::bad_cast();
#endif
  return static_cast<const GameState<Position>&>(state).position;
}

}  // namespace grove
