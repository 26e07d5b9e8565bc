/* hotgrind run's library: the environment pinning of `hotgrind run`.
   The options become a struct run_plan (run_plan_make: the files opened,
   the environment and the process's state pinned), which is then
   executed (run_plan_execute: one exec of Valgrind, a dry run, or the
   runs of an audit, whose reports run_plan_audit then compares).
   Nothing here prints on stdout: render/run-audit.c shows the dry run
   and the audit.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HG_RUN_RUN_H
#define HG_RUN_RUN_H

#include <stdbool.h>
#include <stddef.h>

struct run_audit;                /* run/run-audit.h */

/* What every run gets. */
#define PROGRAM_FD 3
#define PROGRAM_PATH "/proc/self/fd/3"
#define LIBDIR_FD 4
#define LIBDIR_PATH "/proc/self/fd/4"
#define FIRST_FREE_FD 5
#define STACK_LIMIT (8UL * 1024 * 1024)
#define LAUNCHER_NAME "hotgrind run"
#define DEFAULT_REPEAT 3

/* A growing list of strings the list owns. */
struct run_strings {
    char **items;
    size_t count;
};

void run_strings_take(struct run_strings *list, char *text);
void run_strings_add(struct run_strings *list, const char *text);
void run_strings_free(struct run_strings *list);
size_t run_name_length(const char *text);
size_t run_find_name(const struct run_strings *list, const char *name,
                     size_t length);
void run_set_pair(struct run_strings *list, const char *name,
                  const char *value);

/* The options of `hotgrind run`, as given. */
struct run_options {
    const char *output;
    char *temporary_output;       /* --perturb without -o: OUTPUT, in a
                                     folder of its own */
    const char *valgrind;
    const char *cwd;
    bool dry_run;
    size_t repeat;                /* --repeat's N; 0 when not given */
    bool perturb;
    struct run_strings keep;          /* --keep-env names */
    struct run_strings set;           /* --env NAME=VALUE */
    struct run_strings valgrind_args; /* options for Valgrind */
    char **program;               /* PROG ARGS..., NULL-terminated */
};

/* The GLIBC_TUNABLES pinned for a program's architecture. */
struct run_profile {
    const char *name;            /* the glibc-tunables setting */
    const char *tunables;
};

/* What one run of an audit changes of what hotgrind run pins
   (docs/manual.md, "Qualifying a benchmark for CI"). */
struct run_variation {
    const char *label;           /* for people; NULL for a plain run */
    const char *suffix;          /* of its report's name: OUTPUT.SUFFIX */
    size_t padding;              /* bytes of PERTURB_VARIABLE; 0: none */
    const char *program_path;    /* argv[0] */
    const char *valgrind_arg;    /* one more option for Valgrind, or NULL */
    bool startup_reads_it;       /* as struct hg_perturbed_run's */
};

const struct run_profile *run_profile_of(int fd);
void run_build_environment(const struct run_options *o,
                           const struct run_profile *profile, bool have_lib,
                           struct run_strings *env);
void run_prepare(const struct run_options *o,
                 const struct run_profile *profile, bool have_lib,
                 const char *const streams[3], bool no_aslr,
                 const char *wrapper, const char *output,
                 const struct run_variation *variation,
                 struct run_strings *env, struct run_strings *args);

/* One run of `hotgrind run`: what is pinned, and the files opened. */
struct run_plan {
    const struct run_options *o;
    const char *streams[3];      /* the kinds of 0-2, as they came */
    const char *libdir;          /* VALGRIND_LIB, or NULL */
    char *program;               /* PROG's file */
    char *valgrind;              /* the Valgrind to exec */
    const char *wrapper;         /* how it was found */
    char *output;                /* the report's name, absolute, or NULL */
    const struct run_profile *profile;
    int program_fd, lib_fd;      /* lib_fd -1 without VALGRIND_LIB */
    bool no_aslr;                /* address space randomisation is off */
    struct run_strings env, args;
    char *directory;             /* --dry-run: where the run would start */
    char **outputs;              /* an audit's reports, one a run */
    size_t output_count;
};

/* The kinds of the standard streams, before anything is opened here
   (which could take a closed 0-2); the plan otherwise empty. */
void run_plan_record_streams(struct run_plan *p);
/* The plan of O: the files found and opened, the directory changed, the
   environment built, ASLR and the stack limit pinned.  -1 to go on, else
   the exit status (after one line). */
int run_plan_make(struct run_plan *p, const struct run_options *o);
/* Runs the plan: execs Valgrind (returning only when that fails),
   completes it for --dry-run (render/run-audit.c shows it), or makes the
   runs of an audit (--repeat, --perturb).  -1 to go on (the command to
   show, the reports to audit), else the exit status (after one line). */
int run_plan_execute(struct run_plan *p);
/* The audit of the reports of the runs, in AUDIT (run_audit_free frees
   it); the reports but the first are removed when it passes, as nothing
   differs to look at.  The exit status. */
int run_plan_audit(struct run_plan *p, struct run_audit *audit);
void run_plan_free(struct run_plan *p);

#endif
