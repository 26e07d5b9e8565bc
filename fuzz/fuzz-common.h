/* hotgrind fuzzing: what the report and policy harnesses share.
   GPL-2.0-or-later; part of hotgrind. */

/* The readers take paths, so a harness puts its bytes in a memfd and hands
   the reader "/proc/self/fd/N": nothing touches the disk and the shared
   code stays exactly as the command runs it.  A check that fails aborts,
   so that libFuzzer keeps the input as a crash (see fuzz_soft_fail for
   the exception). */

#ifndef HOTGRIND_FUZZ_COMMON_H
#define HOTGRIND_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "policy/policy.h"
#include "report/report.h"

/* An in-memory file that a reader opens by path. */
struct fuzz_file {
    int fd;
    char path[64];
};

/* Creates F (once), then makes its content exactly SIZE bytes of DATA. */
void fuzz_file_set(struct fuzz_file *f, const void *data, size_t size);

/* libFuzzer calls it once: it sets up what every input needs (the stdout
   memfd, a private scratch folder, the fixed inputs, loaded). */
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Tells fuzz_run what the input of this run is (call first). */
void fuzz_input_is(const uint8_t *data, size_t size);

/* "/tmp/hg-fuzz-XXXXXX/NAME" in the private scratch folder, in a buffer
   the next call reuses. */
const char *fuzz_scratch_path(const char *name);

/* /dev/null, for tables nobody reads. */
FILE *fuzz_sink(void);

/* A reader's PROBLEM must be what the command prints after "FILE: ": not
   empty, one line, no control characters, and NUL-terminated within
   SIZE.  WHO names the reader in the abort message. */
void fuzz_check_problem(const char *who, const char *problem, size_t size);

/* Runs a subcommand's entry point the way main() does (ARGV[0] is the
   subcommand, NULL-terminated) and aborts unless the exit status is one
   of the documented ones: 0 and 2, or 0, 1 and 2 when JUDGES; or if its
   output has "(null)" (a NULL string printed) that the input has not. */
int fuzz_run(int (*command)(int, char **), int judges, const char *arg0,
             ...);

/* Aborts with "hotgrind fuzz: WHY" on stderr: an invariant broke. */
void fuzz_fail(const char *why, ...)
    __attribute__((noreturn, format(printf, 1, 2)));

/* For invariants between two parts (validate and the reader) rather than
   memory errors: like fuzz_fail, unless HG_FUZZ_SOFT names a folder.  Then
   the first input of each distinct message (digits aside) is saved there
   as soft-N.xml, the message printed, and the run goes on, so that one
   known disagreement does not stop the search for others. */
void fuzz_soft_fail(const uint8_t *data, size_t size, const char *why, ...)
    __attribute__((format(printf, 3, 4)));

/* The fixed inputs built into the harness (fuzz.mk: -DFUZZ_BASE_REPORT=,
   -DFUZZ_HEAD_REPORT=, -DFUZZ_POLICY=, each the path of a valid file):
   diff, check and merge take two or three files, one of them the input. */
extern const char fuzz_base_report[], fuzz_base_report_end[];
extern const char fuzz_head_report[], fuzz_head_report_end[];
extern const char fuzz_policy[], fuzz_policy_end[];

/* Files holding them, set up by LLVMFuzzerInitialize. */
const char *fuzz_base_path(void);
const char *fuzz_head_path(void);
const char *fuzz_policy_path(void);

/* The fixed inputs, loaded once (LLVMFuzzerInitialize aborts if one does
   not load). */
const struct hg_report *fuzz_base(void);
const struct hg_report *fuzz_head(void);
const struct hg_policy *fuzz_fixed_policy(void);

/* Judges BASE (or NULL) and HEAD with POLICY, as `check` does, and
   aborts on what cannot be: no judgement, counts that do not add up, or
   a regression or an improvement when BASE is HEAD.  Returns whether the
   judgement failed. */
bool fuzz_judge(const struct hg_policy *policy, const struct hg_report *base,
                const struct hg_report *head);

#endif
