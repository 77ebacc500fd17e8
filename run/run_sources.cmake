# What run/ compiles with each family list (run/CMakeLists.txt says why): settling a request,
# running it, timing a sweep.
set(WL_RUN_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/backend_run.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gpu_sweep.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settled_run.cpp)
