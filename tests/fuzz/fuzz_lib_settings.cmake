# Injected into the fuzz build of the library (CMAKE_PROJECT_nodecc_INCLUDE, see
# CMakeLists.txt): once the top directory is processed, the project's warning flags get
# -Wno-error appended, so a clang-only warning is shown but does not stop the build.
function(nodecc_fuzz_no_werror)
  if(TARGET nodecc_warnings)
    set_property(TARGET nodecc_warnings APPEND PROPERTY INTERFACE_COMPILE_OPTIONS -Wno-error)
  endif()
endfunction()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL nodecc_fuzz_no_werror)
