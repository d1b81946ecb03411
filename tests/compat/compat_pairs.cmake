# nodecc_compat_pairs(TOPIC [UNPRIVILEGED NAME...]): for each NAME.cc beside a NAME.js in the
# calling directory, builds compat-TOPIC-NAME and adds the ctest test compat.TOPIC.NAME, which
# runs both programs through run_pair.py and passes when their stdout and exit status are the
# same. Node is looked up at configure time; without it the tests still exist and report SKIP,
# so a machine without node shows what it did not check instead of hiding it.
include_guard(GLOBAL)

find_package(Python3 COMPONENTS Interpreter QUIET)
find_program(NODECC_NODE_EXECUTABLE node)
if(NOT NODECC_NODE_EXECUTABLE)
  message(STATUS "node not found: compat tests will be skipped")
  set(NODECC_NODE_EXECUTABLE node)
endif()
set(NODECC_COMPAT_RUNNER ${CMAKE_CURRENT_LIST_DIR}/run_pair.py)
# run_pair.py's exit status when node is missing.
set(NODECC_COMPAT_SKIP 77)

# With UNPRIVILEGED NAME..., those pairs run as an unprivileged user when the tests run as root
# (run_pair.py --unprivileged), so that permission checks apply to them. With MERGE_STDERR
# NAME..., those pairs' stderr is compared too, merged into stdout (run_pair.py --merge-stderr).
# With STDIN NAME=SPEC or NAME.VARIANT=SPEC..., pair NAME runs with that stdin (run_pair.py
# --stdin SPEC: file:PATH, pipe:PATH[*N], open-pipe[:PATH], null, closed), once per entry, as
# compat.TOPIC.NAME or compat.TOPIC.NAME.VARIANT; other pairs get /dev/null.
function(nodecc_compat_pairs topic)
  cmake_parse_arguments(PARSE_ARGV 1 pairs "" "" "UNPRIVILEGED;MERGE_STDERR;STDIN")
  if(NOT Python3_Interpreter_FOUND)
    message(STATUS "python3 not found: compat.${topic} tests not added")
    return()
  endif()
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cc)
  foreach(source IN LISTS sources)
    get_filename_component(name ${source} NAME_WE)
    set(js ${CMAKE_CURRENT_SOURCE_DIR}/${name}.js)
    if(NOT EXISTS ${js})
      message(FATAL_ERROR "compat pair ${topic}/${name}: ${name}.cc has no ${name}.js twin")
    endif()
    set(target compat-${topic}-${name})
    set(extra_flags "")
    if(name IN_LIST pairs_UNPRIVILEGED)
      list(APPEND extra_flags --unprivileged)
    endif()
    if(name IN_LIST pairs_MERGE_STDERR)
      list(APPEND extra_flags --merge-stderr)
    endif()
    add_executable(${target} ${source})
    target_link_libraries(${target} PRIVATE nodecc nodecc_warnings)
    target_compile_options(${target} PRIVATE ${NODECC_TEST_OPTIMIZE})
    nodecc_use_pch(${target} nodecc_pch)
    # (test name suffix, stdin spec) per run: one run with /dev/null unless STDIN names some.
    set(runs "")
    foreach(entry IN LISTS pairs_STDIN)
      if(entry MATCHES "^${name}(\\.[A-Za-z0-9_-]+)?=(.+)$")
        list(APPEND runs "${CMAKE_MATCH_1}|--stdin=${CMAKE_MATCH_2}")
      endif()
    endforeach()
    if(NOT runs)
      set(runs "|")
    endif()
    foreach(run IN LISTS runs)
      string(REPLACE "|" ";" run "${run}")
      list(GET run 0 suffix)
      list(LENGTH run run_length)
      set(stdin_flag "")
      if(run_length GREATER 1)
        list(GET run 1 stdin_flag)
      endif()
      add_test(NAME compat.${topic}.${name}${suffix}
               COMMAND ${Python3_EXECUTABLE} ${NODECC_COMPAT_RUNNER}
                       --node ${NODECC_NODE_EXECUTABLE} --js ${js} --bin $<TARGET_FILE:${target}>
                       --cwd ${CMAKE_CURRENT_SOURCE_DIR} ${extra_flags} ${stdin_flag})
      set_tests_properties(compat.${topic}.${name}${suffix} PROPERTIES
                           SKIP_RETURN_CODE ${NODECC_COMPAT_SKIP}
                           TIMEOUT 60
                           LABELS "compat;compat-${topic}")
    endforeach()
  endforeach()
endfunction()
