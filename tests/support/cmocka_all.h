/* cmocka needs these standard headers before its own. */
#ifndef SATCD_TEST_CMOCKA_ALL_H
#define SATCD_TEST_CMOCKA_ALL_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#endif
