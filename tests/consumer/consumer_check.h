/*
 * The one assertion the consumer programs share (C and C++): a failed check
 * is reported and counted, and main() exits non-zero when any failed.
 */
#ifndef CONSUMER_CHECK_H
#define CONSUMER_CHECK_H

#include <stdio.h>

#ifndef CONSUMER_HOW
#define CONSUMER_HOW "unspecified build"
#endif

static int checks_run;
static int checks_failed;

static void check(int ok, const char *what)
{
    ++checks_run;
    if (!ok) {
        ++checks_failed;
        fprintf(stderr, "FAILED: %s\n", what);
    }
}

#endif /* CONSUMER_CHECK_H */
