/* hotgrind: check's text output: a verdict a line, the status word
   first (check-human.c lays out the rest).
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <string.h>

#include "render/check-render.h"

static void text_verdict(const struct check_out *out,
                         const struct hg_verdict *v)
{
    fprintf(out->file, "%-6s  ", check_status_word(v->status));
    check_print_verdict_body(out, v);
    fputc('\n', out->file);
}

static void text_fold(const struct check_out *out,
                      const struct hg_verdict *cause)
{
    fprintf(out->file, "%-6s  ", check_status_word(HG_VERDICT_FAIL));
    check_print_fold_body(out, cause);
    fputc('\n', out->file);
}

/* Text has no title: the result is its last line. */
static void text_title(const struct check_out *out, bool failed,
                       const char *suite)
{
    (void)out;
    (void)failed;
    (void)suite;
}

/* "Policy: ", "Head:   ": a line each. */
static void text_source_open(const struct check_out *out, const char *role,
                             bool first)
{
    (void)first;
    fprintf(out->file, "%c%s:%*s", role[0] - 'a' + 'A', role + 1,
            (int)(7 - strlen(role)), "");
}

static void text_source_close(const struct check_out *out, bool last)
{
    (void)last;
    fputc('\n', out->file);
}

static void text_bench_list(const struct check_out *out,
                            const struct hg_suite_check *s)
{
    (void)s;
    fputs("Benchmarks:\n", out->file);
}

static void text_bench_row(const struct check_out *out,
                           const struct hg_bench_check *b, const char *state)
{
    fprintf(out->file, "%-6s  ", hg_bench_word(b));
    check_put(out, b->pair->name);
    fputs(state[0] != '\0' ? ": " : "", out->file);
    check_put(out, state);
    fputc('\n', out->file);
}

static void text_bench_open(const struct check_out *out,
                            const struct hg_bench_check *b)
{
    fputs("== ", out->file);
    check_put(out, b->pair->name);
    fprintf(out->file, ": %s ==\n", hg_bench_word(b));
}

static const struct check_layout text_layout = {
    .title = text_title,
    .source_open = text_source_open,
    .source_close = text_source_close,
    .heading_open = "",
    .heading_close = ":\n",
    .table_heads = { NULL, NULL, NULL },
    .verdict = text_verdict,
    .fold = text_fold,
    .remark_format = "%s: ",
    .result_format = "Result: %s ",
    .bench_list = text_bench_list,
    .bench_row = text_bench_row,
    .bench_open = text_bench_open,
    .bench_close = "\n",
};

const struct check_renderer check_text_renderer = {
    .name = "text",
    .escape = CHECK_ESCAPE_TEXT,
    .judgement = check_print_judgement,
    .suite = check_print_suite,
    .layout = &text_layout,
};
