/* hotgrind: `hotgrind history blame` as text or JSON.
   GPL-2.0-or-later; part of hotgrind. */

/* The explanation's parts and words are those of hotgrind diff's
   (render/diff-comparison.c): incl-Ir, self, no-symbol, then each callee
   ("callee", "callee added", "callee removed"). */

#include <inttypes.h>
#include <string.h>

#include "render/history-blame.h"
#include "render/history-show.h"
#include "render/text.h"

/* What an edge's presence in the two runs makes it. */
static const char *edge_status(const struct hg_history_blame_edge *e)
{
    return !e->ir.in_before ? "added" : !e->ir.in_after ? "removed"
                                                        : "changed";
}

/* ---------------------------------------------------------------- text */

/* "  PART  BEFORE -> AFTER  CHANGE  NOTE". */
static void print_part(FILE *out, const char *part,
                       const struct hg_history_pair *pair, const char *note)
{
    char change[HG_HISTORY_CHANGE_SIZE];
    fprintf(out, "      %-10s ", part);
    hg_render_history_pair_text(out, pair);
    fprintf(out, "  %s  %s\n", hg_render_history_change(pair, change),
            note);
}

static void print_why(FILE *out, const struct hg_history_blame_why *why)
{
    size_t i;
    print_part(out, "incl-Ir", &why->inclusive, why->adds_up
               ? "= the sum of the parts below"
               : "the parts do not add up to it (recursive, mid-jump, "
                 "or on a call cycle)");
    print_part(out, "self", &why->self, "its own instructions");
    print_part(out, "no-symbol", &why->no_symbol,
               "code without a symbol, run while innermost");
    for (i = 0; i < why->edge_count; i++) {
        const struct hg_history_blame_edge *e = &why->edges[i];
        char change[HG_HISTORY_CHANGE_SIZE];
        fputs("      ", out);
        hg_render_history_function(out, e->name, e->object, e->file);
        fputc(' ', out);
        hg_render_history_pair_text(out, &e->ir);
        fprintf(out, "  %s  calls ",
                hg_render_history_change(&e->ir, change));
        hg_render_history_pair_text(out, &e->calls);
        fprintf(out, "  %s\n", strcmp(edge_status(e), "changed") == 0
                ? "callee" : strcmp(edge_status(e), "added") == 0
                ? "callee added" : "callee removed");
    }
}

static void print_heading(FILE *out, const struct hg_history_blame_series *s)
{
    hg_render_history_heading(out, s->benchmark, s->arch, s->branch);
    hg_render_history_function(out, s->name, s->object, s->file);
    fputc(' ', out);
    hg_print_clean(out, s->metric);
    fprintf(out, ": %zu change%s in %zu run%s\n", s->count,
            s->count == 1 ? "" : "s", s->runs, s->runs == 1 ? "" : "s");
}

void hg_render_history_blame_text(FILE *out,
                                  const struct hg_history_blame *blame)
{
    size_t i, j;
    for (i = 0; i < blame->count; i++) {
        const struct hg_history_blame_series *s = &blame->series[i];
        if (i > 0)
            fputc('\n', out);
        print_heading(out, s);
        for (j = 0; j < s->count; j++) {
            const struct hg_history_blame_change *c = &s->changes[j];
            char change[HG_HISTORY_CHANGE_SIZE];
            fputs("  ", out);
            hg_print_clean(out, c->sha);
            fputs("  ", out);
            hg_print_padded(out, c->time != NULL ? c->time : "-", 27);
            hg_render_history_pair_text(out, &c->value);
            fprintf(out, "  %s\n",
                    hg_render_history_change(&c->value, change));
            if (c->explained)
                print_why(out, &c->why);
        }
        if (s->first_sha != NULL) {
            fputs("  first recorded at ", out);
            hg_print_clean(out, s->first_sha);
            fputs("  ", out);
            hg_print_clean(out, s->first_time != NULL ? s->first_time : "-");
            if (s->first_has_value)
                fprintf(out, ": %" PRIu64 "\n", s->first_value);
            else
                fputs(": absent\n", out);
        }
    }
}

/* ---------------------------------------------------------------- JSON */

static void json_part(struct hg_json *w, const char *key,
                      const struct hg_history_pair *pair)
{
    hg_json_open(w, key, '{', true);
    hg_render_history_json_pair(w, pair);
    hg_json_close(w);
}

static void json_why(struct hg_json *w, const struct hg_history_blame_why *why)
{
    size_t i;
    hg_json_open(w, "explained-by", '{', false);
    hg_json_bool(w, "adds-up", why->adds_up);
    json_part(w, "incl-Ir", &why->inclusive);
    json_part(w, "self", &why->self);
    json_part(w, "no-symbol", &why->no_symbol);
    hg_json_open(w, "callees", '[', false);
    for (i = 0; i < why->edge_count; i++) {
        const struct hg_history_blame_edge *e = &why->edges[i];
        hg_json_open(w, NULL, '{', true);
        hg_render_history_json_text(w, "name", e->name);
        hg_render_history_json_text(w, "object", e->object);
        hg_render_history_json_text(w, "file", e->file);
        hg_json_text(w, "status", edge_status(e));
        json_part(w, "calls", &e->calls);
        hg_render_history_json_pair(w, &e->ir);
        hg_json_close(w);
    }
    hg_json_close(w);
    hg_json_close(w);
}

void hg_render_history_blame_json(FILE *out,
                                  const struct hg_history_blame *blame)
{
    struct hg_json w = { .out = out };
    size_t i, j;
    hg_json_open(&w, NULL, '{', false);
    hg_json_open(&w, "series", '[', false);
    for (i = 0; i < blame->count; i++) {
        const struct hg_history_blame_series *s = &blame->series[i];
        static const char *const keys[] = {
            "benchmark", "arch", "branch", "name", "object", "file",
            "metric",
        };
        const char *const values[] = {
            s->benchmark, s->arch, s->branch, s->name, s->object, s->file,
            s->metric,
        };
        size_t k;
        hg_json_open(&w, NULL, '{', false);
        for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
            hg_render_history_json_text(&w, keys[k], values[k]);
        hg_json_count(&w, "runs", s->runs);
        hg_json_open(&w, "first", '{', true);
        hg_render_history_json_text(&w, "commit", s->first_sha);
        hg_render_history_json_text(&w, "time", s->first_time);
        hg_json_count_or_null(&w, "value", s->first_has_value,
                              s->first_value);
        hg_json_close(&w);
        hg_json_open(&w, "changes", '[', false);
        for (j = 0; j < s->count; j++) {
            const struct hg_history_blame_change *c = &s->changes[j];
            hg_json_open(&w, NULL, '{', false);
            hg_render_history_json_text(&w, "commit", c->sha);
            hg_render_history_json_text(&w, "time", c->time);
            hg_render_history_json_text(&w, "base-commit", c->before_sha);
            hg_render_history_json_pair(&w, &c->value);
            if (c->explained)
                json_why(&w, &c->why);
            else
                hg_json_null(&w, "explained-by");
            hg_json_close(&w);
        }
        hg_json_close(&w);
        hg_json_close(&w);
    }
    hg_json_close(&w);
    hg_json_close(&w);
}
