# Warnings are errors in grove's own code. Third-party headers come in as
# system includes (imported targets), so they do not trip these flags.
add_library(grove_warnings INTERFACE)
target_compile_options(grove_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Werror -Wshadow -Wnon-virtual-dtor
  -Wold-style-cast -Woverloaded-virtual -Wimplicit-fallthrough -Wformat=2)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  # GCC 12 reports std::string concatenation at -O3 as overlapping memcpy
  # (GCC bug 105329, fixed in 13): a false positive inside libstdc++.
  target_compile_options(grove_warnings INTERFACE -Wno-restrict)
endif()
