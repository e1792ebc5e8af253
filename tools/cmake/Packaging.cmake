# Installing grove and packaging it for Debian.
#
#   cmake --install build --prefix P   P/bin/grove, P/share/grove/scenarios/ (the
#                                      shipped scenarios and variants), the man page
#                                      P/share/man/man1/grove.1.gz and the bash
#                                      completion P/share/bash-completion/completions/grove
#   cd build && cpack -G DEB           grove_VERSION_ARCH.deb, installing under /usr
#
# Included from the top CMakeLists.txt; the tests are in tests/packaging/.

include(GNUInstallDirs)

install(TARGETS grove RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The scenarios as shipped, each game's variants/ with them: a scenario's bare
# 'variant: NAME' is looked up in the variants/ folders above it, so the
# installed scenarios replay from any folder (grove replay /usr/share/grove/scenarios).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/scenarios
  DESTINATION ${CMAKE_INSTALL_DATADIR}/grove)

# The man page, its version filled in, compressed as Debian's policy asks
# (gzip -9n: no name or time stamp, so the package is reproducible). Built
# with grove itself, so that installing after building grove finds it.
set(GROVE_MAN_PAGE ${PROJECT_BINARY_DIR}/tools/man/grove.1)
configure_file(${PROJECT_SOURCE_DIR}/tools/man/grove.1.in ${GROVE_MAN_PAGE} @ONLY)
find_program(GROVE_GZIP gzip REQUIRED)
add_custom_command(OUTPUT ${GROVE_MAN_PAGE}.gz
  COMMAND ${GROVE_GZIP} -9n -c ${GROVE_MAN_PAGE} > ${GROVE_MAN_PAGE}.gz
  DEPENDS ${GROVE_MAN_PAGE}
  COMMENT "Compressing the man page grove.1"
  VERBATIM)
add_custom_target(grove_man DEPENDS ${GROVE_MAN_PAGE}.gz)
add_dependencies(grove grove_man)
install(FILES ${GROVE_MAN_PAGE}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# bash-completion loads completions/<command> on first use.
install(FILES ${PROJECT_SOURCE_DIR}/tools/completion/grove.bash
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
  RENAME grove)

# cpack -G DEB in the build folder.
set(GROVE_DEB_MAINTAINER "grove maintainers <maintainers@users.noreply.a-seed-852fac8e.example>"
  CACHE STRING "The Maintainer field of grove's Debian package")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME grove)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "grove")
set(CPACK_PACKAGE_CONTACT "${GROVE_DEB_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "rules verification and playtesting for tabletop games")
# The long description, one paragraph wrapped as Debian's control files want.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "grove models tabletop games' rules and replays scenarios written in YAML"
  "against them; it fuzzes games and explores every reachable state of small"
  "variants for stuck states, endless games and rulings that matter, has agents"
  "play many games to measure balance, sweeps and tunes parameters, and reports"
  "the results.")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${GROVE_DEB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
include(CPack)
