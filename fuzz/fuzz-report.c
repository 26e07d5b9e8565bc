/* hotgrind fuzzing: everything a bad report reaches.
   GPL-2.0-or-later; part of hotgrind.

   The input is a report file.  It goes through the reader
   (hg_report_load: the XML, the loader, the schema plugged into the
   parse and the rules item by item), the check alone that `validate`
   makes (hg_report_check), the show table (which must not crash), every
   metric of every row, the same checks made on the whole document
   (hg_xml_read_report, hg_validate_report), and every
   subcommand that takes a report: show, validate, diff (as HEAD, as BASE,
   against itself, each format), check (as HEAD, with and without a BASE),
   export (each format) and merge; and the fixed policy judges it
   (hg_policy_judge) against itself and a fixed report.  Besides the
   sanitizers, it checks:
   - a failing reader says why, on one line;
   - the reader, hg_report_check and the checks of the whole document
     accept the same reports (hg_report_load and hg_report_check in the
     same words);
   - a judgement's counts add up, and a report judged against itself has
     no regression or improvement;
   - subcommands exit 0 or 2 (check: 0, 1 or 2), and print no "(null)";
   - a report `merge` wrote loads again. */

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/tree.h>

#include "builtin/builtin.h"
#include "fuzz-common.h"
#include "render/show.h"
#include "report/metrics.h"
#include "report/report.h"
#include "report/rules.h"
#include "xml/xml-safe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every metric of ENTITY; the values themselves only have to exist. */
static void walk_metrics(const struct hg_report *report,
                         const struct hg_entity *entity)
{
    size_t count, i;
    const struct hg_metric *metrics = hg_metrics(&count);
    char *key = hg_entity_key(entity), *label = hg_entity_label(entity);

    if (key == NULL || label == NULL)
        fuzz_fail("hg_entity_key or hg_entity_label returned NULL");
    for (i = 0; i < count; i++) {
        uint64_t value;
        if (hg_metric_named(metrics[i].name) != &metrics[i])
            fuzz_fail("metric %s is not found by its name", metrics[i].name);
        (void)hg_metric_value(&metrics[i], report, entity, &value);
    }
    free(key);
    free(label);
}

static void use_report(const struct hg_report *report)
{
    struct hg_entity entity = { NULL, NULL };
    size_t i;

    hg_show_table(fuzz_sink(), report, 0);
    hg_show_table(fuzz_sink(), report, 1);
    (void)fuzz_judge(fuzz_fixed_policy(), report, report);
    (void)fuzz_judge(fuzz_fixed_policy(), fuzz_base(), report);
    (void)fuzz_judge(fuzz_fixed_policy(), report, fuzz_base());
    (void)fuzz_judge(fuzz_fixed_policy(), NULL, report);
    walk_metrics(report, &entity);
    for (i = 0; i < report->function_count; i++) {
        entity.function = &report->functions[i];
        walk_metrics(report, &entity);
    }
    entity.function = NULL;
    for (i = 0; i < report->zone_count; i++) {
        entity.zone = &report->zones[i];
        walk_metrics(report, &entity);
    }
}

/* What `hotgrind validate` decides about PATH; checks its message. */
static bool strictly_valid(const char *path)
{
    char problem[HG_PROBLEM_SIZE] = "";
    xmlDocPtr doc = hg_xml_read_report(path, problem, sizeof problem);
    bool valid;

    if (doc == NULL) {
        fuzz_check_problem("hg_xml_read_report", problem, sizeof problem);
        return false;
    }
    valid = hg_validate_report(doc, problem, sizeof problem);
    if (!valid)
        fuzz_check_problem("hg_validate_report", problem, sizeof problem);
    xmlFreeDoc(doc);
    return valid;
}

/* The subcommands, on the report at PATH, with the fixed base and head
   reports and policy beside it. */
static void run_commands(const char *path, const uint8_t *data, size_t size)
{
    static const char *const diff_formats[] = {
        "--format=text", "--format=markdown", "--format=json"
    };
    static const char *const export_formats[] = {
        "--format=callgrind", "--format=cachegrind", "--format=json",
        "--format=bmf", "--format=folded", "--format=svg"
    };
    const char *base = fuzz_base_path(), *policy = fuzz_policy_path();
    char merged[256], exported[256];   /* fuzz_scratch_path reuses its */
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_report *again;
    size_t i;

    snprintf(merged, sizeof merged, "%s", fuzz_scratch_path("merged.xml"));
    snprintf(exported, sizeof exported, "%s",
             fuzz_scratch_path("export.out"));
    fuzz_run(cmd_show, 0, "show", path, NULL);
    fuzz_run(cmd_show, 0, "show", "--limit", "2", path, NULL);
    fuzz_run(cmd_validate, 0, "validate", path, NULL);
    for (i = 0; i < sizeof diff_formats / sizeof diff_formats[0]; i++)
        fuzz_run(cmd_diff, 0, "diff", diff_formats[i], base, path, NULL);
    fuzz_run(cmd_diff, 0, "diff", "--limit", "3", path, base, NULL);
    fuzz_run(cmd_diff, 0, "diff", "--format=json", path, path, NULL);
    fuzz_run(cmd_diff, 0, "diff", "--format=svg", "-o", exported, path,
             path, NULL);
    fuzz_run(cmd_check, 1, "check", "--policy", policy, base, path, NULL);
    fuzz_run(cmd_check, 1, "check", "--policy", policy,
             "--format=markdown", path, base, NULL);
    fuzz_run(cmd_check, 1, "check", "--policy", policy, path, NULL);
    fuzz_run(cmd_check, 1, "check", "--policy", policy, "--format=json",
             base, path, NULL);
    fuzz_run(cmd_check, 1, "check", "--policy", policy, "--format=junit",
             base, path, NULL);
    for (i = 0; i < sizeof export_formats / sizeof export_formats[0]; i++)
        fuzz_run(cmd_export, 0, "export", export_formats[i], "-o", exported,
                 path, NULL);
    if (fuzz_run(cmd_merge, 0, "merge", "-o", merged, path, path, NULL)
        == 0) {
        again = hg_report_load(merged, problem, sizeof problem);
        if (again == NULL)
            fuzz_soft_fail(data, size, "merge wrote a report the reader "
                           "refuses: %s", problem);
        hg_report_free(again);
    }
    fuzz_run(cmd_merge, 0, "merge", "-o", merged, base, path, NULL);
    /* Nothing left behind should the next input crash. */
    unlink(merged);
    unlink(exported);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct fuzz_file input;
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_report *report;
    bool valid, loaded;

    fuzz_file_set(&input, data, size);
    fuzz_input_is(data, size);
    report = hg_report_load(input.path, problem, sizeof problem);
    if (report == NULL)
        fuzz_check_problem("hg_report_load", problem, sizeof problem);
    else
        use_report(report);

    loaded = report != NULL;
    {
        char checked[HG_PROBLEM_SIZE] = "";
        bool check = hg_report_check(input.path, checked, sizeof checked);
        if (check != loaded || (!check && strcmp(checked, problem) != 0))
            fuzz_soft_fail(data, size, "hg_report_check (%s) and "
                           "hg_report_load (%s) disagree",
                           check ? "valid" : checked,
                           loaded ? "valid" : problem);
    }
    valid = strictly_valid(input.path);
    if (valid && !loaded)
        fuzz_soft_fail(data, size, "the whole document is valid, the "
                       "stream refuses it: %s", problem);
    if (!valid && loaded)
        fuzz_soft_fail(data, size, "the stream accepts a report the whole "
                       "document's checks refuse");
    hg_report_free(report);

    /* A report the reader refuses stops every command at the same place:
       one command is enough to cover how they say so. */
    if (loaded)
        run_commands(input.path, data, size);
    else
        fuzz_run(cmd_show, 0, "show", input.path, NULL);
    return 0;
}
