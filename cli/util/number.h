/* hotgrind: numbers as the command prints them, the same on every machine (number.c).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_NUMBER_H
#define HOTGRIND_NUMBER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* "1,234,567": thousands separators by hand, whatever the locale. */
#define HG_COUNT_TEXT_SIZE 32
const char *hg_format_count(uint64_t count, char text[HG_COUNT_TEXT_SIZE]);

/* PART / WHOLE times 10 to the SHIFT (2: in percent; at most 18),
   rounded half up to DECIMALS decimals (at most the maximum below)
   exactly, by long division in integers, so every machine prints the
   same: "17.60"; 0 when WHOLE is 0.  Never clamped: from 1 to 2^64-1
   is "1844674407370955161400.00" percent (22 digits before the point at
   most; "" when SIZE is too small).  Every percentage and ratio the
   command prints is made here.  (number.c) */
enum { HG_FRACTION_MAX_DECIMALS = 30 };
const char *hg_format_fraction(uint64_t part, uint64_t whole, int shift,
                               int decimals, char *text, size_t size);

/* "17.60%": PART of WHOLE with two decimals, hg_format_fraction's;
   "0.00%" when WHOLE is 0. */
#define HG_PERCENT_TEXT_SIZE 32
const char *hg_format_percent(uint64_t part, uint64_t whole,
                              char text[HG_PERCENT_TEXT_SIZE]);

/* "2,844.00": a <per-call> mean, its whole part with thousands
   separators. */
#define HG_MEAN_TEXT_SIZE 40
const char *hg_format_mean(uint64_t units, unsigned hundredths,
                           char text[HG_MEAN_TEXT_SIZE]);

/* "1.25x": PART / WHOLE with two decimals, hg_format_fraction's;
   "0.00x" when WHOLE is 0.  (number.c) */
const char *hg_format_ratio(uint64_t part, uint64_t whole,
                            char text[HG_PERCENT_TEXT_SIZE]);

/* Parses a decimal count the way the schema's xs:unsignedLong does
   (surrounding XML white space allowed, digits only).  Returns false if
   TEXT is not such a number or does not fit. */
bool hg_parse_count(const char *text, uint64_t *value);

/* Parses a <per-call> mean: digits, '.', exactly two digits (surrounding
   XML white space allowed), as the schema's "mean" type.  Returns false if
   TEXT is not such a number or its whole part does not fit in 64 bits. */
bool hg_parse_mean(const char *text, uint64_t *units, unsigned *hundredths);

#endif
