# Saves a screenshot with warplens under Xvfb, then checks the PNG.
#   cmake -DXVFB_RUN=... -DAPP=... -DCHECKER=... -DPNG=... -DWIDTH=... -DHEIGHT=...
#         [-DAPP_ARGS=arg|arg] -P screenshot_test.cmake
string(REPLACE "|" ";" app_args "${APP_ARGS}")
file(REMOVE "${PNG}")

execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1920x1080x24"
          "${APP}" --screenshot "${PNG}" ${app_args}
  RESULT_VARIABLE exit_code)
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "warplens --screenshot exited with ${exit_code}")
endif()

execute_process(COMMAND "${CHECKER}" "${PNG}" ${WIDTH} ${HEIGHT} RESULT_VARIABLE exit_code)
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "the screenshot ${PNG} failed its checks")
endif()
