# How the reduce family builds (kernels/families/family_list.cmake includes it with family_dir
# set): the library wl_family_reduce, its variants from variants.txt
# (kernels/families/family_variants.cmake).
include(${family_dir}/../family_variants.cmake)
set(sources ${family_dir}/catalog.cpp ${family_dir}/plan.cpp ${family_dir}/reduce_family.cpp
  ${family_dir}/run_sim.cpp)
if(WARPLENS_HAVE_CUDA)
  # bench/: what `warplens bench` measures reduction against (CUB, hand-written kernels).
  list(APPEND sources ${family_dir}/run_gpu.cpp ${family_dir}/bench/cub_reference.cu
    ${family_dir}/bench/handwritten_reduce.cu)
endif()
warplens_family_variants(reduce ${family_dir} sources)
add_library(wl_family_reduce STATIC ${sources})
target_include_directories(wl_family_reduce PUBLIC ${CMAKE_BINARY_DIR}/generated)
target_link_libraries(wl_family_reduce PUBLIC wl_family_base)
