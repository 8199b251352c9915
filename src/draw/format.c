/*
 * The text of a picture: a sink that writes into a caller's buffer (as
 * snprintf does) or to a FILE stream, and numbers formatted digit by digit
 * so the output never depends on the C locale's decimal separator.
 */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "format.h"

static void put(sink *s, const char *text, size_t n)
{
    if (s->file != NULL) {
        if (n > 0 && !s->failed && fwrite(text, 1, n, s->file) != n) s->failed = true;
    } else if (s->cap > 0 && s->len < s->cap - 1) {
        size_t room = s->cap - 1 - s->len;
        memcpy(s->buf + s->len, text, n < room ? n : room);
    }
    s->len += n;
}

void satcd__put_str(sink *s, const char *text) { put(s, text, strlen(text)); }

/* Text with the five XML special characters escaped. */
static void put_escaped(sink *s, const char *text)
{
    for (; *text != '\0'; ++text) {
        switch (*text) {
        case '<': satcd__put_str(s, "&lt;"); break;
        case '>': satcd__put_str(s, "&gt;"); break;
        case '&': satcd__put_str(s, "&amp;"); break;
        case '"': satcd__put_str(s, "&quot;"); break;
        case '\'': satcd__put_str(s, "&apos;"); break;
        default: put(s, text, 1); break;
        }
    }
}

static void put_unsigned(sink *s, unsigned long long v, unsigned base, int min_digits)
{
    char digits[32];
    int n = 0;
    do {
        unsigned d = (unsigned)(v % base);
        digits[n++] = (char)(d < 10 ? '0' + d : 'a' + (d - 10));
        v /= base;
    } while (v > 0 || n < min_digits);
    while (n > 0) put(s, &digits[--n], 1);
}

/*
 * v rounded to at most `decimals` digits after a '.', trailing zeros
 * dropped, never "-0". Magnitudes are clamped to 1e14 so the digits fit an
 * unsigned long long; a drawing never needs more.
 */
static void put_number(sink *s, double v, int decimals)
{
    static const double tens[] = {1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0};
    if (!isfinite(v)) v = 0.0;
    if (v > 1e14) v = 1e14;
    if (v < -1e14) v = -1e14;
    double scale = tens[decimals];
    unsigned long long units = (unsigned long long)floor(fabs(v) * scale + 0.5);
    unsigned long long unit = (unsigned long long)scale;
    unsigned long long whole = units / unit, frac = units % unit;
    if (v < 0.0 && units != 0) satcd__put_str(s, "-");
    put_unsigned(s, whole, 10, 1);
    int digits = decimals;
    while (digits > 0 && frac % 10 == 0) frac /= 10, --digits;
    if (digits > 0) {
        satcd__put_str(s, ".");
        put_unsigned(s, frac, 10, digits);
    }
}

/* The printf of format.h: each conversion written by the helpers above. */
void satcd__emit(sink *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *run = fmt;
    for (const char *c = fmt; *c != '\0'; ++c) {
        if (*c != '%') continue;
        put(s, run, (size_t)(c - run));
        ++c;
        switch (*c) {
        case 's': satcd__put_str(s, va_arg(ap, const char *)); break;
        case 'e': put_escaped(s, va_arg(ap, const char *)); break;
        case 'd': {
            int v = va_arg(ap, int);
            if (v < 0) satcd__put_str(s, "-");
            put_unsigned(s, v < 0 ? (unsigned long long)(-(long long)v) : (unsigned long long)v, 10, 1);
            break;
        }
        case 'x': put_unsigned(s, va_arg(ap, unsigned), 16, 8); break;
        case 'p': put_number(s, va_arg(ap, double), 2); break;
        case 'v': put_number(s, va_arg(ap, double), 4); break;
        default: put(s, c - 1, 2); break;
        }
        run = c + 1;
    }
    satcd__put_str(s, run);
    va_end(ap);
}

/* Labels use the same digits as the document, into a fixed buffer. */
label satcd__label(const char *fmt, ...)
{
    label l;
    sink s = {l.text, sizeof l.text, 0, NULL, false};
    va_list ap;
    va_start(ap, fmt);
    const char *run = fmt;
    for (const char *c = fmt; *c != '\0'; ++c) {
        if (*c != '%') continue;
        put(&s, run, (size_t)(c - run));
        ++c;
        if (*c == 's') satcd__put_str(&s, va_arg(ap, const char *));
        else if (*c == 'd') put_number(&s, (double)va_arg(ap, int), 0);
        else if (*c == 'v') put_number(&s, va_arg(ap, double), 4);
        else if (*c == 'r') put_number(&s, va_arg(ap, double), 3);
        run = c + 1;
    }
    satcd__put_str(&s, run);
    va_end(ap);
    l.text[s.len < sizeof l.text ? s.len : sizeof l.text - 1] = '\0';
    return l;
}

void satcd__begin_document(sink *s, double width, double height)
{
    satcd__emit(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%p\" height=\"%p\" viewBox=\"0 0 %p %p\" "
            "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\" font-size=\"12\">\n",
         width, height, width, height);
    satcd__emit(s, "<rect class=\"background\" x=\"0\" y=\"0\" width=\"%p\" height=\"%p\" fill=\"white\"/>\n", width,
         height);
}
