/* hotgrind run: runs a program under `valgrind --tool=hotgrind` with what
   makes its counts reproducible, and records each thing it fixed in the
   report's <run><launcher>.  GPL-2.0-or-later; part of hotgrind. */

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
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "builtin/builtin.h"
#include "render/text.h"
#include "run/run-audit.h"
#include "util/find-executable.h"
#include "util/messages.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

static const char run_usage[] =
    "usage: hotgrind run [OPTIONS] [VALGRIND-OPTIONS] [--] PROG [ARGS...]";

static const char run_help[] =
    "usage: hotgrind run [OPTIONS] [VALGRIND-OPTIONS] [--] PROG [ARGS...]\n"
    "\n"
    "Runs PROG under valgrind --tool=hotgrind so that its counts do not\n"
    "depend on the machine, the directory or the caller's environment:\n"
    "\n"
    "  - the environment is cleared: PROG gets PATH=/usr/bin:/bin, LC_ALL=C,\n"
    "    LD_BIND_NOW=1 (no lazy PLT binding) and GLIBC_TUNABLES pinning\n"
    "    glibc's choices: on x86 the CPU features above SSE2 are hidden and\n"
    "    the cache sizes fixed, so memcpy, strlen... are the same variants\n"
    "    on every CPU; on arm64 glibc.cpu.name=generic; everywhere one\n"
    "    malloc arena (glibc.malloc.arena_max=1), no huge pages, no rseq;\n"
    "    plus what --keep-env and --env name (VALGRIND_LIB, if set, is\n"
    "    passed on to Valgrind);\n"
    "  - PROG runs as /proc/self/fd/3 (argv[0] has the same length wherever\n"
    "    PROG lives), VALGRIND_LIB as /proc/self/fd/4; other inherited file\n"
    "    descriptors above 2 are closed;\n"
    "  - address space randomisation is off, the stack limit (which sets\n"
    "    the threads' stack size) is 8 MiB, the working directory is the\n"
    "    current one or --cwd, the simulated caches are the fixed ones\n"
    "    (--cache-geometry=host is refused);\n"
    "  - the tool is given --det-random=yes (OS randomness from a seeded\n"
    "    generator), --det-clock=yes (clocks answered from the instruction\n"
    "    count) and --cpus=4 (the program is told 4 CPUs), each unless\n"
    "    given among the Valgrind options, whose value then wins; the\n"
    "    report lists them in <run><options>.\n"
    "\n"
    "Each of these is recorded in the report as a <setting> of\n"
    "<run><launcher name=\"hotgrind run\">, with the kinds of the standard\n"
    "streams (terminal, pipe, file...), which change stdio's work; hotgrind\n"
    "diff and check warn when two reports differ in any.\n"
    "\n"
    "  -o FILE, --output=FILE  the report (--hotgrind-out-file, made\n"
    "                      absolute: relative to the current directory)\n"
    "  --keep-env=VAR      keep VAR from this environment (repeatable)\n"
    "  --env=VAR=VALUE     set VAR for PROG (repeatable).  A GLIBC_TUNABLES\n"
    "                      given either way is merged into the pinned one:\n"
    "                      its glibc.cpu.hwcaps items are added to the\n"
    "                      pinned list, other tunables replace or join ours\n"
    "  --cwd=DIR           run PROG in DIR\n"
    "  --valgrind=PATH     the Valgrind to run (default: $HOTGRIND_VALGRIND,\n"
    "                      else valgrind on PATH); a shell wrapper with a\n"
    "                      PATH.bin beside it (Debian's) is skipped for\n"
    "                      PATH.bin, as the wrapper and its shell add\n"
    "                      variables to PROG's environment\n"
    "  --dry-run           print the command that would run, and do nothing\n"
    "  --repeat[=N]        run PROG N times (default 3, at most 100): exit 0\n"
    "                      when the reports are byte-identical, 1 naming the\n"
    "                      first differing functions and the likely cause\n"
    "                      (needs -o: the runs after the first write\n"
    "                      FILE.run2...; removed when identical)\n"
    "  --perturb           also run PROG with the stack, argv[0] and the heap\n"
    "                      moved, and list the functions whose counts move\n"
    "                      (they depend on addresses), with policy lines\n"
    "                      that keep them from a gate; exit 1 if any (needs\n"
    "                      -o: FILE.reference, FILE.stack-64...)\n"
    "\n"
    "Every other option before PROG is given to Valgrind, in order: tool\n"
    "options such as --mark=PATTERN, --cache-sim=yes or --heap=no, and core\n"
    "options such as -q.  PROG without a '/' is looked for in PATH.\n"
    "\n"
    "Not fixed: the program's arguments and their lengths, variables given\n"
    "with --keep-env/--env (each one and its length still count), code that\n"
    "reads CPUID itself, files the program reads.\n"
    "\n"
    "Exit status: PROG's under Valgrind (1 if no report could be written);\n"
    "2, with a message on stderr, when hotgrind run cannot start it.  With\n"
    "--repeat or --perturb: the audit's (0 stable, 1 not, 2 a run failed).\n";

/* What every run gets. */
#define PROGRAM_FD 3
#define PROGRAM_PATH "/proc/self/fd/3"
#define LIBDIR_FD 4
#define LIBDIR_PATH "/proc/self/fd/4"
#define FIRST_FREE_FD 5
#define STACK_LIMIT (8UL * 1024 * 1024)
#define LAUNCHER_NAME "hotgrind run"
#define DEFAULT_REPEAT 3

/* GLIBC_TUNABLES by the program's architecture.  Written for glibc 2.36
   (names it does not know are ignored by glibc).

   x86: every CPU feature glibc's ifuncs choose by, above the x86-64
   baseline (SSE2), is hidden, and every "preferred" flag glibc derives
   from the CPU model is set explicitly, so Valgrind's CPU classes (its
   CPUID for AVX2, AVX, SSE4.2 and baseline hosts) all give the SSE2
   variants of memcpy, strlen...; the cache sizes glibc reads from CPUID
   (they choose memcpy's strategy for large copies) are fixed too.
   `ld.so --list-diagnostics` under Valgrind shows the outcome.
   arm64: the generic routines, whatever the CPU's name; no memory
   tagging.
   Everywhere: one malloc arena (the default count follows the number of
   CPUs), no transparent huge pages (their mode is read from the host), no
   rseq registration (it depends on the kernel and on Valgrind). */
#define COMMON_TUNABLES \
    "glibc.malloc.arena_max=1:glibc.malloc.hugetlb=0:glibc.pthread.rseq=0"
#define X86_HWCAPS \
    "-AVX,-AVX2,-AVX512F,-AVX512CD,-AVX512BW,-AVX512DQ,-AVX512ER," \
    "-AVX512PF,-AVX512VL,-BMI1,-BMI2,-ERMS,-FMA,-FMA4,-LZCNT,-MOVBE," \
    "-POPCNT,-RTM,-SSE4_1,-SSE4_2,-SSSE3,-XSAVE,-XSAVEC," \
    "-Fast_Rep_String,-Fast_Copy_Backward,-Slow_BSF,Fast_Unaligned_Load," \
    "Fast_Unaligned_Copy,Prefer_PMINUB_for_stringop,-Slow_SSE4_2," \
    "-AVX_Fast_Unaligned_Load,-Prefer_No_VZEROUPPER,-Prefer_ERMS," \
    "-Prefer_FSRM,-Prefer_No_AVX512,-MathVec_Prefer_No_AVX512"
#define HWCAPS_TUNABLE "glibc.cpu.hwcaps"

struct profile {
    const char *name;            /* the glibc-tunables setting */
    const char *tunables;
};

static const struct profile x86_profile = {
    "x86-sse2",
    HWCAPS_TUNABLE "=" X86_HWCAPS
    ":glibc.cpu.x86_data_cache_size=32768"
    ":glibc.cpu.x86_shared_cache_size=1048576"
    ":glibc.cpu.x86_non_temporal_threshold=786432"
    ":glibc.cpu.x86_rep_movsb_threshold=2048"
    ":glibc.cpu.x86_rep_stosb_threshold=2048"
    ":" COMMON_TUNABLES
};

static const struct profile arm64_profile = {
    "arm64-generic",
    "glibc.cpu.name=generic:glibc.mem.tagging=0:" COMMON_TUNABLES
};

static const struct profile other_profile = { "common", COMMON_TUNABLES };

/* ------------------------------------------------------------ strings */

/* A growing list of strings the list owns. */
struct strings {
    char **items;
    size_t count;
};

/* Appends TEXT, which the list takes. */
static void take(struct strings *list, char *text)
{
    list->items = hg_xrealloc(list->items, list->count + 2,
                              sizeof *list->items);
    list->items[list->count++] = text;
    list->items[list->count] = NULL;
}

static void add(struct strings *list, const char *text)
{
    take(list, hg_xstrdup(text));
}

static void free_strings(struct strings *list)
{
    size_t i;
    for (i = 0; i < list->count; i++)
        free(list->items[i]);
    free(list->items);
    list->items = NULL;
    list->count = 0;
}

/* The length of NAME in "NAME=VALUE" (all of TEXT without a '='). */
static size_t name_length(const char *text)
{
    const char *eq = strchr(text, '=');
    return eq ? (size_t)(eq - text) : strlen(text);
}

/* The index of the "NAME=..." item of LIST, or LIST->count. */
static size_t find_name(const struct strings *list, const char *name,
                        size_t length)
{
    size_t i;
    for (i = 0; i < list->count; i++)
        if (name_length(list->items[i]) == length
            && strncmp(list->items[i], name, length) == 0)
            break;
    return i;
}

/* NAME=VALUE in LIST: in place of an item of that name, else last. */
static void set_pair(struct strings *list, const char *name,
                     const char *value)
{
    size_t i = find_name(list, name, strlen(name));
    char *text = hg_xasprintf("%s=%s", name, value);
    if (i == list->count) {
        take(list, text);
        return;
    }
    free(list->items[i]);
    list->items[i] = text;
}

/* ------------------------------------------------------ the tunables */

/* Adds the caller's tunables USER (colon-separated NAME=VALUE items) to
   the pinned ones in LIST: glibc.cpu.hwcaps items join the pinned list
   (glibc applies them in order, so the user's come last), any other
   tunable replaces ours of that name or is appended. */
static void merge_tunables(struct strings *list, const char *user)
{
    char *copy = hg_xstrdup(user), *item, *save = NULL;
    for (item = strtok_r(copy, ":", &save); item != NULL;
         item = strtok_r(NULL, ":", &save)) {
        size_t length = name_length(item);
        size_t i = find_name(list, item, length);
        if (item[length] != '=')
            continue;            /* not a tunable: glibc ignores it too */
        if (i < list->count && length == strlen(HWCAPS_TUNABLE)
            && strncmp(item, HWCAPS_TUNABLE, length) == 0) {
            char *joined = hg_xasprintf("%s,%s", list->items[i],
                                        item + length + 1);
            free(list->items[i]);
            list->items[i] = joined;
        } else if (i < list->count) {
            free(list->items[i]);
            list->items[i] = hg_xstrdup(item);
        } else {
            add(list, item);
        }
    }
    free(copy);
}

/* The pinned tunables of PROFILE, with USER's merged in (NULL: none), as
   one GLIBC_TUNABLES value. */
static char *tunables_value(const struct profile *profile, const char *user)
{
    struct strings list = { NULL, 0 };
    char *copy = hg_xstrdup(profile->tunables), *item, *save = NULL, *value;
    size_t i, size = 1;
    for (item = strtok_r(copy, ":", &save); item != NULL;
         item = strtok_r(NULL, ":", &save))
        add(&list, item);
    free(copy);
    if (user != NULL)
        merge_tunables(&list, user);
    /* glibc 2.36 reads the hwcaps list on past its end, through the
       strings on the program's stack (its tunables point into the
       original variable, cut in place), and stops only at an empty item:
       past the last variable and the platform's name lie the random bytes
       of AT_RANDOM, so the count of ld.so's parsing changed from run to
       run (measured: 1 run in 5).  A ',' at the end makes the empty item
       at once. */
    i = find_name(&list, HWCAPS_TUNABLE, strlen(HWCAPS_TUNABLE));
    if (i < list.count) {
        char *ended = hg_xasprintf("%s,", list.items[i]);
        free(list.items[i]);
        list.items[i] = ended;
    }
    for (i = 0; i < list.count; i++)
        size += strlen(list.items[i]) + 1;
    value = hg_xcalloc(1, size);
    for (i = 0; i < list.count; i++) {
        if (i > 0)
            strcat(value, ":");
        strcat(value, list.items[i]);
    }
    free_strings(&list);
    return value;
}

/* The profile for the program open on FD: by its ELF machine, or this
   machine's for anything else (a script). */
static const struct profile *profile_of(int fd)
{
    unsigned char header[20];
    unsigned machine;
    if (pread(fd, header, sizeof header, 0) == (ssize_t)sizeof header
        && memcmp(header, "\177ELF", 4) == 0) {
        machine = header[5] == 2 ? (unsigned)header[18] << 8 | header[19]
                                 : (unsigned)header[19] << 8 | header[18];
        if (machine == 62 || machine == 3)          /* EM_X86_64, EM_386 */
            return &x86_profile;
        if (machine == 183)                         /* EM_AARCH64 */
            return &arm64_profile;
        return &other_profile;
    }
#if defined(__x86_64__) || defined(__i386__)
    return &x86_profile;
#elif defined(__aarch64__)
    return &arm64_profile;
#else
    return &other_profile;
#endif
}

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
    fprintf(stderr, "hotgrind run: warning: %s is a script: its shell adds "
            "PWD (the directory's name) and it may add other variables to "
            "the program's environment, so counts may depend on them\n",
            path);
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

/* ------------------------------------------------------------ options */

struct run_options {
    const char *output;
    const char *valgrind;
    const char *cwd;
    bool dry_run;
    size_t repeat;                /* --repeat's N; 0 when not given */
    bool perturb;
    struct strings keep;          /* --keep-env names */
    struct strings set;           /* --env NAME=VALUE */
    struct strings valgrind_args; /* options for Valgrind */
    char **program;               /* PROG ARGS..., NULL-terminated */
};

static bool is_variable_name(const char *text, size_t length)
{
    size_t i;
    if (length == 0)
        return false;
    for (i = 0; i < length; i++)
        if (text[i] == '=' || text[i] == '\0')
            return false;
    return true;
}

static int take_keep_env(const struct hg_command_line *line, const char *v)
{
    struct run_options *o = line->data;
    if (!is_variable_name(v, strlen(v)))
        return hg_usage_error("run", run_usage, "--keep-env=VAR: "
                              "'%s' is not a variable name", v);
    add(&o->keep, v);
    return -1;
}

static int take_env(const struct hg_command_line *line, const char *v)
{
    struct run_options *o = line->data;
    if (!is_variable_name(v, name_length(v)) || strchr(v, '=') == NULL)
        return hg_usage_error("run", run_usage, "--env=VAR=VALUE: "
                              "'%s' is not VAR=VALUE", v);
    add(&o->set, v);
    return -1;
}

/* --repeat=N (--repeat alone is a flag of the option table: 3 runs). */
static int take_repeat(const char *value, struct run_options *o)
{
    size_t runs;
    bool digits = value[0] != '\0'
                  && strspn(value, "0123456789") == strlen(value);
    if (!digits)
        return hg_usage_error("run", run_usage, "--repeat=N: '%s' is not a "
                              "number of runs", value);
    if (!hg_parse_limit(value, &runs) || runs < 2
        || runs > HG_AUDIT_MAX_REPEAT)
        return hg_usage_error("run", run_usage, "--repeat=%s: give 2 to %d "
                              "runs", value, HG_AUDIT_MAX_REPEAT);
    o->repeat = runs;
    return -1;
}

/* Any other option is Valgrind's, but for the three that would undo what
   this command is for. */
static int valgrind_option(const struct hg_command_line *line,
                           const char *arg)
{
    struct run_options *o = line->data;
    if (strncmp(arg, "--repeat=", 9) == 0)
        return take_repeat(arg + 9, o);
    if (strncmp(arg, "--tool=", 7) == 0)
        return hg_usage_error("run", run_usage, "'%s': hotgrind run "
                              "always runs --tool=hotgrind", arg);
    if (strcmp(arg, "--cache-geometry=host") == 0)
        return hg_usage_error("run", run_usage, "--cache-geometry=host "
                              "makes cache figures follow the machine; "
                              "give --I1, --D1 and --LL instead");
    if (strncmp(arg, "--launcher=", 11) == 0)
        return hg_usage_error("run", run_usage, "'%s': hotgrind run "
                              "names itself the launcher", arg);
    add(&o->valgrind_args, arg);
    return -1;
}

/* Options of `run` come before PROG: the first operand, or what follows
   "--", is PROG and the rest its arguments. */
static int parse(int argc, char **argv, struct run_options *o)
{
    bool repeat_alone = false;
    const struct hg_command_line line = {
        .command = "run", .usage = run_usage, .help = run_help,
        .options = {
            { .name = "--output", .value = &o->output },
            { .name = "-o", .value = &o->output },
            { .name = "--cwd", .value = &o->cwd },
            { .name = "--valgrind", .value = &o->valgrind },
            { .name = "--keep-env", .take = take_keep_env },
            { .name = "--env", .take = take_env },
            { .name = "--dry-run", .flag = &o->dry_run },
            { .name = "--perturb", .flag = &o->perturb },
            { .name = "--repeat", .flag = &repeat_alone },
        },
        .operands_end_options = true,
        .unknown = valgrind_option, .data = o,
    };
    int status, operands;

    status = hg_parse_options(&line, argc, argv, &operands);
    if (status != -1)
        return status;
    if (operands == 0)
        return hg_usage_error("run", run_usage, "no program given");
    if (repeat_alone && o->repeat == 0) {
        /* "--repeat 5 prog" would run a program called 5. */
        if (strspn(argv[0], "0123456789") == strlen(argv[0]))
            return hg_usage_error("run", run_usage, "--repeat takes its "
                                  "number joined: --repeat=%s", argv[0]);
        o->repeat = DEFAULT_REPEAT;
    }
    if ((o->repeat > 0 || o->perturb) && o->output == NULL)
        return hg_usage_error("run", run_usage, "%s needs -o FILE: the "
                              "reports of its runs are named after it",
                              o->perturb ? "--perturb" : "--repeat");
    if (o->repeat > 0 && o->perturb)
        return hg_usage_error("run", run_usage, "give --repeat or "
                              "--perturb, not both");
    if ((o->repeat > 0 || o->perturb) && o->dry_run)
        return hg_usage_error("run", run_usage, "--dry-run shows one run; "
                              "it does not go with %s",
                              o->perturb ? "--perturb" : "--repeat");
    o->program = argv;
    return -1;
}

/* ---------------------------------------------------------------- run */

/* The environment PROG gets, in a fixed order: ours, VALGRIND_LIB, the
   kept variables, then the set ones (a name given again replaces the
   earlier value in its place).  GLIBC_TUNABLES is pinned, with what the
   user kept or set merged in. */
static void build_environment(const struct run_options *o,
                              const struct profile *profile, bool have_lib,
                              struct strings *env)
{
    const char *user_tunables = NULL;
    char *tunables;
    size_t i;

    set_pair(env, "PATH", "/usr/bin:/bin");
    set_pair(env, "LC_ALL", "C");
    set_pair(env, "LD_BIND_NOW", "1");
    set_pair(env, "GLIBC_TUNABLES", "");     /* its place; value below */
    if (have_lib)
        set_pair(env, "VALGRIND_LIB", LIBDIR_PATH);
    for (i = 0; i < o->keep.count; i++) {
        const char *value = getenv(o->keep.items[i]);
        if (value == NULL)
            continue;
        if (strcmp(o->keep.items[i], "GLIBC_TUNABLES") == 0)
            user_tunables = value;
        else
            set_pair(env, o->keep.items[i], value);
    }
    for (i = 0; i < o->set.count; i++) {
        const char *text = o->set.items[i];
        size_t length = name_length(text);
        char *name = hg_xasprintf("%.*s", (int)length, text);
        if (strcmp(name, "GLIBC_TUNABLES") == 0)
            user_tunables = text + length + 1;
        else
            set_pair(env, name, text + length + 1);
        free(name);
    }
    tunables = tunables_value(profile, user_tunables);
    set_pair(env, "GLIBC_TUNABLES", tunables);
    free(tunables);
}

static void setting(struct strings *args, const char *name, const char *value)
{
    take(args, hg_xasprintf("--run-setting=%s=%s", name, value));
}

/* The value of NAME in ENV (NULL when not there). */
static const char *env_value(const struct strings *env, const char *name)
{
    size_t i = find_name(env, name, strlen(name));
    return i < env->count ? env->items[i] + strlen(name) + 1 : NULL;
}

/* Valgrind's arguments after the user's options: the fixed geometry, the
   launcher and every setting, the report's name. */
static void add_settings(const struct run_options *o,
                         const struct profile *profile,
                         const struct strings *env, bool have_lib,
                         const char *const streams[3], bool aslr_off,
                         const char *wrapper, const char *output,
                         const char *program_path, struct strings *args)
{
    struct rlimit limit;
    char *text;
    size_t i;
    int fd;

    add(args, "--cache-geometry=fixed");
    add(args, "--launcher=" LAUNCHER_NAME);
    /* The program's name, for people: <exe> is /proc/self/fd/3. */
    setting(args, "program", strrchr(o->program[0], '/')
                             ? strrchr(o->program[0], '/') + 1
                             : o->program[0]);
    setting(args, "environment", "cleared");
    setting(args, "PATH", env_value(env, "PATH"));
    setting(args, "LC_ALL", env_value(env, "LC_ALL"));
    setting(args, "LD_BIND_NOW", env_value(env, "LD_BIND_NOW"));
    setting(args, "glibc-tunables", profile->name);
    for (i = 0; i < o->keep.count; i++)
        setting(args, "keep-env", o->keep.items[i]);
    for (i = 0; i < o->set.count; i++)
        setting(args, "env", o->set.items[i]);
    setting(args, "program-path", program_path);
    setting(args, "valgrind-lib", have_lib ? LIBDIR_PATH : "default");
    setting(args, "valgrind-wrapper", wrapper);
    {
        char fds[32] = "";
        for (fd = 0; fd <= LIBDIR_FD; fd++)
            if (fd == PROGRAM_FD || (fd == LIBDIR_FD && have_lib)
                || (fd < PROGRAM_FD && strcmp(streams[fd], "closed") != 0))
                snprintf(fds + strlen(fds), sizeof fds - strlen(fds),
                         "%s%d", fds[0] ? " " : "", fd);
        setting(args, "open-fds", fds);
    }
    for (fd = 0; fd <= 2; fd++) {
        static const char *const names[] = { "stdin", "stdout", "stderr" };
        setting(args, names[fd], streams[fd]);
    }
    setting(args, "aslr", aslr_off ? "off" : "on");
    if (getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        text = hg_xasprintf("%llu", (unsigned long long)limit.rlim_cur);
    else
        text = hg_xstrdup("unlimited");
    setting(args, "stack-limit", text);
    free(text);
    setting(args, "cwd", o->cwd ? o->cwd : ".");
    setting(args, "cache-geometry", "fixed");
    if (output != NULL)
        take(args, hg_xasprintf("--hotgrind-out-file=%s", output));
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
        fprintf(stderr, "hotgrind run: warning: the stack limit cannot be "
                "raised to %lu bytes\n", STACK_LIMIT);
        limit.rlim_cur = limit.rlim_max;
    } else {
        limit.rlim_cur = STACK_LIMIT;
    }
    if (setrlimit(RLIMIT_STACK, &limit) != 0)
        fprintf(stderr, "hotgrind run: warning: cannot set the stack "
                "limit: %s\n", strerror(errno));
}

/* The report's name, absolute (Valgrind runs elsewhere with --cwd). */
static char *absolute_output(const char *output)
{
    char here[PATH_MAX];
    if (output == NULL || output[0] == '/')
        return output ? hg_xstrdup(output) : NULL;
    if (getcwd(here, sizeof here) == NULL) {
        fprintf(stderr, "hotgrind run: cannot read the current directory: "
                "%s\n", strerror(errno));
        exit(HG_EXIT_TROUBLE);
    }
    return hg_xasprintf("%s/%s", here, output);
}

static void print_dry_run(const char *program, const char *libdir,
                          const char *valgrind, const struct strings *env,
                          const struct strings *args)
{
    char here[PATH_MAX];
    size_t i;
    printf("# fd %d: %s\n", PROGRAM_FD, program);
    if (libdir != NULL)
        printf("# fd %d: %s\n", LIBDIR_FD, libdir);
    fputs("cd ", stdout);
    hg_print_shell_word(stdout, getcwd(here, sizeof here) ? here : ".");
    fputs(" && env -i", stdout);
    for (i = 0; i < env->count; i++) {
        putchar(' ');
        hg_print_shell_word(stdout, env->items[i]);
    }
    putchar(' ');
    hg_print_shell_word(stdout, valgrind);
    for (i = 0; i < args->count; i++) {
        putchar(' ');
        hg_print_shell_word(stdout, args->items[i]);
    }
    putchar('\n');
}

static int trouble(const char *what, const char *path)
{
    fprintf(stderr, "hotgrind run: %s %s: %s\n", what, path, strerror(errno));
    return HG_EXIT_TROUBLE;
}

/* Puts PROGRAM_FD (and LIB_FD, unless -1) in place and execs VALGRIND
   with ARGS and ENV; returns only when that fails (after one line). */
static int exec_valgrind(char *valgrind, const struct strings *args,
                         const struct strings *env, const char *program,
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
        return trouble("cannot set up the descriptors for", program);
    fflush(stdout);
    fflush(stderr);
    close_from(lib_fd >= 0 ? FIRST_FREE_FD : LIBDIR_FD);
    execve(valgrind, exec_argv, env->items);
    fprintf(stderr, "hotgrind run: cannot run %s: %s\n", valgrind,
            strerror(errno));
    free(exec_argv);
    return HG_EXIT_TROUBLE;
}

/* ------------------------------------------------------------ audits */

/* What one run of an audit changes of what hotgrind run pins
   (docs/manual.md, "Qualifying a benchmark for CI"). */
struct variation {
    const char *label;           /* for people; NULL for a plain run */
    const char *suffix;          /* of its report's name: OUTPUT.SUFFIX */
    size_t padding;              /* bytes of PERTURB_VARIABLE; 0: none */
    const char *program_path;    /* argv[0] */
    const char *valgrind_arg;    /* one more option for Valgrind, or NULL */
    bool startup_reads_it;       /* as struct hg_perturbed_run's */
};

/* The variable whose length moves the strings on the initial stack, and
   so the stack itself, without changing the number of variables (a new
   variable moves ld.so's and libc's start-up counts; a longer one does
   not). */
#define PERTURB_VARIABLE "HOTGRIND_PERTURB"
/* The same program file, by a path 6 bytes longer. */
#define LONGER_PROGRAM_PATH "/proc/self/fd/../fd/3"
/* Valgrind maps the client's heap and libraries from this address up
   (its default is 0x04000000 on Linux): every heap block and library
   moves by the same distance, the stack does not. */
#define HEAP_MOVE "--aspace-minaddr=0x20000000"

static const struct variation plain_run = {
    NULL, NULL, 0, PROGRAM_PATH, NULL, false
};

/* The reference of --perturb, run twice (a count that moves by itself
   is not the perturbations' doing), and the runs it compares with it:
   each changes one thing of the reference.  The reference has the
   padding variable too, so that the perturbed runs have as many
   variables as it has. */
static const struct variation perturb_references[] = {
    { "reference", "reference", 16, PROGRAM_PATH, NULL, false },
    { "reference", "reference2", 16, PROGRAM_PATH, NULL, false },
};
static const struct variation perturbations[] = {
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

/* The tool options every run gets unless the caller gave them (the
   caller's value wins): OS randomness from the seeded generator, the
   clocks from the instruction count, 4 CPUs whatever the machine.  The
   tool records them in <options>, not as launcher settings. */
static const char *const default_tool_options[] = {
    "--det-random=yes", "--det-clock=yes", "--cpus=4",
};

/* Whether the caller gave O's Valgrind the option of DEFAULT_OPTION
   ("--NAME=VALUE"), with any value. */
static bool option_given(const struct run_options *o,
                         const char *default_option)
{
    size_t length = name_length(default_option) + 1, i;
    for (i = 0; i < o->valgrind_args.count; i++)
        if (strncmp(o->valgrind_args.items[i], default_option, length) == 0)
            return true;
    return false;
}

/* ENV and ARGS of one run of O writing OUTPUT, as VARIATION has it. */
static void prepare_run(const struct run_options *o,
                        const struct profile *profile, bool have_lib,
                        const char *const streams[3], bool no_aslr,
                        const char *wrapper, const char *output,
                        const struct variation *variation,
                        struct strings *env, struct strings *args)
{
    size_t i;
    build_environment(o, profile, have_lib, env);
    if (variation->padding > 0) {
        char *padding = hg_xcalloc(variation->padding + 1, 1);
        memset(padding, 'x', variation->padding);
        set_pair(env, PERTURB_VARIABLE, padding);
        free(padding);
    }
    add(args, "--tool=hotgrind");
    for (i = 0; i < o->valgrind_args.count; i++)
        add(args, o->valgrind_args.items[i]);
    for (i = 0; i < sizeof default_tool_options / sizeof *default_tool_options;
         i++)
        if (!option_given(o, default_tool_options[i]))
            add(args, default_tool_options[i]);
    if (variation->valgrind_arg != NULL)
        add(args, variation->valgrind_arg);
    add_settings(o, profile, env, have_lib, streams, no_aslr, wrapper,
                 output, variation->program_path, args);
    if (variation->label != NULL)
        setting(args, "perturb", variation->label);
    add(args, variation->program_path);
    for (i = 1; o->program[i] != NULL; i++)
        add(args, o->program[i]);
}

/* Runs Valgrind once, in a child, and waits for it; false (after one
   line) when it could not run or was killed: its report cannot be
   trusted. */
static bool run_once(char *valgrind, const struct strings *args,
                     const struct strings *env, const char *program,
                     int program_fd, int lib_fd, const char *output)
{
    pid_t child;
    int wait_status;

    if (unlink(output) != 0 && errno != ENOENT) {
        trouble("cannot remove the old report", output);
        return false;
    }
    fflush(stdout);
    fflush(stderr);
    child = fork();
    if (child < 0) {
        trouble("cannot start a run for", program);
        return false;
    }
    if (child == 0)
        _exit(exec_valgrind(valgrind, args, env, program, program_fd,
                            lib_fd));
    while (waitpid(child, &wait_status, 0) < 0)
        if (errno != EINTR) {
            trouble("cannot wait for the run of", program);
            return false;
        }
    if (WIFSIGNALED(wait_status)) {
        fprintf(stderr, "hotgrind run: the run writing %s was killed by "
                "signal %d (%s)\n", output, WTERMSIG(wait_status),
                strsignal(WTERMSIG(wait_status)));
        return false;
    }
    if (access(output, F_OK) != 0) {
        fprintf(stderr, "hotgrind run: the run writing %s wrote no report "
                "(exit status %d)\n", output, WEXITSTATUS(wait_status));
        return false;
    }
    return true;
}

/* The runs of --repeat or --perturb, then their verdict.  The first
   report is OUTPUT; the others OUTPUT.run2... or OUTPUT.SUFFIX, removed
   when the audit passes (nothing differs to look at). */
static int audit(const struct run_options *o, char *valgrind,
                 const char *program, const struct profile *profile,
                 int lib_fd, const char *const streams[3], bool no_aslr,
                 const char *wrapper, const char *output, int program_fd)
{
    const struct variation **runs;
    char **outputs;
    struct hg_perturbed_run perturbed[PERTURBATIONS];
    size_t count = o->perturb ? PERTURBATIONS + 3 : o->repeat, k;
    int status = HG_EXIT_OK;

    runs = hg_xcalloc(count, sizeof *runs);
    outputs = hg_xcalloc(count, sizeof *outputs);
    for (k = 0; k < count; k++) {
        runs[k] = !o->perturb || k == 0 ? &plain_run
                  : k <= 2 ? &perturb_references[k - 1]
                  : &perturbations[k - 3];
        outputs[k] = k == 0 ? hg_xstrdup(output)
                     : o->perturb ? hg_xasprintf("%s.%s", output,
                                                 runs[k]->suffix)
                     : hg_xasprintf("%s.run%zu", output, k + 1);
        if (o->perturb && k >= 3)
            perturbed[k - 3] = (struct hg_perturbed_run){
                outputs[k], runs[k]->label, runs[k]->startup_reads_it };
    }
    for (k = 0; k < count && status == HG_EXIT_OK; k++) {
        struct strings env = { NULL, 0 }, args = { NULL, 0 };
        prepare_run(o, profile, lib_fd >= 0, streams, no_aslr, wrapper,
                    outputs[k], runs[k], &env, &args);
        if (!run_once(valgrind, &args, &env, program, program_fd, lib_fd,
                      outputs[k]))
            status = HG_EXIT_TROUBLE;
        free_strings(&env);
        free_strings(&args);
    }
    if (status == HG_EXIT_OK)
        status = o->perturb
            ? hg_audit_perturb(outputs[1], outputs[2], perturbed,
                               PERTURBATIONS)
            : hg_audit_repeat((const char *const *)outputs, count);
    if (status == HG_EXIT_OK)
        for (k = 1; k < count; k++)
            unlink(outputs[k]);
    for (k = 0; k < count; k++)
        free(outputs[k]);
    free(outputs);
    free(runs);
    return status;
}

int cmd_run(int argc, char **argv)
{
    struct run_options o;
    struct strings env = { NULL, 0 }, args = { NULL, 0 };
    const struct profile *profile;
    const char *libdir = getenv("VALGRIND_LIB");
    char *program, *valgrind, *output;
    const char *wrapper, *streams[3];
    bool no_aslr;
    int status, program_fd, lib_fd = -1;

    /* Before anything is opened here, which could take a closed 0-2. */
    for (status = 0; status <= 2; status++)
        streams[status] = stream_kind(status);
    memset(&o, 0, sizeof o);
    status = parse(argc, argv, &o);
    if (status != -1) {
        free_strings(&o.keep);
        free_strings(&o.set);
        free_strings(&o.valgrind_args);
        return status;
    }
    if (libdir != NULL && libdir[0] == '\0')
        libdir = NULL;

    if ((program = hg_find_executable(o.program[0])) == NULL) {
        fprintf(stderr, "hotgrind run: %s: not found in PATH\n", o.program[0]);
        return HG_EXIT_TROUBLE;
    }
    if ((valgrind = find_valgrind(o.valgrind, &wrapper)) == NULL) {
        const char *name = valgrind_name(o.valgrind);
        fprintf(stderr, "hotgrind run: no Valgrind: %s is not an executable "
                "file%s (give --valgrind=PATH or set HOTGRIND_VALGRIND)\n",
                name, strchr(name, '/') ? "" : " in PATH");
        return HG_EXIT_TROUBLE;
    }
    /* Everything is opened before the change of directory, so relative
       names are the caller's. */
    if (!hg_is_executable_file(program)) {
        fprintf(stderr, "hotgrind run: %s is not an executable file\n",
                program);
        return HG_EXIT_TROUBLE;
    }
    program_fd = open(program, O_RDONLY | O_CLOEXEC);
    if (program_fd < 0)
        return trouble("cannot open the program", program);
    if (libdir != NULL
        && (lib_fd = open(libdir, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
        return trouble("cannot open VALGRIND_LIB", libdir);
    output = absolute_output(o.output);
    profile = profile_of(program_fd);
    if (o.cwd != NULL && chdir(o.cwd) != 0)
        return trouble("cannot change to", o.cwd);
    if (access(".valgrindrc", F_OK) == 0)
        fprintf(stderr, "hotgrind run: warning: Valgrind reads options from "
                "./.valgrindrc here; they are not recorded in the report\n");

    build_environment(&o, profile, lib_fd >= 0, &env);
    no_aslr = aslr_off();
    if (!no_aslr)
        fprintf(stderr, "hotgrind run: warning: cannot turn address space "
                "randomisation off: %s\n", strerror(errno));
    fix_stack_limit();
    if (o.repeat > 0 || o.perturb) {
        status = audit(&o, valgrind, program, profile, lib_fd, streams,
                       no_aslr, wrapper, output, program_fd);
    } else {
        prepare_run(&o, profile, lib_fd >= 0, streams, no_aslr, wrapper,
                    output, &plain_run, &env, &args);
        if (o.dry_run) {
            print_dry_run(program, libdir, valgrind, &env, &args);
            status = HG_EXIT_OK;
        } else {
            status = exec_valgrind(valgrind, &args, &env, program,
                                   program_fd, lib_fd);
        }
    }
    free_strings(&env);
    free_strings(&args);
    free_strings(&o.keep);
    free_strings(&o.set);
    free_strings(&o.valgrind_args);
    free(program);
    free(valgrind);
    free(output);
    return status;
}
