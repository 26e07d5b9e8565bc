/* hotgrind check: applies a policy (docs/policy.md) to a report, or to
   the change between two, for CI.  GPL-2.0-or-later; part of hotgrind. */

/* The verdicts come from policy-judge.c (suite-judge.c for suite runs);
   this file reads the command line and the files and hands the verdicts
   to a renderer (render/check-*.c): text, markdown for a pull-request
   comment, JSON (docs/check.schema.json) or JUnit XML for CI test
   reports.  Exit status: 0 pass, 1 a budget broken, a regression or a
   mark never entered (HG_EXIT_JUDGED), 2 a file or the command line
   unusable. */

#include <stdio.h>

#include "builtin/builtin.h"
#include "policy/policy.h"
#include "render/check-render.h"
#include "render/history-link.h"
#include "report/load.h"
#include "report/report.h"
#include "suite/suite-judge.h"
#include "suite/suite-operand.h"
#include "util/messages.h"
#include "util/parse-options.h"

static const char check_usage[] =
    "usage: hotgrind check --policy FILE "
    "[--format=text|markdown|json|junit] [--allow-exit=LIST] "
    "[--history-url URL] [BASE] HEAD";

static const char check_help[] =
    "usage: hotgrind check --policy FILE "
    "[--format=text|markdown|json|junit] [--allow-exit=LIST]\n"
    "                      [--history-url URL] [BASE] HEAD\n"
    "\n"
    "BASE and HEAD are two reports, or two suite runs: a directory of\n"
    "`hotgrind suite run` (or its manifest.xml), or the shard directories\n"
    "of one run separated by commas (DIR1,DIR2), gathered into one suite.\n"
    "The benchmarks of suite runs are matched by name and each judged as a\n"
    "report; a benchmark whose run failed, crashed or timed out in HEAD,\n"
    "or (unless the policy's <suite removed=\"note\"/>) one in BASE only,\n"
    "fails; one verdict for the whole suite (docs/ci.md).\n"
    "\n"
    "Applies the policy FILE (XML, docs/policy.md; validated against the\n"
    "schema built into this command) to the report HEAD: its budgets,\n"
    "absolute limits per function, zone, call-graph edge (caller ->\n"
    "callee, --call-graph=yes), calling context (a stack such as\n"
    "**;main;parse, summed) or the whole run, on HEAD; and with a\n"
    "BASE report, its thresholds on the change from BASE to HEAD, metric\n"
    "by metric, past a noise floor, on rows and, when both reports have\n"
    "a call graph, on edges.  A --mark pattern of HEAD that\n"
    "never entered a function fails, unless the policy's <marks> says it\n"
    "is optional.  Between reports of different\n"
    "architectures, thresholds on Ir, cache and per-call figures are not\n"
    "applied; calls and heap figures are.  Differences in how the two\n"
    "runs were made (Valgrind, platform, libc, environment, options, the\n"
    "settings of hotgrind run) are warned about.\n"
    "\n"
    "Every verdict is printed: the rule and its line in FILE, the row,\n"
    "the numbers; the regressions of incl- figures (callers, edges) that\n"
    "one function's own regression explains as one line under its\n"
    "verdict, unless <thresholds group=\"no\">; the changes of functions\n"
    "an <ignore> leaves out with its reason.  --format=markdown writes\n"
    "the same for a pull-request comment; json writes every verdict and\n"
    "judged row with its numbers (docs/check.schema.json), junit one test\n"
    "case per budget, mark and judged row (a regression's cause carrying\n"
    "those it explains) for CI test reports (docs/ci.md).\n"
    "\n"
    "  --policy FILE       the policy (required, once)\n"
    "  --format=FORMAT     text (default), markdown, json or junit\n"
    "  --allow-exit=LIST   judge reports whose program ended so: nonzero\n"
    "                      (an exit status other than 0), signal, exec,\n"
    "                      comma-separated, or any; without it such a\n"
    "                      report is refused (status 2), as a killed run's\n"
    "                      figures stop early and would pass (a report that\n"
    "                      does not say how its program ended is judged)\n"
    "  --history-url URL   with --format=markdown and two reports: each row\n"
    "                      of a function of BASE is a link to its page of\n"
    "                      the history site at URL (http:// or https://;\n"
    "                      `hotgrind history html`), of the benchmark that\n"
    "                      history record files BASE under (docs/ci.md)\n"
    "\n"
    "Exit status: 0 pass, 1 a budget broken or a regression, 2 a file that\n"
    "cannot be used or a wrong command line (one line on stderr says\n"
    "which file, which line and why).\n"
    "\n"
    "Metrics:\n";

static void print_help(void)
{
    size_t n, i;
    const struct hg_metric *all = hg_metrics(&n);
    fputs(check_help, stdout);
    for (i = 0; i <= n; i++) {
        const struct hg_metric *m = i < n ? &all[i] : &hg_policy_mean;
        printf("  %-17s %s\n", m->name, m->meaning);
    }
}

/* check over suite runs: BASE_OPERAND (or NULL) and HEAD_OPERAND, each
   one directory, manifest or comma-separated shard list. */
static int check_suites(const struct check_out *out,
                        const struct hg_policy *policy,
                        const char *base_operand, const char *head_operand,
                        unsigned allowed_exits)
{
    struct hg_suite_check s;
    int status = HG_EXIT_TROUBLE;

    if (hg_suite_check(&s, policy, base_operand, head_operand,
                       allowed_exits)
        && check_write_suite(out, &s))
        status = hg_suite_failed(&s) ? HG_EXIT_JUDGED : HG_EXIT_OK;
    hg_suite_check_free(&s);
    return status;
}

/* ----------------------------------------------------- command line */

int cmd_check(int argc, char **argv)
{
    const char *policy_path = NULL, *format_name = "text", *exits = NULL;
    const char *history_url = NULL;
    unsigned allowed_exits = 0;
    const char *base_path = NULL, *head_path;
    const struct hg_command_line line = {
        .command = "check", .usage = check_usage, .print_help = print_help,
        .options = {
            { .name = "--policy", .value = &policy_path, .once = true },
            { .name = "--format", .value = &format_name },
            { .name = "--allow-exit", .value = &exits },
            { .name = "--history-url", .value = &history_url },
        },
    };
    struct hg_policy *policy = NULL;
    struct hg_report *base = NULL, *head = NULL;
    struct hg_judgement *judgement = NULL;
    char problem[HG_PROBLEM_SIZE];
    struct check_out out;
    struct check_subject subject;
    int path_count, status;
    bool suites;

    status = hg_parse_options(&line, argc, argv, &path_count);
    if (status != -1)
        return status;
    status = HG_EXIT_TROUBLE;
    if (path_count > 2)
        return hg_usage_error("check", check_usage,
                              "more than two reports given");
    if (policy_path == NULL)
        return hg_usage_error("check", check_usage, "no --policy given");
    if ((out.renderer = check_renderer_named(format_name)) == NULL)
        return hg_usage_error("check", check_usage, "unknown format '%s' "
                              "(text, markdown, json or junit)",
                              format_name);
    if (exits != NULL && !hg_parse_allowed_exits(exits, &allowed_exits))
        return hg_usage_error("check", check_usage, "--allow-exit takes "
                              HG_ALLOW_EXIT_WORDS ", not '%s'", exits);
    if (history_url != NULL && out.renderer != &check_markdown_renderer)
        return hg_usage_error("check", check_usage, "--history-url is for "
                              "--format=markdown");
    if (history_url != NULL && !hg_history_url_ok(history_url))
        return hg_usage_error("check", check_usage, "--history-url takes an "
                              "http:// or https:// URL of plain characters "
                              "(no spaces, quotes, parentheses, '?' or '#'), "
                              "not '%s'", history_url);
    if (path_count == 0)
        return hg_usage_error("check", check_usage, "no HEAD report given");
    if (path_count == 2)
        base_path = argv[0];
    head_path = argv[path_count - 1];
    suites = hg_is_suite_operand(head_path);
    if (base_path != NULL && hg_is_suite_operand(base_path) != suites)
        return hg_usage_error("check", check_usage, "BASE and HEAD are "
                              "both reports or both suite runs ('%s' is %s)",
                              head_path, suites ? "suite runs" : "a report");
    out.file = stdout;
    out.policy_path = policy_path;
    out.in_suite = false;
    out.history_url = history_url;
    out.links = NULL;

    /* The policy first: its mistakes come before the reports'. */
    if ((policy = hg_policy_load(policy_path, problem, sizeof problem))
        == NULL)
        hg_say_problem(policy_path, problem);
    else if (suites)
        status = check_suites(&out, policy, base_path, head_path,
                              allowed_exits);
    else if ((base_path == NULL || (base = hg_load_report(base_path)) != NULL)
             && (head = hg_load_report(head_path)) != NULL
             && (base == NULL
                 || hg_exit_allowed(base_path, base, allowed_exits))
             && hg_exit_allowed(head_path, head, allowed_exits)) {
        judgement = hg_policy_judge(policy, base, head);
        subject.j = judgement;
        subject.base_path = base_path;
        subject.base = base;
        subject.head_path = head_path;
        subject.head = head;
        subject.benchmark = NULL;
        out.renderer->judgement(&out, &subject);
        status = hg_judgement_failed(judgement) ? HG_EXIT_JUDGED
                                                : HG_EXIT_OK;
    }
    hg_judgement_free(judgement);
    hg_report_free(head);
    hg_report_free(base);
    hg_policy_free(policy);
    return status;
}
