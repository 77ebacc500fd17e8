# wl_embed_files(TARGET FUNCTION ROOT [BINARY] FILES...): generates FUNCTION()
# (app/embed/embedded_file.h) holding the contents of FILES (relative to ROOT; BINARY: not
# text) and adds the generated file to TARGET. It is regenerated whenever one of FILES changes.
function(wl_embed_files target function root)
  cmake_parse_arguments(PARSE_ARGV 3 arg "BINARY" "" "")
  set(files ${arg_UNPARSED_ARGUMENTS})
  set(output ${CMAKE_CURRENT_BINARY_DIR}/generated/${function}.cpp)
  set(depends)
  foreach(file IN LISTS files)
    list(APPEND depends ${root}/${file})
  endforeach()
  list(JOIN files "|" joined)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${output} -DFUNCTION=${function} -DROOT=${root}
            "-DFILES=${joined}" -DBINARY=${arg_BINARY} -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embed_files.cmake
    DEPENDS ${depends} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embed_files.cmake
    COMMENT "Embedding ${function}"
    VERBATIM)
  target_sources(${target} PRIVATE ${output})
endfunction()
