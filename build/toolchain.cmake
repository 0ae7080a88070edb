# CMake toolchain file used by v8x's bundled WAMR build (see engine-and-build.md).
# WAMR's CMake script would clone simde from GitHub; point FetchContent at Debian's
# libsimde-dev headers instead, so the build works offline.
get_filename_component(_TROVE_BUILD_DIR "${CMAKE_CURRENT_LIST_FILE}" DIRECTORY)
set(FETCHCONTENT_SOURCE_DIR_SIMDE "${_TROVE_BUILD_DIR}/simde-src" CACHE PATH "simde headers (Debian libsimde-dev)" FORCE)
