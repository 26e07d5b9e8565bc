/* hotgrind: `hotgrind history bisect` as text.  GPL-2.0-or-later; part of
   hotgrind. */

#include <inttypes.h>
#include <string.h>

#include "render/history-bisect.h"
#include "render/text.h"

/* A figure as a word: the value, or "absent". */
static void print_figure(FILE *out, const struct hg_bisect_figure *f)
{
    if (f->present)
        fprintf(out, "%" PRIu64, f->value);
    else
        fputs("absent", out);
}

/* PARTS in turn as written (even ones) and as names that may hold
   anything, cleaned for a terminal (odd ones). */
static void print_parts(FILE *out, const char *const *parts, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++) {
        if (i % 2 == 0)
            fputs(parts[i], out);
        else
            hg_print_clean(out, parts[i]);
    }
}

void hg_render_history_bisect_plan(FILE *out,
                                   const struct hg_bisect_plan *plan)
{
    const char *parts[] = {
        "bisect: ", plan->name, " (", plan->object,
        plan->file[0] != '\0' ? ", " : "", plan->file, ") ", plan->metric,
        ", benchmark ", plan->benchmark, " on ", plan->arch, ", branch ",
        plan->branch[0] != '\0' ? plan->branch : "(none)",
    };
    size_t steps = 0;
    print_parts(out, parts, sizeof parts / sizeof parts[0]);
    fprintf(out, "\ngood %s  ", plan->good);
    print_figure(out, &plan->good_figure);
    fprintf(out, "\nbad  %s  ", plan->bad);
    print_figure(out, &plan->bad_figure);
    /* Each step halves the candidates, rounding up. */
    while (((size_t)1 << steps) < plan->count)
        steps++;
    fprintf(out, "\n%zu commit%s after good up to bad: at most %zu step%s\n",
            plan->count, plan->count == 1 ? "" : "s", steps,
            steps == 1 ? "" : "s");
}

void hg_render_history_bisect_step(FILE *out,
                                   const struct hg_bisect_plan *plan,
                                   const struct hg_bisect_step *step)
{
    fprintf(out, "step %zu: %s (%zu of %zu), %s, ", step->number,
            step->commit, step->position, plan->count,
            step->built ? "built" : "recorded");
    print_figure(out, &step->figure);
    fprintf(out, ", %s, %zu left\n", step->changed ? "bad" : "good",
            step->left);
}

void hg_render_history_bisect_found(FILE *out,
                                    const struct hg_bisect_result *result)
{
    const struct hg_bisect_figure *before = &result->before_figure;
    const struct hg_bisect_figure *after = &result->after_figure;

    fprintf(out, "first changed: %s\n  before %s  ", result->first,
            result->before);
    print_figure(out, before);
    fputs("\n  after  ", out);
    print_figure(out, after);
    if (before->present && after->present) {
        uint64_t change = after->value >= before->value
                          ? after->value - before->value
                          : before->value - after->value;
        char sign = after->value >= before->value ? '+' : '-';
        fprintf(out, "  %c%" PRIu64, sign, change);
        if (before->value != 0)
            fprintf(out, " (%c%.2f%%)", sign,
                    (double)change * 100.0 / (double)before->value);
    } else {
        fputs(after->present ? "  new" : "  gone", out);
    }
    fprintf(out, "\n%zu step%s, %zu built\n", result->steps,
            result->steps == 1 ? "" : "s", result->builds);
}
