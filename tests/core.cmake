# Exact, hand-computed cases for every public function.
satcd_add_test(test_smoke test_smoke.c)
