/* What hotgrind run pins: the environment (GLIBC_TUNABLES by the
   program's architecture), and the Valgrind arguments that record each
   thing pinned as a launcher setting.  GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "run/run.h"
#include "util/xalloc.h"

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


static const struct run_profile x86_profile = {
    "x86-sse2",
    HWCAPS_TUNABLE "=" X86_HWCAPS
    ":glibc.cpu.x86_data_cache_size=32768"
    ":glibc.cpu.x86_shared_cache_size=1048576"
    ":glibc.cpu.x86_non_temporal_threshold=786432"
    ":glibc.cpu.x86_rep_movsb_threshold=2048"
    ":glibc.cpu.x86_rep_stosb_threshold=2048"
    ":" COMMON_TUNABLES
};

static const struct run_profile arm64_profile = {
    "arm64-generic",
    "glibc.cpu.name=generic:glibc.mem.tagging=0:" COMMON_TUNABLES
};

static const struct run_profile other_profile = { "common", COMMON_TUNABLES };


/* Adds the caller's tunables USER (colon-separated NAME=VALUE items) to
   the pinned ones in LIST: glibc.cpu.hwcaps items join the pinned list
   (glibc applies them in order, so the user's come last), any other
   tunable replaces ours of that name or is appended. */
static void merge_tunables(struct run_strings *list, const char *user)
{
    char *copy = hg_xstrdup(user), *item, *save = NULL;
    for (item = strtok_r(copy, ":", &save); item != NULL;
         item = strtok_r(NULL, ":", &save)) {
        size_t length = run_name_length(item);
        size_t i = run_find_name(list, item, length);
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
            run_strings_add(list, item);
        }
    }
    free(copy);
}

/* The pinned tunables of PROFILE, with USER's merged in (NULL: none), as
   one GLIBC_TUNABLES value. */
static char *tunables_value(const struct run_profile *profile,
                            const char *user)
{
    struct run_strings list = { NULL, 0 };
    char *copy = hg_xstrdup(profile->tunables), *item, *save = NULL, *value;
    size_t i, size = 1;
    for (item = strtok_r(copy, ":", &save); item != NULL;
         item = strtok_r(NULL, ":", &save))
        run_strings_add(&list, item);
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
    i = run_find_name(&list, HWCAPS_TUNABLE, strlen(HWCAPS_TUNABLE));
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
    run_strings_free(&list);
    return value;
}

/* The profile for the program open on FD: by its ELF machine, or this
   machine's for anything else (a script). */
const struct run_profile *run_profile_of(int fd)
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


/* The variable whose length moves the strings on the initial stack, and
   so the stack itself, without changing the number of variables (a new
   variable moves ld.so's and libc's start-up counts; a longer one does
   not). */
#define PERTURB_VARIABLE "HOTGRIND_PERTURB"

/* The environment PROG gets, in a fixed order: ours, VALGRIND_LIB, the
   kept variables, then the set ones (a name given again replaces the
   earlier value in its place).  GLIBC_TUNABLES is pinned, with what the
   user kept or set merged in. */
void run_build_environment(const struct run_options *o,
                           const struct run_profile *profile, bool have_lib,
                           struct run_strings *env)
{
    const char *user_tunables = NULL;
    char *tunables;
    size_t i;

    run_set_pair(env, "PATH", "/usr/bin:/bin");
    run_set_pair(env, "LC_ALL", "C");
    run_set_pair(env, "LD_BIND_NOW", "1");
    run_set_pair(env, "GLIBC_TUNABLES", "");     /* its place; value below */
    if (have_lib)
        run_set_pair(env, "VALGRIND_LIB", LIBDIR_PATH);
    for (i = 0; i < o->keep.count; i++) {
        const char *value = getenv(o->keep.items[i]);
        if (value == NULL)
            continue;
        if (strcmp(o->keep.items[i], "GLIBC_TUNABLES") == 0)
            user_tunables = value;
        else
            run_set_pair(env, o->keep.items[i], value);
    }
    for (i = 0; i < o->set.count; i++) {
        const char *text = o->set.items[i];
        size_t length = run_name_length(text);
        char *name = hg_xasprintf("%.*s", (int)length, text);
        if (strcmp(name, "GLIBC_TUNABLES") == 0)
            user_tunables = text + length + 1;
        else
            run_set_pair(env, name, text + length + 1);
        free(name);
    }
    tunables = tunables_value(profile, user_tunables);
    run_set_pair(env, "GLIBC_TUNABLES", tunables);
    free(tunables);
}

static void setting(struct run_strings *args, const char *name,
                    const char *value)
{
    run_strings_take(args, hg_xasprintf("--run-setting=%s=%s", name, value));
}

/* The value of NAME in ENV (NULL when not there). */
static const char *env_value(const struct run_strings *env, const char *name)
{
    size_t i = run_find_name(env, name, strlen(name));
    return i < env->count ? env->items[i] + strlen(name) + 1 : NULL;
}

/* Valgrind's arguments after the user's options: the fixed geometry, the
   launcher and every setting, the report's name. */
static void add_settings(const struct run_options *o,
                         const struct run_profile *profile,
                         const struct run_strings *env, bool have_lib,
                         const char *const streams[3], bool aslr_off,
                         const char *wrapper, const char *output,
                         const char *program_path, struct run_strings *args)
{
    struct rlimit limit;
    char *text;
    size_t i;
    int fd;

    run_strings_add(args, "--cache-geometry=fixed");
    run_strings_add(args, "--launcher=" LAUNCHER_NAME);
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
        run_strings_take(args, hg_xasprintf("--hotgrind-out-file=%s", output));
}


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
    size_t length = run_name_length(default_option) + 1, i;
    for (i = 0; i < o->valgrind_args.count; i++)
        if (strncmp(o->valgrind_args.items[i], default_option, length) == 0)
            return true;
    return false;
}

/* ENV and ARGS of one run of O writing OUTPUT, as VARIATION has it. */
void run_prepare(const struct run_options *o,
                 const struct run_profile *profile, bool have_lib,
                 const char *const streams[3], bool no_aslr,
                 const char *wrapper, const char *output,
                 const struct run_variation *variation,
                 struct run_strings *env, struct run_strings *args)
{
    size_t i;
    run_build_environment(o, profile, have_lib, env);
    if (variation->padding > 0) {
        char *padding = hg_xcalloc(variation->padding + 1, 1);
        memset(padding, 'x', variation->padding);
        run_set_pair(env, PERTURB_VARIABLE, padding);
        free(padding);
    }
    run_strings_add(args, "--tool=hotgrind");
    for (i = 0; i < o->valgrind_args.count; i++)
        run_strings_add(args, o->valgrind_args.items[i]);
    for (i = 0; i < sizeof default_tool_options / sizeof *default_tool_options;
         i++)
        if (!option_given(o, default_tool_options[i]))
            run_strings_add(args, default_tool_options[i]);
    if (variation->valgrind_arg != NULL)
        run_strings_add(args, variation->valgrind_arg);
    add_settings(o, profile, env, have_lib, streams, no_aslr, wrapper,
                 output, variation->program_path, args);
    if (variation->label != NULL)
        setting(args, "perturb", variation->label);
    run_strings_add(args, variation->program_path);
    for (i = 1; o->program[i] != NULL; i++)
        run_strings_add(args, o->program[i]);
}

