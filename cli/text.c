/* hotgrind: numbers, names and tables as text, the same on every machine.
   GPL-2.0-or-later; part of hotgrind. */

/* Numbers are formatted by hand, never through the locale, and every
   fraction is computed in integers, so that a report prints the same way
   everywhere. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "text.h"
#include "xalloc.h"

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

/* PART * SCALE / WHOLE, rounded half up, in integers; 0 when WHOLE is 0. */
static uint64_t scaled_ratio(uint64_t part, uint64_t whole, uint64_t scale)
{
    uint64_t whole_ratio, rest;
    if (whole == 0)
        return 0;
    whole_ratio = part / whole;
    rest = part % whole;
    /* Only an inconsistent report has a part this much over its whole. */
    if (whole_ratio >= UINT64_MAX / scale - 1)
        return UINT64_MAX / scale * scale;
    /* rest * scale / whole, rounded half up; rest < whole, and for huge
       counts both are scaled down together so the product fits. */
    while (rest > UINT64_MAX / (2 * scale)) {
        rest >>= 1;
        whole >>= 1;
    }
    return whole_ratio * scale + (rest * 2 * scale / whole + 1) / 2;
}

/* PART / WHOLE in hundredths of UNIT (10000: percent, 100: ratio), as
   "N.NN" then SUFFIX. */
static const char *format_fraction(uint64_t part, uint64_t whole,
                                   uint64_t unit, const char *suffix,
                                   char text[HG_PERCENT_TEXT_SIZE])
{
    uint64_t hundredths = scaled_ratio(part, whole, unit);
    snprintf(text, HG_PERCENT_TEXT_SIZE, "%" PRIu64 ".%02u%s",
             hundredths / 100, (unsigned)(hundredths % 100), suffix);
    return text;
}

const char *hg_format_percent(uint64_t part, uint64_t whole,
                              char text[HG_PERCENT_TEXT_SIZE])
{
    return format_fraction(part, whole, 10000, "%", text);
}

const char *hg_format_ratio(uint64_t part, uint64_t whole,
                            char text[HG_PERCENT_TEXT_SIZE])
{
    return format_fraction(part, whole, 100, "x", text);
}

const char *hg_format_mean(uint64_t units, unsigned hundredths,
                           char text[HG_MEAN_TEXT_SIZE])
{
    char whole[HG_COUNT_TEXT_SIZE];
    snprintf(text, HG_MEAN_TEXT_SIZE, "%s.%02u",
             hg_format_count(units, whole), hundredths % 100);
    return text;
}

bool hg_parse_limit(const char *text, size_t *limit)
{
    uint64_t value;
    if (text[0] == '\0' || strspn(text, "0123456789") != strlen(text)
        || !hg_parse_count(text, &value) || value > SIZE_MAX)
        return false;
    *limit = (size_t)value;
    return true;
}

bool hg_parse_allowed_exits(const char *text, unsigned *allowed)
{
    static const struct { const char *word; unsigned bits; } words[] = {
        { "nonzero", HG_ALLOW_NONZERO }, { "signal", HG_ALLOW_SIGNAL },
        { "exec", HG_ALLOW_EXEC }, { "any", HG_ALLOW_ANY },
    };
    unsigned result = 0;
    for (;;) {
        size_t n = strcspn(text, ","), i;
        for (i = 0; i < sizeof words / sizeof words[0]; i++)
            if (n == strlen(words[i].word)
                && strncmp(text, words[i].word, n) == 0)
                break;
        if (i == sizeof words / sizeof words[0])
            return false;
        result |= words[i].bits;
        if (text[n] == '\0')
            break;
        text += n + 1;
    }
    *allowed = result;
    return true;
}

void hg_print_clean(FILE *out, const char *text)
{
    for (; *text; text++) {
        unsigned char c = (unsigned char)*text;
        fputc((c < 0x20 || c == 0x7f) ? '?' : c, out);
    }
}

size_t hg_display_width(const char *text)
{
    size_t width = 0;
    for (; *text; text++)
        if (((unsigned char)*text & 0xC0) != 0x80)
            width++;
    return width;
}

void hg_print_padded(FILE *out, const char *text, size_t width)
{
    size_t used = hg_display_width(text);
    hg_print_clean(out, text);
    for (; used < width; used++)
        fputc(' ', out);
}

void hg_print_shell_word(FILE *out, const char *word)
{
    static const char plain[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        "0123456789_@%+=:,./-";
    bool quoted = false;

    if (word[0] == '\0') {
        fputs("''", out);
        return;
    }
    if (strspn(word, plain) == strlen(word)) {
        hg_print_clean(out, word);
        return;
    }
    /* Quoted runs, with each single quote outside them as \'. */
    for (; *word; word++) {
        if (*word == '\'') {
            if (quoted)
                fputc('\'', out);
            quoted = false;
            fputs("\\'", out);
        } else {
            char one[2] = { *word, '\0' };
            if (!quoted)
                fputc('\'', out);
            quoted = true;
            hg_print_clean(out, one);
        }
    }
    if (quoted)
        fputc('\'', out);
}

void hg_print_command(FILE *out, const struct hg_report *report)
{
    size_t i;
    hg_print_shell_word(out, hg_report_program(report));
    for (i = 0; i < report->arg_count; i++) {
        fputc(' ', out);
        hg_print_shell_word(out, report->args[i]);
    }
}

void hg_print_measured_by(FILE *out, const struct hg_report *report)
{
    fputs("hotgrind ", out);
    hg_print_clean(out, report->tool_version);
    fputs(", Valgrind ", out);
    hg_print_clean(out, report->valgrind_version);
    fputs(", ", out);
    hg_print_clean(out, report->arch);
}

/* ------------------------------------------------------------- tables */

static size_t max_size(size_t a, size_t b)
{
    return a > b ? a : b;
}

void hg_table_create(struct hg_table *table, const struct hg_column *columns,
                     size_t column_count, size_t row_count)
{
    table->columns = columns;
    table->column_count = column_count;
    table->row_count = row_count;
    table->cells = hg_xcalloc(row_count * column_count + 1,
                              sizeof *table->cells);
}

static void table_free(struct hg_table *table)
{
    size_t i;
    for (i = 0; table->cells && i < table->row_count * table->column_count;
         i++)
        free(table->cells[i]);
    free(table->cells);
}

void hg_table_set(struct hg_table *table, size_t row, size_t column,
                  const char *text)
{
    char **cell = &table->cells[row * table->column_count + column];
    free(*cell);
    *cell = hg_xstrdup(text);
}

void hg_table_set_count(struct hg_table *table, size_t row, size_t column,
                        uint64_t count)
{
    char text[HG_COUNT_TEXT_SIZE];
    hg_table_set(table, row, column, hg_format_count(count, text));
}

static void print_cell(FILE *out, const struct hg_column *column,
                       size_t width, const char *text, bool last)
{
    size_t used = hg_display_width(text);
    if (column->align == HG_ALIGN_RIGHT)
        for (; used < width; used++)
            fputc(' ', out);
    if (column->align == HG_ALIGN_LEFT && !last)
        hg_print_padded(out, text, width);
    else
        hg_print_clean(out, text);
}

/* A blank line, the titles and the rows. */
static void table_print(FILE *out, const struct hg_table *table)
{
    size_t *widths, row, column, n = table->column_count;

    widths = hg_xcalloc(n, sizeof *widths);
    for (column = 0; column < n; column++) {
        const struct hg_column *c = &table->columns[column];
        widths[column] = max_size(hg_display_width(c->title), c->min_width);
        for (row = 0; row < table->row_count; row++) {
            const char *cell = table->cells[row * n + column];
            size_t width = hg_display_width(cell ? cell : "");
            if (c->max_width != 0 && width > c->max_width)
                width = c->max_width;
            widths[column] = max_size(widths[column], width);
        }
    }
    fputc('\n', out);
    for (row = 0; row <= table->row_count; row++) {
        for (column = 0; column < n; column++) {
            const char *cell = row == 0 ? table->columns[column].title
                               : table->cells[(row - 1) * n + column];
            if (column > 0)
                fputs("  ", out);
            print_cell(out, &table->columns[column], widths[column],
                       cell ? cell : "", column + 1 == n);
        }
        fputc('\n', out);
    }
    free(widths);
}

void hg_table_finish(FILE *out, struct hg_table *table)
{
    table_print(out, table);
    table_free(table);
}
