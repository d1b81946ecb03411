# nodecc_system_library(<layer> PKG_CONFIG <module>... [FIND_PACKAGE <arguments>... TARGET <target>])
#
# One system library a layer links (OpenSSL's libcrypto, zlib, brotli ...), declared once, in the
# layer's CMakeLists. libnodecc.a is a static library, so whoever links it must link these too;
# this call is what hands them on, the same way to each kind of user:
#   - the layer links the library (PRIVATE) and the in-tree nodecc target links it (PUBLIC);
#   - the installed CMake package finds it again (a line of nodeccConfig.cmake);
#   - nodecc.pc lists its pkg-config modules in Requires.
# With FIND_PACKAGE the library is found with find_package(<arguments> REQUIRED) and linked as
# TARGET; without it, with pkg_check_modules(<modules>) as an imported target. PKG_CONFIG names
# the library's pkg-config modules either way (Debian's -dev packages ship them).
#   nodecc_system_library(api_crypto PKG_CONFIG libcrypto
#                         FIND_PACKAGE OpenSSL 3 COMPONENTS Crypto TARGET OpenSSL::Crypto)
#   nodecc_system_library(zlib PKG_CONFIG libdeflate)
# A header-only library that only .cc files include (fast_float) is not one: the layer links it
# itself, and users never see it. A library a public header includes would be one, and more: its
# include directories would reach users through Requires and the imported target; none does today.
function(nodecc_system_library layer)
  cmake_parse_arguments(L "" "TARGET" "PKG_CONFIG;FIND_PACKAGE" ${ARGN})
  if(NOT L_PKG_CONFIG)
    message(FATAL_ERROR "nodecc_system_library(${layer}): PKG_CONFIG <module>... is required")
  endif()
  if(L_FIND_PACKAGE)
    if(NOT L_TARGET)
      message(FATAL_ERROR "nodecc_system_library(${layer}): FIND_PACKAGE needs TARGET")
    endif()
    find_package(${L_FIND_PACKAGE} REQUIRED)
    list(JOIN L_FIND_PACKAGE " " arguments)
    set(config_lines "find_dependency(${arguments})")
  else()
    list(JOIN L_PKG_CONFIG "_" name)
    set(L_TARGET PkgConfig::nodecc_${name})
    find_package(PkgConfig REQUIRED)
    if(NOT TARGET ${L_TARGET})
      pkg_check_modules(nodecc_${name} REQUIRED IMPORTED_TARGET ${L_PKG_CONFIG})
    endif()
    list(JOIN L_PKG_CONFIG " " modules)
    set(config_lines "find_dependency(PkgConfig)"
        "pkg_check_modules(nodecc_${name} REQUIRED IMPORTED_TARGET ${modules})")
  endif()
  # Found in the layer's directory, linked by nodecc at the top: the target must be seen there.
  get_target_property(global ${L_TARGET} IMPORTED_GLOBAL)
  if(NOT global)
    set_target_properties(${L_TARGET} PROPERTIES IMPORTED_GLOBAL TRUE)
  endif()
  target_link_libraries(nodecc_${layer} PRIVATE ${L_TARGET})
  set_property(GLOBAL APPEND PROPERTY NODECC_LINK_LIBRARIES ${L_TARGET})
  set_property(GLOBAL APPEND PROPERTY NODECC_PKG_CONFIG_REQUIRES ${L_PKG_CONFIG})
  set_property(GLOBAL APPEND PROPERTY NODECC_CONFIG_DEPENDENCIES ${config_lines})
endfunction()
