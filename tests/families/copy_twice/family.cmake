# The toy family's library, for kernels/families/family_list.cmake: simulator only.
add_library(wl_family_copy_twice STATIC ${family_dir}/copy_twice_family.cpp)
target_link_libraries(wl_family_copy_twice PUBLIC wl_family_base)
