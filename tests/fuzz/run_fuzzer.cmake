# cmake -DFUZZER=bin -DSEEDS=dir -DDICT=file -DWORK=dir -DSECONDS=n -P run_fuzzer.cmake
# Copies the seed corpus to WORK and fuzzes for SECONDS; fails when the fuzzer finds a crash.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(GLOB seeds ${SEEDS}/*)
file(COPY ${seeds} DESTINATION ${WORK})
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048
          -dict=${DICT} -artifact_prefix=${WORK}/../ -print_final_stats=1 ${WORK}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fuzz-parser failed (exit ${rc}); the crashing input is beside ${WORK}")
endif()
