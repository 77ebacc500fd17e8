# Writes a help2man include file whose SUBCOMMANDS section holds each subcommand's own --help, so
# a program's man page documents every option (as docs/CLI.md does), not only the top level's.
#   cmake -DPROGRAM=path -DOUTPUT=file.h2m -P subcommands_h2m.cmake
set(ENV{LC_ALL} C)
execute_process(COMMAND ${PROGRAM} --help OUTPUT_VARIABLE help RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${PROGRAM} --help failed (${failed})")
endif()
# The subcommands: the first word of each line under "Subcommands:".
string(REGEX REPLACE ".*\nSubcommands:\n" "" listed "${help}")
string(REGEX MATCHALL "(^|\n)  [a-z][a-z-]*" names "${listed}")

set(text "[SUBCOMMANDS]\n")
foreach(name IN LISTS names)
  string(STRIP "${name}" name)
  execute_process(COMMAND ${PROGRAM} ${name} --help OUTPUT_VARIABLE sub RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "${PROGRAM} ${name} --help failed (${failed})")
  endif()
  # As roff: backslashes and minus signs escaped, no line read as a request, no padding at ends.
  string(REPLACE "\\" "\\e" sub "${sub}")
  string(REPLACE "-" "\\-" sub "${sub}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" sub "${sub}")
  string(REGEX REPLACE "[ \t]+\n" "\n" sub "${sub}")
  string(APPEND text ".SS ${name}\n.nf\n${sub}.fi\n")
endforeach()
file(WRITE ${OUTPUT} "${text}")
