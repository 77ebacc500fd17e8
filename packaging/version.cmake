# WARPLENS_VERSION, what --version prints: `git describe` of the checkout at configure time (a
# tag v1.2.3 reads 1.2.3, commits after it 1.2.3-4-gabc1234), project()'s version plus the commit
# where no tag is reachable (0.1.0-gabc1234), or project()'s version alone outside a git checkout
# (a release tarball). WARPLENS_DEB_VERSION is the same as a Debian version (no '-': that would
# split off a Debian revision).
find_package(Git QUIET)
set(WARPLENS_VERSION ${PROJECT_VERSION})
if(GIT_EXECUTABLE AND EXISTS ${PROJECT_SOURCE_DIR}/.git)
  execute_process(COMMAND ${GIT_EXECUTABLE} describe --tags --match "v[0-9]*" --dirty
                  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                  OUTPUT_VARIABLE described ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE failed)
  if(NOT failed AND described)
    string(REGEX REPLACE "^v" "" WARPLENS_VERSION "${described}")
  else()
    execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty
                    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                    OUTPUT_VARIABLE commit ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE failed)
    if(NOT failed AND commit)
      set(WARPLENS_VERSION "${PROJECT_VERSION}-g${commit}")
    endif()
  endif()
endif()
# 1.2.3-4-gabc1234-dirty -> 1.2.3+4.gabc1234.dirty: sorts after 1.2.3 and before 1.2.4.
set(WARPLENS_DEB_VERSION ${WARPLENS_VERSION})
string(FIND "${WARPLENS_VERSION}" "-" dash)
if(dash GREATER -1)
  string(SUBSTRING "${WARPLENS_VERSION}" 0 ${dash} release)
  math(EXPR after "${dash} + 1")
  string(SUBSTRING "${WARPLENS_VERSION}" ${after} -1 since)
  string(REPLACE "-" "." since "${since}")
  set(WARPLENS_DEB_VERSION "${release}+${since}")
endif()
message(STATUS "WarpLens: version ${WARPLENS_VERSION}")
