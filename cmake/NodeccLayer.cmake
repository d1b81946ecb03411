# nodecc_layer(NAME DEPS os loop [PUBLIC_API]): every .cc file of src/NAME is compiled.
#
# One OBJECT library per layer. Its headers are reachable as "NAME/x.h" only through a
# per-layer include root (a directory holding a single symlink NAME -> src/NAME), and a layer
# gets only the roots of the layers it lists in DEPS (PRIVATE, not transitive). So a header of a
# layer above, or of a layer not listed, is simply not found: a wrong-way include fails to build.
include(GNUInstallDirs)

function(nodecc_layer name)
  cmake_parse_arguments(L "PUBLIC_API" "" "DEPS" ${ARGN})
  file(GLOB L_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/${name}/*.cc)
  set(root ${CMAKE_BINARY_DIR}/layers/${name})
  file(MAKE_DIRECTORY ${root})
  if(NOT EXISTS ${root}/${name})
    file(CREATE_LINK ${CMAKE_SOURCE_DIR}/src/${name} ${root}/${name} SYMBOLIC)
  endif()
  add_library(nodecc_${name} OBJECT ${L_SOURCES})
  target_include_directories(nodecc_${name} PUBLIC ${root})
  set_target_properties(nodecc_${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_link_libraries(nodecc_${name} PRIVATE nodecc_warnings Threads::Threads)
  foreach(dep IN LISTS L_DEPS)
    target_link_libraries(nodecc_${name} PRIVATE nodecc_${dep})
  endforeach()
  if(L_PUBLIC_API)
    target_include_directories(nodecc_${name} PRIVATE ${CMAKE_SOURCE_DIR}/include)
  endif()
endfunction()
