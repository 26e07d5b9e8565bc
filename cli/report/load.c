/* hotgrind: loading a report for a command, and whether a report whose
   program did not exit cleanly may be compared.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>

#include "report/load.h"
#include "util/messages.h"
#include "util/parse-options.h"

struct hg_report *hg_load_report(const char *path)
{
    char problem[HG_PROBLEM_SIZE];
    struct hg_report *report = hg_report_load(path, problem, sizeof problem);
    if (report == NULL)
        hg_say_problem(path, problem);
    return report;
}

bool hg_exit_allowed(const char *path, const struct hg_report *report,
                     unsigned allowed)
{
    const struct hg_exit *e = &report->exit;
    char ended[64], problem[HG_PROBLEM_SIZE];
    const char *word;

    if (hg_exit_is_clean(e))
        return true;
    word = e->how == HG_ENDED_BY_SIGNAL ? "signal"
           : e->how == HG_ENDED_BY_EXEC ? "exec" : "nonzero";
    if ((e->how == HG_ENDED_BY_SIGNAL && (allowed & HG_ALLOW_SIGNAL))
        || (e->how == HG_ENDED_BY_EXEC && (allowed & HG_ALLOW_EXEC))
        || (e->how == HG_ENDED_BY_STATUS && (allowed & HG_ALLOW_NONZERO)))
        return true;
    hg_describe_exit(e, ended, sizeof ended);
    /* A killed or replaced run's figures stop early: compared with a
       complete run they would look like an improvement. */
    snprintf(problem, sizeof problem, "its program %s%s, so the report "
             "may not hold a whole run; refused (--allow-exit=%s if "
             "that is expected)",
             e->how == HG_ENDED_BY_STATUS ? "exited with " : "was ", ended,
             word);
    hg_say_problem(path, problem);
    return false;
}
