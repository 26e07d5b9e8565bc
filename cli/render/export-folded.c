/* hotgrind export --format=folded: folded stacks for flame graph tools
   (flamegraph.pl, speedscope), docs/export.md.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>

#include "render/export.h"
#include "render/flamegraph.h"
#include "report/report.h"

/* Without contexts: "OBJECT;FUNCTION SELF", one line per function whose
   figure is not 0, in the report's order: the only nesting that is true
   is that of functions in objects.  Marked functions and zones add
   nothing: their inclusive costs are other functions' self costs, already
   counted.  With contexts, flamegraph.c writes the stacks. */
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
        uint64_t value = hg_flame_function_self(metric, f);
        if (value == 0)
            continue;
        hg_folded_frame(out, f->object);
        fputc(';', out);
        hg_folded_frame(out, f->name);
        fprintf(out, " %" PRIu64 "\n", value);
    }
}
