/* hotgrind export --format=folded: folded stacks for flame graph tools
   (flamegraph.pl, speedscope), docs/export.md.
   GPL-2.0-or-later; part of hotgrind. */

/* Each context's line holds its whole stack, so the output grows with
   the sum of the contexts' depths: a recursion as deep as the cap on
   contexts (100,000) makes a file of billions of lines' frames.  So the
   same walk that writes the lines can count their bytes without writing
   them, in time proportional to the report (the bytes of a context's
   stack are its parent's plus its own frame), and export refuses an
   output over its bound before writing any. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "render/export.h"
#include "report/contexts.h"
#include "report/report.h"
#include "util/xalloc.h"

void hg_folded_frame(FILE *out, const char *text)
{
    for (; *text; text++) {
        unsigned char c = (unsigned char)*text;
        fputc(c < 0x20 || c == 0x7f || c == ';' ? '?' : c, out);
    }
}

/* The bytes of " VALUE\n", the end of every line. */
static uint64_t line_end_bytes(uint64_t value)
{
    return (uint64_t)snprintf(NULL, 0, " %" PRIu64 "\n", value);
}

/* The folded lines of REPORT's contexts (hg_write_folded_contexts), on
   OUT, or only counted when OUT is NULL; returns their bytes. */
static uint64_t folded_contexts(FILE *out, const struct hg_report *report,
                                const struct hg_flame_metric *metric)
{
    char **names = hg_frame_names(report);
    /* The open path of the pre-order walk: context indexes, and the
       bytes of the stack down to each ("main;work" is 9). */
    size_t *path = hg_xcalloc(report->context_count + 1, sizeof *path);
    uint64_t *stack_bytes = hg_xcalloc(report->context_count + 1,
                                       sizeof *stack_bytes);
    size_t depth = 0, i, d;
    uint64_t bytes = 0;
    uint64_t value = hg_flame_figure(metric, report->outside_ir,
                                     &report->outside_cache,
                                     &report->outside_heap);

    if (value != 0) {
        bytes += sizeof "[outside]" - 1 + line_end_bytes(value);
        if (out != NULL)
            fprintf(out, "[outside] %" PRIu64 "\n", value);
    }
    for (i = 0; i < report->context_count; i++) {
        const struct hg_context *c = &report->contexts[i];
        /* The rules make the parent open on the path. */
        while (depth > 0 && path[depth - 1] != c->parent)
            depth--;
        stack_bytes[depth] = (depth > 0 ? stack_bytes[depth - 1] + 1 : 0)
                             + strlen(names[c->function]);
        path[depth++] = i;
        value = hg_flame_figure(metric, c->self_ir, &c->self_cache,
                                &c->self_heap);
        if (value == 0)
            continue;
        bytes += (report->contexts[path[0]].truncated
                  ? sizeof "[truncated];" - 1 : 0)
                 + stack_bytes[depth - 1] + line_end_bytes(value);
        if (out == NULL)
            continue;
        if (report->contexts[path[0]].truncated)
            fputs("[truncated];", out);
        for (d = 0; d < depth; d++) {
            if (d > 0)
                fputc(';', out);
            hg_folded_frame(out, names[report->contexts[path[d]].function]);
        }
        fprintf(out, " %" PRIu64 "\n", value);
    }
    free(stack_bytes);
    free(path);
    hg_frame_names_free(names, report->function_count);
    return bytes;
}

void hg_write_folded_contexts(FILE *out, const struct hg_report *report,
                              const struct hg_flame_metric *metric)
{
    folded_contexts(out, report, metric);
}

/* Without contexts: "OBJECT;FUNCTION SELF", one line per function whose
   figure is not 0, in the report's order: the only nesting that is true
   is that of functions in objects.  Marked functions and zones add
   nothing: their inclusive costs are other functions' self costs, already
   counted.  With contexts, the stacks of the contexts.  On OUT, or only
   counted when OUT is NULL; returns the bytes. */
static uint64_t folded(FILE *out, const struct hg_report *r,
                       const struct hg_flame_metric *metric)
{
    uint64_t bytes = 0;
    size_t i;
    if (r->has_contexts)
        return folded_contexts(out, r, metric);
    for (i = 0; i < r->function_count; i++) {
        const struct hg_function *f = &r->functions[i];
        uint64_t value = hg_flame_figure(metric, f->self_ir, &f->self_cache,
                                         &f->heap);
        if (value == 0)
            continue;
        bytes += strlen(f->object) + 1 + strlen(f->name)
                 + line_end_bytes(value);
        if (out == NULL)
            continue;
        hg_folded_frame(out, f->object);
        fputc(';', out);
        hg_folded_frame(out, f->name);
        fprintf(out, " %" PRIu64 "\n", value);
    }
    return bytes;
}

void hg_export_folded(FILE *out, const struct hg_report *r,
                      const struct hg_flame_metric *metric)
{
    folded(out, r, metric);
}

uint64_t hg_folded_bytes(const struct hg_report *r,
                         const struct hg_flame_metric *metric)
{
    return folded(NULL, r, metric);
}
