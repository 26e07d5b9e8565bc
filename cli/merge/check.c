/* Whether two reports can be merged: measured the same way (tool,
   Valgrind, architecture, launcher and its settings, program, platform,
   options, cache geometry, cost model, mark patterns, how the program
   ended), and the first difference in words when not.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "merge/merge.h"
#include "report/metrics.h"
#include "util/messages.h"

bool merge_same_text(const char *a, const char *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    return strcmp(a, b) == 0;
}

/* "WHAT B, not A" into DIFF when A and B differ (NULL is "none"). */
static bool differ(char *diff, size_t size, const char *what, const char *a,
                   const char *b)
{
    char qa[64], qb[64];
    if (merge_same_text(a, b))
        return false;
    hg_quote_for_message(qa, sizeof qa, a ? a : "none");
    hg_quote_for_message(qb, sizeof qb, b ? b : "none");
    snprintf(diff, size, "%s '%s', not '%s'", what, qb, qa);
    return true;
}

static bool differ_count(char *diff, size_t size, const char *what,
                         uint64_t a, uint64_t b)
{
    if (a == b)
        return false;
    snprintf(diff, size, "%s %" PRIu64 ", not %" PRIu64, what, b, a);
    return true;
}

static bool differ_flag(char *diff, size_t size, const char *what, bool a,
                        bool b)
{
    if (a == b)
        return false;
    snprintf(diff, size, "%s %s, not %s", what, b ? "present" : "absent",
             a ? "present" : "absent");
    return true;
}

/* How the programs of A and B ended, when that differs: "exit 'status 1',
   not 'status 0'" ("none" for a report that does not say).  Sharded runs
   of one program end the same way; a shard that was killed or failed is
   not summed with ones that were not, and the sum keeps the one <exit>. */
static bool differ_exit(char *diff, size_t size, const struct hg_report *a,
                        const struct hg_report *b)
{
    char ta[64] = "none", tb[64] = "none";
    if (a->exit.how == b->exit.how && a->exit.status == b->exit.status
        && a->exit.signal == b->exit.signal)
        return false;
    if (a->exit.how != HG_ENDED_UNKNOWN)
        hg_describe_exit(&a->exit, ta, sizeof ta);
    if (b->exit.how != HG_ENDED_UNKNOWN)
        hg_describe_exit(&b->exit, tb, sizeof tb);
    snprintf(diff, size, "exit '%s', not '%s'", tb, ta);
    return true;
}

/* "PREFIXNAME=VALUE" of item I of the COUNT in LIST (a report's options,
   "--NAME=VALUE", or its launcher settings, "NAME=VALUE"), or "none" past
   its last. */
static void assignment_text(char *text, size_t size, const char *prefix,
                            const struct hg_option *list, size_t count,
                            size_t i)
{
    if (i < count)
        snprintf(text, size, "%s%s=%s", prefix, list[i].name, list[i].value);
    else
        snprintf(text, size, "none");
}

/* Lists of NAME=VALUE items (a report's options, "--NAME=VALUE", or the
   settings of its launcher, `hotgrind run`, "NAME=VALUE" with PREFIX
   ""), compared one by one in order: each says how the run was made, so
   they must all be the same.  "WHAT N 'PREFIXNAME=B', not 'PREFIXNAME=A'"
   for the first that differs; with BY_NAME, "WHAT NAME 'B', not 'A'" when
   only the values of the Nth items differ. */
static bool differ_assignments(char *diff, size_t size, const char *what,
                               const char *prefix, bool by_name,
                               const struct hg_option *a, size_t count_a,
                               const struct hg_option *b, size_t count_b)
{
    size_t n = count_a > count_b ? count_a : count_b;
    size_t i;
    for (i = 0; i < n; i++) {
        char item[96], ta[HG_PROBLEM_SIZE / 4], tb[HG_PROBLEM_SIZE / 4];
        if (by_name && i < count_a && i < count_b
            && strcmp(a[i].name, b[i].name) == 0) {
            char name[64];
            hg_quote_for_message(name, sizeof name, a[i].name);
            snprintf(item, sizeof item, "%s %s", what, name);
            if (differ(diff, size, item, a[i].value, b[i].value))
                return true;
            continue;
        }
        assignment_text(ta, sizeof ta, prefix, a, count_a, i);
        assignment_text(tb, sizeof tb, prefix, b, count_b, i);
        snprintf(item, sizeof item, "%s %zu", what, i + 1);
        if (differ(diff, size, item, ta, tb))
            return true;
    }
    return false;
}

/* Environment variables and mark patterns: lists compared item by item,
   in order. */
static bool differ_lists(char *diff, size_t size, const struct hg_report *a,
                         const struct hg_report *b)
{
    size_t i;
    if (a->has_environment && b->has_environment) {
        if (differ_count(diff, size, "number of environment values",
                         a->environment_count, b->environment_count))
            return true;
        for (i = 0; i < a->environment_count; i++)
            if (differ(diff, size, "environment variable",
                       a->environment[i].name, b->environment[i].name)
                || differ(diff, size, a->environment[i].name,
                          a->environment[i].value, b->environment[i].value))
                return true;
    }
    if (differ_count(diff, size, "number of mark patterns", a->mark_count,
                     b->mark_count))
        return true;
    for (i = 0; i < a->mark_count; i++)
        if (differ(diff, size, "mark pattern", a->marks[i].pattern,
                   b->marks[i].pattern))
            return true;
    return false;
}

/* What makes B's counts incomparable with A's, or false.  The program is
   the launcher's `program` setting when there is one: under `hotgrind
   run` every <exe> is /proc/self/fd/3. */
bool merge_incompatible(char *diff, size_t size, const struct hg_report *a,
                        const struct hg_report *b)
{
    return differ_count(diff, size, "report format", a->format, b->format)
        || differ(diff, size, "hotgrind version", a->tool_version,
                  b->tool_version)
        || differ(diff, size, "Valgrind version", a->valgrind_version,
                  b->valgrind_version)
        || differ(diff, size, "architecture", a->arch, b->arch)
        || differ_flag(diff, size, "a call graph (--call-graph=yes)",
                       a->has_call_graph, b->has_call_graph)
        || differ_flag(diff, size, "calling contexts (<contexts>)",
                       a->has_contexts, b->has_contexts)
        || differ(diff, size, "launcher", a->launcher, b->launcher)
        || differ(diff, size, "program", hg_report_program(a),
                  hg_report_program(b))
        || differ(diff, size, "<exe>", a->exe, b->exe)
        || differ_assignments(diff, size, "launcher setting", "", true,
                              a->settings, a->setting_count, b->settings,
                              b->setting_count)
        || differ(diff, size, "platform", a->platform_hwcaps,
                  b->platform_hwcaps)
        || differ(diff, size, "libc", a->libc_version, b->libc_version)
        || differ_assignments(diff, size, "option", "--", false, a->options,
                              a->option_count, b->options, b->option_count)
        || differ_flag(diff, size, "cache simulation", a->total_cache.present,
                       b->total_cache.present)
        || differ_flag(diff, size, "cycles", a->total_cache.has_cycles,
                       b->total_cache.has_cycles)
        || differ(diff, size, "cost model", a->cost_model_name,
                  b->cost_model_name)
        || differ_count(diff, size, "cost model version",
                        a->cost_model_version, b->cost_model_version)
        || differ_count(diff, size, "cost model l1-miss", a->cost_l1_miss,
                        b->cost_l1_miss)
        || differ_count(diff, size, "cost model ll-miss", a->cost_ll_miss,
                        b->cost_ll_miss)
        || differ_count(diff, size, "cost model mispredict",
                        a->cost_mispredict, b->cost_mispredict)
        || differ(diff, size, "I1 cache", a->cache_i1, b->cache_i1)
        || differ(diff, size, "D1 cache", a->cache_d1, b->cache_d1)
        || differ(diff, size, "LL cache", a->cache_ll, b->cache_ll)
        || differ_exit(diff, size, a, b)
        || differ_flag(diff, size, "heap figures", a->has_heap, b->has_heap)
        || differ_flag(diff, size, "<threads>", a->has_threads,
                       b->has_threads)
        || differ_flag(diff, size, "<events>", a->has_events, b->has_events)
        || differ_lists(diff, size, a, b);
}
