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

# pkg-config must describe arm64 packages, not the host's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)

# CTest prefixes this to every test registered by target name.
find_program(SATCD_QEMU_AARCH64 qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${SATCD_QEMU_AARCH64};-L;/usr/aarch64-linux-gnu)
