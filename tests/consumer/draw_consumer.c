/*
 * An outside program that draws with an installed libsatcd_draw: it includes
 * <satcd/draw.h> and <satcd/satcd.h>, draws a pair whose picture is known by
 * hand, and checks the document. Exit status 0 when every check holds.
 */
#include <satcd/draw.h>
#include <satcd/satcd.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer_check.h"

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p != NULL; p = strstr(p + 1, needle)) ++n;
    return n;
}

/* The document a stream received, read back whole. */
static char *stream_text(FILE *f, size_t *len)
{
    long end = ftell(f);
    char *text = end >= 0 ? malloc((size_t)end + 1) : NULL;
    if (text == NULL) return NULL;
    rewind(f);
    *len = fread(text, 1, (size_t)end, f);
    text[*len] = '\0';
    return text;
}

/*
 * Two 2x2 boxes, B 1.5 to the right of A: 4 + 4 candidate axes, and B's left
 * edge 0.5 deep in A gives two contacts.
 */
static void check_trace_picture(void)
{
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_xf xa = satcd_xf_identity(), xb = satcd_xf_make(satcd_v2(1.5f, 0.0f), 0.0f);
    satcd_trace t;
    check(satcd_trace_polygons(&box, xa, &box, xb, &t) == SATCD_OK, "trace of two boxes");

    size_t need = satcd_draw_trace_svg(&t, &box, xa, &box, xb, NULL, NULL, 0);
    char *svg = malloc(need + 1);
    check(need > 0 && svg != NULL, "the picture has a length");
    if (svg == NULL) return;
    check(satcd_draw_trace_svg(&t, &box, xa, &box, xb, NULL, svg, need + 1) == need, "same length when written");
    check(strlen(svg) == need, "written whole, NUL-terminated");
    check(strncmp(svg, "<?xml", 5) == 0, "an XML document");
    check(need > 7 && strcmp(svg + need - 7, "</svg>\n") == 0, "closed by </svg>");
    check(count_of(svg, "<g class=\"axis ") == 8, "one group per candidate axis (4 + 4)");
    check(count_of(svg, "<g class=\"contact\"") == 2, "two contacts");
    check(count_of(svg, "data-depth=\"0.5\" data-id=") == 2, "each 0.5 deep");

    FILE *f = tmpfile();
    if (f != NULL) {
        check(satcd_draw_trace_svg_file(&t, &box, xa, &box, xb, NULL, f), "written to a stream");
        size_t len = 0;
        char *back = stream_text(f, &len);
        check(back != NULL && len == need && strcmp(back, svg) == 0, "the stream holds the same document");
        free(back);
        fclose(f);
    }
    free(svg);
}

/* A unit circle 0.25 into the box's right face: one contact, 0.25 deep. */
static void check_circle_picture(void)
{
    satcd_polygon box = satcd_polygon_box(1.0f, 1.0f);
    satcd_circle c;
    check(satcd_circle_make(&c, satcd_v2(0.0f, 0.0f), 1.0f) == SATCD_OK, "unit circle");
    char svg[65536];
    size_t n = satcd_draw_polygon_circle_svg(&box, satcd_xf_identity(), &c, satcd_xf_make(satcd_v2(1.75f, 0.0f), 0.0f),
                                             NULL, svg, sizeof svg);
    check(n > 0 && n < sizeof svg, "polygon-circle picture fits");
    check(count_of(svg, "<g class=\"contact\"") == 1, "one contact");
    check(count_of(svg, "data-depth=\"0.25\" data-id=") == 1, "0.25 deep");
}

int main(void)
{
    check_trace_picture();
    check_circle_picture();
    if (checks_failed != 0) {
        fprintf(stderr, "satcd draw consumer (C, %s): %d of %d checks failed\n", CONSUMER_HOW, checks_failed,
                checks_run);
        return 1;
    }
    printf("satcd draw consumer (C, %s): %d checks passed\n", CONSUMER_HOW, checks_run);
    return 0;
}
