/* hotgrind merge: one report from the reports of sharded runs of one
   program: options, then the merge library (merge/), then the merged
   report written atomically and checked.  GPL-2.0-or-later; part of
   hotgrind. */

/* docs/export.md ("hotgrind merge") states the rules; merge/merge.h says
   where each is kept. */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "builtin/builtin.h"
#include "merge/merge.h"
#include "report/report.h"
#include "util/messages.h"
#include "util/output.h"
#include "util/parse-options.h"

static const char merge_usage[] =
    "usage: hotgrind merge -o OUT REPORT REPORT...";

static const char merge_help[] =
    "usage: hotgrind merge -o OUT REPORT REPORT...\n"
    "\n"
    "Sums the reports of sharded runs of one program into the report OUT\n"
    "(written as OUT.tmp.XXXXXX, checked against the schema, then renamed).  The\n"
    "reports must come from the same program (<exe>, or the program setting\n"
    "of hotgrind run; the arguments may differ), hotgrind and Valgrind\n"
    "versions, architecture, launcher and its settings (hotgrind run),\n"
    "platform, libc, options, cache geometry, cost model, mark patterns\n"
    "and how the program ended (<run><exit>, kept in OUT);\n"
    "otherwise merge names the two files and the difference, and exits with\n"
    "status 2.\n"
    "\n"
    "Functions (by name, object, file, line and, for an inlined row of\n"
    "--inline=yes, the function it is in), zones (by name), totals, calls,\n"
    "inclusive and heap figures, call edges and calling contexts (by\n"
    "stack) are summed; mark patterns keep the largest\n"
    "counts; threads, mutexes and events of each report follow those of the\n"
    "one before, renumbered.  Figures of single calls (<per-call>) cannot be\n"
    "summed and are left out; the heap peak is the sum of the peaks.\n"
    "Per-line costs (--lines=yes) are summed per function, file, dir and\n"
    "line.  OUT\n"
    "says it is a merge of N reports (<run><merge reports=\"N\"/>).\n"
    "The same reports in the same order always give the same bytes; the\n"
    "order changes only the numbering of threads, mutexes and events.\n";


/* The merged report, read back from TMP_PATH, passes `hotgrind validate`:
   a last check that nothing invalid is ever renamed into place. */
static bool written_report_valid(const char *tmp_path, char *problem,
                                 size_t size)
{
    return hg_report_check(tmp_path, problem, size);
}

static int write_merged(const char *out_path, const struct merge *m)
{
    char problem[HG_PROBLEM_SIZE], check[HG_PROBLEM_SIZE];
    struct hg_output output;

    if (!hg_output_open(&output, out_path, problem, sizeof problem)) {
        hg_problem(NULL, "%s", problem);
        return HG_EXIT_TROUBLE;
    }
    merge_write_report(output.file, m);
    if (output.tmp_path != NULL) {
        if (fflush(output.file) != 0) {
            int error = errno;
            hg_problem(output.tmp_path, "cannot write: %s", strerror(error));
            hg_output_abandon(&output);
            return HG_EXIT_TROUBLE;
        }
        if (!written_report_valid(output.tmp_path, check, sizeof check)) {
            hg_output_abandon(&output);
            hg_problem(out_path, "the merged report would not be valid (%s); "
                       "nothing written", check);
            return HG_EXIT_TROUBLE;
        }
    }
    if (!hg_output_commit(&output, problem, sizeof problem)) {
        hg_problem(NULL, "%s", problem);
        return HG_EXIT_TROUBLE;
    }
    return HG_EXIT_OK;
}

int cmd_merge(int argc, char **argv)
{
    const char *out_path = NULL;
    const struct hg_command_line line = {
        .command = "merge", .usage = merge_usage, .help = merge_help,
        .options = { { .name = "-o", .value = &out_path } },
    };
    char problem[HG_PROBLEM_SIZE];
    const char *culprit = NULL;
    struct merge m;
    int status, operands;

    status = hg_parse_options(&line, argc, argv, &operands);
    if (status != -1)
        return status;
    if (out_path == NULL || operands < 2)
        return hg_usage_error("merge", merge_usage, out_path == NULL
                              ? "no -o OUT given"
                              : "give two REPORTs or more to merge");
    status = HG_EXIT_TROUBLE;
    merge_init(&m, argv, (size_t)operands);
    if (!merge_read(&m, &culprit, problem, sizeof problem))
        hg_say_problem(culprit, problem);
    else if (!merge_sum(&m, problem, sizeof problem))
        hg_problem(NULL, "%s", problem);
    else
        status = write_merged(out_path, &m);
    merge_free(&m);
    return status;
}
