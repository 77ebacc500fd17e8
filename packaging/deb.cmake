# `cpack -G DEB` in the build folder: warplens_<version>_<arch>.deb, holding what `cmake --install`
# installs, under /usr. dpkg-shlibdeps (dpkg-dev, which build-essential brings) turns the libraries
# the programs link into Depends. The CUDA runtime is linked statically and NCCL is loaded at run
# time (kernels/gpu/nccl_api.h), so neither is a dependency: the package runs with or without a GPU.
# giflib (GIF export, optional at build time): a build that found libgif-dev links libgif.so.7, so
# dpkg-shlibdeps adds libgif7, the library, to Depends; the -dev package is for building only.
set(WARPLENS_PACKAGE_MAINTAINER "WarpLens maintainers <maintainers@users.noreply.a-seed-e8375aa5.example>"
    CACHE STRING "The Maintainer field of the Debian package")
set(WARPLENS_HOMEPAGE "" CACHE STRING "The Homepage field of the Debian package (left out when empty)")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME warplens)
set(CPACK_PACKAGE_VERSION ${WARPLENS_DEB_VERSION})
set(CPACK_PACKAGE_VENDOR WarpLens)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "see what GPU reduction, scan, histogram, softmax and all-reduce kernels do")
# Debian wants description lines under 80 columns; CPack indents each by one.
set(CPACK_PACKAGE_DESCRIPTION "\
WarpLens runs GPU kernels, on an NVIDIA GPU or in a CPU simulator that runs
the same source, and records what every thread did. It draws that trace step
by step: combine trees, dataflow, warp divergence, memory coalescing,
shared-memory bank conflicts, and metrics that compare two variants side by
side. Guided lessons script the views for a classroom.
.
The package holds the desktop program warplens and the command-line program
warplens-cli (run, trace, measure and benchmark kernels where there is no
display), the lessons, recorded timing profiles and kernel headers. Without
a GPU, the kernels run on the simulator.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # warplens_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${WARPLENS_PACKAGE_MAINTAINER}")
if(WARPLENS_HOMEPAGE)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${WARPLENS_HOMEPAGE}")
endif()
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The UI fonts are compiled in; the installed DejaVu is used when present.
# g++: `warplens lab` builds a learner's kernel with it (app/lab/compile/lab_build.h); without it the lab says so.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core, g++")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
