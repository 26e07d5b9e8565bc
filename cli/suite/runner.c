/* The suite runner: runs the chosen benchmarks of a suite, each as a
   child `hotgrind run`, some at a time, with their timeouts, and writes
   one report per benchmark and the manifest of what ran.
   GPL-2.0-or-later; part of hotgrind. */

/* Each benchmark is a child process running this same command's `run`
   (/proc/self/exe run ...), so a suite pins the environment with the very
   code `hotgrind run` does, and its reports are those `hotgrind run`
   would write.  The children's output goes to DIR/NAME.log, a regular
   file, bounded by the runner (bound_log); their standard input is
   /dev/null: the kinds of the standard streams, which
   `hotgrind run` records and which change stdio's work, are the same
   whether the suite runs on a terminal or in CI, at -j 1 or -j 8. */

#define _GNU_SOURCE
/* How often the running benchmarks are looked at (timeouts, progress)
   while none ends; an end is seen at once (SIGCHLD). */
#define TICK_NANOSECONDS 100000000L

/* A log keeps the first LOG_HEAD bytes of a benchmark's output and the
   last LOG_TAIL, with a line between them saying how many were left out:
   a program that writes without end (200 MB in 0.3 s were seen) cannot
   fill the disk, and the start and the end, where errors are, stay.
   The program writes to the file itself, so that its streams are a
   file's, as when `hotgrind run` is run by hand with its output in a
   file: while it runs the middle is freed (a hole), and once it ended
   the log is made whole. */
#define LOG_HEAD (1024 * 1024)
#define LOG_TAIL (1024 * 1024)

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "xml/xml-text.h"
#include "report/report.h"
#include "suite/runner.h"
#include "suite/suite.h"
#include "util/messages.h"
#include "util/output.h"
#include "util/xalloc.h"
#include "xml/xml-safe.h"

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
    int log_fd;                  /* the log, open while it runs */
    off_t freed_to;              /* the log's hole: LOG_HEAD to here */
};

struct runner {
    const struct hg_suite *suite;
    const struct suite_options *o;
    char *dir;                   /* absolute */
    char *self;                  /* this command's file */
    struct job *jobs;
    size_t count, started, finished, running;
    sigset_t caller_mask;        /* the signal mask to run children with */
};

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec)
           + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* On a terminal: "[done/total] name 4.2s" of the benchmark running
   longest (and how many more run), rewritten in place. */
static void show_progress(const struct runner *r)
{
    const struct job *oldest = NULL;
    char more[48] = "";
    size_t i;
    if (r->running == 0)
        return;
    for (i = 0; i < r->started; i++)
        if (r->jobs[i].pid > 0) {
            oldest = &r->jobs[i];
            break;
        }
    if (r->running > 1)
        snprintf(more, sizeof more, " (and %zu more running)",
                 r->running - 1);
    hg_progress_status("[%zu/%zu] %s %.1fs%s", r->finished + 1, r->count,
                       oldest->benchmark->name,
                       seconds_since(&oldest->start), more);
}

/* A name the suite file allows gives file names Linux allows. */
_Static_assert(HG_SUITE_NAME_MAX + sizeof ".xml" - 1 <= NAME_MAX,
               "NAME.xml of the longest name must fit NAME_MAX");

static char *report_path(const struct runner *r, const char *name)
{
    return hg_xasprintf("%s/%s.xml", r->dir, name);
}

static char *log_path(const struct runner *r, const char *name)
{
    return hg_xasprintf("%s/%s.log", r->dir, name);
}

/* In the child: becomes `hotgrind run` of J's benchmark, its output to
   J's log; never returns. */
static void exec_run(const struct runner *r, const struct job *j)
{
    const struct hg_suite_benchmark *b = j->benchmark;
    char **argv = hg_xcalloc(b->option_count + b->arg_count + 10,
                             sizeof *argv);
    char *log = log_path(r, b->name);
    size_t n = 0, i;
    int out = j->log_fd;
    int in = open("/dev/null", O_RDONLY | O_CLOEXEC);

    /* The caller's mask, not the one with SIGCHLD blocked: a program's
       blocked signals are part of how it runs. */
    sigprocmask(SIG_SETMASK, &r->caller_mask, NULL);
    if (out < 0 || in < 0 || dup2(in, 0) != 0 || dup2(out, 1) != 1
        || dup2(out, 2) != 2) {
        hg_problem(log, "cannot set up the benchmark's output: %s",
                   strerror(errno));
        _exit(HG_EXIT_TROUBLE);
    }
    /* The suite file's directory: what its relative paths mean, and the
       directory each benchmark runs in unless it has a dir. */
    if (chdir(r->suite->base) != 0) {
        hg_problem(r->suite->base, "cannot change to the directory: %s",
                   strerror(errno));
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
    hg_problem(r->self, "cannot run it: %s", strerror(errno));
    _exit(HG_EXIT_TROUBLE);
}

/* While J runs: frees its log's bytes past the first LOG_HEAD but for the
   last LOG_TAIL (and a block's worth, as a hole's ends are whole
   blocks).  A file system that cannot free them keeps them until
   finish_log. */
static void bound_log(struct job *j)
{
    struct stat st;
    off_t start, end;
    if (j->log_fd < 0 || fstat(j->log_fd, &st) != 0)
        return;
    start = j->freed_to > LOG_HEAD ? j->freed_to : LOG_HEAD;
    end = st.st_size - LOG_TAIL - 65536;
    if (end <= start)
        return;
    if (fallocate(j->log_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
                  start, end - start) == 0)
        j->freed_to = end;
}

/* Once J ended: its log as its first LOG_HEAD bytes, a line saying how
   many were left out, and its last LOG_TAIL bytes (read back: the log is
   open for reading too, which the program's streams do not show). */
static void finish_log(struct job *j)
{
    static char tail[LOG_TAIL];
    char line[200];
    struct stat st;
    ssize_t got = -1;
    int fd = j->log_fd;

    j->log_fd = -1;
    if (fd < 0)
        return;
    if (fstat(fd, &st) == 0 && st.st_size > LOG_HEAD + LOG_TAIL)
        got = pread(fd, tail, LOG_TAIL, st.st_size - LOG_TAIL);
    if (got == LOG_TAIL) {
        int length = snprintf(line, sizeof line, "\n[hotgrind suite: %jd "
                              "bytes of output left out here; the log "
                              "keeps the first %d and the last %d]\n",
                              (intmax_t)(st.st_size - LOG_HEAD - LOG_TAIL),
                              LOG_HEAD, LOG_TAIL);
        if (ftruncate(fd, LOG_HEAD) != 0
            || pwrite(fd, line, (size_t)length, LOG_HEAD) != length
            || pwrite(fd, tail, LOG_TAIL, LOG_HEAD + length) != LOG_TAIL)
            hg_warning(NULL, "cannot shorten a benchmark's log: %s",
                       strerror(errno));
    }
    close(fd);
}

/* Starts J; false after one line on stderr if it cannot be. */
static bool start(struct runner *r, struct job *j)
{
    char *report = report_path(r, j->benchmark->name);
    char *log = log_path(r, j->benchmark->name);
    bool ok = true;

    j->log_fd = -1;
    /* A report left by an earlier run (--force) must not pass for this
       run's. */
    if (unlink(report) != 0 && errno != ENOENT) {
        hg_problem(report, "cannot remove it: %s", strerror(errno));
        ok = false;
    } else if ((j->log_fd = open(log, O_RDWR | O_CREAT | O_TRUNC
                                      | O_CLOEXEC, 0666)) < 0) {
        hg_problem(log, "cannot create it: %s", strerror(errno));
        ok = false;
    }
    free(report);
    free(log);
    if (!ok)
        return false;
    fflush(stdout);
    fflush(stderr);
    clock_gettime(CLOCK_MONOTONIC, &j->start);
    j->pid = fork();
    if (j->pid < 0) {
        char problem[HG_PROBLEM_SIZE];
        hg_xml_problem(problem, sizeof problem, j->benchmark->line,
                       "benchmark '%s': cannot start it: %s",
                       j->benchmark->name, strerror(errno));
        hg_say_problem(r->suite->path, problem);
        j->pid = 0;
        close(j->log_fd);
        j->log_fd = -1;
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
    finish_log(j);
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
    hg_progress_line("[%zu/%zu] %s %s %.1fs", r->finished, r->count,
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

/* Kills the running benchmarks past their timeout, and bounds the logs
   of those that run on. */
static void enforce_timeouts(struct runner *r)
{
    size_t i;
    for (i = 0; i < r->started; i++) {
        struct job *j = &r->jobs[i];
        if (j->pid > 0)
            bound_log(j);
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
    hg_progress_end();
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
        hg_problem(NULL, "%s", problem);
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
        hg_problem(NULL, "%s", problem);
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
        hg_problem(o->out, "cannot make the directory: %s", strerror(errno));
    else if (stat(o->out, &st) != 0 || !S_ISDIR(st.st_mode))
        hg_problem(o->out, "not a directory");
    else if (lstat(manifest, &st) == 0 && !o->force)
        hg_problem(o->out, "holds the run of a suite already (%s); give "
                   "--force to replace it", HG_SUITE_MANIFEST);
    else if (unlink(manifest) != 0 && errno != ENOENT)
        hg_problem(manifest, "cannot remove it: %s", strerror(errno));
    else
        ok = true;
    free(manifest);
    return ok;
}

/* Runs the benchmarks CHOSEN of SUITE as O says, into O->out and its
   manifest; the exit status (ok, judged: one did not pass, or trouble). */
int suite_run_chosen(const struct hg_suite *suite, const bool *chosen,
                     const struct suite_options *o)
{
    struct runner r;
    char problem[HG_PROBLEM_SIZE], resolved[PATH_MAX];
    bool ok;
    size_t i, failed = 0;
    ssize_t length;
    int status = HG_EXIT_TROUBLE;

    memset(&r, 0, sizeof r);
    r.suite = suite;
    r.o = o;
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
        hg_problem("/proc/self/exe", "cannot find this command's file: %s",
                   strerror(errno));
    if (ok && length >= 0 && prepare_dir(o)) {
        resolved[length] = '\0';
        r.self = hg_xstrdup(resolved);
        if (realpath(o->out, resolved) == NULL) {
            hg_problem(o->out, "%s", strerror(errno));
        } else {
            r.dir = hg_xstrdup(resolved);
            ok = run_all(&r);
            for (i = 0; i < r.count; i++)
                failed += r.jobs[i].status != HG_SUITE_OK;
            if (ok && write_manifest(&r))
                status = failed > 0 ? HG_EXIT_JUDGED : HG_EXIT_OK;
            if (failed > 0)
                hg_problem(suite->path, "%zu of %zu benchmarks did not "
                           "pass (%s/%s says which)", failed, r.count, o->out,
                           HG_SUITE_MANIFEST);
        }
    }
    free(r.self);
    free(r.dir);
    free(r.jobs);
    return status;
}
