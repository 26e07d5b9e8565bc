/* hotgrind: two reports compared row by row and metric by metric.
   GPL-2.0-or-later; part of hotgrind. */

/* Rows (functions and zones) are matched through one hash table keyed by
   hg_entity_key, so a comparison costs O(n) besides sorting the rows that
   differ: reports of 100,000 functions compare in milliseconds.  Every
   figure is an integer and every fraction is computed in integers, so the
   output is the same on every machine. */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/diff.h"
#include "compare/sides.h"
#include "compare/cross-arch.h"
#include "compare/fingerprints.h"
#include "report/report.h"
#include "util/hash.h"
#include "util/index-table.h"
#include "util/number.h"
#include "util/xalloc.h"


/* The functions, then the zones, of one report: entity I is function I,
   or zone I - function_count. */
struct side {
    const struct hg_report *report;
    size_t count;
    char **keys;         /* hg_entity_key of each; moved into the rows */
    size_t *partner;     /* the matched entity of the other side, or NONE */
    bool *by_name;       /* matched by name and object */
};

static struct hg_entity entity_of(const struct side *side, size_t i)
{
    struct hg_entity entity = { NULL, NULL };
    if (i < side->report->function_count)
        entity.function = &side->report->functions[i];
    else
        entity.zone = &side->report->zones[i - side->report->function_count];
    return entity;
}

static bool is_zone(const struct side *side, size_t i)
{
    return i >= side->report->function_count;
}

static unsigned line_of(const struct side *side, size_t i)
{
    return is_zone(side, i) ? 0 : side->report->functions[i].line;
}

/* ------------------------------------------------------ the key groups */

/* Entities of both sides by key: each group holds the chain of entities
   with its key on each side, in the order they were added; an index table
   (util/index-table.h) finds a key's group. */
struct key_group {
    const char *key;
    size_t hash;
    bool zone;
    size_t first[2], last[2], count[2];
};

struct key_groups {
    struct key_group *all;
    size_t count;
    struct index_table index;
    size_t *next[2];     /* next entity with the same key, or NONE */
};

/* What a group is looked up by. */
struct group_key {
    const char *key;
    bool zone;
};

static size_t hash_key(const char *key, bool zone)
{
    return (size_t)hg_fnv1a(HG_FNV1A_BASIS ^ (zone ? 1 : 0), key);
}

static size_t group_hash(const void *items, size_t i)
{
    return ((const struct key_group *)items)[i].hash;
}

static bool group_is_key(const void *items, size_t i, const void *key)
{
    const struct key_group *g = &((const struct key_group *)items)[i];
    const struct group_key *k = key;
    return g->zone == k->zone && strcmp(g->key, k->key) == 0;
}

static void groups_create(struct key_groups *groups, size_t base_count,
                          size_t head_count)
{
    *groups = (struct key_groups){ NULL, 0, { NULL, 0 }, { NULL, NULL } };
    groups->all = hg_xmalloc((base_count + head_count + 1)
                             * sizeof *groups->all);
    groups->next[BASE] = hg_xmalloc((base_count + 1) * sizeof(size_t));
    groups->next[HEAD] = hg_xmalloc((head_count + 1) * sizeof(size_t));
}

static void groups_free(struct key_groups *groups)
{
    free(groups->all);
    index_table_free(&groups->index);
    free(groups->next[BASE]);
    free(groups->next[HEAD]);
}

/* Adds entity I of side S under KEY (which must outlive the groups). */
static void groups_add(struct key_groups *groups, int s, size_t i,
                       const char *key, bool zone)
{
    struct group_key k = { key, zone };
    size_t hash = hash_key(key, zone);
    struct key_group *group;
    size_t *slot;

    index_table_reserve(&groups->index, groups->count, group_hash, groups->all);
    slot = index_table_find(&groups->index, hash, group_is_key, groups->all,
                            &k);
    if (*slot == INDEX_TABLE_EMPTY) {
        *slot = groups->count;
        groups->all[groups->count++] = (struct key_group){
            key, hash, zone, { NONE, NONE }, { NONE, NONE }, { 0, 0 } };
    }
    group = &groups->all[*slot];
    groups->next[s][i] = NONE;
    if (group->count[s] == 0)
        group->first[s] = i;
    else
        groups->next[s][group->last[s]] = i;
    group->last[s] = i;
    group->count[s]++;
}

/* ---------------------------------------------------------- matching */

static void pair(struct side sides[2], size_t b, size_t h, bool by_name)
{
    sides[BASE].partner[b] = h;
    sides[HEAD].partner[h] = b;
    sides[BASE].by_name[b] = sides[HEAD].by_name[h] = by_name;
}

/* Sorting the entities that share a key, by line. */
static const struct side *sorting_side;

static int compare_lines(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    unsigned li = line_of(sorting_side, i), lj = line_of(sorting_side, j);
    if (li != lj)
        return li < lj ? -1 : 1;
    return i < j ? -1 : i > j;
}

/* The chain of side S in GROUP, sorted by line, into a new array. */
static size_t *chain_by_line(const struct key_groups *groups,
                             const struct key_group *group,
                             const struct side *side, int s)
{
    size_t *chain = hg_xmalloc(group->count[s] * sizeof *chain);
    size_t i, n = 0;
    for (i = group->first[s]; i != NONE; i = groups->next[s][i])
        chain[n++] = i;
    sorting_side = side;
    qsort(chain, n, sizeof *chain, compare_lines);
    return chain;
}

/* Pairs the entities of each group: one with one, or, when several share
   a key (the same function name in one file, at different lines), in the
   order of their lines.  With UNIQUE_ONLY (the fallback), only groups with
   exactly one entity on each side. */
static void pair_groups(const struct key_groups *groups, struct side sides[2],
                        bool unique_only)
{
    size_t at, k;
    for (at = 0; at < groups->count; at++) {
        const struct key_group *group = &groups->all[at];
        size_t *chains[2];
        if (group->count[BASE] == 0 || group->count[HEAD] == 0)
            continue;
        if (group->count[BASE] == 1 && group->count[HEAD] == 1) {
            pair(sides, group->first[BASE], group->first[HEAD], unique_only);
            continue;
        }
        if (unique_only)
            continue;
        chains[BASE] = chain_by_line(groups, group, &sides[BASE], BASE);
        chains[HEAD] = chain_by_line(groups, group, &sides[HEAD], HEAD);
        for (k = 0; k < group->count[BASE] && k < group->count[HEAD]; k++)
            pair(sides, chains[BASE][k], chains[HEAD][k], false);
        free(chains[BASE]);
        free(chains[HEAD]);
    }
}

/* "NAME\tOBJECT" of an unmatched function. */
static char *name_object_key(const struct side *side, size_t i)
{
    const struct hg_function *f = &side->report->functions[i];
    return hg_xasprintf("%s\t%s", f->name, f->object);
}

/* hg_arch_key of an unmatched function, with and without its file; NULL
   for a function without a name ("???"), which nothing identifies across
   architectures. */
static char *arch_key(const struct side *side, size_t i, bool with_file)
{
    const struct hg_function *f = &side->report->functions[i];
    return strcmp(f->name, "???") == 0 ? NULL
                                       : hg_arch_key(side->report, f, with_file);
}

static char *arch_file_key(const struct side *side, size_t i)
{
    return arch_key(side, i, true);
}

static char *arch_name_key(const struct side *side, size_t i)
{
    return arch_key(side, i, false);
}

/* Pairs the unmatched functions of each side by KEY_OF (none for a
   function it gives no key), as pair_groups does with UNIQUE_ONLY. */
static void pair_unmatched(struct side sides[2],
                           char *(*key_of)(const struct side *, size_t),
                           bool unique_only)
{
    struct key_groups groups;
    char **keys[2];
    int s;
    size_t i;

    groups_create(&groups, sides[BASE].count, sides[HEAD].count);
    for (s = BASE; s <= HEAD; s++) {
        keys[s] = hg_xcalloc(sides[s].count + 1, sizeof *keys[s]);
        for (i = 0; i < sides[s].report->function_count; i++) {
            if (sides[s].partner[i] != NONE)
                continue;
            if ((keys[s][i] = key_of(&sides[s], i)) != NULL)
                groups_add(&groups, s, i, keys[s][i], false);
        }
    }
    pair_groups(&groups, sides, unique_only);
    for (s = BASE; s <= HEAD; s++) {
        for (i = 0; i < sides[s].count; i++)
            free(keys[s][i]);
        free(keys[s]);
    }
    groups_free(&groups);
}

/* Across architectures, the functions still unmatched by hg_arch_key:
   with their file, then without it (the loader's code for each
   architecture is in files of its own), in the order of their lines, so
   that no function of one role and unversioned name is left added on
   one side and removed on the other.  Counts the pairs each rule made,
   and marks those whose file differs as matched by name. */
static void pair_across_arches(struct hg_diff *diff, struct side sides[2])
{
    size_t i, h, n = sides[BASE].report->function_count;
    bool *was = hg_xcalloc(n + 1, sizeof *was);
    for (i = 0; i < n; i++)
        was[i] = sides[BASE].partner[i] != NONE;
    pair_unmatched(sides, arch_file_key, false);
    pair_unmatched(sides, arch_name_key, false);
    for (i = 0; i < n; i++) {
        const struct hg_function *b, *f;
        if (was[i] || (h = sides[BASE].partner[i]) == NONE)
            continue;
        b = &sides[BASE].report->functions[i];
        f = &sides[HEAD].report->functions[h];
        sides[BASE].by_name[i] = sides[HEAD].by_name[h] =
            strcmp(b->file, f->file) != 0;
        hg_arch_count_pair(diff, b, f);
    }
    free(was);
}

static void side_create(struct side *side, const struct hg_report *report)
{
    size_t i;
    side->report = report;
    side->count = report->function_count + report->zone_count;
    side->keys = hg_xcalloc(side->count + 1, sizeof *side->keys);
    side->partner = hg_xmalloc((side->count + 1) * sizeof *side->partner);
    side->by_name = hg_xcalloc(side->count + 1, sizeof *side->by_name);
    for (i = 0; i < side->count; i++) {
        struct hg_entity entity = entity_of(side, i);
        side->partner[i] = NONE;
        side->keys[i] = hg_entity_key(&entity);
    }
}

static void side_free(struct side *side)
{
    size_t i;
    for (i = 0; side->keys && i < side->count; i++)
        free(side->keys[i]);
    free(side->keys);
    free(side->partner);
    free(side->by_name);
}

/* Matches the entities of the two sides: by key, then by name, then,
   across architectures, by role and unversioned name. */
static void match(struct hg_diff *diff, struct side sides[2])
{
    struct key_groups groups;
    int s;
    size_t i;
    groups_create(&groups, sides[BASE].count, sides[HEAD].count);
    for (s = BASE; s <= HEAD; s++)
        for (i = 0; i < sides[s].count; i++)
            groups_add(&groups, s, i, sides[s].keys[i], is_zone(&sides[s], i));
    pair_groups(&groups, sides, false);
    groups_free(&groups);
    /* A pair of unmatched functions that is the only one of its name and
       object on both sides is the same function whose file changed
       (moved, renamed, or debug information that names it differently). */
    pair_unmatched(sides, name_object_key, true);
    if (diff->cross_arch)
        pair_across_arches(diff, sides);
}

/* ------------------------------------------------------------ values */

bool hg_diff_value_differs(const struct hg_diff_value *value)
{
    return value->base != value->head;
}

static uint64_t magnitude(const struct hg_diff_value *value)
{
    return value->head > value->base ? value->head - value->base
                                     : value->base - value->head;
}

/* The metric a row is ranked by first: self Ir, or a zone's inclusive
   Ir. */
static const struct hg_metric *headline_metric(const struct hg_diff_row *row)
{
    static const struct hg_metric *ir, *incl_ir;
    if (ir == NULL) {
        ir = hg_metric_named("Ir");
        incl_ir = hg_metric_named("incl-Ir");
    }
    return hg_diff_row_zone(row) != NULL ? incl_ir : ir;
}

bool hg_diff_metric_value(const struct hg_metric *metric,
                          const struct hg_report *report,
                          const struct hg_entity *entity, bool graph,
                          uint64_t *value)
{
    const struct hg_function *f = entity->function;
    struct hg_function as_marked;
    const struct hg_entity marked = { &as_marked, NULL };

    if (hg_metric_value(metric, report, entity, value))
        return true;
    if (!graph || f == NULL || f->marked || !f->has_call_graph
        || metric->scope != HG_SCOPE_MARKED)
        return false;
    /* The reader loads calls and <inclusive> of every function of a call
       graph as it does a marked function's; an unmarked one has no
       <per-call> (rules.c), so its per-call figures stay missing. */
    as_marked = *f;
    as_marked.marked = true;
    return hg_metric_value(metric, report, &marked, value);
}

/* Whether both reports have a call graph: then every function has calls
   and inclusive figures (hg_diff_metric_value). */
static bool both_graphs(const struct hg_report *base,
                        const struct hg_report *head)
{
    return base->has_call_graph && head->has_call_graph;
}

/* Fills ROW's values from the two reports. */
static void row_values(struct hg_diff_row *row, const struct hg_report *base,
                       const struct hg_report *head)
{
    bool graph = both_graphs(base, head);
    size_t count, m, n = 0;
    const struct hg_metric *all = hg_metrics(&count);
    const struct hg_metric *headline = headline_metric(row);
    struct hg_diff_value *values = hg_xmalloc(count * sizeof *values);

    for (m = 0; m < count; m++) {
        struct hg_diff_value v = { &all[m], false, false, 0, 0 };
        if (row->in_base)
            v.in_base = hg_diff_metric_value(&all[m], base, &row->base,
                                             graph, &v.base);
        if (row->in_head)
            v.in_head = hg_diff_metric_value(&all[m], head, &row->head,
                                             graph, &v.head);
        if (!v.in_base)
            v.base = 0;
        if (!v.in_head)
            v.head = 0;
        if (v.in_base || v.in_head)
            values[n++] = v;
        if (&all[m] == headline && (v.in_base || v.in_head))
            row->headline = magnitude(&v);
    }
    row->values = values;
    row->value_count = n;
}

static bool row_differs(const struct hg_diff_row *row)
{
    size_t v;
    for (v = 0; v < row->value_count; v++)
        if (hg_diff_value_differs(&row->values[v]))
            return true;
    return false;
}

static void row_free(struct hg_diff_row *row)
{
    free(row->key);
    free(row->values);
}

/* ----------------------------------------------------------- ranking */

/* Ranking in cross-architecture mode: calls and heap figures, which must
   agree, before the figures of the instruction set. */
static bool ranking_cross_arch;

/* Compares the |changes| of A and B metric by metric in hg_metrics()
   order, over the metrics whose arch_dependent is PASS (-1: all); a
   metric a row lacks counts 0.  The larger change ranks first. */
static int compare_changes(const struct hg_diff_row *a,
                           const struct hg_diff_row *b, int pass)
{
    size_t i = 0, j = 0;
    for (;;) {
        const struct hg_diff_value *va = NULL, *vb = NULL;
        uint64_t ma = 0, mb = 0;
        while (i < a->value_count && pass >= 0
               && a->values[i].metric->arch_dependent != pass)
            i++;
        while (j < b->value_count && pass >= 0
               && b->values[j].metric->arch_dependent != pass)
            j++;
        if (i < a->value_count)
            va = &a->values[i];
        if (j < b->value_count)
            vb = &b->values[j];
        if (va == NULL && vb == NULL)
            return 0;
        /* hg_metrics() returns one array: pointer order is its order. */
        if (vb == NULL || (va != NULL && va->metric <= vb->metric)) {
            ma = magnitude(va);
            i++;
        }
        if (va == NULL || (vb != NULL && vb->metric <= va->metric)) {
            mb = magnitude(vb);
            j++;
        }
        if (ma != mb)
            return ma > mb ? -1 : 1;
    }
}

static int compare_unsigned(uint64_t a, uint64_t b)
{
    return a < b ? -1 : a > b;
}

/* The impact order; see hg_diff_reports and docs/manual.md. */
static int compare_impact(const void *pa, const void *pb)
{
    const struct hg_diff_row *a = pa, *b = pb;
    const struct hg_function *fa, *fb;
    int c;

    if (ranking_cross_arch) {
        if ((c = compare_changes(a, b, false)) != 0
            || (c = compare_changes(a, b, true)) != 0)
            return c;
    } else {
        if ((c = compare_unsigned(b->headline, a->headline)) != 0
            || (c = compare_changes(a, b, -1)) != 0)
            return c;
    }
    if ((c = strcmp(a->key, b->key)) != 0)
        return c;
    if ((c = compare_unsigned(hg_diff_row_zone(a) != NULL,
                              hg_diff_row_zone(b) != NULL)) != 0)
        return c;
    if ((c = compare_unsigned(a->status, b->status)) != 0)
        return c;
    fa = a->in_base ? a->base.function : NULL;
    fb = b->in_base ? b->base.function : NULL;
    if (fa && fb && (c = compare_unsigned(fa->line, fb->line)) != 0)
        return c;
    fa = a->in_head ? a->head.function : NULL;
    fb = b->in_head ? b->head.function : NULL;
    return fa && fb ? compare_unsigned(fa->line, fb->line) : 0;
}

/* ------------------------------------------------------------- rows */

/* Adds the row of entity B of base and H of head (NONE: not there) to
   DIFF, or counts it unchanged; takes the row's key from its side. */
static void add_row(struct hg_diff *diff, struct side sides[2], size_t b,
                    size_t h)
{
    struct hg_diff_row row = { .status = HG_DIFF_CHANGED };
    struct side *keyed = h != NONE ? &sides[HEAD] : &sides[BASE];
    size_t k = h != NONE ? h : b;

    row.in_base = b != NONE;
    row.in_head = h != NONE;
    if (row.in_base)
        row.base = entity_of(&sides[BASE], b);
    if (row.in_head)
        row.head = entity_of(&sides[HEAD], h);
    if (!row.in_base)
        row.status = HG_DIFF_ADDED;
    else if (!row.in_head)
        row.status = HG_DIFF_REMOVED;
    row.by_name = row.in_base && row.in_head && sides[BASE].by_name[b];
    row_values(&row, sides[BASE].report, sides[HEAD].report);
    diff->compared++;
    if (row.status == HG_DIFF_CHANGED && !row_differs(&row)) {
        diff->unchanged++;
        free(row.values);
        return;
    }
    row.key = keyed->keys[k];
    keyed->keys[k] = NULL;
    diff->rows[diff->row_count++] = row;
    if (row.status == HG_DIFF_ADDED)
        diff->added++;
    else if (row.status == HG_DIFF_REMOVED)
        diff->removed++;
    else
        diff->changed++;
}

static void add_rows(struct hg_diff *diff, struct side sides[2])
{
    size_t i;
    diff->rows = hg_xcalloc(sides[BASE].count + sides[HEAD].count + 1,
                            sizeof *diff->rows);
    for (i = 0; i < sides[BASE].count; i++)
        add_row(diff, sides, i, sides[BASE].partner[i]);
    for (i = 0; i < sides[HEAD].count; i++)
        if (sides[HEAD].partner[i] == NONE)
            add_row(diff, sides, NONE, i);
}

/* Keeps what hg_diff_explain needs after the sides are gone: whether each
   report has a call graph and, when both do, the matching of functions. */
static void keep_function_partners(struct hg_diff *diff,
                                   const struct side sides[2])
{
    size_t i, n = sides[BASE].report->function_count;
    int s;
    for (s = BASE; s <= HEAD; s++) {
        diff->reports[s] = sides[s].report;
        diff->call_graph[s] = sides[s].report->has_call_graph;
    }
    if (!diff->call_graph[BASE] || !diff->call_graph[HEAD])
        return;
    diff->head_of_base = hg_xmalloc((n + 1) * sizeof *diff->head_of_base);
    /* Functions only pair with functions: zones have their own keys. */
    for (i = 0; i < n; i++)
        diff->head_of_base[i] = sides[BASE].partner[i];
}

void hg_diff_reports(const struct hg_report *base,
                     const struct hg_report *head, struct hg_diff *diff)
{
    struct side sides[2];

    memset(diff, 0, sizeof *diff);
    memset(sides, 0, sizeof sides);
    diff->cross_arch = strcmp(base->arch, head->arch) != 0;
    diff->total.status = HG_DIFF_TOTAL;
    diff->total.in_base = diff->total.in_head = true;
    diff->total.key = hg_xstrdup("");
    row_values(&diff->total, base, head);
    side_create(&sides[BASE], base);
    side_create(&sides[HEAD], head);
    diff->reports[BASE] = base;
    diff->reports[HEAD] = head;
    match(diff, sides);
    add_rows(diff, sides);
    hg_diff_compare_fingerprints(diff, base, head);
    keep_function_partners(diff, sides);
    if (diff->cross_arch)
        hg_diff_make_ports(diff, sides[BASE].partner);
    side_free(&sides[BASE]);
    side_free(&sides[HEAD]);
    ranking_cross_arch = diff->cross_arch;
    qsort(diff->rows, diff->row_count, sizeof *diff->rows, compare_impact);
}

static void free_difference(void *item)
{
    struct hg_diff_difference *d = item;
    hg_free_each(d->what, d->base, d->head, d->why);
}

void hg_diff_differences_free(struct hg_diff_difference *differences,
                              size_t count)
{
    hg_free_items(differences, count, sizeof *differences, free_difference);
}

void hg_diff_free(struct hg_diff *diff)
{
    size_t i;
    row_free(&diff->total);
    for (i = 0; diff->rows && i < diff->row_count; i++)
        row_free(&diff->rows[i]);
    free(diff->rows);
    hg_diff_differences_free(diff->differences, diff->difference_count);
    free(diff->head_of_base);
    free(diff->ports);
    memset(diff, 0, sizeof *diff);
}

/* ------------------------------------------------------ presentation */

bool hg_diff_as_ratio(const struct hg_diff *diff,
                      const struct hg_metric *metric)
{
    return diff->cross_arch && metric->arch_dependent;
}

const char *hg_diff_delta(const struct hg_diff_value *value,
                          char text[HG_DIFF_TEXT_SIZE])
{
    char count[HG_COUNT_TEXT_SIZE];
    const char *sign = value->head > value->base ? "+"
                       : value->head < value->base ? "-" : "";
    snprintf(text, HG_DIFF_TEXT_SIZE, "%s%s", sign,
             hg_format_count(magnitude(value), count));
    return text;
}

const char *hg_diff_change(const struct hg_diff *diff,
                           const struct hg_diff_value *value,
                           char text[HG_DIFF_TEXT_SIZE])
{
    char number[HG_PERCENT_TEXT_SIZE];

    if (value->base == 0 && value->head != 0)
        return strcpy(text, "new");
    if (value->head == 0 && value->base != 0)
        return strcpy(text, "gone");
    if (hg_diff_as_ratio(diff, value->metric)) {
        if (value->base == 0)
            return strcpy(text, "-");
        snprintf(text, HG_DIFF_TEXT_SIZE, "%s",
                 hg_format_ratio(value->head, value->base, number));
        return text;
    }
    return hg_diff_signed_percent(value->base, value->head, text);
}

const char *hg_diff_signed_percent(uint64_t base, uint64_t head,
                                   char text[HG_DIFF_TEXT_SIZE])
{
    char number[HG_PERCENT_TEXT_SIZE];
    const char *sign = head > base ? "+" : head < base ? "-" : "";
    snprintf(text, HG_DIFF_TEXT_SIZE, "%s%s", sign,
             hg_format_percent(head >= base ? head - base : base - head,
                               base, number));
    return text;
}

const struct hg_function *hg_diff_row_function(const struct hg_diff_row *row)
{
    return row->in_head ? row->head.function : row->base.function;
}

const struct hg_zone *hg_diff_row_zone(const struct hg_diff_row *row)
{
    return row->in_head ? row->head.zone : row->base.zone;
}

/* Whether ROW is a function marked on neither side: its calls and
   inclusive figures come from the call graph alone. */
static bool unmarked_function(const struct hg_diff_row *row)
{
    return hg_diff_row_function(row) != NULL
           && !(row->in_base && row->base.function->marked)
           && !(row->in_head && row->head.function->marked);
}

/* Whether value V of ROW is an incl- figure of an unmarked function that
   moved exactly as the self figure of the same name did: its callees did
   not change it, and its line would only repeat the self line (a leaf's
   incl-Ir is its Ir). */
static bool moved_as_self(const struct hg_diff_row *row, size_t v)
{
    const struct hg_diff_value *incl = &row->values[v];
    const char *name = incl->metric->name;
    size_t i;

    if (strncmp(name, "incl-", 5) != 0 || !unmarked_function(row))
        return false;
    for (i = 0; i < row->value_count; i++) {
        const struct hg_diff_value *self = &row->values[i];
        /* Differences modulo 2^64 are equal exactly when the signed
           changes are. */
        if (strcmp(self->metric->name, name + 5) == 0)
            return self->head - self->base == incl->head - incl->base;
    }
    return false;
}

bool hg_diff_value_shown(const struct hg_diff_row *row, size_t v)
{
    const struct hg_metric *headline = headline_metric(row);
    size_t i;
    if (hg_diff_value_differs(&row->values[v]))
        return !moved_as_self(row, v);
    if (row->status == HG_DIFF_TOTAL && row->values[v].metric == headline)
        return true;
    if (row_differs(row))
        return false;
    /* Nothing differs: an added or removed row of zeros shows its
       headline, or its first figure without one. */
    for (i = 0; i < row->value_count; i++)
        if (row->values[i].metric == headline)
            return i == v;
    return v == 0;
}
