# Cross-compile for 64-bit ARM Linux with Debian's gcc-aarch64-linux-gnu and
# run the built programs (tests included) under qemu-aarch64:
#   apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
#   dpkg --add-architecture arm64 && apt-get update && apt-get install libcmocka-dev:arm64
#   cmake -S . -B build-arm64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# Debian's multiarch layout: the arm64 libraries and headers of libcmocka-dev:arm64
# live under /usr/lib/aarch64-linux-gnu and /usr/include; the cross libc under
# /usr/aarch64-linux-gnu.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# pkg-config must describe arm64 packages, not the host's. Extra .pc
# directories can come first through SATCD_CROSS_PKG_CONFIG_PATH: Debian's
# libgeos-dev cannot be installed for two architectures at once, so a CI
# machine that has the host's may describe the arm64 runtime library itself.
set(_satcd_cross_pc /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
if(DEFINED ENV{SATCD_CROSS_PKG_CONFIG_PATH})
    set(_satcd_cross_pc "$ENV{SATCD_CROSS_PKG_CONFIG_PATH}:${_satcd_cross_pc}")
endif()
set(ENV{PKG_CONFIG_LIBDIR} "${_satcd_cross_pc}")

# CTest prefixes this to every test registered by target name.
find_program(SATCD_QEMU_AARCH64 qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${SATCD_QEMU_AARCH64};-L;/usr/aarch64-linux-gnu)
