// A C++ program that draws with libsatcd_draw through its C header: it must
// compile as C++ and link without name mangling.
#include <satcd/draw.h>
#include <satcd/satcd.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "consumer_check.h"

namespace {

int count_of(const std::string &text, const char *needle)
{
    int n = 0;
    for (std::size_t p = text.find(needle); p != std::string::npos; p = text.find(needle, p + 1)) ++n;
    return n;
}

} // namespace

int main()
{
    // A triangle (3 edges) against a box (4 edges), apart: 7 candidate axes, no contact.
    const satcd_vec2 points[] = {{0.0f, 0.0f}, {2.0f, 0.0f}, {1.0f, 1.5f}};
    satcd_polygon tri;
    check(satcd_polygon_make(&tri, points, 3) == SATCD_OK, "triangle");
    const satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    const satcd_xf xa = satcd_xf_identity();
    const satcd_xf xb = satcd_xf_make(satcd_v2(5.0f, 0.0f), 0.0f);
    satcd_trace t;
    check(satcd_trace_polygons(&tri, xa, &box, xb, &t) == SATCD_OK, "trace");

    satcd_draw_style style = satcd_draw_style_default();
    style.title = "C++ <consumer>";
    const std::size_t need = satcd_draw_trace_svg(&t, &tri, xa, &box, xb, &style, nullptr, 0);
    std::string svg(need + 1, '\0');
    check(need > 0 && satcd_draw_trace_svg(&t, &tri, xa, &box, xb, &style, &svg[0], svg.size()) == need,
          "measured, then written");
    svg.resize(need);
    check(count_of(svg, "<g class=\"axis ") == 7, "one group per candidate axis (3 + 4)");
    check(count_of(svg, "<g class=\"contact\"") == 0, "no contact");
    check(count_of(svg, "C++ &lt;consumer&gt;") == 1, "the title, escaped");

    if (checks_failed != 0) {
        std::fprintf(stderr, "satcd draw consumer (C++, %s): %d of %d checks failed\n", CONSUMER_HOW, checks_failed,
                     checks_run);
        return 1;
    }
    std::printf("satcd draw consumer (C++, %s): %d checks passed\n", CONSUMER_HOW, checks_run);
    return 0;
}
