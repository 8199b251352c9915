/* Prints a table of a few queries: what each function answers for simple pairs. */
#include <stdio.h>

#include <satcd/satcd.h>

static const char *relation_name(satcd_relation r)
{
    return r == SATCD_OVERLAPPING ? "overlapping" : r == SATCD_TOUCHING ? "touching" : "separated";
}

static void row(const char *name, const satcd_polygon *a, satcd_xf xa, const satcd_polygon *b, satcd_xf xb)
{
    satcd_mtv m = satcd_mtv_polygons(a, xa, b, xb);
    satcd_manifold man = satcd_collide_polygons(a, xa, b, xb, 0.0f);
    printf("%-28s %-12s %+9.4f  hit=%d normal=(%+.3f,%+.3f) depth=%.4f contacts=%d\n", name,
           relation_name(satcd_relate_polygons(a, xa, b, xb, 1e-5f)), (double)satcd_separation_polygons(a, xa, b, xb),
           m.hit, (double)m.normal.x, (double)m.normal.y, (double)m.depth, man.count);
}

int main(void)
{
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_polygon hex;
    if (satcd_polygon_regular(&hex, 6, 1.0f) != SATCD_OK) return 1;
    satcd_xf origin = satcd_xf_identity();

    printf("libsatcd %s (%s backend)\n\n", satcd_version(), satcd_simd_backend());
    printf("%-28s %-12s %9s\n", "pair", "relation", "separation");
    row("boxes 3 apart", &box, origin, &box, satcd_xf_make(satcd_v2(3.0f, 0.0f), 0.0f));
    row("boxes touching", &box, origin, &box, satcd_xf_make(satcd_v2(2.0f, 0.0f), 0.0f));
    row("boxes overlapping by 0.25", &box, origin, &box, satcd_xf_make(satcd_v2(1.75f, 0.5f), 0.0f));
    row("box and rotated hexagon", &box, origin, &hex, satcd_xf_make(satcd_v2(1.5f, 1.5f), 0.3f));
    row("boxes rotated 45 deg, apart", &box, satcd_xf_make(satcd_v2(0.0f, 0.0f), 0.785398f), &box,
        satcd_xf_make(satcd_v2(2.9f, 0.0f), 0.785398f));
    return 0;
}
