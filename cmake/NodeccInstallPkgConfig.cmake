# Run by `cmake --install` (NodeccInstall.cmake): installs the nodecc.pc variant that fits the
# prefix installed to, known only now (--prefix). The headers' directory gets -isystem unless the
# compiler already searches it as a system directory (PREFIX=/usr or /usr/local).
set(includedir "${NODECC_INSTALL_INCLUDEDIR}")
if(NOT IS_ABSOLUTE "${includedir}")
  set(includedir "${CMAKE_INSTALL_PREFIX}/${includedir}")
endif()
file(REAL_PATH "${includedir}" includedir)
set(pc "${NODECC_PC_BUILD_DIR}/nodecc.pc")
list(FIND NODECC_IMPLICIT_INCLUDE_DIRECTORIES "${includedir}" implicit)  # no IN_LIST: no policy
if(implicit GREATER -1)
  set(pc "${NODECC_PC_BUILD_DIR}/implicit/nodecc.pc")
endif()
file(INSTALL DESTINATION "${CMAKE_INSTALL_PREFIX}/${NODECC_INSTALL_LIBDIR}/pkgconfig" TYPE FILE
     FILES "${pc}")
