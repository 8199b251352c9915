// A C++ program that uses libsatcd through its C headers: they must compile
// as C++ (extern "C", no C-only constructs) and link without name mangling.
#include <satcd/satcd.h>

#include <cmath>
#include <cstdio>
#include <cstring>

#include "consumer_check.h"

namespace {

bool near(float got, float want) { return std::fabs(got - want) <= 1e-5f; }

} // namespace

int main()
{
    const satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    const satcd_xf a = satcd_xf_identity();
    const satcd_xf b = satcd_xf_make(satcd_v2(1.5f, 0.0f), 0.0f);

    check(satcd_overlap_polygons(&box, a, &box, b), "boxes overlap");
    check(near(satcd_separation_polygons(&box, a, &box, b), -0.5f), "depth 0.5");

    satcd_sat_cache cache = SATCD_SAT_CACHE_INIT;
    const satcd_xf far = satcd_xf_make(satcd_v2(5.0f, 0.0f), 0.0f);
    check(!satcd_overlap_polygons_cached(&box, a, &box, far, &cache), "far boxes apart");
    check(!satcd_overlap_polygons_cached(&box, a, &box, far, &cache), "still apart, cached axis");

    satcd_polygon hexagon;
    check(satcd_polygon_regular(&hexagon, 6, 1.0f) == SATCD_OK && hexagon.count == 6, "regular hexagon");
    check(std::strcmp(satcd_version(), SATCD_VERSION_STRING) == 0, "version matches the headers");

    if (checks_failed != 0) {
        std::fprintf(stderr, "satcd consumer (C++, %s): %d of %d checks failed\n", CONSUMER_HOW, checks_failed, checks_run);
        return 1;
    }
    std::printf("satcd consumer (C++, %s): satcd %s, %d checks passed\n", CONSUMER_HOW, satcd_version(), checks_run);
    return 0;
}
