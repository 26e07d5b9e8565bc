/* hotgrind run --repeat and --perturb: what the reports of several runs
   of one benchmark say about its stability (docs/manual.md, "Qualifying
   a benchmark for CI").  GPL-2.0-or-later; part of hotgrind. */

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compare/diff.h"
#include "render/text.h"
#include "report/load.h"
#include "report/report.h"
#include "run/run-audit.h"
#include "util/messages.h"
#include "util/number.h"
#include "util/xalloc.h"
#include "xml/xml-text.h"

/* How many differing functions a verdict names. */
#define SHOWN_ROWS 10

/* The functions that read a clock, as the reports name them (glibc 2.36
   and the vDSO's). */
static const char *const clock_functions[] = {
    "clock_gettime", "__clock_gettime", "__clock_gettime64",
    "__vdso_clock_gettime", "gettimeofday", "__gettimeofday",
    "__vdso_gettimeofday", "time", "__vdso_time", "clock",
    "timespec_get", NULL
};

/* ------------------------------------------------------------ --repeat */

static char *read_whole(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    char *data = NULL;
    size_t used = 0, room = 0, got;
    if (file == NULL)
        return NULL;
    do {
        if (used == room) {
            room = room ? room * 2 : 65536;
            data = hg_xrealloc(data, room, 1);
        }
        got = fread(data + used, 1, room - used, file);
        used += got;
    } while (got > 0);
    fclose(file);
    *size = used;
    return data;
}

/* The index of the first of the COUNT reports at PATHS that is not
   byte for byte the first one; COUNT when none; SIZE_MAX (after one
   line) when one cannot be read. */
static size_t first_different(const char *const *paths, size_t count)
{
    char *first, *other = NULL;
    size_t first_size, other_size = 0, k;

    if ((first = read_whole(paths[0], &first_size)) == NULL) {
        hg_problem(paths[0], "cannot read it: %s", strerror(errno));
        return SIZE_MAX;
    }
    for (k = 1; k < count; k++) {
        free(other);
        if ((other = read_whole(paths[k], &other_size)) == NULL) {
            hg_problem(paths[k], "cannot read it: %s", strerror(errno));
            k = SIZE_MAX;
            break;
        }
        if (other_size != first_size
            || memcmp(first, other, first_size) != 0)
            break;
    }
    free(first);
    free(other);
    return k;
}

/* The first clock-reading function of REPORT, or NULL.  A name may carry
   its symbol version ("clock_gettime@@GLIBC_2.17"). */
static const struct hg_function *clock_reader(const struct hg_report *report)
{
    size_t f, c;
    for (f = 0; f < report->function_count; f++) {
        const char *name = report->functions[f].name;
        size_t length = strcspn(name, "@");
        for (c = 0; clock_functions[c] != NULL; c++)
            if (strlen(clock_functions[c]) == length
                && strncmp(name, clock_functions[c], length) == 0)
                return &report->functions[f];
    }
    return NULL;
}

/* The first figure of ROW that differs, as "Ir 1,234 -> 2,345". */
static void print_row_change(const struct hg_diff_row *row)
{
    char base[HG_COUNT_TEXT_SIZE], head[HG_COUNT_TEXT_SIZE];
    size_t v;
    for (v = 0; v < row->value_count; v++)
        if (hg_diff_value_differs(&row->values[v]))
            break;
    if (v == row->value_count) {
        printf("  %s\n", row->status == HG_DIFF_ADDED ? "(only in the later run)"
                         : "(only in the first run)");
        return;
    }
    printf("  %s %s -> %s%s\n", row->values[v].metric->name,
           hg_format_count(row->values[v].base, base),
           hg_format_count(row->values[v].head, head),
           row->status == HG_DIFF_ADDED ? " (only in the later run)"
           : row->status == HG_DIFF_REMOVED ? " (only in the first run)" : "");
}

/* Prints the differing functions of DIFF; returns how many differ. */
static size_t print_functions(const struct hg_diff *diff)
{
    size_t r, shown = 0, functions = 0;
    for (r = 0; r < diff->row_count; r++) {
        const struct hg_function *f = hg_diff_row_function(&diff->rows[r]);
        if (f == NULL)
            continue;
        if (functions++ == 0)
            printf("Functions that differ (first run -> this run):\n");
        if (shown < SHOWN_ROWS) {
            printf("  %s (%s)", f->name, f->object);
            print_row_change(&diff->rows[r]);
            shown++;
        }
    }
    if (functions > shown)
        printf("  ... and %zu more\n", functions - shown);
    return functions;
}

/* Field by field: the structure has padding. */
static bool same_event(const struct hg_event *a, const struct hg_event *b)
{
    return a->ir == b->ir && a->thread == b->thread && a->kind == b->kind
           && a->child == b->child && a->mutex == b->mutex
           && a->cond == b->cond && a->waited == b->waited;
}

/* Prints how the threads and thread events of A and B differ; returns
   whether they do. */
static bool print_threads(const struct hg_report *a, const struct hg_report *b)
{
    char x[HG_COUNT_TEXT_SIZE], y[HG_COUNT_TEXT_SIZE];
    bool differ = false;
    size_t t, e;
    if (a->thread_count != b->thread_count) {
        printf("Threads: %zu -> %zu\n", a->thread_count, b->thread_count);
        differ = true;
    }
    for (t = 0; t < a->thread_count && t < b->thread_count; t++)
        if (a->threads[t].ir != b->threads[t].ir
            || a->threads[t].sync_ir != b->threads[t].sync_ir) {
            printf("Thread %u: Ir %s -> %s\n", a->threads[t].id,
                   hg_format_count(a->threads[t].ir, x),
                   hg_format_count(b->threads[t].ir, y));
            differ = true;
            break;
        }
    for (e = 0; e < a->event_count && e < b->event_count; e++)
        if (!same_event(&a->events[e], &b->events[e]))
            break;
    if (e < a->event_count || e < b->event_count) {
        if (e < a->event_count && e < b->event_count)
            printf("Thread events: the first difference is event %zu "
                   "(thread %u %s at Ir %s -> thread %u %s at Ir %s)\n",
                   e + 1, a->events[e].thread,
                   hg_event_kind_name(a->events[e].kind),
                   hg_format_count(a->events[e].ir, x), b->events[e].thread,
                   hg_event_kind_name(b->events[e].kind),
                   hg_format_count(b->events[e].ir, y));
        else
            printf("Thread events: %zu -> %zu\n", a->event_count,
                   b->event_count);
        differ = true;
    }
    return differ;
}

/* How many unpinned inputs the causes name at most; hotgrind show lists
   them all. */
#define SHOWN_INPUTS 5

/* Whether REPORT has INPUT's row (the same kind, source, function and
   object). */
static bool has_input(const struct hg_report *report,
                      const struct hg_input *input)
{
    size_t i;
    for (i = 0; i < report->input_count; i++)
        if (hg_same_input(&report->inputs[i], input))
            return true;
    return false;
}

/* "SOURCE from FUNCTION (OBJECT)", the names as a terminal can show
   them. */
static void print_input_place(const struct hg_input *input)
{
    hg_print_clean(stdout, input->source);
    fputs(" from ", stdout);
    hg_print_clean(stdout, input->function);
    fputs(" (", stdout);
    hg_print_clean(stdout, input->object);
    putchar(')');
}

/* The cause line of one unpinned input, with the option that pins it. */
static void print_input_cause(const struct hg_input *input)
{
    char bytes[HG_COUNT_TEXT_SIZE];
    switch (input->kind) {
    case HG_INPUT_RANDOM:
        if (input->has_bytes)
            printf("Likely cause: OS randomness: the program read %s random "
                   "byte%s through ", hg_format_count(input->bytes, bytes),
                   input->bytes == 1 ? "" : "s");
        else
            printf("Likely cause: OS randomness: the program read random "
                   "bytes through ");
        print_input_place(input);
        printf("; --det-random=yes pins them\n");
        break;
    case HG_INPUT_CLOCK:
        printf("Likely cause: a clock read: the program read the clock "
               "through ");
        print_input_place(input);
        printf("; --det-clock=yes (hotgrind run's default) or "
               "--det-sched=yes's virtual time answers it from the "
               "instruction count\n");
        break;
    default:
        printf("Likely cause: the number of CPUs: the program asked "
               "through ");
        print_input_place(input);
        printf("; --cpus=N pins it\n");
        break;
    }
}

/* The cause lines of the inputs A and B read unpinned (<inputs>): A's,
   then those only B has, by kind (random, clock, CPU count), at most
   SHOWN_INPUTS.  Returns how many there are. */
static size_t print_input_causes(const struct hg_report *a,
                                 const struct hg_report *b)
{
    size_t shown = 0, more = 0, found = 0, r, i;
    int kind;

    for (kind = 0; kind < HG_INPUT_KINDS; kind++)
        for (r = 0; r < 2; r++) {
            const struct hg_report *report = r == 0 ? a : b;
            for (i = 0; i < report->input_count; i++) {
                const struct hg_input *input = &report->inputs[i];
                if ((int)input->kind != kind || input->pinned
                    || (r == 1 && has_input(a, input)))
                    continue;
                found++;
                if (shown < SHOWN_INPUTS) {
                    print_input_cause(input);
                    shown++;
                } else {
                    more++;
                }
            }
        }
    if (more > 0)
        printf("  ... and %zu more unpinned input%s (hotgrind show lists "
               "them)\n", more, more == 1 ? "" : "s");
    return found;
}

/* The likely cause, with its evidence.  Reports that say what the
   program read (<inputs>) name the unpinned inputs, and the clock only
   when it was read unpinned; older ones are judged by the functions
   that ran. */
static void print_cause(const struct hg_diff *diff, const struct hg_report *a,
                        const struct hg_report *b, bool threads_differ)
{
    bool tracked = hg_report_tracks_inputs(a) || hg_report_tracks_inputs(b);
    const struct hg_function *clock = tracked ? NULL : clock_reader(a);
    size_t d, unpinned = 0;
    if (clock == NULL && !tracked)
        clock = clock_reader(b);
    if (diff->difference_count > 0) {
        printf("Likely cause: an environment difference: the runs were "
               "measured differently (");
        for (d = 0; d < diff->difference_count; d++)
            printf("%s%s: %s -> %s", d ? "; " : "",
                   diff->differences[d].what, diff->differences[d].base,
                   diff->differences[d].head);
        printf(")\n");
    }
    if (tracked)
        unpinned = print_input_causes(a, b);
    if (clock != NULL)
        printf("Likely cause: a clock read: the program calls %s (%s); "
               "a Valgrind with --det-sched=yes answers it from the "
               "instruction count (virtual time)\n",
               clock->name, clock->object);
    if (a->thread_count > 1 || b->thread_count > 1)
        printf("Likely cause: a thread interleaving: %zu threads%s; a "
               "Valgrind with --det-sched=yes runs them alike\n",
               a->thread_count > b->thread_count ? a->thread_count
                                                 : b->thread_count,
               threads_differ ? ", whose figures differ" : "");
    if (diff->difference_count == 0 && clock == NULL && unpinned == 0
        && a->thread_count <= 1 && b->thread_count <= 1)
        printf(tracked
               ? "Likely cause: unknown: one thread, the same environment, "
                 "every clock, OS randomness and CPU count the program read "
                 "pinned; look for what the functions above read (files, "
                 "the pid)\n"
               : "Likely cause: unknown: no clock read, one thread, the same "
                 "environment; look for what the functions above read "
                 "(files, the pid, random numbers)\n");
}

int hg_audit_repeat(const char *const *paths, size_t count)
{
    size_t k = first_different(paths, count);
    struct hg_report *a, *b;
    struct hg_diff diff;
    bool threads_differ;

    if (k == SIZE_MAX)
        return HG_EXIT_TROUBLE;
    if (k == count) {
        printf("hotgrind run --repeat: %zu runs, byte-identical reports\n",
               count);
        return HG_EXIT_OK;
    }
    if ((a = hg_load_report(paths[0])) == NULL)
        return HG_EXIT_TROUBLE;
    if ((b = hg_load_report(paths[k])) == NULL) {
        hg_report_free(a);
        return HG_EXIT_TROUBLE;
    }
    printf("hotgrind run --repeat: run %zu of %zu gave another report than "
           "run 1 (%s, %s)\n", k + 1, count, paths[k], paths[0]);
    hg_diff_reports(a, b, &diff);
    print_functions(&diff);
    threads_differ = print_threads(a, b);
    print_cause(&diff, a, b, threads_differ);
    hg_diff_free(&diff);
    hg_report_free(a);
    hg_report_free(b);
    return HG_EXIT_JUDGED;
}

/* ----------------------------------------------------------- --perturb */

/* A function that moved under some perturbation. */
struct mover {
    const struct hg_function *function;  /* the reference's, else the
                                            first perturbed report's */
    uint64_t low, high;                  /* self Ir seen, every run */
    unsigned moved_by;                   /* bit i: perturbation i */
};

static void see(struct mover *m, uint64_t ir)
{
    if (ir < m->low)
        m->low = ir;
    if (ir > m->high)
        m->high = ir;
}

/* The mover of F (matched by name and object), added if new. */
static struct mover *mover_of(struct mover **movers, size_t *count,
                              const struct hg_function *f, uint64_t ir)
{
    size_t i;
    for (i = 0; i < *count; i++)
        if (strcmp((*movers)[i].function->name, f->name) == 0
            && strcmp((*movers)[i].function->object, f->object) == 0)
            return &(*movers)[i];
    *movers = hg_xrealloc(*movers, *count + 1, sizeof **movers);
    (*movers)[*count] = (struct mover){ f, ir, ir, 0 };
    return &(*movers)[(*count)++];
}

static void print_policy(const struct mover *movers, size_t count)
{
    uint64_t highest = 0;
    size_t i;
    printf("The policy format cannot leave a function out of the "
           "thresholds; the closest lines bound each one by a budget (its "
           "highest count seen; give it headroom) and set the Ir floor above "
           "them (every smaller row goes unjudged too):\n");
    printf("<policy format=\"1\">\n  <budgets>\n");
    for (i = 0; i < count; i++) {
        printf("    <function pattern=\"");
        hg_print_xml_text(stdout, movers[i].function->object);
        putchar(':');
        hg_print_xml_text(stdout, movers[i].function->name);
        printf("\" metric=\"Ir\" max=\"%llu\"/>\n",
               (unsigned long long)movers[i].high);
        if (movers[i].high > highest)
            highest = movers[i].high;
    }
    printf("  </budgets>\n  <thresholds>\n"
           "    <metric name=\"Ir\" floor-count=\"%llu\"/>\n"
           "  </thresholds>\n</policy>\n",
           (unsigned long long)highest + 1);
}

/* Whether OBJECT is the dynamic loader or the C library. */
static bool is_startup_object(const char *object)
{
    return strncmp(object, "ld-linux", 8) == 0
           || strncmp(object, "ld.so", 5) == 0
           || strncmp(object, "ld64.so", 7) == 0
           || strncmp(object, "libc.so", 7) == 0;
}

/* When the two runs of the reference differ: the inputs they read
   unpinned, which --repeat would name too. */
static int print_reference_inputs(const char *reference,
                                  const char *reference_again)
{
    struct hg_report *a, *b = NULL;
    int status = HG_EXIT_JUDGED;
    if ((a = hg_load_report(reference)) == NULL
        || (b = hg_load_report(reference_again)) == NULL)
        status = HG_EXIT_TROUBLE;
    else if (hg_report_tracks_inputs(a) || hg_report_tracks_inputs(b))
        print_input_causes(a, b);
    hg_report_free(a);
    hg_report_free(b);
    return status;
}

int hg_audit_perturb(const char *reference, const char *reference_again,
                     const struct hg_perturbed_run *runs, size_t count)
{
    const char *references[2] = { reference, reference_again };
    struct hg_report *base, **heads;
    struct mover *movers = NULL;
    size_t mover_count = 0, k, r, p, moved;
    int status = HG_EXIT_OK;

    /* A count that moves by itself would be blamed on every
       perturbation. */
    k = first_different(references, 2);
    if (k == SIZE_MAX)
        return HG_EXIT_TROUBLE;
    if (k == 1) {
        printf("hotgrind run --perturb: two runs of the reference gave "
               "different reports (%s, %s): the counts move without any "
               "perturbation; hotgrind run --repeat tells which and why\n",
               reference, reference_again);
        return print_reference_inputs(reference, reference_again);
    }
    heads = hg_xcalloc(count, sizeof *heads);
    if ((base = hg_load_report(reference)) == NULL) {
        free(heads);
        return HG_EXIT_TROUBLE;
    }
    printf("hotgrind run --perturb: %zu perturbed runs against the "
           "reference run (%s)\n", count, reference);
    for (k = 0; k < count && status == HG_EXIT_OK; k++) {
        struct hg_diff diff;
        if ((heads[k] = hg_load_report(runs[k].path)) == NULL) {
            status = HG_EXIT_TROUBLE;
            break;
        }
        hg_diff_reports(base, heads[k], &diff);
        for (r = 0, moved = 0; r < diff.row_count; r++) {
            const struct hg_diff_row *row = &diff.rows[r];
            struct mover *m;
            const struct hg_function *f = hg_diff_row_function(row);
            if (f == NULL
                || (runs[k].startup_reads_it && is_startup_object(f->object)))
                continue;
            m = mover_of(&movers, &mover_count,
                         row->in_base ? row->base.function
                                      : row->head.function,
                         row->in_base ? row->base.function->self_ir : 0);
            see(m, row->in_base ? row->base.function->self_ir : 0);
            see(m, row->in_head ? row->head.function->self_ir : 0);
            m->moved_by |= 1u << k;
            moved++;
        }
        printf("  %-40s %zu function%s move%s\n", runs[k].label, moved,
               moved == 1 ? "" : "s", moved == 1 ? "s" : "");
        hg_diff_free(&diff);
    }
    if (status == HG_EXIT_OK && mover_count == 0)
        printf("No function's counts depend on where the stack, the heap "
               "or the program's strings are\n");
    if (status == HG_EXIT_OK && mover_count > 0) {
        printf("Functions whose counts depend on addresses (self Ir, lowest "
               "to highest; moved by):\n");
        for (r = 0; r < mover_count; r++) {
            char low[HG_COUNT_TEXT_SIZE], high[HG_COUNT_TEXT_SIZE];
            bool comma = false;
            printf("  %s (%s)  %s .. %s  ", movers[r].function->name,
                   movers[r].function->object,
                   hg_format_count(movers[r].low, low),
                   hg_format_count(movers[r].high, high));
            for (p = 0; p < count; p++)
                if (movers[r].moved_by & 1u << p) {
                    printf("%s%s", comma ? ", " : "", runs[p].label);
                    comma = true;
                }
            putchar('\n');
        }
        print_policy(movers, mover_count);
        status = HG_EXIT_JUDGED;
    }
    free(movers);
    for (k = 0; k < count; k++)
        if (heads[k] != NULL)
            hg_report_free(heads[k]);
    free(heads);
    hg_report_free(base);
    return status;
}
