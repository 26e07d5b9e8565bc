/* hotgrind: names and tables as text, the same on every machine.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "render/text.h"
#include "report/report.h"
#include "util/messages.h"
#include "util/number.h"
#include "util/utf8.h"
#include "util/xalloc.h"

void hg_print_clean(FILE *out, const char *text)
{
    hg_put_clean(out, text);
}

void hg_markdown_code(FILE *out, const char *text)
{
    size_t longest = 0, run = 0, i, n;
    const char *p;
    bool pad;

    for (p = text; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        if (run > longest)
            longest = run;
    }
    pad = text[0] == '`' || (*text && text[strlen(text) - 1] == '`');
    for (i = 0; i <= longest; i++)
        fputc('`', out);
    if (pad)
        fputc(' ', out);
    for (p = text; *p; p += n != 0 ? n : 1) {
        unsigned char ch = (unsigned char)*p;
        n = hg_utf8_length(p);
        if (ch == '|')
            fputs("\\|", out);
        else if (ch < 0x20 || ch == 0x7f)
            fputc('?', out);
        else if (n == 0)
            fputs(HG_UTF8_REPLACEMENT, out);
        else
            fwrite(p, 1, n, out);
    }
    if (pad)
        fputc(' ', out);
    for (i = 0; i <= longest; i++)
        fputc('`', out);
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
            size_t control = hg_control_length(word);
            if (!quoted)
                fputc('\'', out);
            quoted = true;
            /* A control character of several bytes is one '?'. */
            fputc(control > 0 ? '?' : *word, out);
            word += control > 1 ? control - 1 : 0;
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

void hg_print_measured_by_as(FILE *out, const struct hg_report *report,
                             void (*value)(FILE *out, const char *text))
{
    fputs("hotgrind ", out);
    value(out, report->tool_version);
    fputs(", Valgrind ", out);
    value(out, report->valgrind_version);
    fputs(", ", out);
    value(out, report->arch);
}

void hg_print_measured_by(FILE *out, const struct hg_report *report)
{
    hg_print_measured_by_as(out, report, hg_print_clean);
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
    table->fit = NULL;
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

/* "…", one display column. */
static const char ELLIPSIS[] = "\xe2\x80\xa6";

/* The bytes of TEXT's first COLUMNS display columns. */
static size_t bytes_of_columns(const char *text, size_t columns)
{
    size_t i, seen = 0;
    for (i = 0; text[i] != '\0'; i++)
        if (((unsigned char)text[i] & 0xC0) != 0x80 && seen++ == columns)
            break;
    return i;
}

char *hg_cut_to_width(const char *text, size_t width, bool keep_end)
{
    size_t have = hg_display_width(text);
    if (have <= width)
        return hg_xstrdup(text);
    if (width == 0)
        return hg_xstrdup("");
    if (keep_end)
        return hg_xasprintf("%s%s", ELLIPSIS,
                            text + bytes_of_columns(text, have - width + 1));
    return hg_xasprintf("%.*s%s", (int)bytes_of_columns(text, width - 1),
                        text, ELLIPSIS);
}

/* TEXT in a cell WIDTH wide, cut to it when CUT and it is a text
   column. */
static void print_cell(FILE *out, const struct hg_column *column,
                       size_t width, const char *text, bool last, bool cut,
                       bool keep_end)
{
    size_t used = hg_display_width(text);
    char *shorter = NULL;
    if (cut && column->align == HG_ALIGN_LEFT && used > width) {
        shorter = hg_cut_to_width(text, width, keep_end);
        text = shorter;
        used = width;
    }
    if (column->align == HG_ALIGN_RIGHT)
        for (; used < width; used++)
            fputc(' ', out);
    if (column->align == HG_ALIGN_LEFT && !last)
        hg_print_padded(out, text, width);
    else
        hg_print_clean(out, text);
    free(shorter);
}

/* The width of each column: its widest cell or title, within its
   max_width; a new array. */
static size_t *column_widths(const struct hg_table *table)
{
    size_t *widths, row, column, n = table->column_count;

    widths = hg_xcalloc(n + 1, sizeof *widths);
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
    return widths;
}

/* The widths of a line of the table: the columns, two spaces apart. */
static size_t line_width(const size_t *widths, size_t n)
{
    size_t total = 0, column;
    for (column = 0; column < n; column++)
        total += widths[column] + (column > 0 ? 2 : 0);
    return total;
}

/* How narrow COLUMN of TABLE may become: its title, its minimum,
   HG_CUT_FLOOR; numbers never narrow. */
static size_t narrowest(const struct hg_table *table, size_t column,
                        size_t width)
{
    const struct hg_column *c = &table->columns[column];
    if (c->align != HG_ALIGN_LEFT)
        return width;
    return max_size(max_size(hg_display_width(c->title), c->min_width),
                    HG_CUT_FLOOR);
}

/* Narrows the widest text column of WIDTHS by one column at a time until
   a line fits LIMIT or none can give more (the last one of equals gives
   first). */
static void narrow_to(const struct hg_table *table, size_t *widths,
                      size_t limit)
{
    size_t total = line_width(widths, table->column_count);
    while (total > limit) {
        size_t column, widest = SIZE_MAX;
        for (column = 0; column < table->column_count; column++)
            if (widths[column] > narrowest(table, column, widths[column])
                && (widest == SIZE_MAX || widths[column] >= widths[widest]))
                widest = column;
        if (widest == SIZE_MAX)
            return;
        widths[widest]--;
        total--;
    }
}

/* A blank line, the titles and the rows, within LIMIT columns if it is
   not 0. */
static void table_print(FILE *out, const struct hg_table *table,
                        size_t limit)
{
    size_t *widths = column_widths(table), row, column;
    size_t n = table->column_count;

    if (limit != 0)
        narrow_to(table, widths, limit);
    fputc('\n', out);
    for (row = 0; row <= table->row_count; row++) {
        for (column = 0; column < n; column++) {
            const char *cell = row == 0 ? table->columns[column].title
                               : table->cells[(row - 1) * n + column];
            if (column > 0)
                fputs("  ", out);
            print_cell(out, &table->columns[column], widths[column],
                       cell ? cell : "", column + 1 == n, limit != 0,
                       table->fit != NULL && table->fit[column].keep_end);
        }
        fputc('\n', out);
    }
    free(widths);
}

void hg_table_finish(FILE *out, struct hg_table *table)
{
    table_print(out, table, 0);
    table_free(table);
}

/* The columns of TABLE in the parts IN (and those naming the rows),
   whose cells it borrows. */
static void print_parts(FILE *out, const struct hg_table *table,
                        const bool in[HG_TABLE_PARTS], size_t limit)
{
    struct hg_column *columns;
    struct hg_column_fit *fit;
    struct hg_table view;
    size_t *from, n = 0, row, column;

    columns = hg_xcalloc(table->column_count, sizeof *columns);
    fit = hg_xcalloc(table->column_count, sizeof *fit);
    from = hg_xcalloc(table->column_count, sizeof *from);
    for (column = 0; column < table->column_count; column++)
        if (in[table->fit[column].part] || table->fit[column].names_row) {
            from[n] = column;
            fit[n] = table->fit[column];
            columns[n++] = table->columns[column];
        }
    hg_table_create(&view, columns, n, table->row_count);
    view.fit = fit;
    for (row = 0; row < table->row_count; row++)
        for (column = 0; column < n; column++)
            view.cells[row * n + column] =
                table->cells[row * table->column_count + from[column]];
    table_print(out, &view, limit);
    free(view.cells);
    free(columns);
    free(fit);
    free(from);
}

/* The width of a line of the parts IN of TABLE, its columns WIDTHS
   wide. */
static size_t parts_width(const struct hg_table *table, const size_t *widths,
                          const bool in[HG_TABLE_PARTS])
{
    size_t total = 0, n = 0, column;
    for (column = 0; column < table->column_count; column++)
        if (in[table->fit[column].part] || table->fit[column].names_row)
            total += widths[column] + (n++ > 0 ? 2 : 0);
    return total;
}

void hg_table_finish_within(FILE *out, struct hg_table *table, size_t width,
                            const char *const part_titles[HG_TABLE_PARTS])
{
    size_t *widths = column_widths(table), column;
    bool present[HG_TABLE_PARTS] = { false }, main[HG_TABLE_PARTS] = { true };
    unsigned part;

    if (width == 0 || table->fit == NULL
        || line_width(widths, table->column_count) <= width) {
        free(widths);
        table_print(out, table, width);
        table_free(table);
        return;
    }
    /* The main part takes each other part, in order, that still lets it
       fit; the rest are tables of their own. */
    for (column = 0; column < table->column_count; column++)
        present[table->fit[column].part] = true;
    for (part = 1; part < HG_TABLE_PARTS; part++) {
        main[part] = present[part];
        if (present[part] && parts_width(table, widths, main) > width)
            main[part] = false;
    }
    free(widths);
    print_parts(out, table, main, width);
    for (part = 1; part < HG_TABLE_PARTS; part++) {
        bool alone[HG_TABLE_PARTS] = { false };
        if (!present[part] || main[part])
            continue;
        if (part_titles != NULL && part_titles[part] != NULL)
            fprintf(out, "\n%s\n", part_titles[part]);
        alone[part] = true;
        print_parts(out, table, alone, width);
    }
    table_free(table);
}
