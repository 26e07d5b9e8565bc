/* hotgrind run: runs a program under `valgrind --tool=hotgrind` with what
   makes its counts reproducible, and records each thing it fixed in the
   report's <run><launcher>.  GPL-2.0-or-later; part of hotgrind. */

/* The options become a struct run_plan (run/run.h), which is then
   executed; run/plan.c says why the program runs as /proc/self/fd/3.
   A dry run or an audit is then shown by render/run-audit.c. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "render/run-audit.h"
#include "run/run-audit.h"
#include "run/run.h"
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
    "  --repeat [N]        run PROG N times (default 3, at most 100): exit 0\n"
    "                      when the reports are byte-identical, 1 naming the\n"
    "                      first differing functions and the likely cause\n"
    "                      (needs -o: the runs after the first write\n"
    "                      FILE.run2...; removed when identical); N as\n"
    "                      --repeat N or --repeat=N\n"
    "  --perturb           also run PROG with the stack, argv[0] and the heap\n"
    "                      moved, and list the functions whose counts move\n"
    "                      (they depend on addresses), with the policy's\n"
    "                      <ignore> lines that leave them out of the\n"
    "                      thresholds; exit 1 if any (the reports:\n"
    "                      FILE.reference, FILE.stack-64... after -o FILE,\n"
    "                      else in a new folder under $TMPDIR or /tmp,\n"
    "                      named on stderr)\n"
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
    "--repeat or --perturb: the audit's (0 stable, 1 not, 2 a run failed or\n"
    "the benchmark did not exit 0).\n";



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
    run_strings_add(&o->keep, v);
    return -1;
}

static int take_env(const struct hg_command_line *line, const char *v)
{
    struct run_options *o = line->data;
    if (!is_variable_name(v, run_name_length(v)) || strchr(v, '=') == NULL)
        return hg_usage_error("run", run_usage, "--env=VAR=VALUE: "
                              "'%s' is not VAR=VALUE", v);
    run_strings_add(&o->set, v);
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
    run_strings_add(&o->valgrind_args, arg);
    return -1;
}

/* --perturb without -o: its reports go to a new folder, named on stderr
   so that they can be found (it is not removed: they are the evidence).
   Returns -1, or HG_EXIT_TROUBLE when no folder can be made. */
static int perturb_folder(struct run_options *o)
{
    const char *tmp = getenv("TMPDIR");
    char *folder = hg_xasprintf("%s/hotgrind-perturb-XXXXXX",
                                tmp != NULL && tmp[0] == '/' ? tmp : "/tmp");
    if (mkdtemp(folder) == NULL) {
        hg_problem(folder, "cannot make a folder for --perturb's reports: "
                   "%s", strerror(errno));
        free(folder);
        return HG_EXIT_TROUBLE;
    }
    o->temporary_output = hg_xasprintf("%s/report.xml", folder);
    o->output = o->temporary_output;
    hg_note(NULL, "--perturb writes its reports in %s (-o FILE names "
            "them)", folder);
    free(folder);
    return -1;
}

/* "--repeat N": the parser knows --repeat as a flag (--repeat alone is
   3 runs), so N is left as the first operand, which ended the options.
   It is --repeat's only when it came right after --repeat in ORIGINAL
   (the arguments as given: "--repeat -- 5" runs a program called 5);
   then the arguments after it are read again as LINE says, since
   options may follow.  Returns -1 to go on, else an exit status. */
static int repeat_operand(const struct hg_command_line *line,
                          char **original, int argc, char **argv,
                          int *operands, struct run_options *o)
{
    const char *first = argv[0];
    int i, status;
    if (strspn(first, "0123456789") != strlen(first))
        return -1;
    for (i = 2; i < argc && original[i] != first; i++)
        ;
    if (i == argc || strcmp(original[i - 1], "--repeat") != 0)
        return -1;
    if ((status = take_repeat(first, o)) != -1)
        return status;
    /* argv[0] is N: what follows it is read as after the command. */
    return hg_parse_options(line, *operands, argv, operands);
}

/* Options of `run` come before PROG: the first operand, or what follows
   "--", is PROG and the rest its arguments. */
static int parse(int argc, char **argv, struct run_options *o)
{
    bool repeat_alone = false;
    /* The arguments as given: the parser moves the operands in argv. */
    char **original = hg_xcalloc((size_t)argc + 1, sizeof *original);
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

    memcpy(original, argv, (size_t)argc * sizeof *original);
    status = hg_parse_options(&line, argc, argv, &operands);
    if (status == -1 && operands > 0 && repeat_alone && o->repeat == 0)
        status = repeat_operand(&line, original, argc, argv, &operands, o);
    free(original);
    if (status != -1)
        return status;
    if (operands == 0)
        return hg_usage_error("run", run_usage, "no program given");
    if (repeat_alone && o->repeat == 0)
        o->repeat = DEFAULT_REPEAT;
    if (o->repeat > 0 && o->output == NULL)
        return hg_usage_error("run", run_usage, "--repeat needs -o FILE: "
                              "the reports of its runs are named after it");
    if (o->repeat > 0 && o->perturb)
        return hg_usage_error("run", run_usage, "give --repeat or "
                              "--perturb, not both");
    if ((o->repeat > 0 || o->perturb) && o->dry_run)
        return hg_usage_error("run", run_usage, "--dry-run shows one run; "
                              "it does not go with %s",
                              o->perturb ? "--perturb" : "--repeat");
    o->program = argv;
    if (o->perturb && o->output == NULL)
        return perturb_folder(o);
    return -1;
}

int cmd_run(int argc, char **argv)
{
    struct run_options o;
    struct run_plan plan;
    int status;

    /* Before anything is opened here, which could take a closed 0-2. */
    run_plan_record_streams(&plan);
    memset(&o, 0, sizeof o);
    status = parse(argc, argv, &o);
    if (status == -1)
        status = run_plan_make(&plan, &o);
    if (status == -1)
        status = run_plan_execute(&plan);
    if (status == -1 && o.dry_run) {
        hg_render_run_dry_run(stdout, &plan);
        status = HG_EXIT_OK;
    } else if (status == -1) {
        struct run_audit audit;
        status = run_plan_audit(&plan, &audit);
        hg_render_run_audit(stdout, &audit);
        run_audit_free(&audit);
    }
    run_plan_free(&plan);
    run_strings_free(&o.keep);
    run_strings_free(&o.set);
    run_strings_free(&o.valgrind_args);
    free(o.temporary_output);
    return status;
}
