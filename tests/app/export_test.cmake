# `warplens export` (issue 47) under Xvfb: one run writes the GIF, the PNG frames and the view's
# PNG; a --screenshot of the same state is the window whose size they must have, without its
# menu and side panel; export_check reads them back (the GIF with giflib) and saves the GIF's
# frames as PNGs to look at.
#   cmake -DXVFB_RUN=... -DAPP=... -DCHECKER=... -DOUT=folder -DLEVELS=n -DAPP_ARGS=arg|arg
#         -P export_test.cmake
string(REPLACE "|" ";" app_args "${APP_ARGS}")
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")

function(run_app expect)
  # Our own X authority file: no temporary folder for xvfb-run to fail to remove (screenshot_test.cmake).
  execute_process(COMMAND "${XVFB_RUN}" -a -f "${OUT}/xauth" -s "-screen 0 1920x1080x24" "${APP}" ${ARGN}
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("warplens ${ARGN}\n${out}${err}")
  if(NOT code EQUAL expect)
    message(FATAL_ERROR "warplens exited with ${code}, not ${expect}")
  endif()
endfunction()

run_app(0 export --gif "${OUT}/levels.gif" --frames "${OUT}/level-%03d.png" --png "${OUT}/view.png" ${app_args})
run_app(0 --screenshot "${OUT}/window.png" ${app_args})
execute_process(COMMAND "${CHECKER}" --gif "${OUT}/levels.gif" --levels ${LEVELS} --frames "${OUT}/level-%03d.png"
                        --view "${OUT}/view.png" --window "${OUT}/window.png" --write-frames "${OUT}/gif-frame-"
                RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "export_check found faults in ${OUT}")
endif()
