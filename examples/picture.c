/*
 * Draws one pair as an SVG picture (satcd/draw.h, linked as satcd::draw):
 * a box resting 0.25 deep on a wider one, tilted by 0.2 radians.
 * usage: satcd_example_picture [FILE]   (default: pair.svg)
 */
#include <stdio.h>

#include <satcd/draw.h>
#include <satcd/satcd.h>

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "pair.svg";
    satcd_polygon ground = satcd_polygon_box(3.0f, 0.5f);
    satcd_polygon crate = satcd_polygon_box(0.5f, 0.5f);
    satcd_xf xa = satcd_xf_identity();
    satcd_xf xb = satcd_xf_make(satcd_v2(0.4f, 0.9f), 0.2f);

    satcd_trace t;
    if (satcd_trace_polygons(&ground, xa, &crate, xb, &t) != SATCD_OK) return 1;

    satcd_draw_style style = satcd_draw_style_default();
    style.title = "a crate resting on the ground";
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    bool written = satcd_draw_trace_svg_file(&t, &ground, xa, &crate, xb, &style, f);
    if (fclose(f) != 0 || !written) {
        fprintf(stderr, "%s: could not write the picture\n", path);
        return 1;
    }
    printf("%s: %d candidate axes, %d contacts\n", path, t.axis_count, t.manifold.count);
    return 0;
}
