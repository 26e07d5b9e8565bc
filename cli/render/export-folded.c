/* hotgrind export --format=folded: folded stacks for flame graph tools
   (flamegraph.pl, speedscope), docs/export.md.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdlib.h>

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

void hg_write_folded_contexts(FILE *out, const struct hg_report *report,
                              const struct hg_flame_metric *metric)
{
    char **names = hg_frame_names(report);
    /* The open path of the pre-order walk: context indexes. */
    size_t *path = hg_xcalloc(report->context_count + 1, sizeof *path);
    size_t depth = 0, i, d;
    uint64_t value = hg_flame_figure(metric, report->outside_ir,
                                     &report->outside_cache,
                                     &report->outside_heap);

    if (value != 0)
        fprintf(out, "[outside] %" PRIu64 "\n", value);
    for (i = 0; i < report->context_count; i++) {
        const struct hg_context *c = &report->contexts[i];
        /* The rules make the parent open on the path. */
        while (depth > 0 && path[depth - 1] != c->parent)
            depth--;
        path[depth++] = i;
        value = hg_flame_figure(metric, c->self_ir, &c->self_cache,
                                &c->self_heap);
        if (value == 0)
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
    free(path);
    hg_frame_names_free(names, report->function_count);
}

/* Without contexts: "OBJECT;FUNCTION SELF", one line per function whose
   figure is not 0, in the report's order: the only nesting that is true
   is that of functions in objects.  Marked functions and zones add
   nothing: their inclusive costs are other functions' self costs, already
   counted.  With contexts, the stacks of the contexts. */
void hg_export_folded(FILE *out, const struct hg_report *r,
                      const struct hg_flame_metric *metric)
{
    size_t i;
    if (r->has_contexts) {
        hg_write_folded_contexts(out, r, metric);
        return;
    }
    for (i = 0; i < r->function_count; i++) {
        const struct hg_function *f = &r->functions[i];
        uint64_t value = hg_flame_figure(metric, f->self_ir, &f->self_cache,
                                         &f->heap);
        if (value == 0)
            continue;
        hg_folded_frame(out, f->object);
        fputc(';', out);
        hg_folded_frame(out, f->name);
        fprintf(out, " %" PRIu64 "\n", value);
    }
}
