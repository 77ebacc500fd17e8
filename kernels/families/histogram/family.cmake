# How the histogram family builds (kernels/families/family_list.cmake includes it with
# family_dir set): the library wl_family_histogram, its variants from variants.txt
# (kernels/families/family_variants.cmake).
include(${family_dir}/../family_variants.cmake)
set(sources ${family_dir}/catalog.cpp ${family_dir}/plan.cpp ${family_dir}/samples.cpp
  ${family_dir}/histogram_family.cpp ${family_dir}/run_sim.cpp)
if(WARPLENS_HAVE_CUDA)
  list(APPEND sources ${family_dir}/run_gpu.cpp ${family_dir}/bench/cub_histogram.cu)
endif()
warplens_family_variants(histogram ${family_dir} sources)
add_library(wl_family_histogram STATIC ${sources})
target_include_directories(wl_family_histogram PUBLIC ${CMAKE_BINARY_DIR}/generated)
target_link_libraries(wl_family_histogram PUBLIC wl_family_base)
