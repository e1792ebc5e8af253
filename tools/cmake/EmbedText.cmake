# Writes a header holding a text file as a string, so that data the engine
# needs (Forest Shuffle's cards) is compiled in and cannot go missing at run
# time. Run as: cmake -DINPUT=... -DOUTPUT=... -DSYMBOL=... -P EmbedText.cmake
file(READ "${INPUT}" content)
get_filename_component(input_name "${INPUT}" NAME)
file(WRITE "${OUTPUT}.tmp"
  "// Generated at build time from ${input_name}; edit that file instead.\n"
  "#pragma once\n#include <string_view>\n\n"
  "inline constexpr std::string_view ${SYMBOL} = R\"grove_embedded(${content})grove_embedded\";\n")
# Touch the header only when the text changed, so that nothing rebuilds needlessly.
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
