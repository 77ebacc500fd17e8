# The headers a learner's kernel compiles against, at their paths in the source tree, under
# share/warplens/include: kernels/, trace/ and core/; results/timing_sweep.h, which
# kernels/family/family.h includes; and each family's variant list, generated at configure time.
set(include_destination ${WARPLENS_DATA_DESTINATION}/include)
file(GLOB_RECURSE headers CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR}
     ${PROJECT_SOURCE_DIR}/kernels/*.h ${PROJECT_SOURCE_DIR}/kernels/*.cuh
     ${PROJECT_SOURCE_DIR}/trace/*.h ${PROJECT_SOURCE_DIR}/trace/*.cuh
     ${PROJECT_SOURCE_DIR}/core/*.h ${PROJECT_SOURCE_DIR}/core/*.cuh)
list(APPEND headers results/timing_sweep.h kernels/plain/plain_glue.cpp)
foreach(header IN LISTS headers)
  get_filename_component(folder ${header} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/${header} DESTINATION ${include_destination}/${folder})
endforeach()

file(STRINGS ${PROJECT_SOURCE_DIR}/kernels/families/families.txt families REGEX "^[a-z_]+$")
foreach(id IN LISTS families)
  install(FILES ${PROJECT_BINARY_DIR}/generated/kernels/families/${id}/variant_list.h
          DESTINATION ${include_destination}/kernels/families/${id})
endforeach()
