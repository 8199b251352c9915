# Exact, hand-computed cases for every public function.
satcd_add_test(test_polygon test_polygon.c)
satcd_add_test(test_cleaning test_cleaning.c)
satcd_add_test(test_sat test_sat.c)
satcd_add_test(test_manifold test_manifold.c)
satcd_add_test(test_trace test_trace.c)
satcd_add_test(test_motion test_motion.c)
satcd_add_test(test_broadphase test_broadphase.c)
satcd_add_test(test_batch test_batch.c)
