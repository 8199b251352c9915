/*
 * Writing a picture's text: the sink and a small locale-free printf
 * (format.c).
 */
#ifndef SATCD_DRAW_FORMAT_H
#define SATCD_DRAW_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Where a document goes: a caller's buffer (snprintf convention) or a stream. */
typedef struct sink {
    char *buf;   /* NULL when writing to file */
    size_t cap;
    size_t len;  /* bytes the document has so far, written or not */
    FILE *file;
    bool failed; /* a write to file failed */
} sink;

void satcd__put_str(sink *s, const char *text);

/*
 * A tiny printf: %s text, %e escaped text, %d int, %x unsigned as 8 hex
 * digits, %p picture coordinate (double, 2 decimals), %v value (double,
 * 4 decimals).
 */
void satcd__emit(sink *s, const char *fmt, ...);

/* The XML declaration, the <svg> element of a width x height pixel picture and its white background. */
void satcd__begin_document(sink *s, double width, double height);

/* Short text for labels, in a fixed buffer. */
typedef struct label { char text[96]; } label;

/* A label from %s text, %d int, %v (4 decimals) and %r (3 decimals) doubles. */
label satcd__label(const char *fmt, ...);

#endif /* SATCD_DRAW_FORMAT_H */
