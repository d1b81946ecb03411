# nodecc_layer(NAME [DIR path] [DEPS layer...] [PUBLIC_API]): every .cc file of src/DIR is
# compiled (DIR defaults to NAME; an API module folder is a layer of its own, as in
# nodecc_layer(api_http_server DIR api/http/server DEPS ...)).
#
# One OBJECT library per layer, nodecc_NAME. Its headers are reachable as "DIR/x.h" only through
# the layer's own include root, which holds one symlink per header of src/DIR (not of its
# subfolders: those are other layers), and a layer gets only the roots of the layers it lists in
# DEPS (PRIVATE, not transitive). So a header of a layer above, or of a layer not listed, is not
# found: a wrong-way include fails to build. PUBLIC_API layers also see include/ (the public
# headers); only the API layers are PUBLIC_API. Every layer may use the bottom one, text (byte-level
# helpers), without naming it.
include(GNUInstallDirs)

function(nodecc_layer name)
  cmake_parse_arguments(L "PUBLIC_API" "DIR" "DEPS" ${ARGN})
  if(NOT L_DIR)
    set(L_DIR ${name})
  endif()
  set(src ${CMAKE_SOURCE_DIR}/src/${L_DIR})
  file(GLOB L_SOURCES CONFIGURE_DEPENDS ${src}/*.cc)
  file(GLOB L_HEADERS CONFIGURE_DEPENDS ${src}/*.h)

  # The include root: links are made for new headers and dropped for removed ones, never
  # remade, so a reconfigure does not touch the mtimes every object depends on.
  set(root ${CMAKE_BINARY_DIR}/layers/${name})
  if(IS_SYMLINK ${root}/${L_DIR})  # a build tree from before per-header links
    file(REMOVE ${root}/${L_DIR})
  endif()
  file(MAKE_DIRECTORY ${root}/${L_DIR})
  file(GLOB old_links ${root}/${L_DIR}/*.h)
  foreach(link IN LISTS old_links)
    get_filename_component(file ${link} NAME)
    if(NOT EXISTS ${src}/${file})
      file(REMOVE ${link})
    endif()
  endforeach()
  foreach(header IN LISTS L_HEADERS)
    get_filename_component(file ${header} NAME)
    if(NOT IS_SYMLINK ${root}/${L_DIR}/${file})
      file(CREATE_LINK ${header} ${root}/${L_DIR}/${file} SYMBOLIC)
    endif()
  endforeach()

  if(NOT L_SOURCES)
    # A header-only layer (text): an INTERFACE library that carries its include root.
    add_library(nodecc_${name} INTERFACE)
    target_include_directories(nodecc_${name} INTERFACE ${root})
    return()
  endif()
  add_library(nodecc_${name} OBJECT ${L_SOURCES})
  target_include_directories(nodecc_${name} PUBLIC ${root})
  set_target_properties(nodecc_${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_link_libraries(nodecc_${name} PRIVATE nodecc_warnings Threads::Threads nodecc_text)
  foreach(dep IN LISTS L_DEPS)
    target_link_libraries(nodecc_${name} PRIVATE nodecc_${dep})
  endforeach()
  if(L_PUBLIC_API)
    target_include_directories(nodecc_${name} PRIVATE ${CMAKE_SOURCE_DIR}/include)
  endif()
  set_property(GLOBAL APPEND PROPERTY NODECC_LAYER_TARGETS nodecc_${name})
endfunction()
