/* hotgrind show: the header of the `show` table: the command, what
   measured it, the run details the report records, the totals and how
   many functions are shown; its lines wrapped to fit a width.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "render/show-table.h"
#include "render/text.h"
#include "report/report.h"
#include "util/number.h"
#include "util/xalloc.h"

/* The header's lines wrapped to fit a width: each is a label ("Env:"),
   then words; a word that would pass the width starts a new line under
   the first word.  With width 0 nothing is wrapped or cut. */
enum { LABEL_WIDTH = sizeof "Launcher:  " - 1 };

/* Past this width a value in the header ("GLIBC_TUNABLES=...") is cut
   with "…", unless the width is 0 (--wide). */
enum { VALUE_MAX = 40 };

struct header_line {
    FILE *out;
    size_t width;        /* 0: no limit */
    size_t used;         /* display columns of the current line */
    bool cut;            /* a value of this line was cut */
};

static void line_begin(struct header_line *line, FILE *out, size_t width,
                       const char *label)
{
    *line = (struct header_line){ out, width, LABEL_WIDTH, false };
    hg_print_padded(out, label, LABEL_WIDTH);
}

/* WORD after a space, or on a new line when it would pass the width
   (the first word of a line never moves). */
static void line_word(struct header_line *line, const char *word)
{
    size_t width = hg_display_width(word);
    if (line->used > LABEL_WIDTH) {
        if (line->width != 0 && line->used + 1 + width > line->width) {
            fprintf(line->out, "\n%*s", LABEL_WIDTH, "");
            line->used = LABEL_WIDTH;
        } else {
            fputc(' ', line->out);
            line->used++;
        }
    }
    hg_print_clean(line->out, word);
    line->used += width;
}

/* The words of TEXT, split at its spaces, each as line_word. */
static void line_words(struct header_line *line, const char *text)
{
    char *copy = hg_xstrdup(text), *word = copy, *space;
    for (;;) {
        if ((space = strchr(word, ' ')) != NULL)
            *space = '\0';
        if (word[0] != '\0')
            line_word(line, word);
        if (space == NULL)
            break;
        word = space + 1;
    }
    free(copy);
}

/* WORD as a shell word would print it (hg_print_shell_word). */
static char *shell_word_text(const char *word)
{
    char *text = NULL;
    size_t size = 0;
    FILE *memory = open_memstream(&text, &size);
    if (memory == NULL)
        hg_out_of_memory();
    hg_print_shell_word(memory, word);
    if (fclose(memory) != 0)
        hg_out_of_memory();
    return text;
}

/* "PREFIXNAME=VALUE" as one shell word, its value cut past VALUE_MAX
   when the line has a width ("…" after the word, outside its quotes). */
static void line_assignment(struct header_line *line, const char *prefix,
                            const char *name, const char *value)
{
    char *shown = line->width != 0 ? hg_cut_to_width(value, VALUE_MAX, false)
                                   : hg_xstrdup(value);
    bool cut = strcmp(shown, value) != 0;
    char *word, *quoted, *text;
    if (cut)     /* the "…" hg_cut_to_width ended it with goes outside */
        shown[strlen(shown) - strlen("…")] = '\0';
    word = hg_xasprintf("%s%s=%s", prefix, name, shown);
    quoted = shell_word_text(word);
    text = hg_xasprintf("%s%s", quoted, cut ? "…" : "");
    line->cut = line->cut || cut;
    line_word(line, text);
    free(text);
    free(quoted);
    free(word);
    free(shown);
}

/* Ends the line; after a cut value, a line saying how to see it. */
static void line_end(struct header_line *line)
{
    fputc('\n', line->out);
    if (line->cut)
        fprintf(line->out, "%*s(values cut with \"…\": hotgrind show --wide "
                "shows them whole)\n", LABEL_WIDTH, "");
}

/* The assignments of LIST (options, environment, settings), PREFIX
   before each name. */
static void line_assignments(struct header_line *line, const char *prefix,
                             const struct hg_option *list, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++)
        line_assignment(line, prefix, list[i].name, list[i].value);
}

/* What the run was given and the machine it saw, each line only when the
   report records it. */
static void print_run_details(FILE *out, const struct hg_report *report,
                              size_t width)
{
    char count[HG_COUNT_TEXT_SIZE];
    struct header_line line;
    size_t i;

    if (report->platform_hwcaps != NULL) {
        fputs("Platform:  ", out);
        hg_print_clean(out, report->platform_hwcaps);
        fputc('\n', out);
    }
    if (report->libc_version != NULL) {
        fputs("Libc:      ", out);
        hg_print_clean(out, report->libc_name ? report->libc_name : "?");
        fputc(' ', out);
        hg_print_clean(out, report->libc_version);
        fputc('\n', out);
    }
    if (report->option_count != 0) {
        line_begin(&line, out, width, "Options:");
        line_assignments(&line, "--", report->options, report->option_count);
        line_end(&line);
    }
    if (report->has_environment) {
        char *sizes = hg_xasprintf("%s variable%s,",
                                   hg_format_count(
                                       report->environment_variables, count),
                                   hg_show_plural(report->environment_variables));
        line_begin(&line, out, width, "Env:");
        line_word(&line, sizes);
        free(sizes);
        sizes = hg_xasprintf("%s byte%s%s",
                             hg_format_count(report->environment_bytes,
                                             count),
                             hg_show_plural(report->environment_bytes),
                             report->environment_count ? ";" : "");
        line_word(&line, sizes);
        free(sizes);
        for (i = 0; i < report->environment_count; i++)
            line_assignment(&line, "", report->environment[i].name,
                            report->environment[i].value);
        line_end(&line);
    }
    if (report->launcher != NULL) {
        char *name = hg_xasprintf("%s%s", report->launcher,
                                  report->setting_count ? ";" : "");
        line_begin(&line, out, width, "Launcher:");
        line_word(&line, name);
        free(name);
        line_assignments(&line, "", report->settings, report->setting_count);
        line_end(&line);
    }
    if (report->has_cache_geometry) {
        char *text = hg_xasprintf("I1 %s, D1 %s, LL %s (size,assoc,line%s%s)",
                                  report->cache_i1, report->cache_d1,
                                  report->cache_ll,
                                  report->cache_source ? "; " : "",
                                  report->cache_source ? report->cache_source
                                                       : "");
        line_begin(&line, out, width, "Cache:");
        line_words(&line, text);
        line_end(&line);
        free(text);
    }
    if (report->has_cost_model) {
        char l1[HG_COUNT_TEXT_SIZE], mispredict[HG_COUNT_TEXT_SIZE + 20] = "";
        char *text;
        if (report->has_cost_mispredict) {
            char price[HG_COUNT_TEXT_SIZE];
            snprintf(mispredict, sizeof mispredict, " + %s x (Bcm + Bim)",
                     hg_format_count(report->cost_mispredict, price));
        }
        text = hg_xasprintf("cost model %s version %" PRIu64 ": Ir + %s x "
                            "(I1mr + D1mr + D1mw) + %s x (ILmr + DLmr + "
                            "DLmw)%s", report->cost_model_name,
                            report->cost_model_version,
                            hg_format_count(report->cost_l1_miss, l1),
                            hg_format_count(report->cost_ll_miss, count),
                            mispredict);
        line_begin(&line, out, width, "Cycles:");
        line_words(&line, text);
        line_end(&line);
        free(text);
    }
    if (report->exit.how != HG_ENDED_UNKNOWN) {
        char ended[64];
        hg_describe_exit(&report->exit, ended, sizeof ended);
        fprintf(out, "Exit:      %s\n", ended);
    }
    if (report->merged_reports != 0)
        fprintf(out, "Merged:    the sum of %s runs (hotgrind merge)\n",
                hg_format_count(report->merged_reports, count));
    if (report->has_host) {
        char *ids = hg_xasprintf("pid %u, parent %u, in", report->host_pid,
                                 report->host_ppid);
        char *cwd = shell_word_text(report->host_cwd);
        line_begin(&line, out, width, "Host:");
        line_words(&line, ids);
        /* A path too long for a line of its own keeps its end. */
        if (width > LABEL_WIDTH + HG_CUT_FLOOR
            && LABEL_WIDTH + hg_display_width(cwd) > width) {
            char *end = hg_cut_to_width(cwd, width - LABEL_WIDTH, true);
            free(cwd);
            cwd = end;
            line.cut = true;
        }
        line_word(&line, cwd);
        line_end(&line);
        free(cwd);
        free(ids);
    }
}

/* "NAME1 1, NAME2 2, ...": a line of the run's figures under Total. */
static void print_total_figures(FILE *out, size_t width,
                                const char *const *names,
                                const uint64_t *values, size_t n)
{
    char count[HG_COUNT_TEXT_SIZE];
    struct header_line line;
    size_t i;
    if (n == 0)
        return;
    line_begin(&line, out, width, "");
    for (i = 0; i < n; i++) {
        char *figure = hg_xasprintf("%s %s%s", names[i],
                                    hg_format_count(values[i], count),
                                    i + 1 < n ? "," : "");
        line_word(&line, figure);
        free(figure);
    }
    line_end(&line);
}

/* "I1mr 1, ILmr 2, ..., cycles 9", then "Bc 1, Bcm 2, Bi 3, Bim 4": the
   run's cache and branch figures, when simulated. */
static void print_simulated_totals(FILE *out, const struct hg_report *report,
                                   size_t width)
{
    print_total_figures(out, width, hg_cache_metric_names,
                        report->total_cache.value, hg_show_cache_columns(report));
    print_total_figures(out, width, hg_branch_metric_names,
                        report->total_branch.value,
                        report->total_branch.present ? HG_BRANCH_METRICS : 0);
}

/* The program and its arguments as shell words, then where a launcher
   ran it from. */
static void print_command(FILE *out, const struct hg_report *report,
                          size_t width)
{
    struct header_line line;
    char *word;
    size_t i;

    line_begin(&line, out, width, "Command:");
    word = shell_word_text(hg_report_program(report));
    line_word(&line, word);
    free(word);
    for (i = 0; i < report->arg_count; i++) {
        word = shell_word_text(report->args[i]);
        line_word(&line, word);
        free(word);
    }
    /* The launcher's program was run by another path (/proc/self/fd/3). */
    if (strcmp(hg_report_program(report), report->exe) != 0) {
        char *exe = shell_word_text(report->exe);
        line_word(&line, "(run as");
        word = hg_xasprintf("%s)", exe);
        line_word(&line, word);
        free(word);
        free(exe);
    }
    line_end(&line);
}

void hg_show_header(FILE *out, const struct hg_report *report,
                    size_t shown, size_t width)
{
    char total[HG_COUNT_TEXT_SIZE];

    print_command(out, report, width);
    fputs("Measured:  ", out);
    hg_print_measured_by(out, report);
    fputc('\n', out);
    print_run_details(out, report, width);
    fprintf(out, "Total:     %s Ir\n",
            hg_format_count(report->total_ir, total));
    print_simulated_totals(out, report, width);
    if (shown == report->function_count)
        fprintf(out, "Functions: %zu, all shown, by self Ir\n", shown);
    else
        fprintf(out, "Functions: %zu, top %zu shown, by self Ir\n",
                report->function_count, shown);
}

