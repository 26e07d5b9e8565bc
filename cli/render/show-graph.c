/* hotgrind show: the call graph views of `show`: --callers, --callees and
   --tree (render/show.h).
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "policy/policy.h"
#include "render/show.h"
#include "render/show-table.h"
#include "render/text.h"
#include "report/callers.h"
#include "report/report.h"
#include "util/messages.h"
#include "util/number.h"
#include "util/xalloc.h"

/* `show --callers F`, `--callees F` and `--tree` read the call graph of a
   report made with --call-graph=yes (docs/manual.md, "The call graph").
   Rows are sorted by a total order (edge Ir, then calls, descending, then
   the identity), so that the output depends only on the report. */

/* Rows of `show --tree` past which it stops: a function repeats under
   each of its callers, so a tree can grow exponentially with its
   depth. */
enum { TREE_ROWS_MAX = 10000 };

static int compare_edge_rows(const void *a, const void *b)
{
    const struct hg_call_end *x = a, *y = b;
    if (x->call->ir != y->call->ir)
        return x->call->ir > y->call->ir ? -1 : 1;
    if (x->call->calls != y->call->calls)
        return x->call->calls > y->call->calls ? -1 : 1;
    return hg_compare_identity(x->function, y->function);
}

/* The function's own line: self, no-symbol and inclusive Ir, its share of
   the total, calls and outside-calls. */
static void show_function_line(FILE *out, const struct hg_report *report,
                               const struct hg_function *f, size_t width)
{
    static const struct hg_column columns[] = {
        { "self Ir", HG_ALIGN_RIGHT, 0, 0 },
        { "no-symbol Ir", HG_ALIGN_RIGHT, 0, 0 },
        { "inclusive Ir", HG_ALIGN_RIGHT, 0, 0 },
        { PERCENT_TITLE, HG_ALIGN_RIGHT, PERCENT_WIDTH, 0 },
        { "calls", HG_ALIGN_RIGHT, 0, 0 },
        { "outside-calls", HG_ALIGN_RIGHT, 0, 0 },
        { "function", HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "object", HG_ALIGN_LEFT, 0, OBJECT_COLUMN_MAX },
        { "file:line", HG_ALIGN_LEFT, 0, 0 },
    };
    static const struct hg_column_fit fit[] = {
        { 0, false, false }, { 0, false, false }, { 0, false, false },
        { 0, false, false }, { 0, false, false }, { 0, false, false },
        { 0, true, false }, { 0, true, false }, { 0, false, true },
    };
    struct hg_table table;

    hg_table_create(&table, columns, 9, 1);
    table.fit = fit;
    hg_table_set_count(&table, 0, 0, f->self_ir);
    hg_table_set_count(&table, 0, 1, f->no_symbol_ir);
    hg_table_set_count(&table, 0, 2, f->inclusive_ir);
    hg_show_set_share(&table, 0, 3, f->inclusive_ir, report->total_ir);
    hg_table_set_count(&table, 0, 4, f->calls);
    hg_table_set_count(&table, 0, 5, f->outside_calls);
    hg_table_set(&table, 0, 6, f->name);
    if (f->recursive) {
        char *name = hg_xmalloc(strlen(f->name) + sizeof " (recursive)");
        sprintf(name, "%s (recursive)", f->name);
        hg_table_set(&table, 0, 6, name);
        free(name);
    }
    hg_table_set(&table, 0, 7, f->object);
    hg_show_set_location(&table, 0, 8, f);
    hg_table_finish_within(out, &table, width, NULL);
}

/* The callers (or callees) of F as a table: calls, the edge's inclusive
   Ir and its share of F's inclusive Ir, the other function; for callers,
   a last row for the entries with no known caller.  At most LIMIT rows
   (0: all), then how many more. */
static void show_edges(FILE *out, const struct hg_report *report,
                       const struct hg_caller_index *index,
                       const struct hg_function *f, bool callers,
                       size_t limit, size_t width)
{
    static const struct hg_column columns[] = {
        { "calls", HG_ALIGN_RIGHT, 0, 0 },
        { "Ir", HG_ALIGN_RIGHT, 0, 0 },
        { PERCENT_TITLE, HG_ALIGN_RIGHT, PERCENT_WIDTH, 0 },
        { NULL, HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "object", HG_ALIGN_LEFT, 0, OBJECT_COLUMN_MAX },
        { "file:line", HG_ALIGN_LEFT, 0, 0 },
    };
    static const struct hg_column_fit fit[] = {
        { 0, false, false }, { 0, false, false }, { 0, false, false },
        { 0, true, false }, { 0, true, false }, { 0, false, true },
    };
    struct hg_column titled[6];
    size_t i = (size_t)(f - report->functions), count, shown, row;
    struct hg_call_end *rows;
    bool outside = callers && f->outside_calls > 0;
    struct hg_table table;

    if (callers) {
        count = index->first[i + 1] - index->first[i];
        rows = hg_xmalloc((count ? count : 1) * sizeof *rows);
        memcpy(rows, index->callers + index->first[i], count * sizeof *rows);
    } else {
        count = f->callee_count;
        rows = hg_xmalloc((count ? count : 1) * sizeof *rows);
        for (row = 0; row < count; row++) {
            rows[row].function = &report->functions[f->callees[row].callee];
            rows[row].call = &f->callees[row];
        }
    }
    qsort(rows, count, sizeof *rows, compare_edge_rows);
    shown = hg_show_within_limit(count, limit);
    fprintf(out, "\n%s of ", callers ? "Callers" : "Callees");
    hg_print_clean(out, f->name);   /* debug information: anything */
    fputc(':', out);
    if (count == 0 && !outside) {
        fprintf(out, " none\n");
        free(rows);
        return;
    }
    fputc('\n', out);
    memcpy(titled, columns, sizeof titled);
    titled[3].title = callers ? "caller" : "callee";
    hg_table_create(&table, titled, 6, shown + outside);
    table.fit = fit;
    for (row = 0; row < shown; row++) {
        hg_table_set_count(&table, row, 0, rows[row].call->calls);
        hg_table_set_count(&table, row, 1, rows[row].call->ir);
        hg_show_set_share(&table, row, 2, rows[row].call->ir, f->inclusive_ir);
        hg_table_set(&table, row, 3, rows[row].function->name);
        hg_table_set(&table, row, 4, rows[row].function->object);
        hg_show_set_location(&table, row, 5, rows[row].function);
    }
    if (outside) {
        hg_table_set_count(&table, shown, 0, f->outside_calls);
        hg_table_set(&table, shown, 1, "-");
        hg_table_set(&table, shown, 3, "(no known caller)");
    }
    hg_table_finish_within(out, &table, width, NULL);
    if (shown < count)
        fprintf(out, "(%zu more %s not shown: --limit 0 shows all)\n",
                count - shown, callers ? "callers" : "callees");
    free(rows);
}

/* Every function PATTERN matches, in the report's order: its own line,
   then its callers or callees.  False (after one line on stderr) when
   PATTERN matches none. */
bool hg_show_neighbours(FILE *out, const char *path,
                        const struct hg_report *report, const char *pattern,
                        bool callers, size_t limit, size_t width)
{
    struct hg_caller_index index = { NULL, NULL };
    const struct hg_function **sorted;
    size_t n = report->function_count, i, matched = 0;
    char shown[64], problem[HG_PROBLEM_SIZE];

    sorted = hg_xmalloc((n ? n : 1) * sizeof *sorted);
    for (i = 0; i < n; i++)
        if (hg_function_pattern_matches(report, pattern, &report->functions[i]))
            sorted[matched++] = &report->functions[i];
    if (matched == 0) {
        hg_quote_for_message(shown, sizeof shown, pattern);
        snprintf(problem, sizeof problem, "no function matches '%s'", shown);
        hg_say_problem(path, problem);
        free(sorted);
        return false;
    }
    qsort(sorted, matched, sizeof *sorted, hg_compare_report_order);
    if (callers)
        hg_caller_index_build(&index, report);
    for (i = 0; i < matched; i++) {
        if (i > 0)
            fputc('\n', out);
        show_function_line(out, report, sorted[i], width);
        show_edges(out, report, &index, sorted[i], callers, limit, width);
    }
    hg_caller_index_free(&index);
    free(sorted);
    return true;
}

/* The tree: one row per node, indented by its depth. */
struct tree {
    const struct hg_report *report;
    struct hg_table table;
    size_t rows, capacity;
    size_t depth_max, limit;
    const struct hg_function **path;   /* the node's ancestors */
    bool cut;                          /* TREE_ROWS_MAX reached */
};

static const struct hg_column tree_columns[] = {
    { "Ir", HG_ALIGN_RIGHT, 0, 0 },
    { PERCENT_TITLE, HG_ALIGN_RIGHT, PERCENT_WIDTH, 0 },
    { "calls", HG_ALIGN_RIGHT, 0, 0 },
    { "function", HG_ALIGN_LEFT, 0, 0 },
};
static const struct hg_column_fit tree_fit[] = {
    { 0, false, false }, { 0, false, false }, { 0, false, false },
    { 0, true, false },
};

/* A row: IR, its share of the total, CALLS, and the function's name and
   object after two spaces per DEPTH and PREFIX, then MARK. */
static void tree_row_prefixed(struct tree *tree, size_t depth, uint64_t ir,
                              uint64_t calls, const char *prefix,
                              const struct hg_function *f, const char *mark)
{
    size_t row = tree->rows;
    char *text;

    if (row == TREE_ROWS_MAX) {
        tree->cut = true;
        return;
    }
    tree->rows++;
    if (tree->rows > tree->capacity) {
        size_t cells = tree->table.column_count;
        tree->capacity *= 2;
        tree->table.cells = hg_xrealloc(tree->table.cells,
                                        tree->capacity * cells,
                                        sizeof *tree->table.cells);
        memset(tree->table.cells + row * cells, 0,
               (tree->capacity - row) * cells * sizeof *tree->table.cells);
        tree->table.row_count = tree->capacity;
    }
    hg_table_set_count(&tree->table, row, 0, ir);
    hg_show_set_share(&tree->table, row, 1, ir, tree->report->total_ir);
    hg_table_set_count(&tree->table, row, 2, calls);
    text = hg_xmalloc(2 * depth + strlen(prefix) + strlen(f->name)
                      + strlen(f->object) + strlen(mark) + 8);
    sprintf(text, "%*s%s%s (%s)%s", (int)(2 * depth), "", prefix, f->name,
            f->object, mark);
    hg_table_set(&tree->table, row, 3, text);
    free(text);
}

static void tree_row(struct tree *tree, size_t depth, uint64_t ir,
                     uint64_t calls, const struct hg_function *f,
                     const char *mark)
{
    tree_row_prefixed(tree, depth, ir, calls, "", f, mark);
}

/* The callees of F at DEPTH (F is path[DEPTH - 1]), largest edge first;
   a callee on the path is a cycle, shown and not followed. */
static void tree_children(struct tree *tree, const struct hg_function *f,
                          size_t depth)
{
    const struct hg_report *report = tree->report;
    size_t count = f->callee_count, shown, i, a;
    struct hg_call_end *rows;

    if (count == 0)
        return;
    rows = hg_xmalloc(count * sizeof *rows);
    for (i = 0; i < count; i++) {
        rows[i].function = &report->functions[f->callees[i].callee];
        rows[i].call = &f->callees[i];
    }
    qsort(rows, count, sizeof *rows, compare_edge_rows);
    shown = hg_show_within_limit(count, tree->limit);
    for (i = 0; i < shown && !tree->cut; i++) {
        const struct hg_function *g = rows[i].function;
        bool cycle = false;
        for (a = 0; a < depth && !cycle; a++)
            cycle = tree->path[a] == g;
        tree_row(tree, depth, rows[i].call->ir, rows[i].call->calls, g,
                 cycle ? "  [cycle]"
                 : depth == tree->depth_max && g->callee_count > 0
                 ? "  [...]" : "");
        if (!cycle && depth < tree->depth_max) {
            tree->path[depth] = g;
            tree_children(tree, g, depth + 1);
        }
    }
    if (shown < count && !tree->cut) {
        /* The rest in one row: their calls and Ir summed. */
        uint64_t ir = 0, calls = 0;
        char more[64];
        size_t row;
        for (i = shown; i < count; i++) {
            ir += rows[i].call->ir;
            calls += rows[i].call->calls;
        }
        tree_row(tree, depth, ir, calls, rows[shown].function, "");
        row = tree->rows - 1;
        snprintf(more, sizeof more, "%*s(%zu more)", (int)(2 * depth), "",
                 count - shown);
        if (!tree->cut)
            hg_table_set(&tree->table, row, 3, more);
    }
    free(rows);
}

static int compare_roots(const void *a, const void *b)
{
    const struct hg_function *f = *(const struct hg_function *const *)a;
    const struct hg_function *g = *(const struct hg_function *const *)b;
    if (f->inclusive_ir != g->inclusive_ir)
        return f->inclusive_ir > g->inclusive_ir ? -1 : 1;
    return hg_compare_identity(f, g);
}

/* The functions entered from outside any known caller, by inclusive Ir,
   each with its callees down to DEPTH_MAX levels. */
void hg_show_tree(FILE *out, const struct hg_report *report, size_t depth_max,
                  size_t limit, size_t width)
{
    struct tree tree;
    const struct hg_function **roots;
    size_t n = report->function_count, count = 0, i;

    roots = hg_xmalloc((n ? n : 1) * sizeof *roots);
    for (i = 0; i < n; i++)
        if (report->functions[i].outside_calls > 0)
            roots[count++] = &report->functions[i];
    qsort(roots, count, sizeof *roots, compare_roots);
    fprintf(out, "Call tree from the functions entered with no known caller "
            "(depth %zu; Ir and calls of each call, share of the total "
            "Ir):\n", depth_max);
    if (count == 0) {
        fputs("\n(no function was entered with no known caller)\n", out);
        free(roots);
        return;
    }
    memset(&tree, 0, sizeof tree);
    tree.report = report;
    tree.depth_max = depth_max;
    tree.limit = limit;
    tree.capacity = 64;
    tree.path = hg_xmalloc((depth_max + 1) * sizeof *tree.path);
    hg_table_create(&tree.table, tree_columns, 4, tree.capacity);
    tree.table.fit = tree_fit;
    for (i = 0; i < count && !tree.cut; i++) {
        tree_row(&tree, 0, roots[i]->inclusive_ir, roots[i]->outside_calls,
                 roots[i], depth_max == 0 && roots[i]->callee_count > 0
                 ? "  [...]" : "");
        tree.path[0] = roots[i];
        if (depth_max > 0)
            tree_children(&tree, roots[i], 1);
    }
    tree.table.row_count = tree.rows;
    hg_table_finish_within(out, &tree.table, width, NULL);
    if (tree.cut)
        fprintf(out, "(cut at %d rows: a smaller --depth or --limit shows "
                "the whole tree)\n", TREE_ROWS_MAX);
    free(tree.path);
    free(roots);
}

/* With contexts the tree is the calling-context tree itself: each row is
   one call path, with the inclusive Ir and calls of exactly that path,
   so a function shows under each caller only what it cost there (the
   edge tree above can only repeat a function's callees under every
   path). */
struct context_tree {
    struct tree tree;
    size_t *first_child;     /* per context: its children in child[] */
    size_t *child_count;
    size_t *child;           /* every context's index, grouped by parent */
};

/* Largest inclusive Ir first; the report's order between equals. */
static const struct hg_report *sort_contexts_report;
static int compare_context_rows(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    const struct hg_context *cx = &sort_contexts_report->contexts[x];
    const struct hg_context *cy = &sort_contexts_report->contexts[y];
    if (cx->inclusive_ir != cy->inclusive_ir)
        return cx->inclusive_ir > cy->inclusive_ir ? -1 : 1;
    return x < y ? -1 : x > y;
}

static void context_tree_row(struct context_tree *ct, size_t depth,
                             size_t index)
{
    const struct hg_report *report = ct->tree.report;
    const struct hg_context *c = &report->contexts[index];
    const char *mark = depth == ct->tree.depth_max && ct->child_count[index]
                       ? "  [...]" : "";
    /* A truncated root's path above it is unknown. */
    tree_row_prefixed(&ct->tree, depth, c->inclusive_ir, c->calls,
                      c->truncated ? "[truncated] " : "",
                      &report->functions[c->function], mark);
}

/* The COUNT contexts in LIST (siblings, at DEPTH), largest first, each
   followed by its own children. */
static void context_tree_level(struct context_tree *ct, size_t *list,
                               size_t count, size_t depth)
{
    const struct hg_report *report = ct->tree.report;
    size_t shown = hg_show_within_limit(count, ct->tree.limit), i;

    sort_contexts_report = report;
    qsort(list, count, sizeof *list, compare_context_rows);
    for (i = 0; i < shown && !ct->tree.cut; i++) {
        context_tree_row(ct, depth, list[i]);
        if (depth < ct->tree.depth_max)
            context_tree_level(ct, ct->child + ct->first_child[list[i]],
                               ct->child_count[list[i]], depth + 1);
    }
    if (shown < count && !ct->tree.cut) {
        uint64_t ir = 0, calls = 0;
        char more[64];
        for (i = shown; i < count; i++) {
            ir += report->contexts[list[i]].inclusive_ir;
            calls += report->contexts[list[i]].calls;
        }
        tree_row(&ct->tree, depth, ir, calls,
                 &report->functions[report->contexts[list[shown]].function],
                 "");
        snprintf(more, sizeof more, "%*s(%zu more)", (int)(2 * depth), "",
                 count - shown);
        if (!ct->tree.cut)
            hg_table_set(&ct->tree.table, ct->tree.rows - 1, 3, more);
    }
}

/* REPORT's contexts as the tree's table, DEPTH_MAX levels under each
   root, LIMIT children of each; then whether it was cut. */
static void context_tree_table(FILE *out, const struct hg_report *report,
                               size_t depth_max, size_t limit, size_t width)
{
    struct context_tree ct;
    size_t n = report->context_count, i, roots = 0, *next;

    memset(&ct, 0, sizeof ct);
    ct.first_child = hg_xcalloc(n + 1, sizeof *ct.first_child);
    ct.child_count = hg_xcalloc(n + 1, sizeof *ct.child_count);
    ct.child = hg_xmalloc((n ? n : 1) * sizeof *ct.child);
    next = hg_xcalloc(n + 1, sizeof *next);
    /* Slot n holds the roots. */
    for (i = 0; i < n; i++) {
        size_t p = report->contexts[i].parent;
        ct.child_count[p == HG_NO_PARENT ? n : p]++;
    }
    for (i = 1; i <= n; i++)
        ct.first_child[i] = ct.first_child[i - 1] + ct.child_count[i - 1];
    for (i = 0; i < n; i++) {
        size_t p = report->contexts[i].parent, slot = p == HG_NO_PARENT ? n : p;
        ct.child[ct.first_child[slot] + next[slot]++] = i;
    }
    roots = ct.child_count[n];
    ct.tree.report = report;
    ct.tree.depth_max = depth_max;
    ct.tree.limit = limit;
    ct.tree.capacity = 64;
    hg_table_create(&ct.tree.table, tree_columns, 4, ct.tree.capacity);
    ct.tree.table.fit = tree_fit;
    if (roots > 0)
        context_tree_level(&ct, ct.child + ct.first_child[n], roots, 0);
    ct.tree.table.row_count = ct.tree.rows;
    hg_table_finish_within(out, &ct.tree.table, width, NULL);
    if (ct.tree.cut)
        fprintf(out, "(cut at %d rows: a smaller --depth or --limit shows "
                "the whole tree)\n", TREE_ROWS_MAX);
    free(next);
    free(ct.child);
    free(ct.child_count);
    free(ct.first_child);
}

/* The note of a tree cut at --max-contexts. */
static void truncated_note(FILE *out, const struct hg_report *report)
{
    if (report->contexts_truncated)
        fprintf(out, "(the tree was cut at --max-contexts=%" PRIu64 ": calls "
                "that needed a new context are under [truncated] roots)\n",
                report->context_max);
}

void hg_show_context_tree(FILE *out, const struct hg_report *report,
                          size_t depth_max, size_t limit, size_t width)
{
    fprintf(out, "Calling-context tree (depth %zu; inclusive Ir and calls of "
            "each call path, share of the total Ir):\n", depth_max);
    if (report->outside_ir > 0)
        fprintf(out, "(%" PRIu64 " Ir ran with no function entered on its "
                "thread: [outside])\n", report->outside_ir);
    truncated_note(out, report);
    context_tree_table(out, report, depth_max, limit, width);
}

/* "root NAME (OBJECT): 1,234 Ir inclusive, 96.30% of the run, from 3
   contexts" (LABEL "root"), or "LABEL: ..." without a name. */
static void root_line(FILE *out, const char *label,
                      const struct hg_function *f, uint64_t ir, uint64_t total,
                      size_t contexts)
{
    char count[HG_COUNT_TEXT_SIZE], share[HG_PERCENT_TEXT_SIZE];
    fputs(label, out);
    if (f != NULL) {
        fputc(' ', out);
        hg_print_clean(out, f->name);
        fputs(" (", out);
        hg_print_clean(out, f->object);
        fputc(')', out);
    }
    fprintf(out, ": %s Ir inclusive, %s of the run, from %zu context%s\n",
            hg_format_count(ir, count), hg_format_percent(ir, total, share),
            contexts, hg_show_plural(contexts));
}

void hg_show_root_tree(FILE *out, const struct hg_report *report,
                       const struct hg_subtree *subtree, const char *pattern,
                       size_t depth_max, size_t limit, size_t width)
{
    const struct hg_report *view = &subtree->view;
    size_t *roots = hg_xmalloc((subtree->root_count + 1) * sizeof *roots);
    size_t i, count = 0;

    fputs("Calling-context tree under ", out);
    hg_print_clean(out, pattern);
    fprintf(out, " (depth %zu; inclusive Ir and calls of each call path, "
            "share of the total Ir):\n(each matched function's outermost "
            "calls merged into one root, their callees by call path)\n",
            depth_max);
    /* In the table's order: largest first. */
    for (i = 0; i < view->context_count; i++)
        if (view->contexts[i].parent == HG_NO_PARENT)
            roots[count++] = i;
    sort_contexts_report = view;
    qsort(roots, count, sizeof *roots, compare_context_rows);
    for (i = 0; i < count; i++)
        root_line(out, "root",
                  &report->functions[view->contexts[roots[i]].function],
                  view->contexts[roots[i]].inclusive_ir, report->total_ir,
                  subtree->sources[roots[i]]);
    free(roots);
    if (subtree->root_count > 1)
        root_line(out, "all roots", NULL, subtree->inclusive_ir,
                  report->total_ir, subtree->root_contexts);
    truncated_note(out, report);
    context_tree_table(out, view, depth_max, limit, width);
}
