/* hotgrind: reads a policy for `hotgrind check`.
   GPL-2.0-or-later; part of hotgrind. */

/* A policy is written by people and decides whether CI passes, so it is
   read strictly: the schema built in from docs/policy.xsd first (an
   unknown element or attribute, a misspelt one included, is an error with
   its line, not a rule silently left out), then the rules the schema
   cannot express.  It is read as safely as a report (xml-safe.c): policy
   files come from pull requests too. */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "../../hotgrind/ht_glob.h"
#include "policy/policy.h"
#include "util/xalloc.h"
#include "xml/embedded-schema.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

const struct hg_metric hg_policy_mean = {
    "mean", "mean inclusive Ir of one call (two decimals)", HG_SCOPE_MARKED,
    true
};

/* Judged when a policy says nothing: instructions, calls and the heap
   traffic, the figures a change of code moves on purpose. */
static const char *const judged_by_default[] = {
    "Ir", "incl-Ir", "calls", "allocs", "alloc-bytes", "incl-allocs",
    "incl-alloc-bytes", "peak-bytes",
};

const struct hg_metric *hg_policy_metric_named(const char *name)
{
    if (strcmp(name, hg_policy_mean.name) == 0)
        return &hg_policy_mean;
    return hg_metric_named(name);
}

static uint64_t mean_in_hundredths(const struct hg_per_call *per_call)
{
    if (per_call->mean_units > (UINT64_MAX - 99) / 100)
        return UINT64_MAX;
    return per_call->mean_units * 100 + per_call->mean_hundredths % 100;
}

bool hg_policy_value(const struct hg_metric *metric,
                     const struct hg_report *report,
                     const struct hg_entity *entity, bool graph,
                     uint64_t *value)
{
    const struct hg_function *f = entity->function;
    const struct hg_zone *z = entity->zone;

    if (metric != &hg_policy_mean)
        return hg_diff_metric_value(metric, report, entity, graph, value);
    if (z != NULL && z->has_per_call)
        *value = mean_in_hundredths(&z->per_call);
    else if (f != NULL && f->marked && f->has_per_call)
        *value = mean_in_hundredths(&f->per_call);
    else
        return false;
    return true;
}

/* The tool's --mark matcher itself, so that a policy's pattern names the
   functions a mark with the same pattern marked. */
bool hg_glob_match(const char *glob, const char *text)
{
    return ht_glob_walk(glob, text) != 0;
}

/* ------------------------------------------------------------ reading */


static bool problem_at(struct hg_xml_reader *reader, const xmlNode *node,
                       const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Writes "line N: WHY" into the problem; returns false. */
static bool problem_at(struct hg_xml_reader *reader, const xmlNode *node,
                       const char *format, ...)
{
    va_list args;
    va_start(args, format);
    hg_xml_vproblem(reader->problem, reader->problem_size,
                    node != NULL ? hg_xml_line(node) : 0, format, args);
    va_end(args);
    return false;
}

/* TEXT as digits with at most DECIMALS digits after a point, times
   10^DECIMALS.  False if it is not such a number or does not fit. */
static bool parse_scaled(const char *text, unsigned decimals,
                         uint64_t *value)
{
    uint64_t v = 0;
    unsigned fraction_digits = 0;
    bool point = false, any = false;

    for (; *text != '\0'; text++) {
        unsigned digit;
        if (*text == '.' && !point && any) {
            point = true;
            continue;
        }
        if (*text < '0' || *text > '9')
            return false;
        if (point && ++fraction_digits > decimals)
            return false;
        digit = (unsigned)(*text - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return false;
        v = v * 10 + digit;
        any = true;
    }
    if (!any || (point && fraction_digits == 0))
        return false;
    for (; fraction_digits < decimals; fraction_digits++) {
        if (v > UINT64_MAX / 10)
            return false;
        v *= 10;
    }
    *value = v;
    return true;
}

/* A budget limit: a count, or hundredths for the mean. */
static bool read_limit(struct hg_xml_reader *reader, const xmlNode *node,
                       const char *name, const struct hg_metric *metric,
                       bool *present, uint64_t *value)
{
    char *text = hg_node_token(node, name);
    char shown[64];
    bool ok;

    *present = text != NULL;
    if (text == NULL)
        return true;
    ok = parse_scaled(text, metric == &hg_policy_mean ? 2 : 0, value);
    hg_quote_for_message(shown, sizeof shown, text);
    if (!ok && metric != &hg_policy_mean && strchr(text, '.') != NULL)
        problem_at(reader, node, "<%s> %s=\"%s\": %s counts whole numbers; "
                   "only the metric mean takes decimals", hg_node_name(node),
                   name, shown, metric->name);
    else if (!ok)
        problem_at(reader, node, "<%s> %s=\"%s\" is too large",
                   hg_node_name(node), name, shown);
    free(text);
    return ok;
}

static bool starts_with(const char *text, const char *prefix)
{
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

bool hg_edge_metric(const struct hg_metric *metric)
{
    return metric != &hg_policy_mean && metric->scope == HG_SCOPE_MARKED
           && (strcmp(metric->name, "calls") == 0
               || starts_with(metric->name, "incl-"));
}

bool hg_context_metric(const struct hg_metric *metric)
{
    return metric != &hg_policy_mean
           && (metric->scope == HG_SCOPE_SELF || hg_edge_metric(metric));
}

/* Which metrics a row of each kind has. */
static bool target_has(enum hg_budget_target target,
                       const struct hg_metric *metric)
{
    switch (target) {
    case HG_BUDGET_FUNCTION: return metric->scope != HG_SCOPE_TOTAL;
    case HG_BUDGET_ZONE:     return metric->scope == HG_SCOPE_MARKED;
    case HG_BUDGET_EDGE:     return hg_edge_metric(metric);
    case HG_BUDGET_CONTEXT:  return hg_context_metric(metric);
    default:                 return metric->scope != HG_SCOPE_MARKED;
    }
}

static const char *const target_figures[] = {
    "functions have self and marked figures, not those of the whole run "
    "(use <total>)",
    "zones have only the figures of marked functions (calls, incl-*, "
    "min, p50, p95, p99, max, mean)",
    "the whole run has self and run figures (Ir, cache, heap, peak-*, "
    "exit-*), not those of marked functions",
    "an edge has calls and the incl- figures of its calls (incl-Ir, "
    "incl-D1mr, incl-cycles, incl-allocs, ...), no self or per-call ones",
    "a context has calls, self figures (Ir, cache, heap) and incl- "
    "figures, no per-call or run ones",
};

static bool read_metric_name(struct hg_xml_reader *reader, const xmlNode *node,
                             const char *attribute,
                             const struct hg_metric **metric)
{
    char *name = hg_node_token(node, attribute);
    char shown[64];

    if (name == NULL)   /* required by the schema */
        return problem_at(reader, node, "no metric given");
    *metric = hg_policy_metric_named(name);
    hg_quote_for_message(shown, sizeof shown, name);
    free(name);
    if (*metric == NULL)
        return problem_at(reader, node, "unknown metric '%s' (`hotgrind "
                          "help check` lists them)", shown);
    return true;
}

/* The OBJ:GLOB split of --mark: the separator is a ':' with no ':' on
   either side, so C++ and Rust "::" stays in the name. */
const char *hg_pattern_object_separator(const char *pattern)
{
    const char *p;
    for (p = pattern; *p != '\0'; p++) {
        if (*p != ':')
            continue;
        if (p[1] == ':') {
            p++;
            continue;
        }
        if (p > pattern && p[-1] == ':')
            continue;
        return p;
    }
    return NULL;
}

/* Attribute ATTRIBUTE of NODE into PATTERN, split as OBJ:GLOB into
   OBJECT and GLOB when WITH_OBJECT (functions and edges; a zone's name
   may hold a ':'). */
static bool read_pattern(struct hg_xml_reader *reader, const xmlNode *node,
                         const char *attribute, bool with_object,
                         char **pattern, char **object, char **glob)
{
    const char *separator;
    char shown[64];

    *pattern = hg_node_attribute(node, attribute);
    if (*pattern == NULL)   /* required by the schema */
        return problem_at(reader, node, "<%s> has no %s attribute",
                          hg_node_name(node), attribute);
    separator = with_object ? hg_pattern_object_separator(*pattern) : NULL;
    if (separator == NULL) {
        *glob = hg_xstrdup(*pattern);
        return true;
    }
    if (separator == *pattern || separator[1] == '\0') {
        hg_quote_for_message(shown, sizeof shown, *pattern);
        return problem_at(reader, node, "<%s> %s=\"%s\": OBJ:PATTERN "
                          "needs both an object and a pattern",
                          hg_node_name(node), attribute, shown);
    }
    *object = hg_xstrndup(*pattern, (size_t)(separator - *pattern));
    *glob = hg_xstrdup(separator + 1);
    return true;
}

/* A context's stack="GLOB;GLOB;..." into its frames: none may be
   empty. */
static bool read_stack(struct hg_xml_reader *reader, const xmlNode *node,
                       struct hg_budget *budget)
{
    const char *start, *end;
    char shown[64];

    budget->pattern = hg_node_attribute(node, "stack");
    if (budget->pattern == NULL)   /* required by the schema */
        return problem_at(reader, node, "<context> has no stack attribute");
    budget->frames = hg_xcalloc(strlen(budget->pattern) / 2 + 1,
                                sizeof *budget->frames);
    for (start = budget->pattern;; start = end + 1) {
        end = strchr(start, ';');
        if (end == NULL)
            end = start + strlen(start);
        if (end == start) {
            hg_quote_for_message(shown, sizeof shown, budget->pattern);
            return problem_at(reader, node, "<context> stack=\"%s\": an "
                              "empty frame (frames are separated by "
                              "single ';')", shown);
        }
        budget->frames[budget->frame_count++] =
            hg_xstrndup(start, (size_t)(end - start));
        if (*end == '\0')
            return true;
    }
}

/* The patterns of a budget: a function's or zone's, an edge's two, or a
   context's stack. */
static bool read_patterns(struct hg_xml_reader *reader, const xmlNode *node,
                          struct hg_budget *budget)
{
    switch (budget->target) {
    case HG_BUDGET_TOTAL:
        return true;
    case HG_BUDGET_CONTEXT:
        return read_stack(reader, node, budget);
    case HG_BUDGET_EDGE:
        return read_pattern(reader, node, "caller", true, &budget->pattern,
                            &budget->object, &budget->glob)
               && read_pattern(reader, node, "callee", true,
                               &budget->callee_pattern,
                               &budget->callee_object, &budget->callee_glob);
    default:
        return read_pattern(reader, node, "pattern",
                            budget->target == HG_BUDGET_FUNCTION,
                            &budget->pattern, &budget->object, &budget->glob);
    }
}

static bool read_budget(struct hg_xml_reader *reader, const xmlNode *node,
                        struct hg_budget *budget)
{
    static const char *const targets[] = { "function", "zone", "total",
                                           "edge", "context" };
    bool has_exact;
    uint64_t exact;
    char *optional;
    size_t t;

    for (t = 0; t < 4 && strcmp(hg_node_name(node), targets[t]) != 0; t++)
        ;   /* the schema allows only these five */
    budget->target = (enum hg_budget_target)t;
    budget->line = hg_xml_line(node);
    if (!read_metric_name(reader, node, "metric", &budget->metric))
        return false;
    if (!target_has(budget->target, budget->metric))
        return problem_at(reader, node, "<%s> cannot have metric %s: %s",
                          targets[t], budget->metric->name,
                          target_figures[t]);
    if (!read_patterns(reader, node, budget))
        return false;
    if (!read_limit(reader, node, "exact", budget->metric, &has_exact,
                    &exact)
        || !read_limit(reader, node, "min", budget->metric,
                       &budget->has_min, &budget->min)
        || !read_limit(reader, node, "max", budget->metric,
                       &budget->has_max, &budget->max))
        return false;
    if (has_exact && (budget->has_min || budget->has_max))
        return problem_at(reader, node, "<%s> has exact and min or max: "
                          "give exact, or min and/or max", targets[t]);
    if (!has_exact && !budget->has_min && !budget->has_max)
        return problem_at(reader, node, "<%s> has no limit: give exact, "
                          "or min and/or max", targets[t]);
    if (has_exact) {
        budget->exact = budget->has_min = budget->has_max = true;
        budget->min = budget->max = exact;
    }
    if (budget->has_min && budget->has_max && budget->min > budget->max)
        return problem_at(reader, node, "<%s> has min above max: no value "
                          "can keep it", targets[t]);
    optional = hg_node_token(node, "optional");
    budget->optional = optional != NULL && strcmp(optional, "yes") == 0;
    free(optional);
    budget->benchmark = hg_node_token(node, "benchmark");
    return true;
}

static bool read_budgets(struct hg_xml_reader *reader, const xmlNode *budgets,
                         struct hg_policy *policy)
{
    const xmlNode *child;
    size_t n = hg_node_count(budgets, NULL);

    policy->budgets = hg_xcalloc(n, sizeof *policy->budgets);
    for (child = budgets->children; child != NULL; child = child->next) {
        if (!hg_node_is(child, NULL))
            continue;
        /* Counted first, so that hg_policy_free frees a half-read one. */
        policy->budget_count++;
        if (!read_budget(reader, child,
                         &policy->budgets[policy->budget_count - 1]))
            return false;
    }
    return true;
}

/* <marks>: each <mark pattern="GLOB" optional="yes|no"/>. */
static void read_marks(const xmlNode *marks, struct hg_policy *policy)
{
    const xmlNode *child;
    size_t n = hg_node_count(marks, NULL);

    policy->marks = hg_xcalloc(n, sizeof *policy->marks);
    for (child = marks->children; child != NULL; child = child->next) {
        struct hg_policy_mark *mark;
        char *optional;
        if (!hg_node_is(child, NULL))
            continue;
        mark = &policy->marks[policy->mark_count++];
        mark->line = hg_xml_line(child);
        mark->glob = hg_node_attribute(child, "pattern");
        if (mark->glob == NULL)   /* required by the schema */
            mark->glob = hg_xstrdup("");
        optional = hg_node_token(child, "optional");
        mark->optional = optional != NULL && strcmp(optional, "yes") == 0;
        free(optional);
    }
}

/* The judging attributes of <thresholds> or a <metric>: each one present
   overrides the value in THRESHOLD. */
static bool read_judging(struct hg_xml_reader *reader, const xmlNode *node,
                         struct hg_threshold *threshold)
{
    static const char *const names[] = {
        "regression", "improvement", "floor", "floor-count"
    };
    uint64_t *const targets[] = {
        &threshold->regression, &threshold->improvement, &threshold->floor,
        &threshold->floor_count
    };
    size_t i;

    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *text = hg_node_token(node, names[i]);
        bool ok = true;
        if (text == NULL)
            continue;
        if (targets[i] == &threshold->improvement)
            threshold->reports_improvement = strcmp(text, "off") != 0;
        if (strcmp(text, "off") != 0)
            ok = parse_scaled(text, targets[i] == &threshold->floor_count
                                    ? 0 : 4, targets[i]);
        free(text);
        if (!ok)   /* the schema bounds the others */
            return problem_at(reader, node, "<%s> %s is too large",
                              hg_node_name(node), names[i]);
    }
    return true;
}

static bool judged_unless_said(const struct hg_metric *metric)
{
    size_t i;
    for (i = 0; i < sizeof judged_by_default / sizeof judged_by_default[0];
         i++)
        if (strcmp(metric->name, judged_by_default[i]) == 0)
            return true;
    return false;
}

/* Every metric's threshold as the built-in defaults set it. */
static void default_thresholds(struct hg_policy *policy)
{
    size_t n, i;
    const struct hg_metric *all = hg_metrics(&n);

    policy->thresholds = hg_xcalloc(n + 1, sizeof *policy->thresholds);
    policy->threshold_count = n + 1;
    for (i = 0; i <= n; i++) {
        struct hg_threshold *t = &policy->thresholds[i];
        t->metric = i < n ? &all[i] : &hg_policy_mean;
        t->judged = judged_unless_said(t->metric);
        t->regression = HG_DEFAULT_REGRESSION;
        t->reports_improvement = true;
        t->improvement = HG_DEFAULT_IMPROVEMENT;
        t->floor = HG_DEFAULT_FLOOR;
    }
}

/* METRIC's threshold in THRESHOLDS, an array as policy->thresholds. */
static struct hg_threshold *threshold_in(struct hg_threshold *thresholds,
                                         const struct hg_policy *policy,
                                         const struct hg_metric *metric)
{
    size_t i;
    for (i = 0; i < policy->threshold_count; i++)
        if (thresholds[i].metric == metric)
            return &thresholds[i];
    return NULL;
}


static bool token_is(const xmlNode *node, const char *name,
                     const char *value)
{
    char *text = hg_node_token(node, name);
    bool is = text != NULL && strcmp(text, value) == 0;
    free(text);
    return is;
}

/* A <metric> of <thresholds> or of a <benchmark> in it: what it says of
   its metric's threshold in THRESHOLDS. */
static bool read_metric(struct hg_xml_reader *reader, const xmlNode *node,
                        struct hg_threshold *thresholds,
                        const struct hg_policy *policy)
{
    const struct hg_metric *metric;
    struct hg_threshold *t;
    if (!read_metric_name(reader, node, "name", &metric))
        return false;
    t = threshold_in(thresholds, policy, metric);
    t->line = hg_xml_line(node);
    t->listed = true;
    t->judged = !token_is(node, "judged", "no");
    return read_judging(reader, node, t);
}

/* <benchmark pattern="GLOB"> of <thresholds>: the policy's thresholds,
   then its own attributes for every metric, then its <metric>s. */
static bool read_threshold_scope(struct hg_xml_reader *reader,
                                 const xmlNode *node,
                                 struct hg_policy *policy)
{
    static const char *const judging[] = {
        "regression", "improvement", "floor", "floor-count"
    };
    struct hg_threshold_scope *scope;
    const xmlNode *child;
    bool says = false;
    size_t i;

    policy->threshold_scopes = hg_xrealloc(policy->threshold_scopes,
                                           policy->threshold_scope_count + 1,
                                           sizeof *policy->threshold_scopes);
    scope = &policy->threshold_scopes[policy->threshold_scope_count++];
    scope->line = hg_xml_line(node);
    scope->glob = hg_node_attribute(node, "pattern");
    if (scope->glob == NULL)   /* required by the schema */
        scope->glob = hg_xstrdup("");
    scope->thresholds = hg_xcalloc(policy->threshold_count,
                                   sizeof *scope->thresholds);
    memcpy(scope->thresholds, policy->thresholds,
           policy->threshold_count * sizeof *scope->thresholds);
    for (i = 0; i < sizeof judging / sizeof judging[0]; i++)
        says = says || hg_node_has(node, judging[i]);
    for (i = 0; i < policy->threshold_count; i++) {
        if (says)
            scope->thresholds[i].line = scope->line;
        if (!read_judging(reader, node, &scope->thresholds[i]))
            return false;
    }
    for (child = node->children; child != NULL; child = child->next)
        if (hg_node_is(child, NULL)
            && !read_metric(reader, child, scope->thresholds, policy))
            return false;
    return true;
}

/* <ignore pattern="[OBJ:]GLOB" reason="TEXT"> of <thresholds>. */
static bool read_ignore(struct hg_xml_reader *reader, const xmlNode *node,
                        struct hg_policy *policy)
{
    struct hg_ignore *ignore;
    policy->ignores = hg_xrealloc(policy->ignores, policy->ignore_count + 1,
                                  sizeof *policy->ignores);
    ignore = &policy->ignores[policy->ignore_count++];
    memset(ignore, 0, sizeof *ignore);
    ignore->line = hg_xml_line(node);
    ignore->reason = hg_node_attribute(node, "reason");
    if (ignore->reason == NULL)   /* required by the schema */
        ignore->reason = hg_xstrdup("");
    return read_pattern(reader, node, "pattern", true, &ignore->pattern,
                        &ignore->object, &ignore->glob);
}

static bool read_thresholds(struct hg_xml_reader *reader, const xmlNode *node,
                            struct hg_policy *policy)
{
    const xmlNode *child;
    bool defaults;
    size_t i;

    policy->has_thresholds = true;
    defaults = !token_is(node, "default-metrics", "no");
    policy->added_is_regression = token_is(node, "added", "regression");
    policy->judges_edges = !token_is(node, "edges", "no");
    policy->groups = !token_is(node, "group", "no");
    for (i = 0; i < policy->threshold_count; i++) {
        struct hg_threshold *t = &policy->thresholds[i];
        t->line = hg_xml_line(node);
        t->judged = t->judged && defaults;
        if (!read_judging(reader, node, t))
            return false;
    }
    for (child = node->children; child != NULL; child = child->next) {
        if (!hg_node_is(child, NULL))
            continue;
        /* The schema puts every <benchmark> after the <metric>s: the
           thresholds they start from are complete. */
        if (strcmp(hg_node_name(child), "benchmark") == 0) {
            if (!read_threshold_scope(reader, child, policy))
                return false;
        } else if (strcmp(hg_node_name(child), "ignore") == 0) {
            if (!read_ignore(reader, child, policy))
                return false;
        } else if (!read_metric(reader, child, policy->thresholds, policy)) {
            return false;
        }
    }
    return true;
}

/* Before the schema, so that these get plain words rather than "no
   matching global declaration" or "does not match the fixed value". */
static bool is_a_policy(struct hg_xml_reader *reader, const xmlNode *root)
{
    char *format;
    uint64_t number;
    bool other;

    if (root == NULL)
        return problem_at(reader, NULL, "no root element");
    if (!hg_node_is(root, "policy")) {
        char shown[64];
        hg_quote_for_message(shown, sizeof shown, hg_node_name(root));
        return problem_at(reader, root, "<%s>%s is not a hotgrind policy "
                          "(its root element is <policy>, in no namespace)%s",
                          shown, root->ns ? " in a namespace" : "",
                          strcmp(hg_node_name(root), "hotgrind") == 0
                          ? ": this is a report" : "");
    }
    format = hg_node_token(root, "format");
    other = format != NULL && parse_scaled(format, 0, &number)
            && number != HG_POLICY_FORMAT;
    free(format);
    if (other)
        return problem_at(reader, root, "policy format %llu is not "
                          "supported (this hotgrind reads policy format %d)",
                          (unsigned long long)number, HG_POLICY_FORMAT);
    return true;
}

static bool read_policy(struct hg_xml_reader *reader, xmlDocPtr doc,
                        void *data)
{
    struct hg_policy *policy = data;
    const xmlNode *root = xmlDocGetRootElement(doc), *child;

    if (!is_a_policy(reader, root)
        || !hg_xml_validate_with(doc, hg_embedded_policy_schema,
                                 hg_embedded_policy_schema_size,
                                 reader->problem, reader->problem_size))
        return false;
    default_thresholds(policy);
    policy->judges_edges = true;
    policy->groups = true;
    for (child = root->children; child != NULL; child = child->next) {
        if (!hg_node_is(child, NULL))
            continue;
        if (strcmp(hg_node_name(child), "budgets") == 0) {
            if (!read_budgets(reader, child, policy))
                return false;
        } else if (strcmp(hg_node_name(child), "marks") == 0) {
            read_marks(child, policy);
        } else if (strcmp(hg_node_name(child), "suite") == 0) {
            char *removed = hg_node_token(child, "removed");
            policy->removed_is_note = removed != NULL
                                      && strcmp(removed, "note") == 0;
            free(removed);
        } else if (!read_thresholds(reader, child, policy)) {
            return false;
        }
    }
    return true;
}

struct hg_policy *hg_policy_load(const char *path, char *problem,
                                 size_t problem_size)
{
    struct hg_policy *policy = hg_xcalloc(1, sizeof *policy);
    if (hg_xml_read_file_with(path, "policy", read_policy, policy, problem,
                              problem_size))
        return policy;
    hg_policy_free(policy);
    return NULL;
}

void hg_policy_free(struct hg_policy *policy)
{
    size_t i;
    if (policy == NULL)
        return;
    for (i = 0; i < policy->budget_count; i++) {
        struct hg_budget *b = &policy->budgets[i];
        hg_free_each(b->pattern, b->object, b->glob, b->callee_pattern,
                     b->callee_object, b->callee_glob, b->benchmark);
        hg_free_strings(b->frames, b->frame_count);
    }
    free(policy->budgets);
    for (i = 0; i < policy->mark_count; i++)
        free(policy->marks[i].glob);
    free(policy->marks);
    free(policy->thresholds);
    for (i = 0; i < policy->threshold_scope_count; i++)
        hg_free_each(policy->threshold_scopes[i].glob,
                     policy->threshold_scopes[i].thresholds);
    free(policy->threshold_scopes);
    for (i = 0; i < policy->ignore_count; i++)
        hg_free_each(policy->ignores[i].pattern, policy->ignores[i].object,
                     policy->ignores[i].glob, policy->ignores[i].reason);
    free(policy->ignores);
    free(policy);
}
