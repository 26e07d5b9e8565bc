/* hotgrind: counts, percentages and ratios as text, by integer
   arithmetic only, so every machine prints the same digits.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/number.h"

const char *hg_format_count(uint64_t count, char text[HG_COUNT_TEXT_SIZE])
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%" PRIu64, count);
    int i, out = 0;
    for (i = 0; i < n; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            text[out++] = ',';
        text[out++] = digits[i];
    }
    text[out] = '\0';
    return text;
}

/* The next decimal digit of REST / WHOLE (REST < WHOLE), REST becoming
   what is left. */
static unsigned next_digit(uint64_t *rest, uint64_t whole)
{
    unsigned __int128 ten_rest = (unsigned __int128)*rest * 10;
    *rest = (uint64_t)(ten_rest % whole);
    return (unsigned)(ten_rest / whole);
}

/* NUMBER in decimal at TEXT (SIZE bytes): a 128-bit integer, which
   printf has no conversion for.  Returns the characters written, or -1
   when they do not fit. */
static int print_u128(unsigned __int128 number, char *text, size_t size)
{
    char digits[48];
    int n = 0, i;
    do {
        digits[n++] = (char)('0' + (unsigned)(number % 10));
        number /= 10;
    } while (number != 0);
    if ((size_t)n >= size)
        return -1;
    for (i = 0; i < n; i++)
        text[i] = digits[n - 1 - i];
    text[n] = '\0';
    return n;
}

const char *hg_format_fraction(uint64_t part, uint64_t whole, int shift,
                               int decimals, char *text, size_t size)
{
    unsigned digits[HG_FRACTION_MAX_DECIMALS + 1] = { 0 };
    unsigned __int128 number;
    uint64_t rest;
    int i, at;

    if (decimals > HG_FRACTION_MAX_DECIMALS)
        decimals = HG_FRACTION_MAX_DECIMALS;
    if (whole == 0)
        part = 0, whole = 1;
    rest = part % whole;
    /* In 128 bits: a part far over its whole (1 Ir to 2^64-1 Ir) times
       10^18 at most still fits (below 2^124), so the figure is the true
       one, never clamped. */
    number = part / whole;
    for (i = 0; i < shift; i++)
        number = number * 10 + next_digit(&rest, whole);
    for (i = 0; i <= decimals; i++)
        digits[i] = next_digit(&rest, whole);
    /* Half up: carry the rounding through the digits. */
    for (i = decimals - 1; digits[decimals] >= 5; i--) {
        if (i < 0) {
            number++;
            break;
        }
        if (++digits[i] < 10)
            break;
        digits[i] = 0;
    }
    at = print_u128(number, text, size);
    if (at < 0) {
        if (size > 0)
            text[0] = '\0';
        return text;
    }
    if (decimals && (size_t)at + 1 < size)
        text[at++] = '.';
    for (i = 0; i < decimals && (size_t)at + 1 < size; i++)
        text[at++] = (char)('0' + digits[i]);
    text[at] = '\0';
    return text;
}

const char *hg_format_percent(uint64_t part, uint64_t whole,
                              char text[HG_PERCENT_TEXT_SIZE])
{
    hg_format_fraction(part, whole, 2, 2, text, HG_PERCENT_TEXT_SIZE - 1);
    return strcat(text, "%");
}

const char *hg_format_ratio(uint64_t part, uint64_t whole,
                            char text[HG_PERCENT_TEXT_SIZE])
{
    hg_format_fraction(part, whole, 0, 2, text, HG_PERCENT_TEXT_SIZE - 1);
    return strcat(text, "x");
}

const char *hg_format_mean(uint64_t units, unsigned hundredths,
                           char text[HG_MEAN_TEXT_SIZE])
{
    char whole[HG_COUNT_TEXT_SIZE];
    snprintf(text, HG_MEAN_TEXT_SIZE, "%s.%02u",
             hg_format_count(units, whole), hundredths % 100);
    return text;
}

static const char *skip_xml_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* One or more decimal digits at *P, advancing *P past them.  False if
   there is none or the number does not fit in 64 bits. */
static bool read_digits(const char **p, uint64_t *value)
{
    uint64_t result = 0;
    const char *q = *p;

    if (!is_digit(*q))
        return false;
    for (; is_digit(*q); q++) {
        unsigned digit = (unsigned)(*q - '0');
        if (result > (UINT64_MAX - digit) / 10)
            return false;
        result = result * 10 + digit;
    }
    *p = q;
    *value = result;
    return true;
}

bool hg_parse_count(const char *text, uint64_t *value)
{
    const char *p = skip_xml_space(text);
    uint64_t result;

    if (!read_digits(&p, &result) || *skip_xml_space(p) != '\0')
        return false;
    *value = result;
    return true;
}

bool hg_parse_mean(const char *text, uint64_t *units, unsigned *hundredths)
{
    const char *p = skip_xml_space(text);
    uint64_t whole;

    if (!read_digits(&p, &whole) || p[0] != '.' || !is_digit(p[1])
        || !is_digit(p[2]) || *skip_xml_space(p + 3) != '\0')
        return false;
    *units = whole;
    *hundredths = (unsigned)((p[1] - '0') * 10 + (p[2] - '0'));
    return true;
}
