/* hotgrind run --repeat and --perturb: what the reports of several runs
   of one benchmark say about its stability.  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_RUN_AUDIT_H
#define HOTGRIND_RUN_AUDIT_H

#include <stdbool.h>
#include <stddef.h>

/* The most runs --repeat takes: each is a whole run under Valgrind. */
#define HG_AUDIT_MAX_REPEAT 100

/* Compares the COUNT reports at PATHS (the same benchmark run COUNT
   times) with the first, prints the outcome on stdout and returns 0 when
   all are byte-identical, 1 when one differs (after naming the first
   differing functions, threads or events and the likely cause), 2 when a
   report cannot be read. */
int hg_audit_repeat(const char *const *paths, size_t count);

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
   REFERENCE, run alike but for the perturbation; prints the functions
   whose figures move and the policy lines that keep them from a gate.
   REFERENCE_AGAIN is a second run of the reference: when the two
   differ, the counts move by themselves and nothing is blamed on the
   perturbations.  Returns 0 when none moves, 1 when some do (or the
   reference is not stable), 2 when a report cannot be read. */
int hg_audit_perturb(const char *reference, const char *reference_again,
                     const struct hg_perturbed_run *runs, size_t count);

#endif
