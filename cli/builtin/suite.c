/* hotgrind suite: runs the benchmarks of a suite file (docs/suite.md),
   each exactly as `hotgrind run` runs a program, and writes one report per
   benchmark and a manifest of what ran.  GPL-2.0-or-later; part of
   hotgrind. */

/* Each benchmark is a child process running this same command's `run`
   (/proc/self/exe run ...), so a suite pins the environment with the very
   code `hotgrind run` does, and its reports are those `hotgrind run`
   would write.  The children's output goes to DIR/NAME.log, their
   standard input is /dev/null: the kinds of the standard streams, which
   `hotgrind run` records and which change stdio's work, are the same
   whether the suite runs on a terminal or in CI, at -j 1 or -j 8. */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "builtin/builtin.h"
#include "policy/policy.h"
#include "render/text.h"
#include "report/report.h"
#include "suite/suite.h"
#include "util/messages.h"
#include "util/output.h"
#include "util/parse-options.h"
#include "util/xalloc.h"
#include "xml/xml-safe.h"

static const char suite_usage[] =
    "usage: hotgrind suite run SUITE -o DIR [-j N] [--shard I/N] "
    "[--previous RUN]... [--only PATTERN] [--force] [--valgrind=PATH]\n"
    "       hotgrind suite list SUITE [--shard I/N] [--previous RUN]... "
    "[--only PATTERN]";

static const char suite_help[] =
    "usage: hotgrind suite run SUITE -o DIR [OPTIONS]\n"
    "       hotgrind suite list SUITE [OPTIONS]\n"
    "\n"
    "run: runs each benchmark of the suite file SUITE (docs/suite.md) as\n"
    "`hotgrind run` would, writing its report DIR/NAME.xml, its program's\n"
    "and Valgrind's output DIR/NAME.log, and DIR/manifest.xml: every\n"
    "benchmark selected, in suite order, with its status (ok, failed,\n"
    "crashed, timeout), exit status or signal, and total Ir.  A benchmark\n"
    "that fails does not stop the others.\n"
    "list: prints the names of the benchmarks run would run, one a line.\n"
    "\n"
    "  -o DIR          the run's directory (run; made if missing, its parent\n"
    "                  must exist); one that holds a manifest is refused\n"
    "  --force         replace the run in DIR: its manifest, and the\n"
    "                  report and log of each benchmark run now\n"
    "  -j N            run N benchmarks at a time (default 1); each report\n"
    "                  is the same bytes whatever N\n"
    "  --shard I/N     only the I-th of N shares of the benchmarks: by name\n"
    "                  (sorted names dealt in turn), or with --previous\n"
    "                  balanced by the previous run's Ir (longest first,\n"
    "                  each to the least loaded share)\n"
    "  --previous RUN  a previous run's directory or manifest (repeatable:\n"
    "                  the shards of one run), for --shard\n"
    "  --only PATTERN  only the benchmarks whose name PATTERN matches (*\n"
    "                  any run of bytes, ? exactly one); matching none is\n"
    "                  an error\n"
    "  --valgrind=PATH the Valgrind to run, as hotgrind run --valgrind\n"
    "\n"
    "Progress goes to stderr: on a terminal one line that follows the\n"
    "running benchmark (\"[3/12] name 4.2s\"), otherwise one line per\n"
    "finished benchmark (\"[3/12] name ok 4.2s\").\n"
    "\n"
    "Exit status: 0 when every benchmark ran is ok; 1 when one failed,\n"
    "crashed or timed out (each named on stderr, the others still run and\n"
    "the manifest written); 2, with one line on stderr, when the suite\n"
    "file, an option or DIR cannot be used (nothing is run).\n";

/* At most this many benchmarks at a time: far more than any machine's
   cores, since each Valgrind run keeps one busy. */
#define MAX_JOBS 256
/* How often the running benchmarks are looked at (timeouts, progress)
   while none ends; an end is seen at once (SIGCHLD). */
#define TICK_NANOSECONDS 100000000L

struct suite_options {
    const char *out;
    const char *jobs_text;
    const char *shard_text;
    const char *only;
    const char *valgrind;
    const char **previous;       /* --previous, in order */
    size_t previous_count;
    bool force;
    unsigned jobs;
    unsigned shard_index, shard_count;   /* 0 and 0: no --shard */
};

static int take_previous(const struct hg_command_line *line,
                         const char *value)
{
    struct suite_options *o = line->data;
    o->previous = hg_xrealloc(o->previous, o->previous_count + 1,
                              sizeof *o->previous);
    o->previous[o->previous_count++] = value;
    return -1;
}

/* TEXT as a whole number from 1 to MAX into *VALUE. */
static bool parse_positive(const char *text, size_t length, unsigned max,
                           unsigned *value)
{
    unsigned long v = 0;
    size_t i;
    if (length == 0 || length > 9)
        return false;
    for (i = 0; i < length; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        v = v * 10 + (unsigned long)(text[i] - '0');
    }
    if (v < 1 || v > max)
        return false;
    *value = (unsigned)v;
    return true;
}

/* The options after the action's name; the SUITE operand into *SUITE.
   -1 to go on, else the exit status. */
static int parse(const char *command, bool running, int argc, char **argv,
                 struct suite_options *o, const char **suite)
{
    struct hg_command_line line = {
        .command = command, .usage = suite_usage, .help = suite_help,
        .options = {
            /* list's, then run's own: list ends the table at -o. */
            { .name = "--shard", .value = &o->shard_text, .once = true },
            { .name = "--previous", .take = take_previous },
            { .name = "--only", .value = &o->only, .once = true },
            { .name = "-o", .value = &o->out, .once = true },
            { .name = "-j", .value = &o->jobs_text, .once = true },
            { .name = "--valgrind", .value = &o->valgrind },
            { .name = "--force", .flag = &o->force },
        },
        .data = o,
    };
    const char *slash;
    int status, operands;

    if (!running)
        line.options[3].name = NULL;
    status = hg_parse_options(&line, argc, argv, &operands);
    if (status != -1)
        return status;
    if (operands != 1)
        return hg_usage_error(command, suite_usage, operands == 0
                              ? "no SUITE given"
                              : "one SUITE at a time ('%s' and '%s')",
                              argv[0], argv[1]);
    *suite = argv[0];
    if (running && o->out == NULL)
        return hg_usage_error(command, suite_usage, "no -o DIR given");
    o->jobs = 1;
    if (o->jobs_text != NULL
        && !parse_positive(o->jobs_text, strlen(o->jobs_text), MAX_JOBS,
                           &o->jobs))
        return hg_usage_error(command, suite_usage, "-j '%s': give a number "
                              "of benchmarks from 1 to %d", o->jobs_text,
                              MAX_JOBS);
    if (o->shard_text != NULL) {
        slash = strchr(o->shard_text, '/');
        if (slash == NULL
            || !parse_positive(o->shard_text, (size_t)(slash - o->shard_text),
                               UINT_MAX / 2, &o->shard_index)
            || !parse_positive(slash + 1, strlen(slash + 1), 100000,
                               &o->shard_count)
            || o->shard_index > o->shard_count)
            return hg_usage_error(command, suite_usage, "--shard '%s': give "
                                  "I/N, shard I of N with 1 <= I <= N "
                                  "(\"2/4\")", o->shard_text);
    }
    if (o->previous_count > 0 && o->shard_text == NULL)
        return hg_usage_error(command, suite_usage, "--previous balances "
                              "--shard; give both");
    return -1;
}

/* ------------------------------------------------------------ choosing */

/* What sharding weighs a benchmark by, and its name to break ties. */
struct weighed {
    size_t index;                /* in the suite */
    const char *name;
    uint64_t cost;
};

static int by_name(const void *x, const void *y)
{
    const struct weighed *a = x, *b = y;
    return strcmp(a->name, b->name);
}

static int by_cost_then_name(const void *x, const void *y)
{
    const struct weighed *a = x, *b = y;
    if (a->cost != b->cost)
        return a->cost > b->cost ? -1 : 1;
    return strcmp(a->name, b->name);
}

/* Marks in CHOSEN the benchmarks of WANTED[0..COUNT) that fall in shard
   O->shard_index of O->shard_count.  Nothing here depends on the machine
   or the order of the suite file: the same names (and previous costs)
   give the same split everywhere. */
static void shard(const struct hg_suite *suite, const struct weighed *wanted,
                  size_t count, const struct suite_options *o,
                  const struct hg_suite_run *previous, bool *chosen)
{
    struct weighed *order = hg_xcalloc(count + 1, sizeof *order);
    uint64_t *load = hg_xcalloc(o->shard_count, sizeof *load);
    uint64_t known_sum = 0, known = 0;
    size_t i;
    unsigned s;

    memcpy(order, wanted, count * sizeof *order);
    if (previous == NULL) {
        /* Sorted names dealt in turn: no costs to balance. */
        qsort(order, count, sizeof *order, by_name);
        for (i = 0; i < count; i++)
            if (i % o->shard_count == o->shard_index - 1)
                chosen[order[i].index] = true;
        free(order);
        free(load);
        return;
    }
    for (i = 0; i < count; i++) {
        const struct hg_suite_result *r =
            hg_suite_run_find(previous, suite->benchmarks[order[i].index].name);
        order[i].cost = UINT64_MAX;          /* not known yet */
        if (r != NULL && r->has_ir) {
            order[i].cost = r->ir;
            known_sum = known_sum > UINT64_MAX - r->ir ? UINT64_MAX
                                                       : known_sum + r->ir;
            known++;
        }
    }
    /* A benchmark the previous run did not measure weighs as the mean of
       those it did (1 when it measured none). */
    for (i = 0; i < count; i++)
        if (order[i].cost == UINT64_MAX)
            order[i].cost = known > 0 ? known_sum / known : 1;
    /* Longest first, each to the least loaded shard (the lowest-numbered
       among equals). */
    qsort(order, count, sizeof *order, by_cost_then_name);
    for (i = 0; i < count; i++) {
        unsigned least = 0;
        for (s = 1; s < o->shard_count; s++)
            if (load[s] < load[least])
                least = s;
        load[least] = load[least] > UINT64_MAX - order[i].cost
                      ? UINT64_MAX : load[least] + order[i].cost;
        if (least == o->shard_index - 1)
            chosen[order[i].index] = true;
    }
    free(order);
    free(load);
}

/* CHOSEN[i] for each benchmark i of SUITE that O selects; false after
   one line on stderr when --only matches none or --previous cannot be
   read. */
static bool choose(const struct hg_suite *suite,
                   const struct suite_options *o, bool *chosen)
{
    struct weighed *wanted = hg_xcalloc(suite->count, sizeof *wanted);
    struct hg_suite_run *previous = NULL;
    size_t i, count = 0;

    for (i = 0; i < suite->count; i++)
        if (o->only == NULL
            || hg_glob_match(o->only, suite->benchmarks[i].name)) {
            wanted[count].index = i;
            wanted[count].name = suite->benchmarks[i].name;
            count++;
        }
    if (count == 0) {
        char problem[HG_PROBLEM_SIZE];
        snprintf(problem, sizeof problem, "no benchmark's name matches "
                 "--only '%s'", o->only);
        hg_say_problem(suite->path, problem);
        free(wanted);
        return false;
    }
    if (o->previous_count > 0) {
        char problem[HG_PROBLEM_SIZE], *file;
        previous = hg_suite_run_load_many(o->previous, o->previous_count,
                                          &file, problem, sizeof problem);
        if (previous == NULL) {
            hg_say_problem(file, problem);
            free(file);
            free(wanted);
            return false;
        }
        /* Another suite's figures would balance by chance alone. */
        if (strcmp(previous->suite, suite->name) != 0) {
            snprintf(problem, sizeof problem, "a run of suite '%s', not of "
                     "'%s' (%s)", previous->suite, suite->name, suite->path);
            hg_say_problem(previous->manifests[0], problem);
            hg_suite_run_free(previous);
            free(wanted);
            return false;
        }
    }
    if (o->shard_count == 0)
        for (i = 0; i < count; i++)
            chosen[wanted[i].index] = true;
    else
        shard(suite, wanted, count, o, previous, chosen);
    hg_suite_run_free(previous);
    free(wanted);
    return true;
}

/* The suite at PATH and what O chooses of it, or NULL after one line. */
static struct hg_suite *load_and_choose(const char *path,
                                        const struct suite_options *o,
                                        bool **chosen)
{
    char problem[HG_PROBLEM_SIZE];
    struct hg_suite *suite = hg_suite_load(path, problem, sizeof problem);
    if (suite == NULL) {
        hg_say_problem(path, problem);
        return NULL;
    }
    *chosen = hg_xcalloc(suite->count, sizeof **chosen);
    if (!choose(suite, o, *chosen)) {
        free(*chosen);
        hg_suite_free(suite);
        return NULL;
    }
    return suite;
}

static int suite_list(int argc, char **argv)
{
    struct suite_options o;
    struct hg_suite *suite;
    const char *path;
    bool *chosen;
    size_t i;
    int status;

    memset(&o, 0, sizeof o);
    status = parse("suite list", false, argc, argv, &o, &path);
    if (status == -1) {
        status = HG_EXIT_TROUBLE;
        suite = load_and_choose(path, &o, &chosen);
        if (suite != NULL) {
            for (i = 0; i < suite->count; i++)
                if (chosen[i])
                    printf("%s\n", suite->benchmarks[i].name);
            free(chosen);
            hg_suite_free(suite);
            status = HG_EXIT_OK;
        }
    }
    free(o.previous);
    return status;
}

/* ------------------------------------------------------------- running */

/* One benchmark being run, or run. */
struct job {
    const struct hg_suite_benchmark *benchmark;
    unsigned position;           /* in the suite, from 1 */
    pid_t pid;                   /* 0: not started or finished */
    struct timespec start;
    double seconds;              /* once finished */
    bool timed_out;
    /* The outcome, as the manifest says it. */
    enum hg_suite_status status;
    bool has_exit;
    unsigned exit_status;
    char signal[16];
    bool has_report;
    uint64_t ir;
};

struct runner {
    const struct hg_suite *suite;
    const struct suite_options *o;
    char *dir;                   /* absolute */
    char *self;                  /* this command's file */
    struct job *jobs;
    size_t count, started, finished, running;
    bool terminal;               /* stderr is one: the progress line */
    bool line_shown;             /* a progress line waits to be replaced */
    sigset_t caller_mask;        /* the signal mask to run children with */
};

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec)
           + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

static void clear_progress(struct runner *r)
{
    if (r->line_shown) {
        fputs("\r\033[K", stderr);
        r->line_shown = false;
    }
}

/* On a terminal: "[done/total] name 4.2s" of the benchmark running
   longest (and how many more run), rewritten in place. */
static void show_progress(struct runner *r)
{
    const struct job *oldest = NULL;
    size_t i;
    if (!r->terminal || r->running == 0)
        return;
    for (i = 0; i < r->started; i++)
        if (r->jobs[i].pid > 0) {
            oldest = &r->jobs[i];
            break;
        }
    clear_progress(r);
    fprintf(stderr, "[%zu/%zu] %s %.1fs", r->finished + 1, r->count,
            oldest->benchmark->name, seconds_since(&oldest->start));
    if (r->running > 1)
        fprintf(stderr, " (and %zu more running)", r->running - 1);
    fflush(stderr);
    r->line_shown = true;
}

static char *report_path(const struct runner *r, const char *name)
{
    return hg_xasprintf("%s/%s.xml", r->dir, name);
}

static char *log_path(const struct runner *r, const char *name)
{
    return hg_xasprintf("%s/%s.log", r->dir, name);
}

/* In the child: becomes `hotgrind run` of J's benchmark; never returns. */
static void exec_run(const struct runner *r, const struct job *j)
{
    const struct hg_suite_benchmark *b = j->benchmark;
    char **argv = hg_xcalloc(b->option_count + b->arg_count + 10,
                             sizeof *argv);
    char *log = log_path(r, b->name);
    size_t n = 0, i;
    int out = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    int in = open("/dev/null", O_RDONLY | O_CLOEXEC);

    /* The caller's mask, not the one with SIGCHLD blocked: a program's
       blocked signals are part of how it runs. */
    sigprocmask(SIG_SETMASK, &r->caller_mask, NULL);
    if (out < 0 || in < 0 || dup2(in, 0) != 0 || dup2(out, 1) != 1
        || dup2(out, 2) != 2) {
        fprintf(stderr, "hotgrind suite run: cannot set up %s: %s\n", log,
                strerror(errno));
        _exit(HG_EXIT_TROUBLE);
    }
    /* The suite file's directory: what its relative paths mean, and the
       directory each benchmark runs in unless it has a dir. */
    if (chdir(r->suite->base) != 0) {
        fprintf(stderr, "hotgrind suite run: cannot change to %s: %s\n",
                r->suite->base, strerror(errno));
        _exit(HG_EXIT_TROUBLE);
    }
    argv[n++] = r->self;
    argv[n++] = (char *)"run";
    if (r->o->valgrind != NULL)
        argv[n++] = hg_xasprintf("--valgrind=%s", r->o->valgrind);
    argv[n++] = (char *)"-o";
    argv[n++] = report_path(r, b->name);
    if (b->dir != NULL)
        argv[n++] = hg_xasprintf("--cwd=%s", b->dir);
    for (i = 0; i < b->option_count; i++)
        argv[n++] = b->options[i];
    argv[n++] = (char *)"--";
    argv[n++] = b->command;
    for (i = 0; i < b->arg_count; i++)
        argv[n++] = b->args[i];
    argv[n] = NULL;
    execv(r->self, argv);
    fprintf(stderr, "hotgrind suite run: cannot run %s: %s\n", r->self,
            strerror(errno));
    _exit(HG_EXIT_TROUBLE);
}

/* Starts J; false after one line on stderr if it cannot be. */
static bool start(struct runner *r, struct job *j)
{
    char *report = report_path(r, j->benchmark->name);
    bool ok = true;

    /* A report left by an earlier run (--force) must not pass for this
       run's. */
    if (unlink(report) != 0 && errno != ENOENT) {
        fprintf(stderr, "hotgrind: %s: cannot remove it: %s\n", report,
                strerror(errno));
        ok = false;
    }
    free(report);
    if (!ok)
        return false;
    fflush(stdout);
    fflush(stderr);
    clock_gettime(CLOCK_MONOTONIC, &j->start);
    j->pid = fork();
    if (j->pid < 0) {
        fprintf(stderr, "hotgrind suite run: cannot start %s: %s\n",
                j->benchmark->name, strerror(errno));
        j->pid = 0;
        return false;
    }
    if (j->pid == 0)
        exec_run(r, j);
    r->running++;
    return true;
}

/* The signal's name without "SIG" ("SEGV"), into TEXT. */
static void signal_name(int signal, char text[16])
{
    const char *name = sigabbrev_np(signal);
    if (name != NULL)
        snprintf(text, 16, "%s", name);
    else
        snprintf(text, 16, "SIG%d", signal);
}

/* J's outcome from its wait status and its report; one line on stderr
   naming the benchmark when it is not ok. */
static void finish(struct runner *r, struct job *j, int wait_status)
{
    const struct hg_suite_benchmark *b = j->benchmark;
    char *report = report_path(r, b->name);
    char *log = hg_xasprintf("%s/%s.log", r->o->out, b->name);
    char problem[HG_PROBLEM_SIZE], what[HG_PROBLEM_SIZE + 64];
    char line[2 * HG_PROBLEM_SIZE];
    struct hg_report *loaded = NULL;

    j->seconds = seconds_since(&j->start);
    j->pid = 0;
    r->running--;
    r->finished++;
    what[0] = '\0';
    if (access(report, F_OK) == 0)
        loaded = hg_report_load(report, problem, sizeof problem);
    else
        snprintf(problem, sizeof problem, "no report was written");
    if (loaded != NULL) {
        j->has_report = true;
        j->ir = loaded->total_ir;
        hg_report_free(loaded);
    }
    if (j->timed_out) {
        j->status = HG_SUITE_TIMEOUT;
        snprintf(what, sizeof what, "killed after its timeout of %u s",
                 b->timeout);
    } else if (WIFSIGNALED(wait_status)) {
        j->status = HG_SUITE_CRASHED;
        signal_name(WTERMSIG(wait_status), j->signal);
        snprintf(what, sizeof what, "killed by signal %s", j->signal);
    } else {
        j->has_exit = true;
        j->exit_status = (unsigned)WEXITSTATUS(wait_status);
        j->status = j->exit_status == 0 && j->has_report ? HG_SUITE_OK
                                                         : HG_SUITE_FAILED;
        if (j->exit_status != 0)
            snprintf(what, sizeof what, "exited with status %u",
                     j->exit_status);
        else if (!j->has_report)
            snprintf(what, sizeof what, "left no complete report (%s)",
                     problem);
    }
    clear_progress(r);
    fprintf(stderr, "[%zu/%zu] %s %s %.1fs\n", r->finished, r->count,
            b->name, hg_suite_status_name(j->status), j->seconds);
    if (j->status != HG_SUITE_OK) {
        hg_xml_problem(line, sizeof line, b->line, "benchmark '%s' %s "
                       "(its output: %s)", b->name, what, log);
        hg_say_problem(r->suite->path, line);
    }
    free(report);
    free(log);
}

/* The job of PID, or NULL. */
static struct job *job_of(struct runner *r, pid_t pid)
{
    size_t i;
    for (i = 0; i < r->started; i++)
        if (r->jobs[i].pid == pid)
            return &r->jobs[i];
    return NULL;
}

/* Kills the running benchmarks past their timeout. */
static void enforce_timeouts(struct runner *r)
{
    size_t i;
    for (i = 0; i < r->started; i++) {
        struct job *j = &r->jobs[i];
        if (j->pid > 0 && !j->timed_out && j->benchmark->timeout > 0
            && seconds_since(&j->start) >= j->benchmark->timeout) {
            j->timed_out = true;
            kill(j->pid, SIGKILL);
        }
    }
}

/* Runs every job, O->jobs at a time; false if one could not be started
   (the others are still waited for). */
static bool run_all(struct runner *r)
{
    const struct timespec tick = { 0, TICK_NANOSECONDS };
    sigset_t child_ended;
    bool ok = true;

    /* SIGCHLD blocked, so that sigtimedwait wakes when a child ends, even
       one that ended before it was called. */
    sigemptyset(&child_ended);
    sigaddset(&child_ended, SIGCHLD);
    sigprocmask(SIG_BLOCK, &child_ended, &r->caller_mask);
    while (r->finished < r->count && (ok || r->running > 0)) {
        pid_t pid;
        int wait_status;
        while (ok && r->running < r->o->jobs && r->started < r->count)
            ok = start(r, &r->jobs[r->started++]);
        pid = waitpid(-1, &wait_status, WNOHANG);
        if (pid > 0) {
            struct job *j = job_of(r, pid);
            if (j != NULL)
                finish(r, j, wait_status);
            continue;
        }
        if (pid < 0 && errno != EINTR)
            break;                       /* no child left: none to wait */
        enforce_timeouts(r);
        show_progress(r);
        sigtimedwait(&child_ended, NULL, &tick);
    }
    sigprocmask(SIG_SETMASK, &r->caller_mask, NULL);
    clear_progress(r);
    return ok;
}

/* DIR/manifest.xml, written whole or not at all; false after one line. */
static bool write_manifest(const struct runner *r)
{
    char *path = hg_xasprintf("%s/%s", r->o->out, HG_SUITE_MANIFEST);
    char problem[HG_PROBLEM_SIZE];
    struct hg_output output;
    size_t i;
    bool ok;

    if (!hg_output_open(&output, path, problem, sizeof problem)) {
        fprintf(stderr, "hotgrind: %s\n", problem);
        free(path);
        return false;
    }
    fprintf(output.file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<suite-run format=\"%d\" suite=\"%s\">\n", HG_SUITE_FORMAT,
            r->suite->name);
    if (r->o->shard_count > 0)
        fprintf(output.file, "  <shard index=\"%u\" count=\"%u\"/>\n",
                r->o->shard_index, r->o->shard_count);
    if (r->o->only != NULL) {
        fputs("  <only pattern=\"", output.file);
        hg_print_xml_text(output.file, r->o->only);
        fputs("\"/>\n", output.file);
    }
    for (i = 0; i < r->count; i++) {
        const struct job *j = &r->jobs[i];
        fprintf(output.file, "  <benchmark name=\"%s\" position=\"%u\" "
                "status=\"%s\"", j->benchmark->name, j->position,
                hg_suite_status_name(j->status));
        if (j->has_exit)
            fprintf(output.file, " exit=\"%u\"", j->exit_status);
        if (j->status == HG_SUITE_CRASHED)
            fprintf(output.file, " signal=\"%s\"", j->signal);
        if (j->has_report)
            fprintf(output.file, " report=\"%s.xml\" ir=\"%llu\"",
                    j->benchmark->name, (unsigned long long)j->ir);
        fputs("/>\n", output.file);
    }
    fputs("</suite-run>\n", output.file);
    ok = hg_output_commit(&output, problem, sizeof problem);
    if (!ok)
        fprintf(stderr, "hotgrind: %s\n", problem);
    free(path);
    return ok;
}

/* Makes O->out (its parent must exist) unless it is a directory; one
   holding a manifest only with --force, which removes the manifest.
   False after one line. */
static bool prepare_dir(const struct suite_options *o)
{
    struct stat st;
    char *manifest = hg_xasprintf("%s/%s", o->out, HG_SUITE_MANIFEST);
    bool ok = false;

    if (mkdir(o->out, 0777) != 0 && errno != EEXIST)
        fprintf(stderr, "hotgrind: %s: cannot make the directory: %s\n",
                o->out, strerror(errno));
    else if (stat(o->out, &st) != 0 || !S_ISDIR(st.st_mode))
        fprintf(stderr, "hotgrind: %s: not a directory\n", o->out);
    else if (lstat(manifest, &st) == 0 && !o->force)
        fprintf(stderr, "hotgrind: %s: holds the run of a suite already "
                "(%s); give --force to replace it\n", o->out,
                HG_SUITE_MANIFEST);
    else if (unlink(manifest) != 0 && errno != ENOENT)
        fprintf(stderr, "hotgrind: %s: cannot remove it: %s\n", manifest,
                strerror(errno));
    else
        ok = true;
    free(manifest);
    return ok;
}

static int suite_run(int argc, char **argv)
{
    struct suite_options o;
    struct runner r;
    struct hg_suite *suite;
    const char *path;
    char problem[HG_PROBLEM_SIZE], resolved[PATH_MAX];
    bool *chosen = NULL, ok;
    size_t i, failed = 0;
    ssize_t length;
    int status;

    memset(&o, 0, sizeof o);
    memset(&r, 0, sizeof r);
    status = parse("suite run", true, argc, argv, &o, &path);
    if (status != -1) {
        free(o.previous);
        return status;
    }
    status = HG_EXIT_TROUBLE;
    suite = load_and_choose(path, &o, &chosen);
    if (suite == NULL) {
        free(o.previous);
        return status;
    }
    r.suite = suite;
    r.o = &o;
    r.jobs = hg_xcalloc(suite->count + 1, sizeof *r.jobs);
    /* Every file is checked before anything runs: a typo in the last
       benchmark should not cost the time of the others. */
    ok = true;
    for (i = 0; ok && i < suite->count; i++) {
        if (!chosen[i])
            continue;
        ok = hg_suite_check_files(suite, &suite->benchmarks[i], problem,
                                  sizeof problem);
        if (!ok)
            hg_say_problem(suite->path, problem);
        r.jobs[r.count].benchmark = &suite->benchmarks[i];
        r.jobs[r.count++].position = (unsigned)i + 1;
    }
    length = ok ? readlink("/proc/self/exe", resolved, sizeof resolved - 1)
                : -1;
    if (ok && length < 0)
        fprintf(stderr, "hotgrind suite run: cannot find this command "
                "(/proc/self/exe): %s\n", strerror(errno));
    if (ok && length >= 0 && prepare_dir(&o)) {
        resolved[length] = '\0';
        r.self = hg_xstrdup(resolved);
        if (realpath(o.out, resolved) == NULL) {
            fprintf(stderr, "hotgrind: %s: %s\n", o.out, strerror(errno));
        } else {
            r.dir = hg_xstrdup(resolved);
            r.terminal = isatty(2);
            ok = run_all(&r);
            for (i = 0; i < r.count; i++)
                failed += r.jobs[i].status != HG_SUITE_OK;
            if (ok && write_manifest(&r))
                status = failed > 0 ? HG_EXIT_JUDGED : HG_EXIT_OK;
            if (failed > 0)
                fprintf(stderr, "hotgrind: %s: %zu of %zu benchmarks did "
                        "not pass (%s/%s says which)\n", suite->path, failed,
                        r.count, o.out, HG_SUITE_MANIFEST);
        }
    }
    free(r.self);
    free(r.dir);
    free(r.jobs);
    free(chosen);
    free(o.previous);
    hg_suite_free(suite);
    return status;
}

/* ---------------------------------------------------------- the command */

int cmd_suite(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0
                      || strcmp(argv[1], "-h") == 0)) {
        fputs(suite_help, stdout);
        return HG_EXIT_OK;
    }
    if (argc < 2)
        return hg_usage_error("suite", suite_usage, "no action given (run "
                              "or list)");
    if (strcmp(argv[1], "run") == 0)
        return suite_run(argc - 1, argv + 1);
    if (strcmp(argv[1], "list") == 0)
        return suite_list(argc - 1, argv + 1);
    return hg_usage_error("suite", suite_usage, "'%s' is not an action of "
                          "suite (run or list)", argv[1]);
}
