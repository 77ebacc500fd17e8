# The docs say how many lessons ship: assets/lessons/README.md and README.md each say "N lessons",
# N the number of assets/lessons/*.lesson.
#   cmake -DROOT=<source tree> -P lesson_count_test.cmake
file(GLOB lessons "${ROOT}/assets/lessons/*.lesson")
list(LENGTH lessons count)
foreach(doc IN ITEMS assets/lessons/README.md README.md)
  file(READ "${ROOT}/${doc}" text)
  string(REGEX MATCHALL "[0-9]+ lessons ship" said "${text}")
  if(NOT said)
    message(FATAL_ERROR "${doc} does not say how many lessons ship (\"${count} lessons ship\")")
  endif()
  foreach(phrase IN LISTS said)
    if(NOT phrase STREQUAL "${count} lessons ship")
      message(FATAL_ERROR "${doc} says \"${phrase}\"; ${count} .lesson files are in assets/lessons")
    endif()
  endforeach()
endforeach()
