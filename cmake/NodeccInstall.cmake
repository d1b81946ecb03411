# make install: headers, libnodecc.a, a CMake package (find_package(nodecc)) and nodecc.pc.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS nodecc EXPORT nodeccTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/nodecc DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT nodeccTargets NAMESPACE nodecc:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/nodecc)

configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/nodeccConfig.cmake.in
  ${CMAKE_BINARY_DIR}/nodeccConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/nodecc)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/nodeccConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/nodeccConfig.cmake ${CMAKE_BINARY_DIR}/nodeccConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/nodecc)

file(RELATIVE_PATH NODECC_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
list(TRANSFORM NODECC_LINK_LIBRARIES PREPEND -l OUTPUT_VARIABLE NODECC_PC_LIBS)
list(JOIN NODECC_PC_LIBS " " NODECC_PC_LIBS)
configure_file(${CMAKE_SOURCE_DIR}/cmake/nodecc.pc.in ${CMAKE_BINARY_DIR}/nodecc.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/nodecc.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
