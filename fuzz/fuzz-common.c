/* hotgrind fuzzing: what the report and policy harnesses share.
   GPL-2.0-or-later; part of hotgrind. */

#define _GNU_SOURCE
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <sanitizer/common_interface_defs.h>

#include "fuzz-common.h"

#if !defined(FUZZ_BASE_REPORT) || !defined(FUZZ_HEAD_REPORT) \
    || !defined(FUZZ_POLICY)
#error "fuzz.mk passes -DFUZZ_BASE_REPORT=, FUZZ_HEAD_REPORT and FUZZ_POLICY"
#endif

/* The fixed inputs, built in so that a harness runs from anywhere: SYM
   and SYM_end around the bytes of the file at PATH, then a NUL. */
#define FUZZ_EMBED(sym, path) \
    ".global " #sym "\n.global " #sym "_end\n" #sym ":\n" \
    ".incbin \"" path "\"\n" #sym "_end:\n.byte 0\n"
__asm__(".section .rodata\n"
        FUZZ_EMBED(fuzz_base_report, FUZZ_BASE_REPORT)
        FUZZ_EMBED(fuzz_head_report, FUZZ_HEAD_REPORT)
        FUZZ_EMBED(fuzz_policy, FUZZ_POLICY)
        ".previous\n");

void fuzz_fail(const char *why, ...)
{
    char text[1024];
    int n = snprintf(text, sizeof text, "hotgrind fuzz: ");
    va_list args;
    va_start(args, why);
    vsnprintf(text + n, sizeof text - (size_t)n, why, args);
    va_end(args);
    /* Under -close_fd_mask=2 stderr is /dev/null, but the sanitizers'
       report file descriptor is libFuzzer's own output. */
    __sanitizer_report_error_summary(text);
    fprintf(stderr, "%s\n", text);
    abort();
}

void fuzz_soft_fail(const uint8_t *data, size_t size, const char *why, ...)
{
    enum { KINDS = 64 };
    static char *seen[KINDS];
    static size_t seen_count;
    const char *folder = getenv("HG_FUZZ_SOFT");
    char text[1024], kind[1024], path[4096];
    size_t i, n = 0;
    va_list args;
    FILE *file;

    va_start(args, why);
    vsnprintf(text, sizeof text, why, args);
    va_end(args);
    if (folder == NULL)
        fuzz_fail("%s", text);
    for (i = 0; text[i] != '\0'; i++)        /* "line 29" is "line N" */
        if (!(text[i] >= '0' && text[i] <= '9'))
            kind[n++] = text[i];
        else if (n == 0 || kind[n - 1] != 'N')
            kind[n++] = 'N';
    kind[n] = '\0';
    for (i = 0; i < seen_count; i++)
        if (strcmp(seen[i], kind) == 0)
            return;
    if (seen_count == KINDS)
        return;
    seen[seen_count++] = strdup(kind);
    snprintf(path, sizeof path, "%s/soft-%d-%zu.xml", folder, (int)getpid(),
             seen_count);
    file = fopen(path, "wb");
    if (file == NULL || fwrite(data, 1, size, file) != size
        || fclose(file) != 0)
        fuzz_fail("cannot write %s", path);
    snprintf(kind, sizeof kind, "hotgrind fuzz (soft): %s: %s", path, text);
    __sanitizer_report_error_summary(kind);
}

void fuzz_file_set(struct fuzz_file *f, const void *data, size_t size)
{
    if (f->path[0] == '\0') {
        f->fd = memfd_create("hotgrind-fuzz", 0);
        if (f->fd < 0)
            fuzz_fail("memfd_create failed");
        snprintf(f->path, sizeof f->path, "/proc/self/fd/%d", f->fd);
    }
    if (ftruncate(f->fd, 0) != 0
        || (size > 0 && pwrite(f->fd, data, size, 0) != (ssize_t)size))
        fuzz_fail("cannot write %zu bytes to %s", size, f->path);
}

/* The current input (fuzz_input_is), and whether it holds "(null)". */
static const uint8_t *input_data;
static size_t input_size;
static bool input_has_null_text;

/* An invariant the current input breaks. */
#define SOFT(...) fuzz_soft_fail(input_data, input_size, __VA_ARGS__)

static char scratch[] = "/tmp/hg-fuzz-XXXXXX";
static FILE *sink;
static struct fuzz_file base, head, policy, output;
static struct hg_report *base_report, *head_report;
static struct hg_policy *fixed_policy;

/* The scratch folder holds only files the commands wrote (-o OUT). */
static void remove_scratch(void)
{
    DIR *dir = opendir(scratch);
    struct dirent *entry;
    if (dir == NULL)
        return;
    while ((entry = readdir(dir)) != NULL)
        if (entry->d_name[0] != '.')
            unlink(fuzz_scratch_path(entry->d_name));
    closedir(dir);
    rmdir(scratch);
}

static struct hg_report *load_fixed_report(const struct fuzz_file *f,
                                           const char *name)
{
    char problem[HG_PROBLEM_SIZE];
    struct hg_report *report = hg_report_load(f->path, problem,
                                              sizeof problem);
    if (report == NULL)
        fuzz_fail("%s: %s", name, problem);
    return report;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char problem[HG_PROBLEM_SIZE];

    (void)argc;
    (void)argv;
    /* The commands print their tables on stdout, which fuzz_run points
       at a memfd it then reads; libFuzzer and the sanitizers write to
       stderr (keep it: -close_fd_mask=2 hides the commands' messages and
       still shows crashes). */
    fuzz_file_set(&output, "", 0);
    sink = fopen("/dev/null", "w");
    if (sink == NULL || mkdtemp(scratch) == NULL)
        fuzz_fail("cannot set up /dev/null or %s", scratch);
    atexit(remove_scratch);
    fuzz_file_set(&base, fuzz_base_report,
                  (size_t)(fuzz_base_report_end - fuzz_base_report));
    fuzz_file_set(&head, fuzz_head_report,
                  (size_t)(fuzz_head_report_end - fuzz_head_report));
    fuzz_file_set(&policy, fuzz_policy,
                  (size_t)(fuzz_policy_end - fuzz_policy));
    base_report = load_fixed_report(&base, FUZZ_BASE_REPORT);
    head_report = load_fixed_report(&head, FUZZ_HEAD_REPORT);
    fixed_policy = hg_policy_load(policy.path, problem, sizeof problem);
    if (fixed_policy == NULL)
        fuzz_fail("%s: %s", FUZZ_POLICY, problem);
    return 0;
}

const char *fuzz_scratch_path(const char *name)
{
    static char path[sizeof scratch + 64];
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    return path;
}

FILE *fuzz_sink(void)
{
    return sink;
}

const char *fuzz_base_path(void)
{
    return base.path;
}

const char *fuzz_head_path(void)
{
    return head.path;
}

const char *fuzz_policy_path(void)
{
    return policy.path;
}

const struct hg_report *fuzz_base(void)
{
    return base_report;
}

const struct hg_report *fuzz_head(void)
{
    return head_report;
}

const struct hg_policy *fuzz_fixed_policy(void)
{
    return fixed_policy;
}

bool fuzz_judge(const struct hg_policy *policy, const struct hg_report *base,
                const struct hg_report *head)
{
    struct hg_judgement *j = hg_policy_judge(policy, base, head);
    size_t counted;
    bool failed;

    /* Every verdict is one of these (the JSON and JUnit outputs list
       them all, changes within the thresholds and marks included). */
    counted = j->budgets_passed + j->budgets_failed + j->budgets_skipped
              + j->marks_entered + j->marks_dead + j->marks_optional
              + j->regressions + j->improvements + j->notes + j->within;
    failed = hg_judgement_failed(j);
    if (j->has_base != (base != NULL))
        SOFT("has_base is %d with %s base", j->has_base, base ? "a" : "no");
    if (counted != j->verdict_count)
        SOFT("%zu verdicts, but the counts add up to %zu", j->verdict_count,
             counted);
    if (base == head && (j->regressions || j->improvements || j->notes))
        SOFT("a report against itself: %zu regressions, %zu improvements, "
             "%zu notes", j->regressions, j->improvements, j->notes);
    if (j->budgets_failed > 0 && !failed)
        SOFT("a broken budget does not fail the judgement");
    if (j->marks_dead > 0 && !failed)
        SOFT("a mark never entered does not fail the judgement");
    hg_judgement_free(j);
    return failed;
}

void fuzz_check_problem(const char *who, const char *problem, size_t size)
{
    size_t length = strnlen(problem, size), i;
    if (length == size)
        SOFT("%s: the problem is not NUL-terminated", who);
    else if (length == 0)
        SOFT("%s failed without saying why", who);
    for (i = 0; i < length; i++)
        if ((unsigned char)problem[i] < 0x20 || problem[i] == 0x7f) {
            SOFT("%s: control character 0x%02x at byte %zu of \"%s\"", who,
                 (unsigned char)problem[i], i, problem);
            break;
        }
}

void fuzz_input_is(const uint8_t *data, size_t size)
{
    input_data = data;
    input_size = size;
    input_has_null_text = memmem(data, size, "(null)", 6) != NULL;
}

/* glibc prints a NULL string as "(null)": a command printed a field the
   report or policy does not have (unless the input holds that text). */
static void check_output(const char *command)
{
    static char *text;
    static size_t capacity;
    off_t size = lseek(output.fd, 0, SEEK_END);

    if (size < 0)
        fuzz_fail("cannot measure the stdout memfd");
    if ((size_t)size + 1 > capacity) {
        capacity = (size_t)size + 1;
        text = realloc(text, capacity);
        if (text == NULL)
            fuzz_fail("out of memory");
    }
    if (pread(output.fd, text, (size_t)size, 0) != size)
        fuzz_fail("cannot read the stdout memfd");
    if (!input_has_null_text && memmem(text, (size_t)size, "(null)", 6))
        SOFT("hotgrind %s printed \"(null)\": a NULL string given to printf",
             command);
}

int fuzz_run(int (*command)(int, char **), int judges, const char *arg0,
             ...)
{
    enum { MAX_ARGS = 16 };
    char *argv[MAX_ARGS + 1], *owned[MAX_ARGS];
    const char *arg = arg0;
    int argc = 0, status, i;
    va_list args;

    va_start(args, arg0);
    for (; arg != NULL; arg = va_arg(args, const char *)) {
        if (argc == MAX_ARGS)
            fuzz_fail("fuzz_run: more than %d arguments", MAX_ARGS);
        /* Commands may write to the strings, and reorder argv (the
           operands first, as git's parse-options does). */
        owned[argc] = argv[argc] = strdup(arg);
        if (argv[argc++] == NULL)
            fuzz_fail("out of memory");
    }
    va_end(args);
    argv[argc] = NULL;

    /* Again each time: libFuzzer's -close_fd_mask=1 points stdout at
       /dev/null after LLVMFuzzerInitialize. */
    fflush(stdout);
    if (dup2(output.fd, STDOUT_FILENO) < 0 || ftruncate(output.fd, 0) != 0
        || lseek(output.fd, 0, SEEK_SET) != 0)
        fuzz_fail("cannot point stdout at an empty memfd");
    optind = 0;          /* glibc: a fresh getopt scan for every command */
    status = command(argc, argv);
    fflush(stdout);
    if (!(status == 0 || status == 2 || (judges && status == 1)))
        SOFT("hotgrind %s exited %d", arg0, status);
    check_output(arg0);
    for (i = 0; i < argc; i++)
        free(owned[i]);
    return status;
}
