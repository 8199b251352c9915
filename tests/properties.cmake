# Properties of the core queries on random pairs, and agreement with
# independent truth (GEOS and a double-precision computation).
#
# GEOS (Debian libgeos-dev) through pkg-config; failing that, its header and
# C library found directly, so that the tests still build when only the
# runtime library of the build architecture is present (libgeos-dev is not
# co-installable across architectures).
pkg_check_modules(GEOS QUIET IMPORTED_TARGET geos)
if(TARGET PkgConfig::GEOS)
    set(SATCD_GEOS PkgConfig::GEOS)
else()
    find_path(SATCD_GEOS_INCLUDE_DIR geos_c.h REQUIRED)
    find_library(SATCD_GEOS_LIBRARY NAMES geos_c libgeos_c.so.1 REQUIRED)
    add_library(satcd_test_geos INTERFACE)
    target_include_directories(satcd_test_geos INTERFACE ${SATCD_GEOS_INCLUDE_DIR})
    target_link_libraries(satcd_test_geos INTERFACE ${SATCD_GEOS_LIBRARY})
    set(SATCD_GEOS satcd_test_geos)
endif()

set(SATCD_TRUTH support/truth.c support/pairs.c)
set(SATCD_GEOS_TRUTH ${SATCD_TRUTH} support/geos_shapes.c)

satcd_add_test(test_geos test_geos.c ${SATCD_GEOS_TRUTH} LIBS ${SATCD_GEOS})
satcd_add_test(test_capsule test_capsule.c ${SATCD_GEOS_TRUTH} LIBS ${SATCD_GEOS})
satcd_add_test(test_circle_motion test_circle_motion.c ${SATCD_GEOS_TRUTH} LIBS ${SATCD_GEOS})
satcd_add_test(test_world test_world.c ${SATCD_GEOS_TRUTH} LIBS ${SATCD_GEOS})
satcd_add_test(test_properties test_properties.c ${SATCD_TRUTH})
satcd_add_test(test_manifold_props test_manifold_props.c ${SATCD_GEOS_TRUTH} LIBS ${SATCD_GEOS})
satcd_add_test(test_contacts test_contacts.c ${SATCD_TRUTH})
satcd_add_test(test_manifold_cache test_manifold_cache.c ${SATCD_TRUTH})
satcd_add_test(test_cache test_cache.c support/truth.c)
satcd_add_test(test_reach test_reach.c)
# test_reach and test_cache call the inline pair machinery, so they are built like the library.
foreach(_t test_reach test_cache)
    target_compile_definitions(${_t} PRIVATE ${SATCD_SIMD_DEFINITION})
    target_compile_options(${_t} PRIVATE ${SATCD_SIMD_FLAGS})
endforeach()
# Concave outlines: pieces against shoelace areas and the GEOS union.
satcd_add_test(test_decompose test_decompose.c ${SATCD_GEOS_TRUTH} LIBS ${SATCD_GEOS})
satcd_add_test(test_compound test_compound.c ${SATCD_GEOS_TRUTH} LIBS ${SATCD_GEOS})
