/* hotgrind: `hotgrind history show` as text or JSON, and the figure-in-
   two-runs pieces history blame shares.  GPL-2.0-or-later; part of
   hotgrind. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "compare/diff.h"
#include "render/history-show.h"
#include "render/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* TEXT with each byte that does not start valid UTF-8 as '?'.  Caller
   frees. */
static char *valid_copy(const char *text)
{
    char *copy = hg_xstrdup(text);
    unsigned char *p = (unsigned char *)copy;
    while (*p) {
        size_t n = hg_utf8_length((const char *)p);
        if (n == 0)
            *p++ = '?';
        else
            p += n;
    }
    return copy;
}

void hg_render_history_json_text(struct hg_json *w, const char *key,
                                 const char *text)
{
    char *clean = text != NULL ? valid_copy(text) : NULL;
    hg_json_text(w, key, clean);
    free(clean);
}

/* PAIR's change: its sign and size; false when a side is missing. */
static bool signed_change(const struct hg_history_pair *pair, char *sign,
                          uint64_t *size)
{
    if (!pair->in_before || !pair->in_after)
        return false;
    *sign = pair->after >= pair->before ? '+' : '-';
    *size = hg_history_pair_size(pair);
    return true;
}

const char *hg_render_history_change(const struct hg_history_pair *pair,
                                     char text[HG_HISTORY_CHANGE_SIZE])
{
    char percent[HG_DIFF_TEXT_SIZE];
    uint64_t size;
    char sign;
    if (!signed_change(pair, &sign, &size))
        snprintf(text, HG_HISTORY_CHANGE_SIZE, "%s",
                 pair->in_after ? "new" : pair->in_before ? "gone" : "=");
    else if (size == 0)
        snprintf(text, HG_HISTORY_CHANGE_SIZE, "=");
    else if (pair->before == 0)
        snprintf(text, HG_HISTORY_CHANGE_SIZE, "%c%" PRIu64, sign, size);
    else
        snprintf(text, HG_HISTORY_CHANGE_SIZE, "%c%" PRIu64 " (%s)", sign,
                 size, hg_diff_signed_percent(pair->before, pair->after,
                                              percent));
    return text;
}

void hg_render_history_json_pair(struct hg_json *w,
                                 const struct hg_history_pair *pair)
{
    char change[HG_HISTORY_CHANGE_SIZE];
    uint64_t before = pair->in_before ? pair->before : 0;
    uint64_t after = pair->in_after ? pair->after : 0;
    hg_json_count_or_null(w, "before", pair->in_before, pair->before);
    hg_json_count_or_null(w, "after", pair->in_after, pair->after);
    hg_json_key(w, "delta");
    fprintf(w->out, "%s%" PRIu64, after < before ? "-" : "",
            hg_history_pair_size(pair));
    hg_json_text(w, "change", hg_render_history_change(pair, change));
}

/* VALUE, or "absent" when the run does not have it. */
static void print_side(FILE *out, bool present, uint64_t value)
{
    if (present)
        fprintf(out, "%" PRIu64, value);
    else
        fputs("absent", out);
}

void hg_render_history_pair_text(FILE *out,
                                 const struct hg_history_pair *pair)
{
    print_side(out, pair->in_before, pair->before);
    fputs(" -> ", out);
    print_side(out, pair->in_after, pair->after);
}

/* ---------------------------------------------------------------- text */

void hg_render_history_function(FILE *out, const char *name,
                                const char *object, const char *file)
{
    hg_print_clean(out, name);
    fputs(" (", out);
    hg_print_clean(out, object);
    if (file[0] != '\0') {
        fputs(", ", out);
        hg_print_clean(out, file);
    }
    fputc(')', out);
}

void hg_render_history_heading(FILE *out, const char *benchmark,
                               const char *arch, const char *branch)
{
    hg_print_clean(out, benchmark);
    fputs(" on ", out);
    hg_print_clean(out, arch);
    fputs(", branch ", out);
    hg_print_clean(out, branch[0] != '\0' ? branch : "(none)");
    fputs(": ", out);
}

void hg_render_history_entity(FILE *out, const char *kind,
                              const char *name, const char *object,
                              const char *file)
{
    if (strcmp(kind, "total") == 0) {
        fputs("(total)", out);
    } else if (strcmp(kind, "zone") == 0 || strcmp(kind, "mark") == 0) {
        fputs(kind, out);
        fputc(' ', out);
        hg_print_clean(out, name);
    } else {
        hg_render_history_function(out, name, object, file);
        if (strcmp(kind, "inlined") == 0)
            fputs(" inlined", out);
    }
}

static void print_change(FILE *out, const struct hg_history_show_change *c)
{
    char change[HG_HISTORY_CHANGE_SIZE];
    fputs("    ", out);
    hg_render_history_entity(out, strcmp(c->kind, "edge") == 0
                                  ? "function" : c->kind,
                             c->name, c->object, c->file);
    if (strcmp(c->kind, "edge") == 0) {
        fputs(" -> ", out);
        hg_render_history_entity(out, "function", c->callee_name,
                                 c->callee_object, c->callee_file);
    }
    fputc(' ', out);
    hg_print_clean(out, c->metric);
    fputs(": ", out);
    hg_render_history_pair_text(out, &c->value);
    fprintf(out, "  %s\n", hg_render_history_change(&c->value, change));
}

/* LABEL: TEXT, or "-" when it was not recorded. */
static void print_field(FILE *out, const char *label, const char *text)
{
    fprintf(out, "  %s: ", label);
    hg_print_clean(out, text != NULL && text[0] != '\0' ? text : "-");
    fputc('\n', out);
}

static void print_run(FILE *out, const struct hg_history_show_run *r)
{
    size_t i;
    fputc('\n', out);
    hg_render_history_heading(out, r->benchmark, r->arch, r->branch);
    hg_print_clean(out, r->status);
    if (r->exit[0] != '\0') {
        fputs(", ", out);
        hg_print_clean(out, r->exit);
    }
    fputc('\n', out);
    if (!r->has_figures) {
        fputs("  no figures (the run did not pass)\n", out);
        return;
    }
    print_field(out, "program", r->program);
    print_field(out, "platform", r->platform);
    print_field(out, "valgrind", r->valgrind_version);
    print_field(out, "tool", r->tool_version);
    fprintf(out, "  call graph: %s\n", r->call_graph ? "yes" : "no");
    fputs("  settings:", out);
    for (i = 0; i < r->setting_count; i++) {
        fputs(i > 0 ? "; " : " ", out);
        hg_print_clean(out, r->settings[i]);
    }
    fputs("\n  totals:", out);
    for (i = 0; i < r->total_count; i++) {
        fputs(i > 0 ? ", " : " ", out);
        hg_print_clean(out, r->totals[i].metric);
        fprintf(out, " %" PRIu64, r->totals[i].value);
    }
    fputc('\n', out);
    if (r->base_sha == NULL) {
        fputs("  base run: none (the first of its benchmark, architecture "
              "and branch)\n", out);
        return;
    }
    fputs("  base run: ", out);
    hg_print_clean(out, r->base_sha);
    if (r->change_count == 0) {
        fputs("; no figure changed\n", out);
        return;
    }
    fprintf(out, "; %zu figure%s changed:\n", r->change_count,
            r->change_count == 1 ? "" : "s");
    for (i = 0; i < r->change_count; i++)
        print_change(out, &r->changes[i]);
}

void hg_render_history_show_text(FILE *out,
                                 const struct hg_history_show *show)
{
    size_t i;
    fputs("commit ", out);
    hg_print_clean(out, show->sha);
    fputs("\nbranch: ", out);
    hg_print_clean(out, show->branch[0] != '\0' ? show->branch : "(none)");
    fputs("\ntime: ", out);
    hg_print_clean(out, show->time != NULL ? show->time : "-");
    fputs("\nparents:", out);
    for (i = 0; i < show->parent_count; i++) {
        fputc(' ', out);
        hg_print_clean(out, show->parents[i]);
    }
    if (show->parent_count == 0)
        fputs(" -", out);
    fputc('\n', out);
    for (i = 0; i < show->count; i++)
        print_run(out, &show->runs[i]);
}

/* ---------------------------------------------------------------- JSON */

static void json_change(struct hg_json *w,
                        const struct hg_history_show_change *c)
{
    hg_json_open(w, NULL, '{', true);
    hg_render_history_json_text(w, "kind", c->kind);
    hg_render_history_json_text(w, "name", c->name);
    hg_render_history_json_text(w, "object", c->object);
    hg_render_history_json_text(w, "file", c->file);
    if (strcmp(c->kind, "edge") == 0) {
        hg_json_open(w, "callee", '{', true);
        hg_render_history_json_text(w, "name", c->callee_name);
        hg_render_history_json_text(w, "object", c->callee_object);
        hg_render_history_json_text(w, "file", c->callee_file);
        hg_json_close(w);
    }
    hg_render_history_json_text(w, "metric", c->metric);
    hg_render_history_json_pair(w, &c->value);
    hg_json_close(w);
}

static void json_run(struct hg_json *w, const struct hg_history_show_run *r)
{
    static const char *const keys[] = {
        "benchmark", "arch", "branch", "status", "exit", "program",
        "platform", "valgrind", "tool",
    };
    const char *const values[] = {
        r->benchmark, r->arch, r->branch, r->status, r->exit, r->program,
        r->platform, r->valgrind_version, r->tool_version,
    };
    size_t i;
    hg_json_open(w, NULL, '{', false);
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
        hg_render_history_json_text(w, keys[i], values[i]);
    hg_json_bool(w, "has-figures", r->has_figures);
    hg_json_bool(w, "call-graph", r->call_graph);
    hg_json_open(w, "settings", '[', false);
    for (i = 0; i < r->setting_count; i++)
        hg_render_history_json_text(w, NULL, r->settings[i]);
    hg_json_close(w);
    hg_json_open(w, "totals", '{', true);
    for (i = 0; i < r->total_count; i++) {
        char *clean = valid_copy(r->totals[i].metric);
        hg_json_count(w, clean, r->totals[i].value);
        free(clean);
    }
    hg_json_close(w);
    hg_render_history_json_text(w, "base-commit", r->base_sha);
    hg_json_open(w, "changes", '[', false);
    for (i = 0; i < r->change_count; i++)
        json_change(w, &r->changes[i]);
    hg_json_close(w);
    hg_json_close(w);
}

void hg_render_history_show_json(FILE *out,
                                 const struct hg_history_show *show)
{
    struct hg_json w = { .out = out };
    size_t i;
    hg_json_open(&w, NULL, '{', false);
    hg_render_history_json_text(&w, "commit", show->sha);
    hg_render_history_json_text(&w, "branch", show->branch);
    hg_render_history_json_text(&w, "time", show->time);
    hg_json_open(&w, "parents", '[', true);
    for (i = 0; i < show->parent_count; i++)
        hg_render_history_json_text(&w, NULL, show->parents[i]);
    hg_json_close(&w);
    hg_json_open(&w, "runs", '[', false);
    for (i = 0; i < show->count; i++)
        json_run(&w, &show->runs[i]);
    hg_json_close(&w);
    hg_json_close(&w);
}
