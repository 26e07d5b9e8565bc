/* hotgrind: how two runs were measured differently (Valgrind, platform,
   C library, environment, options, launcher settings, cache model, marks):
   the warnings of diff and check.  GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/fingerprints.h"
#include "compare/sides.h"
#include "report/valgrind-versions.h"
#include "util/number.h"
#include "util/xalloc.h"

/* Records that the runs differ in WHAT, if they do. */
static void add_difference(struct hg_diff *diff, const char *what,
                           const char *base, const char *head)
{
    struct hg_diff_difference *d;
    if (strcmp(base, head) == 0)
        return;
    diff->differences = hg_xrealloc(diff->differences,
                                    diff->difference_count + 1,
                                    sizeof *diff->differences);
    d = &diff->differences[diff->difference_count++];
    d->what = hg_xstrdup(what);
    d->base = hg_xstrdup(base);
    d->head = hg_xstrdup(head);
    d->why = NULL;
}

/* Compares two formatted texts as WHAT; frees both. */
static void add_formatted(struct hg_diff *diff, const char *what, char *base,
                          char *head)
{
    add_difference(diff, what, base, head);
    free(base);
    free(head);
}

static char *environment_text(const struct hg_report *r)
{
    char variables[HG_COUNT_TEXT_SIZE], bytes[HG_COUNT_TEXT_SIZE];
    return hg_xasprintf("%s variables, %s bytes",
                        hg_format_count(r->environment_variables, variables),
                        hg_format_count(r->environment_bytes, bytes));
}

static const char *variable(const struct hg_report *r, const char *name)
{
    size_t i;
    for (i = 0; i < r->environment_count; i++)
        if (strcmp(r->environment[i].name, name) == 0)
            return r->environment[i].value;
    return "(unset)";
}

/* The values of NAME among COUNT options or launcher settings, space-
   separated (alloc-fn, free-fn and keep-env may be given several
   times). */
static char *pair_values(const struct hg_option *pairs, size_t count,
                         const char *name)
{
    size_t i, size = 1;
    char *text;
    for (i = 0; i < count; i++)
        if (strcmp(pairs[i].name, name) == 0)
            size += strlen(pairs[i].value) + 1;
    if (size == 1)
        return hg_xstrdup("(not given)");
    text = hg_xcalloc(1, size);
    for (i = 0; i < count; i++)
        if (strcmp(pairs[i].name, name) == 0) {
            if (text[0] != '\0')
                strcat(text, " ");
            strcat(text, pairs[i].value);
        }
    return text;
}

/* Whether pair I is the first of its name; whether NAME is among the
   COUNT pairs. */
static bool first_of_name(const struct hg_option *pairs, size_t i)
{
    size_t j;
    for (j = 0; j < i; j++)
        if (strcmp(pairs[j].name, pairs[i].name) == 0)
            return false;
    return true;
}

static bool has_name(const struct hg_option *pairs, size_t count,
                     const char *name)
{
    size_t i;
    for (i = 0; i < count; i++)
        if (strcmp(pairs[i].name, name) == 0)
            return true;
    return false;
}

/* Every name of either list, base's first, as "KIND NAME": the options,
   or the launcher's settings. */
static void compare_pairs(struct hg_diff *diff, const char *kind,
                          const struct hg_option *base, size_t base_count,
                          const struct hg_option *head, size_t head_count)
{
    const struct hg_option *pairs[2] = { base, head };
    size_t counts[2] = { base_count, head_count };
    int s;
    size_t i;
    for (s = BASE; s <= HEAD; s++)
        for (i = 0; i < counts[s]; i++) {
            const char *name = pairs[s][i].name;
            char *what;
            if (!first_of_name(pairs[s], i)
                || (s == HEAD && has_name(base, base_count, name)))
                continue;
            what = hg_xasprintf("%s %s", kind, name);
            add_formatted(diff, what, pair_values(base, base_count, name),
                          pair_values(head, head_count, name));
            free(what);
        }
}

static void compare_options(struct hg_diff *diff,
                            const struct hg_report *base,
                            const struct hg_report *head)
{
    compare_pairs(diff, "option", base->options, base->option_count,
                         head->options, head->option_count);
}

/* The launcher that made the run reproducible (`hotgrind run`) and what
   it fixed, setting by setting; a run without one differs from a run
   with one by that alone. */
static void compare_launchers(struct hg_diff *diff,
                              const struct hg_report *base,
                              const struct hg_report *head)
{
    if (base->launcher == NULL && head->launcher == NULL)
        return;
    if (base->launcher == NULL || head->launcher == NULL) {
        add_difference(diff, "launcher",
                       base->launcher ? base->launcher : "(none)",
                       head->launcher ? head->launcher : "(none)");
        return;
    }
    add_difference(diff, "launcher", base->launcher, head->launcher);
    compare_pairs(diff, "setting", base->settings, base->setting_count,
                  head->settings, head->setting_count);
}

static char *cost_model_text(const struct hg_report *r)
{
    return hg_xasprintf("%s version %" PRIu64 ", l1-miss %" PRIu64
                        ", ll-miss %" PRIu64, r->cost_model_name,
                        r->cost_model_version, r->cost_l1_miss,
                        r->cost_ll_miss);
}

static char *cache_text(const struct hg_report *r)
{
    return hg_xasprintf("I1 %s, D1 %s, LL %s", r->cache_i1, r->cache_d1,
                        r->cache_ll);
}

/* How many runs a report sums: 1 for what the tool wrote, N for a merge
   of N (which multiplies every count by about N). */
static char *runs_text(const struct hg_report *r)
{
    return hg_xasprintf("%" PRIu64, r->merged_reports == 0
                                    ? 1 : r->merged_reports);
}

static char *exit_text(const struct hg_report *r)
{
    char ended[64];
    hg_describe_exit(&r->exit, ended, sizeof ended);
    return hg_xstrdup(ended);
}

/* The last part of PATH. */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

/* The build-ids of the objects both reports list with one, that differ:
   another build of a library moves counts; another build of the program
   is what comparing two commits is about, and said so. */
static void compare_builds(struct hg_diff *diff, const struct hg_report *base,
                           const struct hg_report *head)
{
    const char *base_program = base_name(hg_report_program(base));
    const char *head_program = base_name(hg_report_program(head));
    size_t i;
    for (i = 0; i < base->object_count; i++) {
        const struct hg_object *b = &base->objects[i];
        const struct hg_object *h = hg_report_object(head, b->name);
        char *what;
        if (h == NULL || b->build_id == NULL || h->build_id == NULL)
            continue;
        if (strcmp(b->name, base_program) == 0
            || strcmp(b->name, head_program) == 0)
            what = hg_xasprintf("build-id of %s, a new build as expected "
                                "between commits", b->name);
        else
            what = hg_xasprintf("build-id of %s", b->name);
        add_difference(diff, what, b->build_id, h->build_id);
        free(what);
    }
}

/* Whether PATTERN is one of the marks of R. */
static bool has_mark(const struct hg_report *r, const char *pattern)
{
    size_t i;
    for (i = 0; i < r->mark_count; i++)
        if (strcmp(r->marks[i].pattern, pattern) == 0)
            return true;
    return false;
}

/* The patterns of FROM that TO lacks, each after SEPARATOR, appended to
   TEXT (a new string); TEXT is freed. */
static char *append_missing(char *text, const struct hg_report *from,
                            const struct hg_report *to, const char *separator)
{
    size_t i;
    for (i = 0; i < from->mark_count; i++) {
        char *longer;
        if (has_mark(to, from->marks[i].pattern))
            continue;
        longer = hg_xasprintf("%s%s%s", text, separator,
                              from->marks[i].pattern);
        free(text);
        text = longer;
        separator = " ";
    }
    return text;
}

/* "a b", the patterns of R; "(none)". */
static char *marks_text(const struct hg_report *r)
{
    char *none = hg_xstrdup(r->mark_count == 0 ? "(none)" : "");
    struct hg_report empty;
    memset(&empty, 0, sizeof empty);
    return append_missing(none, r, &empty, "");
}

/* The --mark patterns, as sets: "mark patterns, added c, removed b (a b
   -> a c)"; marked functions of one side only show as added or
   removed rows for that reason. */
static void compare_marks(struct hg_diff *diff, const struct hg_report *base,
                          const struct hg_report *head)
{
    char *what = hg_xstrdup("mark patterns");
    char *added = append_missing(hg_xstrdup(""), head, base, "");
    char *removed = append_missing(hg_xstrdup(""), base, head, "");
    char *longer;
    if (added[0] == '\0' && removed[0] == '\0') {
        free(what);
        free(added);
        free(removed);
        return;
    }
    if (added[0] != '\0') {
        longer = hg_xasprintf("%s, added %s", what, added);
        free(what);
        what = longer;
    }
    if (removed[0] != '\0') {
        longer = hg_xasprintf("%s, removed %s", what, removed);
        free(what);
        what = longer;
    }
    add_formatted(diff, what, marks_text(base), marks_text(head));
    free(what);
    free(added);
    free(removed);
}

/* What both reports record of how the run was measured, and differs:
   counts may move for that reason alone. */
void hg_diff_compare_fingerprints(struct hg_diff *diff,
                                 const struct hg_report *base,
                                 const struct hg_report *head)
{
    static const char *const variables[] = { "GLIBC_TUNABLES", "LD_BIND_NOW" };
    size_t i;

    add_formatted(diff, "number of runs", runs_text(base), runs_text(head));
    /* With a launcher on one side only, <exe> of the other may be the
       launcher's path (/proc/self/fd/3): the launcher difference says
       it. */
    if ((base->launcher == NULL) == (head->launcher == NULL))
        add_difference(diff, "program", hg_report_program(base),
                       hg_report_program(head));
    compare_builds(diff, base, head);
    add_difference(diff, "hotgrind", base->tool_version, head->tool_version);
    add_difference(diff, "Valgrind", base->valgrind_version,
                   head->valgrind_version);
    if (strcmp(base->valgrind_version, head->valgrind_version) != 0)
        diff->differences[diff->difference_count - 1].why
            = hg_valgrind_versions_note(base->valgrind_version,
                                        head->valgrind_version,
                                        head->arch);
    if (base->platform_hwcaps && head->platform_hwcaps)
        add_difference(diff, "platform", base->platform_hwcaps,
                       head->platform_hwcaps);
    if (base->libc_version && head->libc_version)
        add_formatted(diff, "libc",
                      hg_xasprintf("%s %s", base->libc_name
                                   ? base->libc_name : "libc",
                                   base->libc_version),
                      hg_xasprintf("%s %s", head->libc_name
                                   ? head->libc_name : "libc",
                                   head->libc_version));
    if (base->has_environment && head->has_environment) {
        add_formatted(diff, "environment", environment_text(base),
                      environment_text(head));
        for (i = 0; i < sizeof variables / sizeof variables[0]; i++)
            add_difference(diff, variables[i], variable(base, variables[i]),
                           variable(head, variables[i]));
    }
    if (base->option_count != 0 && head->option_count != 0)
        compare_options(diff, base, head);
    compare_launchers(diff, base, head);
    if (base->has_cost_model && head->has_cost_model)
        add_formatted(diff, "cost model", cost_model_text(base),
                      cost_model_text(head));
    if (base->has_cache_geometry && head->has_cache_geometry)
        add_formatted(diff, "cache", cache_text(base), cache_text(head));
    /* Only reached with --allow-exit when one did not exit 0: say so. */
    if (base->exit.how != HG_ENDED_UNKNOWN
        && head->exit.how != HG_ENDED_UNKNOWN)
        add_formatted(diff, "exit", exit_text(base), exit_text(head));
    compare_marks(diff, base, head);
}
