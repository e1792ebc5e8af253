#pragma once
// The message of the error an action throws, to compare with what a user
// would read; "(no error)" when it throws nothing.

#include <functional>
#include <string>

namespace grove::testing {

template <class Error>
std::string message_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& error) {
    return error.what();
  }
  return "(no error)";
}

}  // namespace grove::testing
