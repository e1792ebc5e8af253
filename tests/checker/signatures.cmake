# Runs `grove explore --signature` on the shipped scenarios and compares its
# lines with the pinned ones (signatures.txt, next to this file). Called by
# ctest with GROVE (the binary), SCENARIOS and EXPECTED.
cmake_minimum_required(VERSION 3.25)

execute_process(COMMAND ${GROVE} explore --signature ${SCENARIOS}
  OUTPUT_VARIABLE actual RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "grove explore --signature failed (exit ${status}): ${errors}")
endif()
file(READ ${EXPECTED} expected)
# The pinned file may carry comment lines (#) that say what it is.
string(REGEX REPLACE "#[^\n]*\n" "" expected "${expected}")
if(NOT actual STREQUAL expected)
  # The lines hold semicolons, CMake's list separator: compare them escaped.
  string(REPLACE ";" "<sc>" actual "${actual}")
  string(REPLACE ";" "<sc>" expected "${expected}")
  string(REPLACE "\n" ";" actual_lines "${actual}")
  string(REPLACE "\n" ";" expected_lines "${expected}")
  set(report "")
  foreach(line IN LISTS expected_lines)
    if(NOT line IN_LIST actual_lines)
      string(APPEND report "\n  pinned:  ${line}")
    endif()
  endforeach()
  foreach(line IN LISTS actual_lines)
    if(NOT line IN_LIST expected_lines)
      string(APPEND report "\n  now:     ${line}")
    endif()
  endforeach()
  string(REPLACE "<sc>" ";" report "${report}")
  message(FATAL_ERROR "The explorer's signatures changed:${report}\n"
    "A change meant to keep the rules must leave them alone; a rule change updates "
    "tests/checker/signatures.txt (grove explore --signature) and says why.")
endif()
message(STATUS "every small variant's signature as pinned")
