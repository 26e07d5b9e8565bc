/* hotgrind show: the top functions of a report by self Ir, then its
   marked functions and zones.  GPL-2.0-or-later; part of hotgrind. */

/* The table follows cg_annotate's function summary, so that people who
   know Cachegrind read it at once.  The output depends only on the report:
   numbers are formatted by hand (no locale) and rows are sorted here with
   the report's own total order, so hand-edited reports print the same way
   every time too. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char show_usage[] = "usage: hotgrind show [--limit N] REPORT";

static const char show_help[] =
    "usage: hotgrind show [--limit N] REPORT\n"
    "\n"
    "Prints the command and the total instruction count of REPORT, then its\n"
    "functions by self Ir (instructions executed in the function itself),\n"
    "highest first: Ir, share of the total, function, object, file:line.\n"
    "\n"
    "Then, if the report has any, all its marked functions (--mark) and zones\n"
    "(HOTGRIND_ZONE_BEGIN) by inclusive Ir, highest first: calls, inclusive\n"
    "Ir, and the mean, p50, p95, p99 and max of the inclusive Ir of single\n"
    "calls ('-' with no calls).  Last, a warning for each mark pattern that\n"
    "matched no function, or whose functions were never entered.\n"
    "\n"
    "  --limit N   show the top N functions (default 20; 0 shows all); marked\n"
    "              functions and zones are always all shown\n";

enum { DEFAULT_LIMIT = 20 };

/* Past these widths a long (C++) name overflows its column rather than
   pushing every row to the right. */
enum { FUNCTION_COLUMN_MAX = 50, OBJECT_COLUMN_MAX = 30 };

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

static uint64_t hundredths_of_percent(uint64_t part, uint64_t whole)
{
    uint64_t whole_ratio, rest;
    if (whole == 0)
        return 0;
    whole_ratio = part / whole;
    rest = part % whole;
    /* Only an inconsistent report has a part this much over its whole. */
    if (whole_ratio >= UINT64_MAX / 10000 - 1)
        return UINT64_MAX / 10000 * 10000;
    /* rest * 10000 / whole, rounded half up; rest < whole, and for huge
       counts both are scaled down together so the product fits. */
    while (rest > UINT64_MAX / 20000) {
        rest >>= 1;
        whole >>= 1;
    }
    return whole_ratio * 10000 + (rest * 20000 / whole + 1) / 2;
}

const char *hg_format_percent(uint64_t part, uint64_t whole,
                              char text[HG_PERCENT_TEXT_SIZE])
{
    uint64_t hundredths = hundredths_of_percent(part, whole);
    snprintf(text, HG_PERCENT_TEXT_SIZE, "%" PRIu64 ".%02u%%",
             hundredths / 100, (unsigned)(hundredths % 100));
    return text;
}

/* Names come from debug information and may hold anything the tool did
   not already replace: keep the terminal safe. */
static void print_clean(FILE *out, const char *text)
{
    for (; *text; text++) {
        unsigned char c = (unsigned char)*text;
        fputc((c < 0x20 || c == 0x7f) ? '?' : c, out);
    }
}

/* Columns on screen: UTF-8 continuation bytes take none. */
static size_t display_width(const char *text)
{
    size_t width = 0;
    for (; *text; text++)
        if (((unsigned char)*text & 0xC0) != 0x80)
            width++;
    return width;
}

static void print_padded(FILE *out, const char *text, size_t width)
{
    size_t used = display_width(text);
    print_clean(out, text);
    for (; used < width; used++)
        fputc(' ', out);
}

/* An argument as a POSIX shell would need it, so the command line can be
   read back unambiguously. */
static void print_shell_word(FILE *out, const char *word)
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
        print_clean(out, word);
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
            print_clean(out, one);
        }
    }
    if (quoted)
        fputc('\'', out);
}

/* The report's order: self Ir descending, then name, object, file, line. */
static int compare_report_order(const void *a, const void *b)
{
    const struct hg_function *f = *(const struct hg_function *const *)a;
    const struct hg_function *g = *(const struct hg_function *const *)b;
    int c;
    if (f->self_ir != g->self_ir)
        return f->self_ir > g->self_ir ? -1 : 1;
    if ((c = strcmp(f->name, g->name)) != 0)
        return c;
    if ((c = strcmp(f->object, g->object)) != 0)
        return c;
    if ((c = strcmp(f->file, g->file)) != 0)
        return c;
    if (f->line != g->line)
        return f->line < g->line ? -1 : 1;
    return 0;
}

const char *hg_format_mean(uint64_t units, unsigned hundredths,
                           char text[HG_MEAN_TEXT_SIZE])
{
    char whole[HG_COUNT_TEXT_SIZE];
    snprintf(text, HG_MEAN_TEXT_SIZE, "%s.%02u",
             hg_format_count(units, whole), hundredths % 100);
    return text;
}

static void print_location(FILE *out, const struct hg_function *function)
{
    if (function->file[0] == '\0') {
        fputs("???", out);
        return;
    }
    print_clean(out, function->file);
    if (function->line != 0)
        fprintf(out, ":%u", function->line);
}

static size_t max_size(size_t a, size_t b)
{
    return a > b ? a : b;
}

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

static void print_header(FILE *out, const struct hg_report *report,
                         size_t shown)
{
    char total[HG_COUNT_TEXT_SIZE];
    size_t i;

    fputs("Command:   ", out);
    print_shell_word(out, report->exe);
    for (i = 0; i < report->arg_count; i++) {
        fputc(' ', out);
        print_shell_word(out, report->args[i]);
    }
    fputs("\nMeasured:  hotgrind ", out);
    print_clean(out, report->tool_version);
    fputs(", Valgrind ", out);
    print_clean(out, report->valgrind_version);
    fputs(", ", out);
    print_clean(out, report->arch);
    fprintf(out, "\nTotal:     %s Ir\n",
            hg_format_count(report->total_ir, total));
    if (shown == report->function_count)
        fprintf(out, "Functions: %zu, all shown, by self Ir\n", shown);
    else
        fprintf(out, "Functions: %zu, top %zu shown, by self Ir\n",
                report->function_count, shown);
}

/* ------------------------------------------- marked functions and zones */

/* One row of the second table: a marked function or a zone. */
struct marked_row {
    const char *name;
    const char *object;        /* ZONE_OBJECT for a zone */
    const char *file;          /* "" for a zone */
    unsigned line;
    bool is_zone;
    uint64_t calls;
    uint64_t inclusive_ir;
    const struct hg_per_call *per_call;   /* NULL when there were no calls */
};

static const char ZONE_OBJECT[] = "(zone)";

enum { MARKED_COLUMNS = 9, NAME_COLUMN = 0, OBJECT_COLUMN = 8 };

static const char *const marked_titles[MARKED_COLUMNS] = {
    "name", "calls", "inclusive Ir", "mean", "p50", "p95", "p99", "max",
    "object",
};

/* Inclusive Ir descending, then name, functions before zones, object,
   file and line: one order whatever the order in the file. */
static int compare_marked_rows(const void *a, const void *b)
{
    const struct marked_row *r = a;
    const struct marked_row *s = b;
    int c;
    if (r->inclusive_ir != s->inclusive_ir)
        return r->inclusive_ir > s->inclusive_ir ? -1 : 1;
    if ((c = strcmp(r->name, s->name)) != 0)
        return c;
    if (r->is_zone != s->is_zone)
        return r->is_zone ? 1 : -1;
    if ((c = strcmp(r->object, s->object)) != 0)
        return c;
    if ((c = strcmp(r->file, s->file)) != 0)
        return c;
    if (r->line != s->line)
        return r->line < s->line ? -1 : 1;
    return 0;
}

/* The numeric cells of ROW, columns 1 to 7. */
static void marked_cells(const struct marked_row *row,
                         char cells[MARKED_COLUMNS][HG_MEAN_TEXT_SIZE])
{
    const struct hg_per_call *p = row->per_call;
    hg_format_count(row->calls, cells[1]);
    hg_format_count(row->inclusive_ir, cells[2]);
    if (p == NULL) {
        int i;
        for (i = 3; i <= 7; i++)
            strcpy(cells[i], "-");
        return;
    }
    hg_format_mean(p->mean_units, p->mean_hundredths, cells[3]);
    hg_format_count(p->p50, cells[4]);
    hg_format_count(p->p95, cells[5]);
    hg_format_count(p->p99, cells[6]);
    hg_format_count(p->max, cells[7]);
}

static const char *plural(size_t n)
{
    return n == 1 ? "" : "s";
}

/* Patterns that measured nothing: the report says so, and so do we. */
static void show_mark_warnings(FILE *out, const struct hg_report *report)
{
    bool first = true;
    size_t i;
    for (i = 0; i < report->mark_count; i++) {
        const struct hg_mark *mark = &report->marks[i];
        if (mark->functions != 0 && mark->entered != 0)
            continue;
        if (first)
            fputc('\n', out);
        first = false;
        fputs("warning: mark '", out);
        print_clean(out, mark->pattern);
        if (mark->functions == 0)
            fputs("' matched no function that ran "
                  "(inlined? never called? misspelt?)\n", out);
        else
            fprintf(out, "' matched %" PRIu64 " function%s, never entered\n",
                    mark->functions, plural(mark->functions));
    }
}

static bool show_marked(FILE *out, const struct hg_report *report)
{
    struct marked_row *rows;
    size_t widths[MARKED_COLUMNS];
    size_t n = 0, functions = 0, i, column;

    rows = malloc((report->function_count + report->zone_count + 1)
                  * sizeof *rows);
    if (rows == NULL)
        return false;
    for (i = 0; i < report->function_count; i++) {
        const struct hg_function *f = &report->functions[i];
        if (!f->marked)
            continue;
        rows[n++] = (struct marked_row){
            f->name, f->object, f->file, f->line, false, f->calls,
            f->inclusive_ir, f->has_per_call ? &f->per_call : NULL,
        };
        functions++;
    }
    for (i = 0; i < report->zone_count; i++) {
        const struct hg_zone *z = &report->zones[i];
        rows[n++] = (struct marked_row){
            z->name, ZONE_OBJECT, "", 0, true, z->calls, z->inclusive_ir,
            z->has_per_call ? &z->per_call : NULL,
        };
    }
    if (n == 0) {
        free(rows);
        show_mark_warnings(out, report);
        return true;
    }
    qsort(rows, n, sizeof *rows, compare_marked_rows);

    for (column = 0; column < MARKED_COLUMNS; column++)
        widths[column] = strlen(marked_titles[column]);
    for (i = 0; i < n; i++) {
        char cells[MARKED_COLUMNS][HG_MEAN_TEXT_SIZE];
        marked_cells(&rows[i], cells);
        widths[NAME_COLUMN] = max_size(widths[NAME_COLUMN],
            min_size(FUNCTION_COLUMN_MAX, display_width(rows[i].name)));
        for (column = 1; column < OBJECT_COLUMN; column++)
            widths[column] = max_size(widths[column], strlen(cells[column]));
    }

    fprintf(out, "\nMarked functions and zones: %zu function%s, %zu zone%s, "
            "by inclusive Ir\n\n", functions, plural(functions),
            report->zone_count, plural(report->zone_count));
    print_padded(out, marked_titles[NAME_COLUMN], widths[NAME_COLUMN]);
    for (column = 1; column < OBJECT_COLUMN; column++)
        fprintf(out, "  %*s", (int)widths[column], marked_titles[column]);
    fprintf(out, "  %s\n", marked_titles[OBJECT_COLUMN]);

    for (i = 0; i < n; i++) {
        char cells[MARKED_COLUMNS][HG_MEAN_TEXT_SIZE];
        marked_cells(&rows[i], cells);
        print_padded(out, rows[i].name, widths[NAME_COLUMN]);
        for (column = 1; column < OBJECT_COLUMN; column++)
            fprintf(out, "  %*s", (int)widths[column], cells[column]);
        fputs("  ", out);
        print_clean(out, rows[i].object);
        fputc('\n', out);
    }
    free(rows);
    show_mark_warnings(out, report);
    return true;
}

/* ---------------------------------------------------------- the command */

bool hg_show_table(FILE *out, const struct hg_report *report, size_t limit)
{
    static const char percent_title[] = "(%)";
    const size_t percent_width = sizeof "(100.00%)" - 1;
    const struct hg_function **sorted;
    size_t n = report->function_count, shown, i;
    size_t ir_width = strlen("Ir");
    size_t name_width = strlen("function");
    size_t object_width = strlen("object");

    sorted = malloc((n ? n : 1) * sizeof *sorted);
    if (sorted == NULL)
        return false;
    for (i = 0; i < n; i++)
        sorted[i] = &report->functions[i];
    qsort(sorted, n, sizeof *sorted, compare_report_order);
    shown = (limit == 0 || limit > n) ? n : limit;

    print_header(out, report, shown);
    if (shown == 0) {
        fputs("\n(no functions)\n", out);
        free(sorted);
        return show_marked(out, report);
    }

    for (i = 0; i < shown; i++) {
        char count[HG_COUNT_TEXT_SIZE];
        hg_format_count(sorted[i]->self_ir, count);
        ir_width = max_size(ir_width, strlen(count));
        name_width = max_size(name_width, min_size(FUNCTION_COLUMN_MAX,
                              display_width(sorted[i]->name)));
        object_width = max_size(object_width, min_size(OBJECT_COLUMN_MAX,
                                display_width(sorted[i]->object)));
    }

    fprintf(out, "\n%*s  %*s  ", (int)ir_width, "Ir",
            (int)percent_width, percent_title);
    print_padded(out, "function", name_width);
    fputs("  ", out);
    print_padded(out, "object", object_width);
    fputs("  file:line\n", out);

    for (i = 0; i < shown; i++) {
        const struct hg_function *function = sorted[i];
        char count[HG_COUNT_TEXT_SIZE];
        char percent[HG_PERCENT_TEXT_SIZE];
        char share[HG_PERCENT_TEXT_SIZE + 2];

        hg_format_percent(function->self_ir, report->total_ir, percent);
        snprintf(share, sizeof share, "(%s)", percent);
        fprintf(out, "%*s  %*s  ", (int)ir_width,
                hg_format_count(function->self_ir, count),
                (int)percent_width, share);
        print_padded(out, function->name, name_width);
        fputs("  ", out);
        print_padded(out, function->object, object_width);
        fputs("  ", out);
        print_location(out, function);
        fputc('\n', out);
    }
    free(sorted);
    return show_marked(out, report);
}

/* A limit is digits only: "-1" or "5x" is a usage error, not 0 or 5. */
static bool parse_limit(const char *text, size_t *limit)
{
    uint64_t value;
    if (text[0] == '\0' || strspn(text, "0123456789") != strlen(text)
        || !hg_parse_count(text, &value) || value > SIZE_MAX)
        return false;
    *limit = (size_t)value;
    return true;
}

int cmd_show(int argc, char **argv)
{
    const char *path = NULL;
    const char *limit_text = NULL;
    size_t limit = DEFAULT_LIMIT;
    bool options_done = false;
    char problem[HG_PROBLEM_SIZE];
    struct hg_report *report;
    bool printed;
    int i;

    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (path != NULL)
                return hg_usage_error("show", show_usage,
                                      "one REPORT at a time ('%s' and '%s')",
                                      path, arg);
            path = arg;
        } else if (strcmp(arg, "--") == 0) {
            options_done = true;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(show_help, stdout);
            return HG_EXIT_OK;
        } else if (strcmp(arg, "--limit") == 0) {
            if (i + 1 >= argc)
                return hg_usage_error("show", show_usage,
                                      "--limit needs a number");
            limit_text = argv[++i];
        } else if (strncmp(arg, "--limit=", 8) == 0) {
            limit_text = arg + 8;
        } else {
            return hg_usage_error("show", show_usage,
                                  "unknown option '%s'", arg);
        }
    }
    if (limit_text != NULL && !parse_limit(limit_text, &limit))
        return hg_usage_error("show", show_usage,
                              "--limit needs a number (0 for all), not '%s'",
                              limit_text);
    if (path == NULL)
        return hg_usage_error("show", show_usage, "no REPORT given");

    report = hg_report_load(path, problem, sizeof problem);
    if (report == NULL) {
        hg_say_problem(path, problem);
        return HG_EXIT_TROUBLE;
    }
    printed = hg_show_table(stdout, report, limit);
    hg_report_free(report);
    if (!printed) {
        hg_say_problem(path, "out of memory");
        return HG_EXIT_TROUBLE;
    }
    return HG_EXIT_OK;
}
