/* hotgrind run --repeat and --perturb: what the reports of several runs
   of one benchmark say about its stability, as a struct run_audit that
   render/run-audit.c prints.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RUN_AUDIT_H
#define HOTGRIND_RUN_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compare/diff.h"
#include "report/report.h"

/* The most runs --repeat takes: each is a whole run under Valgrind. */
#define HG_AUDIT_MAX_REPEAT 100

/* One function whose figures differ between the first run and the
   other: the first of its figures that differs, or none when it is in
   one run only and every figure it has there is 0. */
struct run_audit_change {
    const char *name, *object;
    const char *metric;          /* NULL when no figure differs */
    uint64_t first, other;       /* the metric's figure in each run */
    bool only_first, only_other; /* the function ran in one run only */
};

/* How the threads and thread events of the two runs differ. */
struct run_audit_threads {
    size_t first_count, other_count;     /* threads */
    /* The first thread, by position, whose Ir or sync Ir differs. */
    bool thread_differs;
    unsigned thread_id;
    uint64_t first_ir, other_ir;
    /* The first event that differs, when both runs have one there
       (EVENT its index); else, when the event counts differ, only
       those. */
    bool events_differ;
    size_t event;
    const struct hg_event *first_event, *other_event;
    size_t first_events, other_events;
    bool differ;                         /* any of the above */
};

enum run_audit_cause_kind {
    RUN_CAUSE_EXIT,              /* the program ended differently */
    RUN_CAUSE_ENVIRONMENT,       /* the runs were measured differently */
    RUN_CAUSE_INPUT,             /* an input read unpinned (<inputs>) */
    RUN_CAUSE_CLOCK_CALL,        /* a report without <inputs>: a clock
                                    function ran */
    RUN_CAUSE_THREADS,           /* more than one thread */
    RUN_CAUSE_UNKNOWN            /* none of the above */
};

/* A likely cause and its evidence. */
struct run_audit_cause {
    enum run_audit_cause_kind kind;
    /* EXIT: how the program ended in the first run and in the other. */
    struct hg_exit exits[2];
    /* ENVIRONMENT: how the runs were measured differently (the diff's
       differences but the program's ending, which EXIT names). */
    const struct hg_diff_difference *differences;
    size_t difference_count;
    const struct hg_input *input;        /* INPUT */
    const struct hg_function *function;  /* CLOCK_CALL */
    size_t threads;                      /* THREADS: the larger count */
    bool threads_differ;                 /* THREADS: their figures too */
    bool tracked;                        /* UNKNOWN: the reports list
                                            what the program read */
};

/* One perturbed run of --perturb, compared with the reference. */
struct run_audit_perturbed {
    char *label;                 /* what was changed, for people */
    size_t moved;                /* functions whose figures moved */
};

/* A function whose self Ir moved under some perturbation. */
struct run_audit_mover {
    const char *name, *object;
    uint64_t low, high;          /* self Ir seen, every run (0 where it
                                    did not run) */
    unsigned moved_by;           /* bit i: perturbed run i */
};

/* The audit of --repeat or --perturb.  A report that cannot be read,
   or whose program did not exit 0 in a run that ended like the one it
   is compared with (a failing benchmark is not qualified: diff and check
   refuse such reports), ends it after one line on stderr, with STATUS
   HG_EXIT_TROUBLE and what was found until then. */
struct run_audit {
    bool perturb;                /* --perturb's, else --repeat's */
    int status;                  /* the exit status: 0 stable, 1 not,
                                    2 a report cannot be read */

    /* The runs of --repeat, the perturbed runs of --perturb. */
    size_t runs;

    /* Two reports: --repeat's (status 1) the first run's and the first
       that differs from it; --perturb's the two runs of the
       reference. */
    char *paths[2];

    /* --repeat: DIFFERING is the index of the first run whose report is
       not byte for byte the first's (RUNS when none).  With status 1,
       what differs between that one and the first. */
    size_t differing;
    struct run_audit_change *changes;    /* by impact */
    size_t change_count;
    struct run_audit_threads threads;

    /* --perturb: when the two runs of the reference differ, only
       REFERENCE_DIFFERS and the causes are set.  Else, once the
       reference is read (COMPARED), each perturbed run compared until
       one cannot be read, and at the end (status 0 or 1) the movers. */
    bool reference_differs;
    bool compared;
    struct run_audit_perturbed *perturbed;
    size_t perturbed_count;              /* those compared */
    struct run_audit_mover *movers;      /* in the order first seen */
    size_t mover_count;

    /* The likely causes, most direct first: the program ending
       otherwise (another exit status), an environment difference,
       the inputs read unpinned (the first run's, then those only the
       other has; by kind: random, clock, CPU count), a clock function
       run, thread interleaving; else unknown.  --perturb lists only the
       inputs, of the reference's two runs. */
    struct run_audit_cause *causes;
    size_t cause_count;
    struct hg_diff_difference *environment;  /* ENVIRONMENT's differences */

    /* What the pointers above point into. */
    struct hg_report **reports;
    size_t report_count;
    struct hg_diff diff;
    bool has_diff;
};

/* Compares the COUNT reports at PATHS (the same benchmark run COUNT
   times) with the first: status 0 when all are byte-identical and the
   program exited 0, 1 when one differs (AUDIT then says how the first
   differing one does), 2 when a report cannot be read or its program
   did not exit 0 (and ended the same way in the differing run). */
int run_audit_repeat(struct run_audit *audit, const char *const *paths,
                     size_t count);

/* One perturbed run of --perturb. */
struct hg_perturbed_run {
    const char *path;            /* its report */
    const char *label;           /* what was changed, for people */
    /* The dynamic loader and the C library read what was changed at
       start-up (argv[0]'s length: libc's strrchr for the program's short
       name, ld.so's strcspn), so their functions' moves are expected and
       not listed. */
    bool startup_reads_it;
};

/* Compares each of the COUNT perturbed RUNS with the reference report
   REFERENCE, run alike but for the perturbation: the functions whose
   figures move.  REFERENCE_AGAIN is a second run of the reference: when
   the two differ, the counts move by themselves and nothing is blamed on
   the perturbations.  Status 0 when none moves, 1 when some do (or the
   reference is not stable), 2 when a report cannot be read or its
   program did not exit 0 (the two references' ending otherwise is an
   unstable reference). */
int run_audit_perturb(struct run_audit *audit, const char *reference,
                      const char *reference_again,
                      const struct hg_perturbed_run *runs, size_t count);

void run_audit_free(struct run_audit *audit);

#endif
