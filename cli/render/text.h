/* hotgrind: text output shared by show and diff: names kept safe for a
   terminal, shell words, and aligned tables.  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_TEXT_H
#define HOTGRIND_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report/report.h"

/* TEXT with control characters as '?', one per character (C0, DEL, C1
   and bidirectional overrides: hg_control_length, util/messages.h):
   names come from debug information and may hold anything. */
void hg_print_clean(FILE *out, const char *text);

/* TEXT (a name, a file name, anything from a report, a policy or a
   suite) as a GitHub markdown code span, the one way such text goes into
   markdown: a fence one backtick longer than any run of backticks
   inside, a space inside the fence when TEXT starts or ends with a
   backtick, '|' escaped (GitHub splits table cells on it even in code
   spans), control characters as '?' (a line end would end a table row),
   a byte that starts no well-formed UTF-8 as U+FFFD.  Inside a code span
   no markup, HTML, mention or bare URL is read. */
void hg_markdown_code(FILE *out, const char *text);

/* Columns on screen: UTF-8 continuation bytes take none. */
size_t hg_display_width(const char *text);

/* TEXT, then spaces up to WIDTH columns (none when it is wider). */
void hg_print_padded(FILE *out, const char *text, size_t width);

/* WORD as a POSIX shell would need it, so that a command line can be read
   back unambiguously: plain, or in single quotes. */
void hg_print_shell_word(FILE *out, const char *word);

/* The command of REPORT's run: the program (hg_report_program: the
   launcher's `program` setting, if any, else <exe>) and its arguments, as
   shell words. */
void hg_print_command(FILE *out, const struct hg_report *report);

/* "hotgrind 0.1.0, Valgrind 3.19.0, amd64": what measured REPORT. */
void hg_print_measured_by(FILE *out, const struct hg_report *report);

/* The same, each value printed by VALUE: in markdown hg_markdown_code,
   since the versions and the architecture are the report's text. */
void hg_print_measured_by_as(FILE *out, const struct hg_report *report,
                             void (*value)(FILE *out, const char *text));

/* A table printed by one routine: a blank line, the titles, then the
   rows; columns two spaces apart, numbers on the right, text on the left;
   the last column is not padded. */

enum hg_align { HG_ALIGN_LEFT, HG_ALIGN_RIGHT };

struct hg_column {
    const char *title;
    enum hg_align align;
    size_t min_width;    /* at least this wide, whatever the cells */
    size_t max_width;    /* 0: no limit; a longer cell overflows */
};

/* How hg_table_finish_within fits a column in a width: the part of a
   wide table it belongs to (0: the main one), whether it names the row
   (then it is repeated in every part), and for a text column cut to fit,
   whether its end is kept ("…/dir/file.c:12") rather than its start
   ("long_name…"). */
struct hg_column_fit {
    unsigned part;
    bool names_row;
    bool keep_end;
};

struct hg_table {
    const struct hg_column *columns;
    size_t column_count;
    size_t row_count;
    char **cells;        /* row by row; NULL prints as "" */
    /* One per column, or NULL (the default): every column in the main
       part, cut at its end. */
    const struct hg_column_fit *fit;
};

/* Room for ROW_COUNT rows of COLUMN_COUNT empty cells.  COLUMNS must
   outlive the table. */
void hg_table_create(struct hg_table *table, const struct hg_column *columns,
                     size_t column_count, size_t row_count);

/* Sets a cell to a copy of TEXT. */
void hg_table_set(struct hg_table *table, size_t row, size_t column,
                  const char *text);

/* Sets a cell to COUNT with thousands separators. */
void hg_table_set_count(struct hg_table *table, size_t row, size_t column,
                        uint64_t count);

/* Prints TABLE and frees it. */
void hg_table_finish(FILE *out, struct hg_table *table);

/* The parts of a table too wide for a line: a title per part after the
   first ("Cache figures: ..."), indexed by hg_column.part. */
#define HG_TABLE_PARTS 4

/* Prints TABLE within WIDTH display columns (0: as hg_table_finish) and
   frees it.  A table wider than that (with TABLE->fit) keeps in one table
   its main part and each other part, in order, that still lets it fit;
   each other part is a table of its own, after its title from
   PART_TITLES (may be NULL), with the columns that name the rows
   repeated.  In each, text columns are narrowed, the widest first, down
   to their titles or HG_CUT_FLOOR, and a cell wider than its column is
   cut with "…".  Only numbers, never cut, can make a line wider. */
#define HG_CUT_FLOOR 12
void hg_table_finish_within(FILE *out, struct hg_table *table, size_t width,
                            const char *const part_titles[HG_TABLE_PARTS]);

/* TEXT cut to at most WIDTH display columns with "…" (its end kept when
   KEEP_END); a copy when it fits. */
char *hg_cut_to_width(const char *text, size_t width, bool keep_end);

#endif
