# A man page per program, written at build time by Debian's help2man from the program's --help
# and --version, gzipped as Debian ships them. Without help2man the build goes on without them.
find_program(HELP2MAN_EXECUTABLE help2man)
if(NOT HELP2MAN_EXECUTABLE)
  message(STATUS "WarpLens: help2man not found: no man pages (the Debian package help2man adds them)")
  return()
endif()

# warplens_man_page(<program target> <what it is, for the NAME section>)
function(warplens_man_page target summary)
  set(page ${CMAKE_CURRENT_BINARY_DIR}/${target}.1)
  set(subcommands ${CMAKE_CURRENT_BINARY_DIR}/${target}-subcommands.h2m)
  add_custom_command(
    OUTPUT ${page}.gz
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${target}> -DOUTPUT=${subcommands}
            -P ${CMAKE_CURRENT_SOURCE_DIR}/subcommands_h2m.cmake
    COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C.UTF-8
            ${HELP2MAN_EXECUTABLE} --no-info --section 1 --name ${summary} --include ${subcommands}
            --include ${CMAKE_CURRENT_SOURCE_DIR}/man-pages.h2m --output ${page} $<TARGET_FILE:${target}>
    COMMAND gzip -9nf ${page}  # -n: no name or time stamp in it, so builds are reproducible
    DEPENDS ${target} ${CMAKE_CURRENT_SOURCE_DIR}/man-pages.h2m ${CMAKE_CURRENT_SOURCE_DIR}/subcommands_h2m.cmake
    COMMENT "Writing the man page of ${target} with help2man"
    VERBATIM)
  add_custom_target(${target}_man_page ALL DEPENDS ${page}.gz)
  install(FILES ${page}.gz DESTINATION share/man/man1)
endfunction()

warplens_man_page(warplens-cli "run, trace, measure and benchmark WarpLens's GPU kernels without a GUI")
if(TARGET warplens)
  warplens_man_page(warplens "see what GPU reduction, scan, histogram, softmax and all-reduce kernels do")
endif()
