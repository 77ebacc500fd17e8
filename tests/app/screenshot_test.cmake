# Saves a screenshot with warplens under Xvfb, then checks the PNG (and, with CHECKS, what the
# views drew where: the probes warplens writes beside it).
#   cmake -DXVFB_RUN=... -DAPP=... -DCHECKER=... -DPNG=... -DWIDTH=... -DHEIGHT=...
#         [-DAPP_ARGS=arg|arg] [-DCHECKS=group|kind|n|...] [-DEXPECT_STDOUT=regex] [-DEXPECT_EXIT=code]
#         [-DCHECK_PNG=file|width|height] [-DCHECK_TEXT=file|regex] -P screenshot_test.cmake
# CHECK_PNG and CHECK_TEXT check files the run wrote besides the screenshot (--export-*).
# EXPECT_EXIT (default 0): 1 where the run failed but the screenshot still shows why (a bad --trace).
string(REPLACE "|" ";" app_args "${APP_ARGS}")
string(REPLACE "|" ";" checks "${CHECKS}")
set(probes "${PNG}.probes.json")
file(REMOVE "${PNG}" "${probes}")

execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1920x1080x24"
          "${APP}" --screenshot "${PNG}" --probes "${probes}" ${app_args}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT DEFINED EXPECT_EXIT)
  set(EXPECT_EXIT 0)
endif()
if(NOT exit_code EQUAL EXPECT_EXIT)
  message(FATAL_ERROR "warplens --screenshot exited with ${exit_code}, not ${EXPECT_EXIT}")
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

if(DEFINED CHECK_PNG AND CHECK_PNG)
  string(REPLACE "|" ";" png "${CHECK_PNG}")
  list(GET png 0 file)
  list(GET png 1 w)
  list(GET png 2 h)
  execute_process(COMMAND "${CHECKER}" "${file}" ${w} ${h} RESULT_VARIABLE exit_code)
  if(NOT exit_code EQUAL 0)
    message(FATAL_ERROR "the exported PNG ${file} failed its checks")
  endif()
endif()
if(DEFINED CHECK_TEXT AND CHECK_TEXT)
  string(REPLACE "|" ";" text "${CHECK_TEXT}")
  list(GET text 0 file)
  list(GET text 1 regex)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "${file} was not written")
  endif()
  file(READ "${file}" content LIMIT 4096)
  if(NOT content MATCHES "${regex}")
    message(FATAL_ERROR "${file} does not match '${regex}'")
  endif()
endif()
