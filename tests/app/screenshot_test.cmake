# Saves a screenshot with warplens under Xvfb, then checks the PNG (and, with CHECKS, what the
# views drew where: the probes warplens writes beside it).
#   cmake -DXVFB_RUN=... -DAPP=... -DCHECKER=... -DPNG=... -DWIDTH=... -DHEIGHT=...
#         [-DAPP_ARGS=arg|arg] [-DCHECKS=group|kind|n|...] [-DEXPECT_STDOUT=regex]
#         -P screenshot_test.cmake
string(REPLACE "|" ";" app_args "${APP_ARGS}")
string(REPLACE "|" ";" checks "${CHECKS}")
set(probes "${PNG}.probes.json")
file(REMOVE "${PNG}" "${probes}")

execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1920x1080x24"
          "${APP}" --screenshot "${PNG}" --probes "${probes}" ${app_args}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "warplens --screenshot exited with ${exit_code}")
endif()
if(DEFINED EXPECT_STDOUT AND NOT out MATCHES "${EXPECT_STDOUT}")
  message(FATAL_ERROR "stdout does not match '${EXPECT_STDOUT}'")
endif()

set(checker_args)
if(checks)
  list(APPEND checker_args --probes "${probes}")
  list(LENGTH checks n)
  math(EXPR last "${n} - 1")
  foreach(i RANGE 0 ${last} 3)
    math(EXPR k "${i} + 1")
    math(EXPR c "${i} + 2")
    list(GET checks ${i} group)
    list(GET checks ${k} kind)
    list(GET checks ${c} count)
    list(APPEND checker_args --expect ${group} ${kind} ${count})
  endforeach()
endif()
execute_process(COMMAND "${CHECKER}" "${PNG}" ${WIDTH} ${HEIGHT} ${checker_args} RESULT_VARIABLE exit_code)
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "the screenshot ${PNG} failed its checks")
endif()
