#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <satcd/satcd.h>

static void boxes(void **state)
{
    (void)state;
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_xf a = satcd_xf_identity();
    satcd_xf b = satcd_xf_make(satcd_v2(1.75f, 0.0f), 0.0f);
    satcd_mtv m = satcd_mtv_polygons(&box, a, &box, b);
    assert_true(m.hit);
    assert_float_equal(m.depth, 0.25f, 1e-6f);
    assert_float_equal(m.normal.x, 1.0f, 1e-6f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(boxes)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
