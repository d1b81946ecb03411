# make install: headers, libnodecc.a, a CMake package (find_package(nodecc)), nodecc.pc, and the
# nodecc command (apps/nodecc installs itself). The system libraries libnodecc.a needs come from
# nodecc_system_library (cmake/NodeccSystemLibrary.cmake): the package finds them again and
# nodecc.pc requires them, so a user's link line is complete either way.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS nodecc EXPORT nodeccTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/nodecc DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT nodeccTargets NAMESPACE nodecc:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/nodecc)

# The CMake package. Imported targets' include directories are SYSTEM for their users (CMake's
# default), so a user's -Wextra never reports inside nodecc's headers.
get_property(NODECC_CONFIG_DEPENDENCIES GLOBAL PROPERTY NODECC_CONFIG_DEPENDENCIES)
list(REMOVE_DUPLICATES NODECC_CONFIG_DEPENDENCIES)
list(JOIN NODECC_CONFIG_DEPENDENCIES "\n" NODECC_CONFIG_DEPENDENCIES)
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/nodeccConfig.cmake.in
  ${CMAKE_BINARY_DIR}/nodeccConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/nodecc)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/nodeccConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/nodeccConfig.cmake ${CMAKE_BINARY_DIR}/nodeccConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/nodecc)

# nodecc.pc, relocatable (the prefix is found from where the file lies). The library is static
# only, so the libraries it needs are in Requires, not Requires.private: `pkg-config --libs`
# without --static must give a complete link line.
get_property(NODECC_PC_REQUIRES GLOBAL PROPERTY NODECC_PKG_CONFIG_REQUIRES)
list(REMOVE_DUPLICATES NODECC_PC_REQUIRES)
list(JOIN NODECC_PC_REQUIRES ", " NODECC_PC_REQUIRES)
file(RELATIVE_PATH NODECC_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
# Two variants, chosen when installing: -isystem makes the headers system headers for the user's
# compiler (no warnings from them under -Wall -Wextra), except in a directory the compiler already
# searches as a system one (PREFIX=/usr), where -isystem /usr/include would reorder the search
# and break the #include_next of libstdc++'s <cstdlib>.
set(NODECC_PC_INCLUDE "-isystem\${includedir} ")
configure_file(${CMAKE_SOURCE_DIR}/cmake/nodecc.pc.in ${CMAKE_BINARY_DIR}/pkgconfig/nodecc.pc @ONLY)
set(NODECC_PC_INCLUDE "")
configure_file(${CMAKE_SOURCE_DIR}/cmake/nodecc.pc.in
  ${CMAKE_BINARY_DIR}/pkgconfig/implicit/nodecc.pc @ONLY)
install(CODE "set(NODECC_PC_BUILD_DIR \"${CMAKE_BINARY_DIR}/pkgconfig\")
  set(NODECC_INSTALL_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(NODECC_INSTALL_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(NODECC_IMPLICIT_INCLUDE_DIRECTORIES \"${CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES}\")")
install(SCRIPT ${CMAKE_SOURCE_DIR}/cmake/NodeccInstallPkgConfig.cmake)
