/* hotgrind run's plan: the files found and opened, the process's state
   pinned (ASLR, the stack limit, the descriptors), then one exec of
   Valgrind, or the runs of an audit and the audit of their reports.
   It prints nothing on stdout: render/run-audit.c shows the dry run and
   the audit.  GPL-2.0-or-later; part of hotgrind. */

/* Start-up instruction counts follow things outside the program (see
   docs/manual.md, "Getting counts that do not move"): every environment
   variable and its length, the length of argv[0], lazy PLT binding, the
   string routines glibc picks from the CPU Valgrind presents, malloc's
   arena count, thread stack sizes, the kinds of the standard streams.
   This command removes or pins each of them and then execs Valgrind, so
   signals and the exit status are the program's own (under Valgrind).

   The program runs as /proc/self/fd/3: fd 3 is the program file, opened
   here and left open across exec, so argv[0] (and the AT_EXECFN string on
   its stack) is the same 15 bytes wherever the program lives, and so is
   <command><exe> in the report.  VALGRIND_LIB, when set, reaches Valgrind
   as /proc/self/fd/4 in the same way, so its length and that of the
   LD_PRELOAD Valgrind adds do not depend on where an uninstalled tool
   lives.  No temporary file is made, so there is nothing to clean up. */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/run-audit.h"
#include "run/run.h"
#include "util/find-executable.h"
#include "util/messages.h"
#include "util/xalloc.h"

/* ------------------------------------------------- finding the files */

/* Whether the file at PATH starts with "#!". */
static bool is_script(const char *path)
{
    char magic[2];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    bool script = false;
    if (fd < 0)
        return false;
    script = read(fd, magic, 2) == 2 && magic[0] == '#' && magic[1] == '!';
    close(fd);
    return script;
}

/* The Valgrind to exec: --valgrind, $HOTGRIND_VALGRIND or valgrind in
   PATH.  Debian's and Ubuntu's valgrind is a shell script that adds
   LD_LIBRARY_PATH, GLIBCPP_FORCE_NEW and GLIBCXX_FORCE_NEW to the
   program's environment, and whose shell adds PWD, before it execs
   valgrind.bin beside it: that one is run instead.  *WRAPPER says
   "skipped", "used" (a script without a .bin) or "none". */
static const char *valgrind_name(const char *given)
{
    const char *name = given ? given : getenv("HOTGRIND_VALGRIND");
    return name == NULL || name[0] == '\0' ? "valgrind" : name;
}

static char *find_valgrind(const char *given, const char **wrapper)
{
    const char *name = valgrind_name(given);
    char *path, *bin;
    *wrapper = "none";
    if ((path = hg_find_executable(name)) == NULL)
        return NULL;
    if (!hg_is_executable_file(path)) {
        free(path);
        return NULL;
    }
    if (!is_script(path))
        return path;
    bin = hg_xasprintf("%s.bin", path);
    if (hg_is_executable_file(bin) && !is_script(bin)) {
        free(path);
        *wrapper = "skipped";
        return bin;
    }
    free(bin);
    *wrapper = "used";
    hg_warning(path, "it is a script: its shell adds PWD (the directory's "
               "name) and it may add other variables to the program's "
               "environment, so counts may depend on them");
    return path;
}

/* ------------------------------------------------ the process's state */

/* What the standard stream FD is: its kind decides stdio's buffering
   (a terminal is line-buffered and costs an isatty check...). */
static const char *stream_kind(int fd)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return "closed";
    if (isatty(fd))
        return "terminal";
    if (S_ISFIFO(st.st_mode))
        return "pipe";
    if (S_ISREG(st.st_mode))
        return "file";
    if (S_ISCHR(st.st_mode))
        return "character-device";
    if (S_ISSOCK(st.st_mode))
        return "socket";
    return "other";
}

/* Closes every descriptor from FIRST up; the list of this process's
   descriptors is read first, then they are closed. */
static void close_from(int first)
{
    DIR *dir = opendir("/proc/self/fd");
    struct dirent *entry;
    int fds[1024], n = 0, i, fd;
    bool more = true;

    if (dir == NULL) {
        long max = sysconf(_SC_OPEN_MAX);
        if (max < 0 || max > 65536)
            max = 65536;
        for (fd = first; fd < max; fd++)
            close(fd);
        return;
    }
    /* Several passes if there are very many. */
    while (more) {
        more = false;
        n = 0;
        rewinddir(dir);
        while ((entry = readdir(dir)) != NULL) {
            fd = atoi(entry->d_name);
            if (entry->d_name[0] < '0' || entry->d_name[0] > '9'
                || fd < first || fd == dirfd(dir))
                continue;
            if (n == (int)(sizeof fds / sizeof fds[0])) {
                more = true;
                break;
            }
            fds[n++] = fd;
        }
        for (i = 0; i < n; i++)
            close(fds[i]);
    }
    closedir(dir);
}

/* Moves FD to TARGET, open across exec. */
static bool move_fd(int fd, int target)
{
    if (fd == target)
        return fcntl(fd, F_SETFD, 0) == 0;
    return dup2(fd, target) == target;
}


/* Turns address space randomisation off for Valgrind and the program
   (inherited across exec).  Valgrind places the program's stack, heap
   and mappings itself, the same way every run (measured: identical
   addresses with and without), but its own layout and that of anything
   run outside it would otherwise move. */
static bool aslr_off(void)
{
    int persona = personality(0xffffffff);
    if (persona == -1)
        return false;
    if (persona & ADDR_NO_RANDOMIZE)
        return true;
    return personality((unsigned long)persona | ADDR_NO_RANDOMIZE) != -1
           && (personality(0xffffffff) & ADDR_NO_RANDOMIZE) != 0;
}

/* The soft stack limit: glibc sizes thread stacks by it (measured: a
   2-thread program's Ir moves with `ulimit -s`). */
static void fix_stack_limit(void)
{
    struct rlimit limit;
    if (getrlimit(RLIMIT_STACK, &limit) != 0)
        return;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < STACK_LIMIT) {
        hg_warning(NULL, "the stack limit cannot be raised to %lu bytes",
                   STACK_LIMIT);
        limit.rlim_cur = limit.rlim_max;
    } else {
        limit.rlim_cur = STACK_LIMIT;
    }
    if (setrlimit(RLIMIT_STACK, &limit) != 0)
        hg_warning(NULL, "cannot set the stack limit: %s", strerror(errno));
}

/* The report's name, absolute (Valgrind runs elsewhere with --cwd). */
static char *absolute_output(const char *output)
{
    char here[PATH_MAX];
    if (output == NULL || output[0] == '/')
        return output ? hg_xstrdup(output) : NULL;
    if (getcwd(here, sizeof here) == NULL) {
        hg_problem(NULL, "cannot read the current directory: %s",
                   strerror(errno));
        exit(HG_EXIT_TROUBLE);
    }
    return hg_xasprintf("%s/%s", here, output);
}

/* "hotgrind: PATH: WHAT: " and errno's words. */
static int trouble(const char *path, const char *what)
{
    hg_problem(path, "%s: %s", what, strerror(errno));
    return HG_EXIT_TROUBLE;
}

/* Puts PROGRAM_FD (and LIB_FD, unless -1) in place and execs VALGRIND
   with ARGS and ENV; returns only when that fails (after one line). */
static int exec_valgrind(char *valgrind, const struct run_strings *args,
                         const struct run_strings *env, const char *program,
                         int program_fd, int lib_fd)
{
    char **exec_argv = hg_xcalloc(args->count + 2, sizeof *exec_argv);
    exec_argv[0] = valgrind;
    memcpy(exec_argv + 1, args->items, args->count * sizeof *exec_argv);
    /* Out of the way of 3 and 4 first, then into place. */
    program_fd = fcntl(program_fd, F_DUPFD_CLOEXEC, FIRST_FREE_FD);
    if (lib_fd >= 0)
        lib_fd = fcntl(lib_fd, F_DUPFD_CLOEXEC, FIRST_FREE_FD);
    if (program_fd < 0 || !move_fd(program_fd, PROGRAM_FD)
        || (lib_fd >= 0 && !move_fd(lib_fd, LIBDIR_FD)))
        return trouble(program, "cannot set up the descriptors of its run");
    fflush(stdout);
    fflush(stderr);
    close_from(lib_fd >= 0 ? FIRST_FREE_FD : LIBDIR_FD);
    execve(valgrind, exec_argv, env->items);
    hg_problem(valgrind, "cannot run it: %s", strerror(errno));
    free(exec_argv);
    return HG_EXIT_TROUBLE;
}


/* The same program file, by a path 6 bytes longer. */
#define LONGER_PROGRAM_PATH "/proc/self/fd/../fd/3"
/* Valgrind maps the client's heap and libraries from this address up
   (its default is 0x04000000 on Linux): every heap block and library
   moves by the same distance, the stack does not. */
#define HEAP_MOVE "--aspace-minaddr=0x20000000"

static const struct run_variation plain_run = {
    NULL, NULL, 0, PROGRAM_PATH, NULL, false
};

/* The reference of --perturb, run twice (a count that moves by itself
   is not the perturbations' doing), and the runs it compares with it:
   each changes one thing of the reference.  The reference has the
   padding variable too, so that the perturbed runs have as many
   variables as it has. */
static const struct run_variation perturb_references[] = {
    { "reference", "reference", 16, PROGRAM_PATH, NULL, false },
    { "reference", "reference2", 16, PROGRAM_PATH, NULL, false },
};
static const struct run_variation perturbations[] = {
    { "stack moved by 64 bytes", "stack-64", 16 + 64, PROGRAM_PATH, NULL,
      false },
    { "stack strings moved by 8 bytes", "stack-8", 16 + 8, PROGRAM_PATH,
      NULL, false },
    { "argv[0] 6 bytes longer", "argv0", 16, LONGER_PROGRAM_PATH, NULL,
      true },
    { "heap and libraries moved", "heap", 16, PROGRAM_PATH, HEAP_MOVE,
      false },
};
#define PERTURBATIONS (sizeof perturbations / sizeof perturbations[0])


/* Runs Valgrind once, in a child, and waits for it; false (after one
   line) when it could not run or was killed: its report cannot be
   trusted. */
static bool run_once(char *valgrind, const struct run_strings *args,
                     const struct run_strings *env, const char *program,
                     int program_fd, int lib_fd, const char *output)
{
    pid_t child;
    int wait_status;

    if (unlink(output) != 0 && errno != ENOENT) {
        trouble(output, "cannot remove the old report");
        return false;
    }
    fflush(stdout);
    fflush(stderr);
    child = fork();
    if (child < 0) {
        trouble(program, "cannot start a run of it");
        return false;
    }
    if (child == 0)
        _exit(exec_valgrind(valgrind, args, env, program, program_fd,
                            lib_fd));
    while (waitpid(child, &wait_status, 0) < 0)
        if (errno != EINTR) {
            trouble(program, "cannot wait for its run");
            return false;
        }
    if (WIFSIGNALED(wait_status)) {
        hg_problem(output, "the run writing it was killed by signal %d (%s)",
                   WTERMSIG(wait_status), strsignal(WTERMSIG(wait_status)));
        return false;
    }
    if (access(output, F_OK) != 0) {
        hg_problem(output, "the run writing it wrote no report (exit "
                   "status %d)", WEXITSTATUS(wait_status));
        return false;
    }
    return true;
}

/* The variation run K of O's audit is: --perturb's plain run, its
   two references, then the perturbations; every run of --repeat is
   plain. */
static const struct run_variation *audit_variation(const struct run_options *o,
                                                   size_t k)
{
    return !o->perturb || k == 0 ? &plain_run
           : k <= 2 ? &perturb_references[k - 1]
           : &perturbations[k - 3];
}

/* The runs of --repeat or --perturb.  The first report is OUTPUT; the
   others OUTPUT.run2... or OUTPUT.SUFFIX. */
static int audit_runs(struct run_plan *p)
{
    const struct run_options *o = p->o;
    size_t count = o->perturb ? PERTURBATIONS + 3 : o->repeat, k;

    p->outputs = hg_xcalloc(count, sizeof *p->outputs);
    p->output_count = count;
    for (k = 0; k < count; k++)
        p->outputs[k] = k == 0 ? hg_xstrdup(p->output)
                        : o->perturb
                        ? hg_xasprintf("%s.%s", p->output,
                                       audit_variation(o, k)->suffix)
                        : hg_xasprintf("%s.run%zu", p->output, k + 1);
    for (k = 0; k < count; k++) {
        struct run_strings env = { NULL, 0 }, args = { NULL, 0 };
        bool ran;
        run_prepare(o, p->profile, p->lib_fd >= 0, p->streams, p->no_aslr,
                    p->wrapper, p->outputs[k], audit_variation(o, k), &env,
                    &args);
        ran = run_once(p->valgrind, &args, &env, p->program, p->program_fd,
                       p->lib_fd, p->outputs[k]);
        run_strings_free(&env);
        run_strings_free(&args);
        if (!ran)
            return HG_EXIT_TROUBLE;
    }
    return -1;
}

int run_plan_audit(struct run_plan *p, struct run_audit *audit)
{
    struct hg_perturbed_run perturbed[PERTURBATIONS];
    size_t k;
    int status;

    if (p->o->perturb) {
        for (k = 0; k < PERTURBATIONS; k++)
            perturbed[k] = (struct hg_perturbed_run){
                p->outputs[k + 3], perturbations[k].label,
                perturbations[k].startup_reads_it };
        status = run_audit_perturb(audit, p->outputs[1], p->outputs[2],
                                   perturbed, PERTURBATIONS);
    } else {
        status = run_audit_repeat(audit, (const char *const *)p->outputs,
                                  p->output_count);
    }
    /* Nothing differs to look at. */
    if (status == HG_EXIT_OK)
        for (k = 1; k < p->output_count; k++)
            unlink(p->outputs[k]);
    return status;
}

void run_plan_record_streams(struct run_plan *p)
{
    int fd;
    memset(p, 0, sizeof *p);
    p->lib_fd = -1;
    for (fd = 0; fd <= 2; fd++)
        p->streams[fd] = stream_kind(fd);
}

int run_plan_make(struct run_plan *p, const struct run_options *o)
{
    p->o = o;
    p->libdir = getenv("VALGRIND_LIB");
    if (p->libdir != NULL && p->libdir[0] == '\0')
        p->libdir = NULL;
    if ((p->program = hg_find_executable(o->program[0])) == NULL) {
        hg_problem(o->program[0], "not found in PATH");
        return HG_EXIT_TROUBLE;
    }
    if ((p->valgrind = find_valgrind(o->valgrind, &p->wrapper)) == NULL) {
        const char *name = valgrind_name(o->valgrind);
        hg_problem(name, "not an executable file%s, so no Valgrind to run "
                   "(give --valgrind=PATH or set HOTGRIND_VALGRIND)",
                   strchr(name, '/') ? "" : " in PATH");
        return HG_EXIT_TROUBLE;
    }
    /* Everything is opened before the change of directory, so relative
       names are the caller's. */
    if (!hg_is_executable_file(p->program)) {
        hg_problem(p->program, "not an executable file");
        return HG_EXIT_TROUBLE;
    }
    p->program_fd = open(p->program, O_RDONLY | O_CLOEXEC);
    if (p->program_fd < 0)
        return trouble(p->program, "cannot open the program");
    if (p->libdir != NULL
        && (p->lib_fd = open(p->libdir, O_PATH | O_DIRECTORY | O_CLOEXEC))
           < 0)
        return trouble(p->libdir, "cannot open it (VALGRIND_LIB)");
    p->output = absolute_output(o->output);
    p->profile = run_profile_of(p->program_fd);
    if (o->cwd != NULL && chdir(o->cwd) != 0)
        return trouble(o->cwd, "cannot change to it (--cwd)");
    if (access(".valgrindrc", F_OK) == 0)
        hg_warning("./.valgrindrc", "Valgrind reads options from it; they "
                   "are not recorded in the report");

    run_build_environment(o, p->profile, p->lib_fd >= 0, &p->env);
    p->no_aslr = aslr_off();
    if (!p->no_aslr)
        hg_warning(NULL, "cannot turn address space randomisation off: %s",
                   strerror(errno));
    fix_stack_limit();
    return -1;
}

int run_plan_execute(struct run_plan *p)
{
    const struct run_options *o = p->o;
    char here[PATH_MAX];

    if (o->repeat > 0 || o->perturb)
        return audit_runs(p);
    run_prepare(o, p->profile, p->lib_fd >= 0, p->streams, p->no_aslr,
                p->wrapper, p->output, &plain_run, &p->env, &p->args);
    if (o->dry_run) {
        p->directory = hg_xstrdup(getcwd(here, sizeof here) ? here : ".");
        return -1;
    }
    return exec_valgrind(p->valgrind, &p->args, &p->env, p->program,
                         p->program_fd, p->lib_fd);
}

void run_plan_free(struct run_plan *p)
{
    size_t k;
    run_strings_free(&p->env);
    run_strings_free(&p->args);
    free(p->program);
    free(p->valgrind);
    free(p->output);
    free(p->directory);
    for (k = 0; k < p->output_count; k++)
        free(p->outputs[k]);
    free(p->outputs);
}
