# Runs one fuzz target for a bounded time:
#   cmake -DFUZZER=bin -DNAME=name -DSEEDS=dir -DDICT=file -DWORK=dir
#         (-DSECONDS=n | -DSECONDS_FROM_ENV=VAR) [-DKEEP=ON] -P run_fuzzer.cmake
# The seeds are copied into WORK, which libFuzzer fuzzes and adds its new inputs to (the
# source tree is never written). Without KEEP, WORK starts afresh; with it, the inputs found by
# earlier runs are kept. SECONDS_FROM_ENV names an environment variable holding the duration
# (default 300). The fuzzer's output goes to WORK.log; its summary is printed. Fails when the
# fuzzer finds a crash, a leak, a timeout or a broken property; the input that did it is saved
# in WORK.artifacts/.
if(DEFINED SECONDS_FROM_ENV)
  if(DEFINED ENV{${SECONDS_FROM_ENV}} AND NOT "$ENV{${SECONDS_FROM_ENV}}" STREQUAL "")
    set(SECONDS $ENV{${SECONDS_FROM_ENV}})
  else()
    set(SECONDS 300)
  endif()
endif()
if(NOT SECONDS MATCHES "^[0-9]+$")
  message(FATAL_ERROR "fuzz-${NAME}: the duration must be a number of seconds, not '${SECONDS}'")
endif()
if(NOT KEEP)
  file(REMOVE_RECURSE ${WORK})
endif()
file(MAKE_DIRECTORY ${WORK} ${WORK}.artifacts)
file(GLOB seeds ${SEEDS}/*)
file(COPY ${seeds} DESTINATION ${WORK})
message(STATUS "fuzz-${NAME}: ${SECONDS} s on ${WORK} (log: ${WORK}.log)")
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048
          -dict=${DICT} -artifact_prefix=${WORK}.artifacts/ -print_final_stats=1 ${WORK}
  OUTPUT_FILE ${WORK}.log
  ERROR_FILE ${WORK}.log
  RESULT_VARIABLE rc)
if(rc EQUAL 0)
  # The summary: the final status line (coverage, features, corpus) and stats. (Only lines
  # without brackets or semicolons, which a CMake list would not split as lines.)
  file(STRINGS ${WORK}.log lines REGEX "^#[0-9]+\tDONE|^stat::|^Done ")
  list(JOIN lines "\n  " summary)
  message(STATUS "fuzz-${NAME}: no finding in ${SECONDS} s\n  ${summary}")
else()
  # The end of the log (the report and the input), read as bytes: it may hold anything.
  file(READ ${WORK}.log log)
  string(LENGTH "${log}" length)
  if(length GREATER 8000)
    math(EXPR from "${length} - 8000")
    string(SUBSTRING "${log}" ${from} -1 log)
  endif()
  message(FATAL_ERROR "${log}\n\nfuzz-${NAME} failed (exit ${rc}); the input is in "
                      "${WORK}.artifacts/ (reproduce: ${FUZZER} ${WORK}.artifacts/<file>)")
endif()
