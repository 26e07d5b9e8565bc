/* hotgrind: history bisect: the first commit between two recorded ones
   where a function's figure changed.  GPL-2.0-or-later; part of
   hotgrind. */

/* The commits after GOOD up to BAD along BAD's first parents are
   searched in halves: hotgrind's counts are exact, so one run of a
   commit says whether its figure is GOOD's, with no retries.  A commit
   already recorded is read from the history; any other is checked out
   in a temporary worktree (git worktree add --detach), built with the
   user's command and run with `hotgrind suite run`, then recorded like
   `hotgrind history record` would, with its parents, the branch BAD was
   recorded on and its committer time.

   The suite is run by this same command as a child process (/proc/self/
   exe suite run), not by calling suite/runner.c: the runner reports its
   progress and problems on stderr itself and reaps children with
   waitpid(-1), while a child keeps this library silent, leaves the
   suite's exit status as the one verdict, and dies with the rest of its
   process group when bisect is stopped.

   Every child (git, the build, the suite) runs in a process group of its
   own with /dev/null as input; SIGINT, SIGTERM and SIGHUP are passed on
   to that group, and once it has ended the worktree and the temporary
   directory are removed before the caller is told of the signal. */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "history/bisect.h"
#include "history/history.h"
#include "policy/policy.h"
#include "util/xalloc.h"

/* ------------------------------------------------------------ signals */

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define STOP_SIGNALS (sizeof stop_signals / sizeof stop_signals[0])

static struct sigaction caller_actions[STOP_SIGNALS];
static volatile sig_atomic_t caught_signal;
/* The running child's process group, and whether a stop signal is
   passed on to it: not while cleaning up, which must finish. */
static volatile sig_atomic_t child_group;
static volatile sig_atomic_t forwarding;

static void on_stop_signal(int signal)
{
    caught_signal = signal;
    if (forwarding && child_group > 0)
        kill(-(pid_t)child_group, signal);
}

static void catch_stop_signals(void)
{
    struct sigaction action;
    size_t i;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    caught_signal = 0;
    child_group = 0;
    forwarding = 1;
    for (i = 0; i < STOP_SIGNALS; i++)
        sigaction(stop_signals[i], &action, &caller_actions[i]);
}

static void release_stop_signals(void)
{
    size_t i;
    for (i = 0; i < STOP_SIGNALS; i++)
        sigaction(stop_signals[i], &caller_actions[i], NULL);
}

/* ------------------------------------------------------------ children */

/* Starts ARGV (looked for in PATH) in DIR (NULL: here) with /dev/null as
   input, OUT as output and ERR as error output, in a process group of
   its own that the stop signals are passed on to; -1 if fork fails. */
static pid_t start_child(char *const *argv, const char *dir, int out,
                         int err)
{
    sigset_t stops, mask;
    pid_t pid;
    size_t i;

    sigemptyset(&stops);
    for (i = 0; i < STOP_SIGNALS; i++)
        sigaddset(&stops, stop_signals[i]);
    /* Blocked until the group is known, so that none is missed. */
    sigprocmask(SIG_BLOCK, &stops, &mask);
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY);
        setpgid(0, 0);
        for (i = 0; i < STOP_SIGNALS; i++)
            sigaction(stop_signals[i], &caller_actions[i], NULL);
        sigprocmask(SIG_SETMASK, &mask, NULL);
        if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0
            || dup2(err, 2) < 0 || (dir != NULL && chdir(dir) != 0))
            _exit(127);
        execvp(argv[0], argv);
        _exit(127);
    }
    if (pid > 0) {
        setpgid(pid, pid);
        child_group = pid;
    }
    sigprocmask(SIG_SETMASK, &mask, NULL);
    return pid;
}

/* PID's wait status, once it has ended. */
static int wait_child(pid_t pid)
{
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        continue;
    child_group = 0;
    return status;
}

/* "exited with status N" or "was killed by signal S". */
static void describe_end(int status, char *text, size_t size)
{
    if (WIFSIGNALED(status))
        snprintf(text, size, "was killed by signal %s",
                 sigabbrev_np(WTERMSIG(status)) != NULL
                 ? sigabbrev_np(WTERMSIG(status)) : "?");
    else if (WEXITSTATUS(status) == 127)
        snprintf(text, size, "could not be run (exit status 127)");
    else
        snprintf(text, size, "exited with status %d", WEXITSTATUS(status));
}

/* ----------------------------------------------------------- the state */

struct bisector {
    struct hg_history_db *h;
    const struct hg_bisect_options *o;
    struct hg_bisect_result *r;
    const char *repo;
    char *self;
    char *tmp;                   /* the temporary directory, absolute */
    char *worktree;              /* while one exists */
    char *git_errors;            /* tmp/git-errors: git's stderr */
    char *suite;                 /* the suite file inside a worktree */
    int64_t metric, entity;
    const char **problem_file;
    char *problem;
    size_t problem_size;
};

static bool fail(struct bisector *b, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

static bool fail(struct bisector *b, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(b->problem, b->problem_size, format, args);
    va_end(args);
    return false;
}

/* The first line of git's error output, for a problem line. */
static void git_said(struct bisector *b, char *text, size_t size)
{
    FILE *f = fopen(b->git_errors, "r");
    text[0] = '\0';
    if (f != NULL && fgets(text, (int)size, f) != NULL)
        text[strcspn(text, "\n")] = '\0';
    if (f != NULL)
        fclose(f);
}

/* git -C REPO ARGS...: true when it exits 0; its output in *OUTPUT
   (malloc'd) when OUTPUT is not NULL.  Its error output goes to
   tmp/git-errors, whose first line a problem quotes. */
static bool git(struct bisector *b, const char *const *args, char **output)
{
    char *argv[16];
    size_t n = 0, length = 0, capacity = 0;
    char *text = NULL, said[200], ended[64];
    int pipe_ends[2] = { -1, -1 };
    int errors, status;
    pid_t pid;

    argv[n++] = (char *)"git";
    argv[n++] = (char *)"-C";
    argv[n++] = (char *)b->repo;
    while (*args != NULL && n < sizeof argv / sizeof argv[0] - 1)
        argv[n++] = (char *)*args++;
    argv[n] = NULL;
    errors = open(b->git_errors, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                  0666);
    if (errors < 0)
        return fail(b, "%s: %s", b->git_errors, strerror(errno));
    if (pipe2(pipe_ends, O_CLOEXEC) != 0) {
        close(errors);
        return fail(b, "cannot run git: %s", strerror(errno));
    }
    pid = start_child(argv, NULL, pipe_ends[1], errors);
    close(pipe_ends[1]);
    close(errors);
    for (;;) {
        ssize_t got;
        text = hg_xgrow(text, &capacity, length + 4097, 1, 4097);
        got = read(pipe_ends[0], text + length, 4096);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        length += (size_t)got;
    }
    text[length] = '\0';
    close(pipe_ends[0]);
    status = pid > 0 ? wait_child(pid) : -1;
    if (status != 0) {
        free(text);
        git_said(b, said, sizeof said);
        if (pid < 0)
            return fail(b, "cannot run git: %s", strerror(errno));
        describe_end(status, ended, sizeof ended);
        return fail(b, "git %s %s%s%s", argv[3], ended,
                    said[0] != '\0' ? ": " : "", said);
    }
    if (output != NULL)
        *output = text;
    else
        free(text);
    return true;
}

/* The full name of the commit git calls NAME, into *SHA. */
static bool resolve_commit(struct bisector *b, const char *name, char **sha)
{
    char *spec = hg_xasprintf("%s^{commit}", name);
    const char *args[] = { "rev-parse", "--verify", "--quiet", spec, NULL };
    bool ok = name[0] != '-' && git(b, args, sha);
    free(spec);
    if (!ok)
        return fail(b, "%s is not a commit of the repository", name);
    (*sha)[strcspn(*sha, "\n")] = '\0';
    return true;
}

/* The words of TEXT (split at white space, in place) appended to
   *WORDS. */
static void split_words(char *text, char ***words, size_t *count)
{
    char *save = NULL, *word;
    size_t capacity = *count;
    for (word = strtok_r(text, " \t\n", &save); word != NULL;
         word = strtok_r(NULL, " \t\n", &save)) {
        *words = hg_xgrow(*words, &capacity, *count + 1, sizeof **words, 32);
        (*words)[(*count)++] = word;
    }
}

/* ------------------------------------------------------------ cleaning */

static int remove_entry(const char *path, const struct stat *st, int type,
                        struct FTW *ftw)
{
    (void)st;
    (void)type;
    (void)ftw;
    remove(path);
    return 0;
}

/* Removes the worktree, if there is one: through git, so that the
   repository forgets it; if git cannot, its files, and git prunes the
   record of it.  Not stopped by the stop signals. */
static void remove_worktree(struct bisector *b)
{
    const char *remove_args[] = { "worktree", "remove", "--force", "--force",
                                  b->worktree, NULL };
    const char *prune_args[] = { "worktree", "prune", NULL };
    char problem[8];
    char *saved = b->problem;
    size_t saved_size = b->problem_size;

    if (b->worktree == NULL)
        return;
    /* What went wrong before stays the problem. */
    b->problem = problem;
    b->problem_size = sizeof problem;
    forwarding = 0;
    if (!git(b, remove_args, NULL)) {
        nftw(b->worktree, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
        git(b, prune_args, NULL);
    }
    forwarding = 1;
    b->problem = saved;
    b->problem_size = saved_size;
    free(b->worktree);
    b->worktree = NULL;
}

/* ---------------------------------------------------------- the history */

/* A prepared statement of SQL with the integers A and B bound to ?1 and
   ?2 and TEXT (when not NULL) to ?3; NULL after a problem. */
static sqlite3_stmt *prepare(struct bisector *b, const char *sql, int64_t a,
                             int64_t c, const char *text)
{
    sqlite3_stmt *stmt = hg_history_prepare(b->h, sql, b->problem,
                                            b->problem_size);
    if (stmt == NULL)
        return NULL;
    sqlite3_bind_int64(stmt, 1, a);
    sqlite3_bind_int64(stmt, 2, c);
    if (text != NULL)
        sqlite3_bind_text(stmt, 3, text, -1, SQLITE_STATIC);
    return stmt;
}

static int step(struct bisector *b, sqlite3_stmt *stmt)
{
    return hg_history_step(b->h, stmt, b->problem, b->problem_size);
}

/* The recorded commit whose name SHA (full) is, recorded in full or as
   an abbreviation: its id into *ID (0: not recorded) and its branch into
   *BRANCH when BRANCH is not NULL. */
static bool find_commit(struct bisector *b, const char *sha, int64_t *id,
                        char **branch)
{
    sqlite3_stmt *stmt = prepare(b, "SELECT id, branch FROM commits WHERE"
                                 " sha = substr(?3, 1, length(sha))"
                                 " ORDER BY length(sha) DESC", 0, 0, sha);
    int rc;
    *id = 0;
    if (stmt == NULL)
        return false;
    rc = step(b, stmt);
    if (rc == SQLITE_ROW) {
        *id = sqlite3_column_int64(stmt, 0);
        if (branch != NULL)
            *branch = hg_xstrdup((const char *)sqlite3_column_text(stmt, 1));
    }
    sqlite3_finalize(stmt);
    return rc != -1;
}

/* The run of the plan's benchmark and architecture at commit COMMIT:
   its id into *RUN (0: none) and whether it has figures (its status
   into STATUS). */
static bool find_run(struct bisector *b, int64_t commit, int64_t *run,
                     char status[16])
{
    sqlite3_stmt *stmt = prepare(b, "SELECT id, status FROM runs WHERE"
                                 " commit_id = ?1 AND benchmark = ?3 AND"
                                 " arch = ?4", commit, 0,
                                 b->r->plan.benchmark);
    int rc;
    *run = 0;
    if (stmt == NULL)
        return false;
    sqlite3_bind_text(stmt, 4, b->r->plan.arch, -1, SQLITE_STATIC);
    rc = step(b, stmt);
    if (rc == SQLITE_ROW) {
        *run = sqlite3_column_int64(stmt, 0);
        snprintf(status, 16, "%s", sqlite3_column_text(stmt, 1));
    }
    sqlite3_finalize(stmt);
    return rc != -1;
}

/* ENTITY's figure of the metric in RUN: the nearest row along base_run
   (record.c stores only what changed; a NULL row is a figure gone). */
static bool figure_of(struct bisector *b, int64_t run, int64_t entity,
                      struct hg_bisect_figure *figure)
{
    sqlite3_stmt *stmt = prepare(b,
        "WITH RECURSIVE chain (run, depth) AS ("
        " SELECT ?1, 0 UNION ALL"
        " SELECT base_run, depth + 1 FROM runs JOIN chain ON id = run"
        " WHERE base_run IS NOT NULL)"
        " SELECT value FROM chain JOIN figures ON run_id = run"
        " WHERE entity_id = ?2 AND metric_id = ?4"
        " ORDER BY depth LIMIT 1", run, entity, NULL);
    int rc;
    memset(figure, 0, sizeof *figure);
    if (stmt == NULL)
        return false;
    sqlite3_bind_int64(stmt, 4, b->metric);
    rc = step(b, stmt);
    if (rc == SQLITE_ROW && sqlite3_column_type(stmt, 0) != SQLITE_NULL) {
        figure->present = true;
        figure->value = (uint64_t)sqlite3_column_int64(stmt, 0);
    }
    sqlite3_finalize(stmt);
    return rc != -1;
}

static bool same_figure(const struct hg_bisect_figure *x,
                        const struct hg_bisect_figure *y)
{
    return x->present == y->present && (!x->present || x->value == y->value);
}

/* The one text of SQL's rows (?1 ID, ?3 TEXT) into *ONE; NONE or SEVERAL
   (with the first two, as %s %s) as the problem otherwise. */
static bool only_text(struct bisector *b, const char *sql, int64_t id,
                      const char *text, char **one, const char *none,
                      const char *several)
{
    sqlite3_stmt *stmt = prepare(b, sql, id, 0, text);
    char *first = NULL;
    int rc;
    bool ok;
    if (stmt == NULL)
        return false;
    while ((rc = step(b, stmt)) == SQLITE_ROW && first == NULL)
        first = hg_xstrdup((const char *)sqlite3_column_text(stmt, 0));
    ok = rc == SQLITE_DONE && first != NULL;
    if (rc == SQLITE_ROW)
        fail(b, several, first, sqlite3_column_text(stmt, 0));
    else if (rc == SQLITE_DONE && first == NULL)
        fail(b, "%s", none);
    sqlite3_finalize(stmt);
    if (ok)
        *one = first;
    else
        free(first);
    return ok;
}

/* Whether the function NAME of OBJECT is one FUNCTION names: GLOB over
   its name, or OBJ:GLOB with OBJ a glob over the object's file name. */
static bool names_function(const char *function, const char *name,
                           const char *object)
{
    const char *colon = hg_pattern_object_separator(function);
    size_t glob_length = colon != NULL ? (size_t)(colon - function) : 0;
    char *object_glob = hg_xstrndup(function, glob_length);
    bool match = colon == NULL
        ? hg_glob_match(function, name)
        : hg_glob_match(colon + 1, name)
          && hg_glob_match(object_glob, object);
    free(object_glob);
    return match;
}

/* The function entity FUNCTION names that GOOD's or BAD's run has a
   figure of: exactly one; its figures into the plan. */
static bool choose_function(struct bisector *b, int64_t good_run,
                            int64_t bad_run)
{
    struct hg_bisect_plan *p = &b->r->plan;
    sqlite3_stmt *stmt = prepare(b, "SELECT id, name, object, file FROM"
                                 " entities WHERE kind = 'function'"
                                 " ORDER BY name, object, file", 0, 0, NULL);
    size_t found = 0;
    int rc;
    if (stmt == NULL)
        return false;
    while ((rc = step(b, stmt)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(stmt, 1);
        const char *object = (const char *)sqlite3_column_text(stmt, 2);
        struct hg_bisect_figure good, bad;
        int64_t entity = sqlite3_column_int64(stmt, 0);
        if (!names_function(b->o->function, name, object))
            continue;
        if (!figure_of(b, good_run, entity, &good)
            || !figure_of(b, bad_run, entity, &bad)) {
            rc = -1;
            break;
        }
        if (!good.present && !bad.present)
            continue;
        if (found++ > 0) {
            fail(b, "%s names several functions of benchmark %s (%s in %s"
                 " and %s in %s): give one function's name", b->o->function,
                 p->benchmark, p->name, p->object, name, object);
            rc = -1;
            break;
        }
        b->entity = entity;
        p->name = hg_xstrdup(name);
        p->object = hg_xstrdup(object);
        p->file = hg_xstrdup((const char *)sqlite3_column_text(stmt, 3));
        p->good_figure = good;
        p->bad_figure = bad;
    }
    sqlite3_finalize(stmt);
    if (rc == SQLITE_DONE && found == 0)
        fail(b, "no function %s has a figure in the runs of benchmark %s"
             " at %.12s and %.12s", b->o->function, p->benchmark, p->good,
             p->bad);
    return rc == SQLITE_DONE && found == 1;
}

/* The run of the plan's benchmark at the recorded commit COMMIT (named
   NAME), which must have passed. */
static bool passed_run(struct bisector *b, int64_t commit, const char *name,
                       int64_t *run)
{
    char status[16];
    if (!find_run(b, commit, run, status))
        return false;
    if (*run == 0)
        return fail(b, "benchmark %s is not recorded on %s at %.12s",
                    b->r->plan.benchmark, b->r->plan.arch, name);
    if (strcmp(status, "ok") != 0)
        return fail(b, "the run of benchmark %s at %.12s did not pass (%s)",
                    b->r->plan.benchmark, name, status);
    return true;
}

/* GOOD and BAD in the history: the benchmark, architecture, metric and
   function, and their figures, which must differ. */
static bool plan_from_history(struct bisector *b)
{
    struct hg_bisect_plan *p = &b->r->plan;
    const char *metric[1] = { p->metric };
    int64_t good, bad, good_run, bad_run;
    char *branch = NULL;

    if (!find_commit(b, p->good, &good, NULL)
        || !find_commit(b, p->bad, &bad, &branch))
        return false;
    if (good == 0 || bad == 0)
        return fail(b, "%s %.12s is not recorded in the history: bisect"
                    " searches between two recorded commits",
                    good == 0 ? "GOOD" : "BAD", good == 0 ? p->good : p->bad);
    p->branch = branch;
    if (b->o->benchmark != NULL)
        p->benchmark = hg_xstrdup(b->o->benchmark);
    else if (!only_text(b, "SELECT DISTINCT benchmark FROM runs WHERE"
                        " commit_id = ?1 ORDER BY benchmark", good, NULL,
                        &p->benchmark, "no benchmark is recorded at GOOD",
                        "GOOD has several benchmarks (%s, %s...): give"
                        " --benchmark"))
        return false;
    if (!only_text(b, "SELECT DISTINCT arch FROM runs WHERE commit_id = ?1"
                   " AND benchmark = ?3 ORDER BY arch", good, p->benchmark,
                   &p->arch, "the benchmark is not recorded at GOOD",
                   "the benchmark is recorded at GOOD on several"
                   " architectures (%s, %s...)"))
        return false;
    if (!passed_run(b, good, p->good, &good_run)
        || !passed_run(b, bad, p->bad, &bad_run))
        return false;
    switch (hg_history_row(b->h, "SELECT id FROM metrics WHERE name = ?2",
                           0, metric, 1, &b->metric, NULL, b->problem,
                           b->problem_size)) {
    case SQLITE_ROW:
        break;
    case SQLITE_DONE:
        return fail(b, "no figure of metric %s is recorded", p->metric);
    default:
        return false;
    }
    if (!choose_function(b, good_run, bad_run))
        return false;
    if (same_figure(&p->good_figure, &p->bad_figure))
        return fail(b, "%s's %s is the same at GOOD and BAD: nothing to"
                    " bisect", p->name, p->metric);
    return true;
}

/* ------------------------------------------------------- one commit run */

/* The problem prefixed with COMMIT (and the file it was about, which
   may be in the temporary directory: the name is kept, not a pointer
   to it). */
static void name_commit(struct bisector *b, const char *commit)
{
    char *why = hg_xstrdup(b->problem);
    const char *file = *b->problem_file;
    fail(b, "commit %s: %s%s%s", commit, file != NULL ? file : "",
         file != NULL ? ": " : "", why);
    *b->problem_file = NULL;
    free(why);
}

/* The stage that failed at COMMIT, for the result. */
static bool failed_at(struct bisector *b, const char *commit,
                      enum hg_bisect_stage stage)
{
    b->r->failed_commit = hg_xstrdup(commit);
    b->r->failed_stage = stage;
    return false;
}

/* Whether a stop signal came (hg_bisect says so). */
static bool stopped(void)
{
    return caught_signal != 0;
}

/* Runs ARGV in DIR, its output on stderr; the stage fails unless it
   exits 0. */
static bool run_stage(struct bisector *b, const char *commit,
                      enum hg_bisect_stage stage, char *const *argv,
                      const char *dir, const char *what)
{
    char ended[64];
    pid_t pid = start_child(argv, dir, 2, 2);
    int status = pid > 0 ? wait_child(pid) : -1;
    if (stopped())
        return failed_at(b, commit, stage);
    if (status == 0)
        return true;
    if (pid < 0)
        snprintf(ended, sizeof ended, "could not be started");
    else
        describe_end(status, ended, sizeof ended);
    fail(b, "commit %s: %s %s", commit, what, ended);
    return failed_at(b, commit, stage);
}

/* COMMIT's parents and time from git, then its run in RUN_DIR recorded
   on the branch of BAD; a commit KNOWN to the history (recorded with
   other benchmarks) keeps what it was recorded with. */
static bool record_commit(struct bisector *b, const char *commit,
                          const char *run_dir, bool known)
{
    const char *parent_args[] = { "rev-list", "--parents", "-n", "1", commit,
                                  NULL };
    const char *time_args[] = { "log", "-1", "--format=%cI", commit, NULL };
    char *parents_text = NULL, *time_text = NULL, **words = NULL;
    char *runs_operand[1] = { (char *)run_dir };
    struct hg_history_runs *runs = NULL;
    size_t count = 0;
    bool ok = git(b, parent_args, &parents_text)
              && git(b, time_args, &time_text);

    if (ok) {
        split_words(parents_text, &words, &count);
        time_text[strcspn(time_text, "\n")] = '\0';
        runs = hg_history_read_runs(runs_operand, 1, b->problem_file,
                                    b->problem, b->problem_size);
        ok = runs != NULL && count >= 1;
    }
    if (ok) {
        struct hg_history_commit c = {
            .sha = commit, .parents = (const char *const *)words + 1,
            .parent_count = known ? 0 : count - 1,
            .branch = !known && b->r->plan.branch[0] != '\0'
                      ? b->r->plan.branch : NULL,
            .time = !known && hg_history_time_ok(time_text) ? time_text
                                                            : NULL,
        };
        ok = hg_history_record(b->h, &c, false, runs, b->problem_file,
                               b->problem, b->problem_size);
    }
    hg_history_runs_free(runs);
    free(parents_text);
    free(time_text);
    free(words);
    return ok;
}

/* Builds and runs COMMIT in a worktree of its own and records the run. */
static bool build_and_record(struct bisector *b, const char *commit,
                             size_t position, bool known)
{
    char *worktree = hg_xasprintf("%s/worktree", b->tmp);
    char *run_dir = hg_xasprintf("%s/run-%zu", b->tmp, position);
    char *suite = hg_xasprintf("%s/%s", worktree, b->suite);
    const char *add_args[] = { "worktree", "add", "--detach", worktree,
                               commit, NULL };
    char *build_argv[] = { (char *)"sh", (char *)"-c", (char *)b->o->build,
                           NULL };
    char *suite_argv[] = { b->self, (char *)"suite", (char *)"run", suite,
                           (char *)"-o", run_dir, (char *)"--only",
                           b->r->plan.benchmark, NULL };
    bool ok = git(b, add_args, NULL);

    if (ok)
        b->worktree = worktree;
    else {
        name_commit(b, commit);
        failed_at(b, commit, HG_BISECT_WORKTREE);
        free(worktree);
    }
    if (ok && !stopped())
        ok = run_stage(b, commit, HG_BISECT_BUILD, build_argv, b->worktree,
                       "the build (sh -c CMD in its worktree)");
    else if (ok)
        ok = failed_at(b, commit, HG_BISECT_WORKTREE);
    if (ok) {
        b->r->builds++;
        ok = run_stage(b, commit, HG_BISECT_SUITE, suite_argv, NULL,
                       "hotgrind suite run of the benchmark");
    }
    remove_worktree(b);
    if (ok && !record_commit(b, commit, run_dir, known)) {
        name_commit(b, commit);
        ok = failed_at(b, commit, HG_BISECT_RECORD);
    }
    nftw(run_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(run_dir);
    free(suite);
    return ok;
}

/* COMMIT's figure: read from the history when the benchmark is
   recorded there, else built, run and recorded first. */
static bool figure_at(struct bisector *b, const char *commit,
                      size_t position, struct hg_bisect_step *s)
{
    int64_t id, run = 0;
    char status[16] = "";

    if (!find_commit(b, commit, &id, NULL)
        || (id != 0 && !find_run(b, id, &run, status)))
        return false;
    s->built = run == 0;
    if (s->built && !build_and_record(b, commit, position, id != 0))
        return false;
    if (s->built && (!find_commit(b, commit, &id, NULL)
                     || !find_run(b, id, &run, status)))
        return false;
    if (run == 0) {
        fail(b, "commit %s: its run of benchmark %s is not on %s, the"
             " architecture of GOOD's", commit, b->r->plan.benchmark,
             b->r->plan.arch);
        return failed_at(b, commit, HG_BISECT_FIGURE);
    }
    if (strcmp(status, "ok") != 0) {
        fail(b, "commit %s: the run of benchmark %s did not pass (%s)",
             commit, b->r->plan.benchmark, status);
        return failed_at(b, commit, s->built ? HG_BISECT_SUITE
                                             : HG_BISECT_FIGURE);
    }
    return figure_of(b, run, b->entity, &s->figure);
}

/* ------------------------------------------------------------ the search */

/* The commits after GOOD up to BAD along BAD's first parents, checked
   to start at GOOD's child. */
static bool commit_range(struct bisector *b, char **text, char ***commits,
                         size_t *count)
{
    struct hg_bisect_plan *p = &b->r->plan;
    char *range = hg_xasprintf("%s..%s", p->good, p->bad);
    const char *args[] = { "rev-list", "--first-parent", "--reverse", range,
                           NULL };
    const char *parent_args[] = { "rev-parse", "--verify", "--quiet", NULL,
                                  NULL };
    char *parent = NULL, *spec = NULL;
    bool ok = git(b, args, text);

    free(range);
    if (!ok)
        return false;
    split_words(*text, commits, count);
    if (*count == 0)
        return fail(b, "BAD %.12s is not a descendant of GOOD %.12s", p->bad,
                    p->good);
    spec = hg_xasprintf("%s^1", (*commits)[0]);
    parent_args[3] = spec;
    ok = git(b, parent_args, &parent);
    free(spec);
    if (ok) {
        parent[strcspn(parent, "\n")] = '\0';
        if (strcmp(parent, p->good) != 0)
            ok = fail(b, "GOOD %.12s is not on the first-parent line of BAD"
                      " %.12s", p->good, p->bad);
    }
    free(parent);
    return ok;
}

/* Halves the range until the first changed commit is known. */
static bool search(struct bisector *b, char **commits, size_t count,
                   const struct hg_bisect_listener *listener)
{
    struct hg_bisect_result *r = b->r;
    struct hg_bisect_figure low = r->plan.good_figure;
    struct hg_bisect_figure high = r->plan.bad_figure;
    size_t lo = 0, hi = count;   /* positions: 0 GOOD, COUNT BAD */

    while (hi - lo > 1) {
        struct hg_bisect_step s = { 0 };
        size_t mid = lo + (hi - lo) / 2;
        s.number = ++r->steps;
        s.commit = commits[mid - 1];
        s.position = mid;
        if (stopped() || !figure_at(b, s.commit, mid, &s))
            return false;
        s.changed = !same_figure(&s.figure, &r->plan.good_figure);
        if (s.changed) {
            hi = mid;
            high = s.figure;
        } else {
            lo = mid;
            low = s.figure;
        }
        s.left = hi - lo;
        if (listener != NULL && listener->stepped != NULL)
            listener->stepped(listener->data, &r->plan, &s);
    }
    r->first = hg_xstrdup(commits[hi - 1]);
    r->before = hg_xstrdup(lo == 0 ? r->plan.good : commits[lo - 1]);
    r->before_figure = low;
    r->after_figure = high;
    return true;
}

/* The temporary directory, under TMPDIR or /tmp, made absolute. */
static bool make_tmp(struct bisector *b)
{
    const char *base = getenv("TMPDIR");
    char *pattern, resolved[PATH_MAX];
    if (base == NULL || base[0] == '\0')
        base = "/tmp";
    pattern = hg_xasprintf("%s/hotgrind-bisect-XXXXXX", base);
    if (mkdtemp(pattern) == NULL || realpath(pattern, resolved) == NULL) {
        fail(b, "cannot make a temporary directory in %s: %s", base,
             strerror(errno));
        free(pattern);
        return false;
    }
    free(pattern);
    b->tmp = hg_xstrdup(resolved);
    b->git_errors = hg_xasprintf("%s/git-errors", b->tmp);
    return true;
}

/* The suite file in a worktree: O's path, relative to the repository
   directory, under that directory's place in the repository. */
static bool locate_suite(struct bisector *b)
{
    const char *args[] = { "rev-parse", "--show-prefix", NULL };
    char *prefix = NULL;
    if (b->o->suite[0] == '/')
        return fail(b, "--suite %s: give the suite file relative to the"
                    " repository (each commit's own is run)", b->o->suite);
    if (!git(b, args, &prefix))
        return false;
    prefix[strcspn(prefix, "\n")] = '\0';
    b->suite = hg_xasprintf("%s%s", prefix, b->o->suite);
    free(prefix);
    return true;
}

static bool find_self(struct bisector *b)
{
    char resolved[PATH_MAX];
    ssize_t length;
    if (b->o->self != NULL) {
        b->self = hg_xstrdup(b->o->self);
        return true;
    }
    length = readlink("/proc/self/exe", resolved, sizeof resolved - 1);
    if (length < 0)
        return fail(b, "cannot find this command's file (/proc/self/exe):"
                    " %s", strerror(errno));
    resolved[length] = '\0';
    b->self = hg_xstrdup(resolved);
    return true;
}

bool hg_bisect(struct hg_history_db *h, const struct hg_bisect_options *o,
               const struct hg_bisect_listener *listener,
               struct hg_bisect_result *result, const char **problem_file,
               char *problem, size_t problem_size)
{
    struct bisector b = {
        .h = h, .o = o, .r = result, .problem_file = problem_file,
        .problem = problem, .problem_size = problem_size,
        .repo = o->repo != NULL ? o->repo : ".",
    };
    char *range_text = NULL, **commits = NULL;
    size_t count = 0;
    bool ok;

    memset(result, 0, sizeof *result);
    *problem_file = NULL;
    result->plan.metric = hg_xstrdup(o->metric != NULL ? o->metric : "Ir");
    catch_stop_signals();
    ok = find_self(&b) && make_tmp(&b) && locate_suite(&b)
         && resolve_commit(&b, o->good, &result->plan.good)
         && resolve_commit(&b, o->bad, &result->plan.bad)
         && plan_from_history(&b)
         && commit_range(&b, &range_text, &commits, &count);
    if (ok) {
        result->plan.count = count;
        result->planned = true;
        if (listener != NULL && listener->planned != NULL)
            listener->planned(listener->data, &result->plan);
        ok = search(&b, commits, count, listener);
    }
    remove_worktree(&b);
    /* A child a signal ended failed because of it: the signal is the
       news. */
    if (!ok && caught_signal != 0) {
        result->signal = caught_signal;
        fail(&b, "stopped by signal %s%s%s",
             sigabbrev_np(caught_signal) != NULL
             ? sigabbrev_np(caught_signal) : "?",
             result->failed_commit != NULL ? " at commit " : "",
             result->failed_commit != NULL ? result->failed_commit : "");
    }
    if (b.tmp != NULL)
        nftw(b.tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    release_stop_signals();
    free(range_text);
    free(commits);
    free(b.self);
    free(b.tmp);
    free(b.git_errors);
    free(b.suite);
    return ok;
}

const char *hg_bisect_stage_name(enum hg_bisect_stage stage)
{
    switch (stage) {
    case HG_BISECT_WORKTREE: return "worktree";
    case HG_BISECT_BUILD: return "build";
    case HG_BISECT_SUITE: return "suite run";
    case HG_BISECT_RECORD: return "record";
    case HG_BISECT_FIGURE: return "figure";
    default: return "";
    }
}

void hg_bisect_result_free(struct hg_bisect_result *result)
{
    struct hg_bisect_plan *p = &result->plan;
    char *texts[] = { p->benchmark, p->arch, p->branch, p->metric, p->name,
                      p->object, p->file, p->good, p->bad, result->first,
                      result->before, result->failed_commit };
    size_t i;
    for (i = 0; i < sizeof texts / sizeof texts[0]; i++)
        free(texts[i]);
    memset(result, 0, sizeof *result);
}
