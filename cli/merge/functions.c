/* The merged functions of merge: summed by name, object, file, line and
   the function an inlined row is in, as the inputs are read.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdlib.h>
#include <string.h>
#include "merge/merge.h"
#include "merge/sums.h"
#include "util/hash.h"
#include "util/index-table.h"
#include "util/messages.h"
#include "util/xalloc.h"

/* TEXT, kept once in the table of M: the object and file names repeat
   across functions and inputs. */
static const char *kept_string(struct merged_functions *m, const char *text)
{
    size_t i, mask;

    if (2 * (m->string_count + 1) > m->string_slots) {
        char **old = m->strings;
        size_t old_slots = m->string_slots;
        m->string_slots = old_slots ? 2 * old_slots : 256;
        m->strings = hg_xcalloc(m->string_slots, sizeof *m->strings);
        for (i = 0; i < old_slots; i++)
            if (old[i] != NULL) {
                size_t k = hg_fnv1a(HG_FNV1A_BASIS, old[i])
                           & (m->string_slots - 1);
                while (m->strings[k] != NULL)
                    k = (k + 1) & (m->string_slots - 1);
                m->strings[k] = old[i];
            }
        free(old);
    }
    mask = m->string_slots - 1;
    for (i = hg_fnv1a(HG_FNV1A_BASIS, text) & mask;
         m->strings[i] != NULL; i = (i + 1) & mask)
        if (strcmp(m->strings[i], text) == 0)
            return m->strings[i];
    m->strings[i] = hg_xstrdup(text);
    m->string_count++;
    return m->strings[i];
}

/* A function's identity in a report, and of a row of --inline=yes:
   INLINED_INTO is the function an inlined row is in, NULL for a real
   function. */
struct function_key {
    const char *name, *object, *file;
    unsigned line;
    const char *inlined_into;
};

static size_t function_hash(const struct function_key *key)
{
    uint64_t h = hg_fnv1a(HG_FNV1A_BASIS, key->name);
    h = hg_fnv1a(hg_fnv1a_step(h, 1), key->object);
    h = hg_fnv1a(hg_fnv1a_step(h, 2), key->file);
    h = hg_fnv1a_step(h, key->line);
    return key->inlined_into != NULL
           ? hg_fnv1a(hg_fnv1a_step(h, 3), key->inlined_into) : h;
}

static struct function_key key_of_merged(const struct merged_function *f)
{
    return (struct function_key){ f->name, f->object, f->file, f->line,
                                  f->inlined_into };
}

static size_t hash_of_function(const void *items, size_t i)
{
    struct function_key key = key_of_merged(
        &((const struct merged_function *)items)[i]);
    return function_hash(&key);
}

static bool function_is(const void *items, size_t i, const void *key)
{
    const struct merged_function *f = &((const struct merged_function *)
                                        items)[i];
    const struct function_key *k = key;
    return f->line == k->line && strcmp(f->name, k->name) == 0
           && strcmp(f->object, k->object) == 0
           && strcmp(f->file, k->file) == 0
           && merge_same_text(f->inlined_into, k->inlined_into);
}

/* The slot of the merged function KEY, or the empty one it would take. */
static size_t *function_slot(struct merged_functions *m,
                             const struct function_key *key)
{
    index_table_reserve(&m->table, m->count, hash_of_function, m->all);
    return index_table_find(&m->table, function_hash(key), function_is,
                            m->all, key);
}

/* The merged function F belongs to, made if it is the first of its name,
   object, file, line and function it is inlined into (taking F's name):
   the tool's identity of a row, so that the rows of a function inlined
   into two functions stay apart whatever their lines. */
static struct merged_function *merged_for(struct merged_functions *m,
                                          struct hg_function *f)
{
    struct function_key key = { f->name, f->object, f->file, f->line,
                                f->inlined ? f->inlined_into : NULL };
    struct merged_function *sum;
    size_t *slot = function_slot(m, &key);

    if (*slot != INDEX_TABLE_EMPTY)
        return &m->all[*slot];
    m->all = hg_xgrow(m->all, &m->capacity, m->count + 1, sizeof *m->all,
                      1024);
    *slot = m->count;
    sum = &m->all[m->count++];
    memset(sum, 0, sizeof *sum);
    sum->name = f->name;
    f->name = NULL;
    sum->object = kept_string(m, f->object);
    sum->file = kept_string(m, f->file);
    sum->dir = f->dir != NULL ? kept_string(m, f->dir) : NULL;
    sum->line = f->line;
    sum->inlined_into = f->inlined ? kept_string(m, f->inlined_into) : NULL;
    sum->first_input = sum->last_input = (unsigned)m->input;
    sum->marked = f->marked;
    if (f->marked || f->has_call_graph || f->inlined)
        sum->marked_sums = hg_xcalloc(1, sizeof *sum->marked_sums);
    if (f->has_call_graph)
        sum->graph_sums = hg_xcalloc(1, sizeof *sum->graph_sums);
    return sum;
}

/* The report's order of lines: file, dir (none first), line. */
static int compare_merged_lines(const void *a, const void *b)
{
    const struct merged_line *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    if (c == 0)
        c = strcmp(x->dir ? x->dir : "", y->dir ? y->dir : "");
    if (c == 0)
        c = (x->line > y->line) - (x->line < y->line);
    return c;
}

/* Sorts SUM's lines and sums those of one file, dir and line into one. */
void merge_sum_lines_up(struct merge_sums *s, struct merged_function *sum)
{
    size_t i, kept = 0;
    if (sum->line_count == 0)    /* lines is NULL: no qsort of nothing */
        return;
    qsort(sum->lines, sum->line_count, sizeof *sum->lines,
          compare_merged_lines);
    for (i = 0; i < sum->line_count; i++) {
        struct merged_line *line = &sum->lines[i];
        if (kept > 0 && compare_merged_lines(&sum->lines[kept - 1], line) == 0) {
            struct merged_line *into = &sum->lines[kept - 1];
            add(s, &into->ir, line->ir);
            add_cache(s, &into->cache, &line->cache);
            add_branch(s, &into->branch, &line->branch);
        } else {
            sum->lines[kept++] = *line;
        }
    }
    sum->line_count = sum->lines_summed = kept;
}

/* F's lines, added to SUM's; summed up whenever they have doubled, so that
   memory follows the distinct lines, not the number of inputs. */
static void add_lines(struct merged_functions *m, const struct hg_function *f,
                      struct merged_function *sum)
{
    size_t i;
    for (i = 0; i < f->line_count; i++) {
        const struct hg_line *line = &f->lines[i];
        sum->lines = hg_xgrow(sum->lines, &sum->line_capacity,
                              sum->line_count + 1, sizeof *sum->lines, 16);
        sum->lines[sum->line_count++] = (struct merged_line){
            kept_string(m, line->file),
            line->dir != NULL ? kept_string(m, line->dir) : NULL,
            line->line, line->ir, line->cache, line->branch,
        };
    }
    if (sum->line_count > 2 * sum->lines_summed + 64)
        merge_sum_lines_up(m->sums, sum);
}

/* hg_report_load_each's handler: adds F to the merged functions. */
void merge_sum_function(void *data, struct hg_function *f)
{
    struct merged_functions *m = data;
    struct merge_sums *s = m->sums;
    struct merged_function *sum = merged_for(m, f);
    struct marked_sums *marked = sum->marked_sums;

    if (f->marked != sum->marked) {
        if (!m->mismatch) {
            char name[64];
            size_t first = sum->first_input;
            hg_quote_for_message(name, sizeof name, sum->name);
            snprintf(m->mismatch_problem, sizeof m->mismatch_problem,
                     "function '%s' is marked in %s but not in %s", name,
                     m->inputs[sum->marked ? first : m->input].path,
                     m->inputs[sum->marked ? m->input : first].path);
            m->mismatch = true;
        }
        return;
    }
    sum->last_input = (unsigned)m->input;
    add(s, &sum->self_ir, f->self_ir);
    add_cache(s, &sum->self_cache, &f->self_cache);
    add_branch(s, &sum->self_branch, &f->self_branch);
    add_lines(m, f, sum);
    if (f->has_heap)
        add_heap(s, &sum->heap, &f->heap);
    if (f->has_call_graph && sum->graph_sums != NULL)
        merge_sum_graph_function(m, f, sum);
    if (marked == NULL)
        return;
    add(s, &marked->calls, f->calls);
    add(s, &marked->inclusive_ir, f->inclusive_ir);
    add_cache(s, &marked->inclusive_cache, &f->inclusive_cache);
    if (f->has_inclusive_heap)
        add_heap(s, &marked->inclusive_heap, &f->inclusive_heap);
}

/* The report's order: self Ir descending, then name, object, file, line
   (docs/report-format.md, "Order"). */
int merge_compare_functions(const void *a, const void *b)
{
    const struct merged_function *f = *(const struct merged_function *const *)a;
    const struct merged_function *g = *(const struct merged_function *const *)b;
    int c;
    if (f->self_ir != g->self_ir)
        return f->self_ir > g->self_ir ? -1 : 1;
    if ((c = strcmp(f->name, g->name)) != 0
        || (c = strcmp(f->object, g->object)) != 0
        || (c = strcmp(f->file, g->file)) != 0)
        return c;
    if (f->line != g->line)
        return f->line < g->line ? -1 : 1;
    /* A real function before the rows inlined into others, which go by
       the name of the function they are in. */
    if (f->inlined_into == NULL || g->inlined_into == NULL)
        return (f->inlined_into != NULL) - (g->inlined_into != NULL);
    return strcmp(f->inlined_into, g->inlined_into);
}

void merge_free_functions(struct merged_functions *m)
{
    size_t i;
    for (i = 0; i < m->count; i++) {
        free(m->all[i].name);
        free(m->all[i].marked_sums);
        free(m->all[i].graph_sums);
        free(m->all[i].lines);
    }
    for (i = 0; i < m->pending_count; i++)
        free(m->pending[i].callees);
    free(m->pending);
    free(m->merged_index);
    free(m->calls.all);
    index_table_free(&m->calls.table);
    free(m->contexts.all);
    index_table_free(&m->contexts.table);
    for (i = 0; i < m->string_slots; i++)
        free(m->strings[i]);
    free(m->all);
    index_table_free(&m->table);
    free(m->strings);
}

/* The real function of the place of inlined row F, or NULL. */
static const struct merged_function *real_of(struct merged_functions *m,
                                             const struct merged_function *f)
{
    struct function_key key = key_of_merged(f);
    size_t *slot;
    key.inlined_into = NULL;
    slot = function_slot(m, &key);
    return *slot == INDEX_TABLE_EMPTY ? NULL : &m->all[*slot];
}

/* Once an input is read: its inlined rows that it has beside the real
   function of their name, object, file and line (which says that the
   program has both, as one built with the function inlined on its own
   line would). */
void merge_note_beside_real(struct merged_functions *m)
{
    size_t i;
    for (i = 0; i < m->count; i++) {
        struct merged_function *f = &m->all[i];
        const struct merged_function *real;
        if (f->inlined_into == NULL || f->beside_real
            || f->last_input != m->input)
            continue;
        real = real_of(m, f);
        f->beside_real = real != NULL && real->last_input == m->input;
    }
}

/* An inlined row and the real function of its name, object, file and
   line that no input has both of: the inputs disagree about whether the
   function is inlined there (different builds), and PROBLEM says
   where. */
bool merge_kinds_disagree(struct merged_functions *m, char *problem,
                          size_t size)
{
    size_t i;
    for (i = 0; i < m->count; i++) {
        const struct merged_function *f = &m->all[i], *real;
        char name[64], file[64], into[64];
        if (f->inlined_into == NULL || f->beside_real)
            continue;
        real = real_of(m, f);
        if (real == NULL)
            continue;
        hg_quote_for_message(name, sizeof name, f->name);
        hg_quote_for_message(file, sizeof file, f->file);
        hg_quote_for_message(into, sizeof into, f->inlined_into);
        snprintf(problem, size, "function '%s' (%s:%u) is inlined into "
                 "'%s' in %s but not inlined in %s", name, file, f->line,
                 into, m->inputs[f->first_input].path,
                 m->inputs[real->first_input].path);
        return true;
    }
    return false;
}
