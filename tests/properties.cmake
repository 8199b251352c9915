# Properties of the core queries on random pairs, and agreement with
# independent truth (GEOS and a double-precision computation).
pkg_check_modules(GEOS REQUIRED IMPORTED_TARGET geos)

set(SATCD_TRUTH support/truth.c support/pairs.c)
set(SATCD_GEOS_TRUTH ${SATCD_TRUTH} support/geos_shapes.c)

satcd_add_test(test_geos test_geos.c ${SATCD_GEOS_TRUTH} LIBS PkgConfig::GEOS)
satcd_add_test(test_properties test_properties.c ${SATCD_TRUTH})
