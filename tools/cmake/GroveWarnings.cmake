# Warnings are errors in grove's own code. Third-party headers come in as
# system includes (imported targets), so they do not trip these flags.
add_library(grove_warnings INTERFACE)
target_compile_options(grove_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Werror -Wshadow -Wnon-virtual-dtor
  -Wold-style-cast -Woverloaded-virtual -Wimplicit-fallthrough -Wformat=2)
