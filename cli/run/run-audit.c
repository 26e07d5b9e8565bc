/* hotgrind run --repeat and --perturb: what the reports of several runs
   of one benchmark say about its stability (docs/manual.md, "Qualifying
   a benchmark for CI"), as a struct run_audit; render/run-audit.c
   prints it.  GPL-2.0-or-later; part of hotgrind. */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/diff.h"
#include "report/load.h"
#include "report/report.h"
#include "run/run-audit.h"
#include "util/messages.h"
#include "util/xalloc.h"

/* The functions that read a clock, as the reports name them (glibc 2.36
   and the vDSO's). */
static const char *const clock_functions[] = {
    "clock_gettime", "__clock_gettime", "__clock_gettime64",
    "__vdso_clock_gettime", "gettimeofday", "__gettimeofday",
    "__vdso_gettimeofday", "time", "__vdso_time", "clock",
    "timespec_get", NULL
};

/* REPORT, loaded from PATH and kept by AUDIT (what its entries point
   into); NULL (after one line) when it cannot be read. */
static struct hg_report *load_kept(struct run_audit *audit, const char *path)
{
    struct hg_report *report = hg_load_report(path);
    if (report == NULL)
        return NULL;
    audit->reports = hg_xrealloc(audit->reports, audit->report_count + 1,
                                 sizeof *audit->reports);
    audit->reports[audit->report_count++] = report;
    return report;
}

static struct run_audit_cause *add_cause(struct run_audit *audit,
                                         enum run_audit_cause_kind kind)
{
    struct run_audit_cause *cause;
    audit->causes = hg_xrealloc(audit->causes, audit->cause_count + 1,
                                sizeof *audit->causes);
    cause = &audit->causes[audit->cause_count++];
    memset(cause, 0, sizeof *cause);
    cause->kind = kind;
    return cause;
}

static bool same_exit(const struct hg_exit *a, const struct hg_exit *b)
{
    return a->how == b->how && a->status == b->status
           && a->signal == b->signal;
}

/* Whether the program of REPORT (at PATH; WHICH says which run it was)
   exited 0; else false after one line naming how it ended.  A failing
   benchmark is not qualified however alike its runs: its reports may
   not hold whole runs, and diff and check refuse them. */
static bool exited_zero(const char *path, const struct hg_report *report,
                        const char *which)
{
    char ended[64];
    if (hg_exit_is_clean(&report->exit))
        return true;
    hg_describe_exit(&report->exit, ended, sizeof ended);
    hg_problem(path, "its program %s%s (%s): a benchmark that does not "
               "exit 0 is not qualified", report->exit.how
               == HG_ENDED_BY_STATUS ? "exited with " : "was ", ended, which);
    return false;
}

/* When A and B ended differently, the cause that says so, first. */
static bool add_exit_cause(struct run_audit *audit, const struct hg_report *a,
                           const struct hg_report *b)
{
    struct run_audit_cause *cause;
    if (same_exit(&a->exit, &b->exit))
        return false;
    cause = add_cause(audit, RUN_CAUSE_EXIT);
    cause->exits[0] = a->exit;
    cause->exits[1] = b->exit;
    return true;
}

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

/* The differing functions of AUDIT's diff, with the first figure of each
   that differs. */
static void find_changes(struct run_audit *audit)
{
    const struct hg_diff *diff = &audit->diff;
    size_t r, v;
    audit->changes = hg_xcalloc(diff->row_count ? diff->row_count : 1,
                                sizeof *audit->changes);
    for (r = 0; r < diff->row_count; r++) {
        const struct hg_diff_row *row = &diff->rows[r];
        const struct hg_function *f = hg_diff_row_function(row);
        struct run_audit_change *change;
        if (f == NULL)
            continue;
        change = &audit->changes[audit->change_count++];
        change->name = f->name;
        change->object = f->object;
        change->only_first = row->status == HG_DIFF_REMOVED;
        change->only_other = row->status == HG_DIFF_ADDED;
        for (v = 0; v < row->value_count; v++)
            if (hg_diff_value_differs(&row->values[v])) {
                change->metric = row->values[v].metric->name;
                change->first = row->values[v].base;
                change->other = row->values[v].head;
                break;
            }
    }
}

/* Field by field: the structure has padding. */
static bool same_event(const struct hg_event *a, const struct hg_event *b)
{
    return a->ir == b->ir && a->thread == b->thread && a->kind == b->kind
           && a->child == b->child && a->mutex == b->mutex
           && a->cond == b->cond && a->waited == b->waited;
}

/* How the threads and thread events of A and B differ. */
static void find_thread_differences(struct run_audit_threads *t,
                                    const struct hg_report *a,
                                    const struct hg_report *b)
{
    size_t i, e;
    t->first_count = a->thread_count;
    t->other_count = b->thread_count;
    t->differ = a->thread_count != b->thread_count;
    for (i = 0; i < a->thread_count && i < b->thread_count; i++)
        if (a->threads[i].ir != b->threads[i].ir
            || a->threads[i].sync_ir != b->threads[i].sync_ir) {
            t->thread_differs = t->differ = true;
            t->thread_id = a->threads[i].id;
            t->first_ir = a->threads[i].ir;
            t->other_ir = b->threads[i].ir;
            break;
        }
    for (e = 0; e < a->event_count && e < b->event_count; e++)
        if (!same_event(&a->events[e], &b->events[e]))
            break;
    t->first_events = a->event_count;
    t->other_events = b->event_count;
    if (e < a->event_count || e < b->event_count) {
        t->events_differ = t->differ = true;
        t->event = e;
        if (e < a->event_count && e < b->event_count) {
            t->first_event = &a->events[e];
            t->other_event = &b->events[e];
        }
    }
}

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

/* A cause for each input A and B read unpinned (<inputs>): A's, then
   those only B has, by kind (random, clock, CPU count).  Returns how
   many there are. */
static size_t find_input_causes(struct run_audit *audit,
                                const struct hg_report *a,
                                const struct hg_report *b)
{
    size_t found = 0, r, i;
    int kind;

    for (kind = 0; kind < HG_INPUT_KINDS; kind++)
        for (r = 0; r < 2; r++) {
            const struct hg_report *report = r == 0 ? a : b;
            for (i = 0; i < report->input_count; i++) {
                const struct hg_input *input = &report->inputs[i];
                if ((int)input->kind != kind || input->pinned
                    || (r == 1 && has_input(a, input)))
                    continue;
                add_cause(audit, RUN_CAUSE_INPUT)->input = input;
                found++;
            }
        }
    return found;
}

/* The likely causes, with their evidence.  Reports that say what the
   program read (<inputs>) name the unpinned inputs, and the clock only
   when it was read unpinned; older ones are judged by the functions
   that ran. */
static void find_causes(struct run_audit *audit, const struct hg_report *a,
                        const struct hg_report *b)
{
    const struct hg_diff *diff = &audit->diff;
    bool tracked = hg_report_tracks_inputs(a) || hg_report_tracks_inputs(b);
    const struct hg_function *clock = tracked ? NULL : clock_reader(a);
    struct run_audit_cause *cause;
    size_t unpinned = 0, environment = 0, d;
    bool ended_otherwise = add_exit_cause(audit, a, b);
    if (clock == NULL && !tracked)
        clock = clock_reader(b);
    /* The diff names the program's ending among the ways the runs were
       measured; it is the program's doing, which the exit cause says. */
    audit->environment = hg_xcalloc(diff->difference_count
                                    ? diff->difference_count : 1,
                                    sizeof *audit->environment);
    for (d = 0; d < diff->difference_count; d++)
        if (strcmp(diff->differences[d].what, "exit") != 0)
            audit->environment[environment++] = diff->differences[d];
    if (environment > 0) {
        cause = add_cause(audit, RUN_CAUSE_ENVIRONMENT);
        cause->differences = audit->environment;
        cause->difference_count = environment;
    }
    if (tracked)
        unpinned = find_input_causes(audit, a, b);
    if (clock != NULL)
        add_cause(audit, RUN_CAUSE_CLOCK_CALL)->function = clock;
    if (a->thread_count > 1 || b->thread_count > 1) {
        cause = add_cause(audit, RUN_CAUSE_THREADS);
        cause->threads = a->thread_count > b->thread_count
                         ? a->thread_count : b->thread_count;
        cause->threads_differ = audit->threads.differ;
    }
    if (!ended_otherwise && environment == 0 && clock == NULL
        && unpinned == 0 && a->thread_count <= 1 && b->thread_count <= 1)
        add_cause(audit, RUN_CAUSE_UNKNOWN)->tracked = tracked;
}

int run_audit_repeat(struct run_audit *audit, const char *const *paths,
                     size_t count)
{
    size_t k = first_different(paths, count);
    struct hg_report *a, *b = NULL;
    char which[64];

    *audit = (struct run_audit){ .runs = count, .differing = k,
                                 .status = HG_EXIT_TROUBLE };
    if (k == SIZE_MAX)
        return audit->status;
    if ((a = load_kept(audit, paths[0])) == NULL
        || (k < count && (b = load_kept(audit, paths[k])) == NULL))
        return audit->status;
    /* Runs that end alike but not with 0 are refused; runs that end
       otherwise are the difference the verdict names. */
    snprintf(which, sizeof which, k < count ? "runs 1 and %zu of %zu"
             : "all %zu runs", k < count ? k + 1 : count, count);
    if ((b == NULL || same_exit(&a->exit, &b->exit))
        && !exited_zero(paths[0], a, which))
        return audit->status;
    if (k == count)
        return audit->status = HG_EXIT_OK;
    audit->paths[0] = hg_xstrdup(paths[0]);
    audit->paths[1] = hg_xstrdup(paths[k]);
    hg_diff_reports(a, b, &audit->diff);
    audit->has_diff = true;
    find_changes(audit);
    find_thread_differences(&audit->threads, a, b);
    find_causes(audit, a, b);
    return audit->status = HG_EXIT_JUDGED;
}

/* ----------------------------------------------------------- --perturb */

static void see(struct run_audit_mover *m, uint64_t ir)
{
    if (ir < m->low)
        m->low = ir;
    if (ir > m->high)
        m->high = ir;
}

/* The mover of F (matched by name and object), added if new. */
static struct run_audit_mover *mover_of(struct run_audit *audit,
                                        const struct hg_function *f,
                                        uint64_t ir)
{
    size_t i;
    for (i = 0; i < audit->mover_count; i++)
        if (strcmp(audit->movers[i].name, f->name) == 0
            && strcmp(audit->movers[i].object, f->object) == 0)
            return &audit->movers[i];
    audit->movers = hg_xrealloc(audit->movers, audit->mover_count + 1,
                                sizeof *audit->movers);
    audit->movers[audit->mover_count] =
        (struct run_audit_mover){ f->name, f->object, ir, ir, 0 };
    return &audit->movers[audit->mover_count++];
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
static int find_reference_inputs(struct run_audit *audit)
{
    struct hg_report *a, *b;
    if ((a = load_kept(audit, audit->paths[0])) == NULL
        || (b = load_kept(audit, audit->paths[1])) == NULL)
        return HG_EXIT_TROUBLE;
    if (!add_exit_cause(audit, a, b)
        && !exited_zero(audit->paths[0], a, "both runs of the reference"))
        return HG_EXIT_TROUBLE;
    if (hg_report_tracks_inputs(a) || hg_report_tracks_inputs(b))
        find_input_causes(audit, a, b);
    return HG_EXIT_JUDGED;
}

/* How many functions move from BASE to HEAD, the report of perturbed
   run K (RUN); each one's mover is added or widened. */
static size_t compare_run(struct run_audit *audit,
                          const struct hg_report *base,
                          const struct hg_report *head,
                          const struct hg_perturbed_run *run, unsigned k)
{
    struct hg_diff diff;
    size_t r, moved = 0;
    hg_diff_reports(base, head, &diff);
    for (r = 0; r < diff.row_count; r++) {
        const struct hg_diff_row *row = &diff.rows[r];
        struct run_audit_mover *m;
        const struct hg_function *f = hg_diff_row_function(row);
        if (f == NULL
            || (run->startup_reads_it && is_startup_object(f->object)))
            continue;
        m = mover_of(audit,
                     row->in_base ? row->base.function : row->head.function,
                     row->in_base ? row->base.function->self_ir : 0);
        see(m, row->in_base ? row->base.function->self_ir : 0);
        see(m, row->in_head ? row->head.function->self_ir : 0);
        m->moved_by |= 1u << k;
        moved++;
    }
    hg_diff_free(&diff);
    return moved;
}

int run_audit_perturb(struct run_audit *audit, const char *reference,
                      const char *reference_again,
                      const struct hg_perturbed_run *runs, size_t count)
{
    struct hg_report *base, *head;
    size_t k;

    *audit = (struct run_audit){
        .perturb = true, .runs = count, .status = HG_EXIT_TROUBLE,
        .paths = { hg_xstrdup(reference), hg_xstrdup(reference_again) } };
    /* A count that moves by itself would be blamed on every
       perturbation. */
    k = first_different((const char *const *)audit->paths, 2);
    if (k == SIZE_MAX)
        return audit->status;
    if (k == 1) {
        audit->reference_differs = true;
        return audit->status = find_reference_inputs(audit);
    }
    if ((base = load_kept(audit, reference)) == NULL
        || !exited_zero(reference, base, "both runs of the reference"))
        return audit->status;
    audit->compared = true;
    audit->perturbed = hg_xcalloc(count ? count : 1,
                                  sizeof *audit->perturbed);
    for (k = 0; k < count; k++) {
        if ((head = load_kept(audit, runs[k].path)) == NULL
            || !exited_zero(runs[k].path, head, runs[k].label))
            return audit->status;
        audit->perturbed[k].label = hg_xstrdup(runs[k].label);
        audit->perturbed[k].moved = compare_run(audit, base, head, &runs[k],
                                                (unsigned)k);
        audit->perturbed_count++;
    }
    return audit->status = audit->mover_count > 0 ? HG_EXIT_JUDGED
                                                  : HG_EXIT_OK;
}

void run_audit_free(struct run_audit *audit)
{
    size_t i;
    if (audit->has_diff)
        hg_diff_free(&audit->diff);
    for (i = 0; i < audit->report_count; i++)
        hg_report_free(audit->reports[i]);
    for (i = 0; i < audit->perturbed_count; i++)
        free(audit->perturbed[i].label);
    hg_free_each(audit->reports, audit->changes, audit->causes,
                 audit->environment, audit->perturbed, audit->movers,
                 audit->paths[0], audit->paths[1]);
    memset(audit, 0, sizeof *audit);
}
