# Install rules, CMake package files, pkg-config file and CPack packages.
#
# Components:
#   runtime      the shared library (libsatcd.so.MAJOR and its real file)
#   draw_runtime the shared drawing library (libsatcd_draw.so.MAJOR), a
#                package of its own so that the collision core installs
#                without it
#   development  headers (with the generated config.h and version.h), the
#                static libraries or the libsatcd.so and libsatcd_draw.so
#                links, CMake package files, satcd.pc and satcd_draw.pc
#   tools        command-line programs, when a tools/ directory adds them
#
# A shared and a static build of the same prefix install side by side: each
# installs its own target files (satcdTargets-shared.cmake and
# satcdDrawTargets-shared.cmake, or the -static ones) and satcdConfig.cmake
# picks one kind for the consumer (see cmake/satcdConfig.cmake.in). satcd::draw
# has a target file of its own: it is the CMake package's `draw` component.
#
# Debian packages (cpack -G DEB) hold both libraries, so the shared build can
# take in the install of a separate static build tree: configure the shared
# tree with -DSATCD_PACKAGE_STATIC_DIR=<static build dir> (the deb-static and
# deb presets do exactly this).

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# satcd_write_debian_copyright(<LICENSE> <out>): the MIT license as a
# machine-readable Debian copyright file (DEP-5), whose license text is the
# LICENSE file's, so the two cannot drift apart.
function(satcd_write_debian_copyright license out)
    file(READ ${license} _license)
    if(NOT _license MATCHES "\nCopyright \\(c\\) ([^\n]+)\n+(.+[^\n])\n*$")
        message(FATAL_ERROR "satcd: no copyright line followed by the license text in ${license}")
    endif()
    set(_holder "${CMAKE_MATCH_1}")
    # Each line indented by one space, a blank line written " .".
    string(REPLACE "\n\n" "\n.\n" _text "${CMAKE_MATCH_2}")
    string(REPLACE "\n" "\n " _text "${_text}")
    set(_text " ${_text}\n")
    file(WRITE ${out}
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: libsatcd\n"
        "\n"
        "Files: *\n"
        "Copyright: ${_holder}\n"
        "License: Expat\n"
        "Comment: The MIT License.\n"
        "\n"
        "License: Expat\n"
        "${_text}")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${license})
endfunction()

# satcd_gzip(<file> <out>): compressed as Debian wants it (gzip -9n: no
# name, no time stamp).
function(satcd_gzip file out)
    find_program(SATCD_GZIP gzip)
    mark_as_advanced(SATCD_GZIP)
    if(NOT SATCD_GZIP)
        message(FATAL_ERROR "satcd: gzip is needed to install ${file}")
    endif()
    get_filename_component(_dir ${out} DIRECTORY)
    file(MAKE_DIRECTORY ${_dir})
    execute_process(COMMAND ${SATCD_GZIP} -9n -c ${file} OUTPUT_FILE ${out} RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "satcd: gzip ${file} failed (${_rc})")
    endif()
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
endfunction()

# satcd_check_changelog(<changelog>): its latest entry is this version.
function(satcd_check_changelog changelog)
    file(STRINGS ${changelog} _first LIMIT_COUNT 1)
    if(NOT _first MATCHES "^satcd \\(${PROJECT_VERSION}\\) ")
        message(FATAL_ERROR "satcd: the latest entry of ${changelog} is not version ${PROJECT_VERSION}: ${_first}")
    endif()
endfunction()

get_target_property(_satcd_type satcd TYPE)
if(_satcd_type STREQUAL "SHARED_LIBRARY")
    set(SATCD_LIBRARY_VARIANT shared)
else()
    set(SATCD_LIBRARY_VARIANT static)
    # On Windows the same headers then declare no dllimport; ELF ignores it.
    target_compile_definitions(satcd PUBLIC SATCD_STATIC)
endif()

set(SATCD_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/satcd CACHE STRING
    "Where satcdConfig.cmake and the target files are installed")
mark_as_advanced(SATCD_INSTALL_CMAKEDIR)

# --- library and headers ----------------------------------------------------

# target, export set, component of its shared library
foreach(_satcd_lib "satcd;satcdTargets;runtime" "satcd_draw;satcdDrawTargets;draw_runtime")
    list(GET _satcd_lib 0 _target)
    list(GET _satcd_lib 1 _export)
    list(GET _satcd_lib 2 _component)
    install(TARGETS ${_target} EXPORT ${_export}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT ${_component}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT ${_component}
                NAMELINK_COMPONENT development
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endforeach()

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/satcd
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    COMPONENT development
    FILES_MATCHING PATTERN "*.h")
install(FILES
        ${PROJECT_BINARY_DIR}/include/satcd/config.h
        ${PROJECT_BINARY_DIR}/include/satcd/version.h
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/satcd
    COMPONENT development)

# --- CMake package ------------------------------------------------------------

foreach(_satcd_export satcdTargets satcdDrawTargets)
    install(EXPORT ${_satcd_export}
        NAMESPACE satcd::
        FILE ${_satcd_export}-${SATCD_LIBRARY_VARIANT}.cmake
        DESTINATION ${SATCD_INSTALL_CMAKEDIR}
        COMPONENT development)
endforeach()

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/satcdConfig.cmake.in
    ${PROJECT_BINARY_DIR}/cmake/satcdConfig.cmake
    INSTALL_DESTINATION ${SATCD_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/satcdConfigVersion.cmake
    VERSION ${PROJECT_VERSION}
    COMPATIBILITY SameMajorVersion)
install(FILES
        ${PROJECT_BINARY_DIR}/cmake/satcdConfig.cmake
        ${PROJECT_BINARY_DIR}/satcdConfigVersion.cmake
    DESTINATION ${SATCD_INSTALL_CMAKEDIR}
    COMPONENT development)

# The build tree is a package too: find_package(satcd) with
# satcd_DIR=<this build directory> uses the library where it was built.
foreach(_satcd_export satcdTargets satcdDrawTargets)
    export(EXPORT ${_satcd_export}
        NAMESPACE satcd::
        FILE ${PROJECT_BINARY_DIR}/${_satcd_export}-${SATCD_LIBRARY_VARIANT}.cmake)
endforeach()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/satcdConfig.cmake.in
    ${PROJECT_BINARY_DIR}/satcdConfig.cmake
    INSTALL_DESTINATION ${PROJECT_BINARY_DIR}
    INSTALL_PREFIX ${PROJECT_BINARY_DIR})

# --- pkg-config ---------------------------------------------------------------
#
# satcd.pc and satcd_draw.pc are written at install time, because the prefix is only final then
# (cmake --install --prefix, CPack). libdir and includedir are written as
# ${prefix}/... whenever they lie under the prefix (relative
# CMAKE_INSTALL_LIBDIR, or an absolute one inside the prefix), so that
# pkg-config --define-variable=prefix=... follows a moved tree; a directory
# outside the prefix stays absolute. An archive made by CPack has no fixed
# prefix, so there the prefix is found relative to the .pc file itself.

#
# The shared and the static build write the same .pc files (they may install
# into one prefix, in either order). SATCD_STATIC is not in them: it only
# matters to Windows consumers of the static library, who define it themselves.
set(_satcd_pc_dir ${PROJECT_BINARY_DIR}/pkgconfig)
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/cmake/satcd_write_pc.cmake @ONLY CONTENT [==[
# Generated: writes satcd.pc for the prefix of the running install.
function(satcd_pc_dir dir out)
    set(prefix "${CMAKE_INSTALL_PREFIX}")
    if(NOT IS_ABSOLUTE "${dir}")
        set(${out} "\${prefix}/${dir}" PARENT_SCOPE)
        return()
    endif()
    cmake_path(NORMAL_PATH prefix)
    cmake_path(NORMAL_PATH dir)
    cmake_path(IS_PREFIX prefix "${dir}" NORMALIZE under_prefix)
    if(under_prefix)
        file(RELATIVE_PATH rel "${prefix}" "${dir}")
        string(REGEX REPLACE "/$" "" rel "${rel}")
        if(rel STREQUAL "")
            set(${out} "\${prefix}" PARENT_SCOPE)
        else()
            set(${out} "\${prefix}/${rel}" PARENT_SCOPE)
        endif()
    else()
        set(${out} "${dir}" PARENT_SCOPE)
    endif()
endfunction()

set(SATCD_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
if(CMAKE_INSTALL_PREFIX MATCHES "/_CPack_Packages/" AND NOT IS_ABSOLUTE [[@CMAKE_INSTALL_LIBDIR@]])
    # An archive (cpack -G TGZ) is unpacked anywhere: the prefix is where the
    # .pc file lies, up from <libdir>/pkgconfig.
    file(RELATIVE_PATH _up "${CMAKE_INSTALL_PREFIX}/@CMAKE_INSTALL_LIBDIR@/pkgconfig" "${CMAKE_INSTALL_PREFIX}")
    string(REGEX REPLACE "/$" "" _up "${_up}")
    set(SATCD_PC_PREFIX "\${pcfiledir}/${_up}")
endif()
satcd_pc_dir([[@CMAKE_INSTALL_LIBDIR@]] SATCD_PC_LIBDIR)
satcd_pc_dir([[@CMAKE_INSTALL_INCLUDEDIR@]] SATCD_PC_INCLUDEDIR)
set(PROJECT_DESCRIPTION [[@PROJECT_DESCRIPTION@]])
set(PROJECT_VERSION [[@PROJECT_VERSION@]])
foreach(_pc satcd satcd_draw)
    configure_file("@CMAKE_CURRENT_LIST_DIR@/${_pc}.pc.in" "@_satcd_pc_dir@/${_pc}.pc" @ONLY)
endforeach()
]==])
install(SCRIPT ${PROJECT_BINARY_DIR}/cmake/satcd_write_pc.cmake COMPONENT development)
install(FILES ${_satcd_pc_dir}/satcd.pc ${_satcd_pc_dir}/satcd_draw.pc
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
    COMPONENT development)

# --- CPack --------------------------------------------------------------------

set(SATCD_PACKAGE_STATIC_DIR "" CACHE PATH
    "Build tree of a static configuration whose development files the packages of this (shared) build also carry")
set(SATCD_PACKAGE_CONTACT "libsatcd maintainers <libsatcd@example.org>" CACHE STRING
    "Maintainer field of the packages")

set(CPACK_PACKAGE_NAME satcd)
set(CPACK_PACKAGE_VENDOR "libsatcd")
set(CPACK_PACKAGE_CONTACT "${SATCD_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")
set(CPACK_PACKAGE_FILE_NAME
    "${CPACK_PACKAGE_NAME}-${PROJECT_VERSION}-${CMAKE_SYSTEM_NAME}-${CMAKE_SYSTEM_PROCESSOR}")

# Which components exist depends on what the project built (tools are optional).
get_cmake_property(_satcd_components COMPONENTS)
set(CPACK_COMPONENTS_ALL "")
foreach(_c runtime draw_runtime development tools)
    if(_c IN_LIST _satcd_components)
        list(APPEND CPACK_COMPONENTS_ALL ${_c})
    endif()
endforeach()
if(SATCD_LIBRARY_VARIANT STREQUAL "static")
    # No shared library: the static library and its users need no runtime package.
    list(REMOVE_ITEM CPACK_COMPONENTS_ALL runtime draw_runtime)
endif()

set(CPACK_COMPONENT_RUNTIME_DISPLAY_NAME "libsatcd shared library")
# Extended descriptions: lines of at most 80 characters, as Debian wants them.
set(_satcd_about "libsatcd finds overlaps, signed separations, minimum translation vectors
and contact manifolds between 2D convex polygons and circles, with no
allocation and no global state.
")
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION "${_satcd_about}
This package holds the shared library, libsatcd.so.${PROJECT_VERSION_MAJOR}.")
set(CPACK_COMPONENT_DRAW_RUNTIME_DISPLAY_NAME "libsatcd_draw shared library")
set(CPACK_COMPONENT_DRAW_RUNTIME_DESCRIPTION "${_satcd_about}
This package holds libsatcd_draw.so.${PROJECT_VERSION_MAJOR}, which draws a pair query as an SVG
picture: both shapes, every candidate axis with its projection intervals,
the minimum translation vector and the contacts.")
set(CPACK_COMPONENT_DEVELOPMENT_DISPLAY_NAME "libsatcd development files")
set(CPACK_COMPONENT_DEVELOPMENT_DESCRIPTION "${_satcd_about}
This package holds the headers, the static libraries libsatcd.a and
libsatcd_draw.a, the links to the shared ones, the CMake package
(find_package(satcd), targets satcd::satcd and satcd::draw) and the
pkg-config files satcd.pc and satcd_draw.pc.")
set(CPACK_COMPONENT_TOOLS_DISPLAY_NAME "satcd command-line tool")
set(CPACK_COMPONENT_TOOLS_DESCRIPTION "${_satcd_about}
This package holds the satcd command: it runs every query on two polygons
given on the command line, prints the answers (or JSON) and draws them as
SVG pictures.")
if(SATCD_LIBRARY_VARIANT STREQUAL "shared")
    set(CPACK_COMPONENT_DRAW_RUNTIME_DEPENDS runtime)
    set(CPACK_COMPONENT_DEVELOPMENT_DEPENDS runtime draw_runtime)
    set(CPACK_COMPONENT_TOOLS_DEPENDS runtime draw_runtime)
endif()

# Archives (TGZ, ZIP) are one file with every component.
set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)

# Debian: libsatcd<SOVERSION>, libsatcd-draw<SOVERSION>, libsatcd-dev and
# satcd-tools, in Debian's naming (one shared library per package, named
# after its SONAME).
get_target_property(_satcd_soversion satcd SOVERSION)
set(SATCD_DEB_RUNTIME_NAME libsatcd${_satcd_soversion})
set(SATCD_DEB_DRAW_RUNTIME_NAME libsatcd-draw${_satcd_soversion})
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${SATCD_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME ${SATCD_DEB_RUNTIME_NAME})
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_DRAW_RUNTIME_PACKAGE_NAME ${SATCD_DEB_DRAW_RUNTIME_NAME})
set(CPACK_DEBIAN_DRAW_RUNTIME_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_DRAW_RUNTIME_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_NAME libsatcd-dev)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME satcd-tools)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SHLIBDEPS ON)
if(SATCD_LIBRARY_VARIANT STREQUAL "shared")
    set(_satcd_deb_same "(= ${CPACK_DEBIAN_PACKAGE_VERSION})")
    set(CPACK_DEBIAN_DRAW_RUNTIME_PACKAGE_DEPENDS "${SATCD_DEB_RUNTIME_NAME} ${_satcd_deb_same}")
    set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_DEPENDS
        "${SATCD_DEB_RUNTIME_NAME} ${_satcd_deb_same}, ${SATCD_DEB_DRAW_RUNTIME_NAME} ${_satcd_deb_same}")
    set(CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS
        "${SATCD_DEB_RUNTIME_NAME} ${_satcd_deb_same}, ${SATCD_DEB_DRAW_RUNTIME_NAME} ${_satcd_deb_same}")
    # dpkg-shlibdeps must find libsatcd.so.N, which no installed package owns yet.
    get_target_property(_satcd_library_dir satcd LIBRARY_OUTPUT_DIRECTORY)
    if(NOT _satcd_library_dir)
        set(_satcd_library_dir ${PROJECT_BINARY_DIR})
    endif()
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${_satcd_library_dir})
endif()

# RPM, when rpmbuild is available: the same split in Fedora's naming.
set(CPACK_RPM_COMPONENT_INSTALL ON)
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
set(CPACK_RPM_PACKAGE_LICENSE MIT)
set(CPACK_RPM_RUNTIME_PACKAGE_NAME libsatcd)
set(CPACK_RPM_DRAW_RUNTIME_PACKAGE_NAME libsatcd-draw)
set(CPACK_RPM_DEVELOPMENT_PACKAGE_NAME libsatcd-devel)
set(CPACK_RPM_TOOLS_PACKAGE_NAME satcd-tools)
if(SATCD_LIBRARY_VARIANT STREQUAL "shared")
    set(CPACK_RPM_DRAW_RUNTIME_PACKAGE_REQUIRES "libsatcd = ${PROJECT_VERSION}")
    set(CPACK_RPM_DEVELOPMENT_PACKAGE_REQUIRES "libsatcd = ${PROJECT_VERSION}, libsatcd-draw = ${PROJECT_VERSION}")
    set(CPACK_RPM_TOOLS_PACKAGE_REQUIRES "libsatcd = ${PROJECT_VERSION}, libsatcd-draw = ${PROJECT_VERSION}")
endif()

# Installed programs and shared libraries carry no symbol tables beyond the
# dynamic ones (Debian ships debugging symbols apart, if at all).
set(CPACK_STRIP_FILES ON)

# Shared library packages update the loader cache through libc's ldconfig
# trigger. (CPack also writes postinst and postrm scripts that call ldconfig
# whenever a package holds a library in /usr/lib; see docs/packaging.md.)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA ${CMAKE_CURRENT_LIST_DIR}/debian/triggers)
set(CPACK_DEBIAN_DRAW_RUNTIME_PACKAGE_CONTROL_EXTRA ${CMAKE_CURRENT_LIST_DIR}/debian/triggers)

# Every package carries /usr/share/doc/<package>/copyright (machine-readable,
# DEP-5, made from LICENSE) and the changelog (changelog.gz, as a native
# package). They are installed by plain installs too: the MIT license asks
# that its notice go with every copy.
set(_satcd_doc_packages development libsatcd-dev)
if(SATCD_LIBRARY_VARIANT STREQUAL "shared")
    list(APPEND _satcd_doc_packages runtime ${SATCD_DEB_RUNTIME_NAME} draw_runtime ${SATCD_DEB_DRAW_RUNTIME_NAME})
endif()
if(TARGET satcd_cli)
    list(APPEND _satcd_doc_packages tools satcd-tools)
endif()
satcd_write_debian_copyright(${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_BINARY_DIR}/debian/copyright)
satcd_check_changelog(${CMAKE_CURRENT_LIST_DIR}/debian/changelog)
satcd_gzip(${CMAKE_CURRENT_LIST_DIR}/debian/changelog ${PROJECT_BINARY_DIR}/debian/changelog.gz)
if(TARGET satcd_cli)
    configure_file(${PROJECT_SOURCE_DIR}/tools/satcd.1.in ${PROJECT_BINARY_DIR}/man/satcd.1 @ONLY)
    satcd_gzip(${PROJECT_BINARY_DIR}/man/satcd.1 ${PROJECT_BINARY_DIR}/man/satcd.1.gz)
    install(FILES ${PROJECT_BINARY_DIR}/man/satcd.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT tools)
endif()
while(_satcd_doc_packages)
    list(POP_FRONT _satcd_doc_packages _component _package)
    install(FILES ${PROJECT_BINARY_DIR}/debian/copyright ${PROJECT_BINARY_DIR}/debian/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${_package}
        COMPONENT ${_component})
endwhile()

set(CPACK_GENERATOR TGZ DEB)
find_program(SATCD_RPMBUILD rpmbuild)
mark_as_advanced(SATCD_RPMBUILD)
if(SATCD_RPMBUILD)
    list(APPEND CPACK_GENERATOR RPM)
endif()

# Bundle the static build tree: it is installed first (every component: a
# static configuration only fills development; build it without tools), then
# this tree. Files both install (headers, satcd.pc, satcdConfig.cmake) are
# identical.
if(SATCD_PACKAGE_STATIC_DIR)
    set(CPACK_INSTALL_CMAKE_PROJECTS
        "${SATCD_PACKAGE_STATIC_DIR};satcd;ALL;/"
        "${PROJECT_BINARY_DIR};satcd;ALL;/")
    set(SATCD_PACKAGE_STATIC_CHECK ${SATCD_PACKAGE_STATIC_DIR}/satcdTargets-static.cmake)
    set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_BINARY_DIR}/cmake/satcd_cpack_project.cmake)
    file(CONFIGURE OUTPUT ${CPACK_PROJECT_CONFIG_FILE} @ONLY CONTENT [==[
# Generated: refuse to package without the static build tree it was told to bundle.
if(NOT EXISTS [[@SATCD_PACKAGE_STATIC_CHECK@]])
    message(FATAL_ERROR "satcd: SATCD_PACKAGE_STATIC_DIR=@SATCD_PACKAGE_STATIC_DIR@ is not a built static "
        "configuration of satcd; build it first (cmake --workflow --preset deb-static)")
endif()
]==])
endif()

include(CPack)
