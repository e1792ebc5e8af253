#pragma once
// Whether this test binary runs under AddressSanitizer (tools/test.sh's
// second pass, built with GROVE_SANITIZE). That pass looks for memory errors
// and undefined behaviour on every path; the first pass has already checked
// the answers. So a test that plays the same paths thousands of times plays
// them fewer times there, and a test whose whole point is a statistical
// answer from many games is skipped there when smaller tests take its paths.

namespace grove::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// `full` in the first pass, `sanitized` under the sanitizers.
template <typename Count>
constexpr Count full_or_sanitized(Count full, Count sanitized) {
  return kSanitized ? sanitized : full;
}

}  // namespace grove::testing
