/*
 * Rendering: a scene written as an SVG document (render.c).
 */
#ifndef SATCD_DRAW_RENDER_H
#define SATCD_DRAW_RENDER_H

#include <satcd/draw.h>

#include "format.h"
#include "scene.h"

/* Write scene sc as a whole SVG document; style NULL means the default style. */
void satcd__render(sink *s, const scene *sc, const satcd_draw_style *style);

#endif /* SATCD_DRAW_RENDER_H */
