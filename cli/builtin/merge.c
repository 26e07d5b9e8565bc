/* hotgrind merge: one report from the reports of sharded runs of one
   program.  GPL-2.0-or-later; part of hotgrind. */

/* docs/export.md ("hotgrind merge") states the rules; in short: reports
   merge only when they were measured the same way (tool, Valgrind,
   architecture, launcher and its settings, program, platform, options,
   cache geometry, cost model, mark patterns), counts are summed, threads,
   mutexes and events are laid end to end and renumbered, and what cannot
   be summed exactly is not invented: no <per-call>, peaks summed and said
   to be, and a <merge reports="N"/> in <run> that says all this. */

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "render/text.h"
#include "report/metrics.h"
#include "report/report.h"
#include "util/hash.h"
#include "util/index-table.h"
#include "util/messages.h"
#include "util/output.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

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

struct input {
    const char *path;
    struct hg_report *report;
};

/* --------------------------------------------------------- checking */

struct merged_functions;
static void sum_function(void *data, struct hg_function *f);

/* Loads IN's report, its functions summed into FUNCTIONS as they are
   read; false with PROBLEM ("line 3: ...") when it cannot.  Merge sums
   only what it understands, so it wants a report that this release could
   have written (the schema and its rules, as `validate` checks them):
   hg_report_load_each checks both. */
static bool load_strictly(struct input *in, struct merged_functions *functions,
                          char *problem, size_t size)
{
    in->report = hg_report_load_each(in->path, sum_function, functions,
                                     problem, size);
    return in->report != NULL;
}

static bool same_text(const char *a, const char *b)
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
    if (same_text(a, b))
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

/* Options, environment variables and mark patterns: lists compared item
   by item, in order. */
static bool differ_options(char *diff, size_t size, const struct hg_report *a,
                           const struct hg_report *b)
{
    size_t n = a->option_count > b->option_count ? a->option_count
                                                 : b->option_count;
    size_t i;
    for (i = 0; i < n; i++) {
        char what[32], ta[HG_PROBLEM_SIZE / 4], tb[HG_PROBLEM_SIZE / 4];
        assignment_text(ta, sizeof ta, "--", a->options, a->option_count, i);
        assignment_text(tb, sizeof tb, "--", b->options, b->option_count, i);
        snprintf(what, sizeof what, "option %zu", i + 1);
        if (differ(diff, size, what, ta, tb))
            return true;
    }
    return false;
}

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

/* The settings of the launchers (`hotgrind run`) of A and B, compared one
   by one in order: each says how the run was pinned, so they must all be
   the same.  "launcher setting NAME 'B', not 'A'" when a value differs,
   "launcher setting N 'NAME=B', not 'NAME=A'" when the names do. */
static bool differ_settings(char *diff, size_t size, const struct hg_report *a,
                            const struct hg_report *b)
{
    size_t n = a->setting_count > b->setting_count ? a->setting_count
                                                   : b->setting_count;
    size_t i;
    for (i = 0; i < n; i++) {
        char what[96], ta[HG_PROBLEM_SIZE / 4], tb[HG_PROBLEM_SIZE / 4];
        if (i < a->setting_count && i < b->setting_count
            && strcmp(a->settings[i].name, b->settings[i].name) == 0) {
            char name[64];
            hg_quote_for_message(name, sizeof name, a->settings[i].name);
            snprintf(what, sizeof what, "launcher setting %s", name);
            if (differ(diff, size, what, a->settings[i].value,
                       b->settings[i].value))
                return true;
            continue;
        }
        assignment_text(ta, sizeof ta, "", a->settings, a->setting_count,
                        i);
        assignment_text(tb, sizeof tb, "", b->settings, b->setting_count,
                        i);
        snprintf(what, sizeof what, "launcher setting %zu", i + 1);
        if (differ(diff, size, what, ta, tb))
            return true;
    }
    return false;
}

/* What makes B's counts incomparable with A's, or false.  The program is
   the launcher's `program` setting when there is one: under `hotgrind
   run` every <exe> is /proc/self/fd/3. */
static bool incompatible(char *diff, size_t size, const struct hg_report *a,
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
        || differ_settings(diff, size, a, b)
        || differ(diff, size, "platform", a->platform_hwcaps,
                  b->platform_hwcaps)
        || differ(diff, size, "libc", a->libc_version, b->libc_version)
        || differ_options(diff, size, a, b)
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

/* ---------------------------------------------------------- summing */

struct sums {
    bool overflow;       /* a sum did not fit in 64 bits */
};

static void add(struct sums *s, uint64_t *sum, uint64_t value)
{
    if (*sum > UINT64_MAX - value)
        s->overflow = true;
    *sum += value;
}

static void add_counts(struct sums *s, uint64_t *sum, const uint64_t *value,
                       int n)
{
    int i;
    for (i = 0; i < n; i++)
        add(s, &sum[i], value[i]);
}

static void add_cache(struct sums *s, struct hg_cache_costs *sum,
                      const struct hg_cache_costs *value)
{
    if (!value->present)
        return;
    sum->present = true;
    sum->has_cycles = value->has_cycles;
    add_counts(s, sum->value, value->value, HG_CACHE_METRICS);
}

static void add_branch(struct sums *s, struct hg_branch_costs *sum,
                       const struct hg_branch_costs *value)
{
    if (!value->present)
        return;
    sum->present = true;
    add_counts(s, sum->value, value->value, HG_BRANCH_METRICS);
}

static void add_heap(struct sums *s, struct hg_heap_traffic *sum,
                     const struct hg_heap_traffic *value)
{
    add(s, &sum->allocs, value->allocs);
    add(s, &sum->alloc_bytes, value->alloc_bytes);
    add(s, &sum->frees, value->frees);
    add(s, &sum->free_bytes, value->free_bytes);
}

/* The merged functions are summed as the inputs are read
   (hg_report_load_each), so that no input's functions are ever all in
   memory: merging two reports of 900,000 functions needs the merged
   functions only, each in a record about half the size of a struct
   hg_function, with the object and file names kept once. */

/* What a marked function adds (one function in many is marked). */
struct marked_sums {
    uint64_t calls;
    uint64_t inclusive_ir;
    struct hg_cache_costs inclusive_cache;
    struct hg_heap_traffic inclusive_heap;
};

/* What a function of a call graph adds besides calls and inclusive
   costs (its <callees> are summed in struct merged_calls). */
struct graph_sums {
    uint64_t outside_calls;
    bool recursive, mid_jump;    /* in any report */
    uint64_t no_symbol_ir;
    struct hg_cache_costs no_symbol_cache;
};

/* A merged function: the name, object, file and line of its first
   occurrence, and the sums of all of them. */
/* One <line> of a merged function: the sum of those with its file, dir
   and line number. */
struct merged_line {
    const char *file;            /* in the strings table */
    const char *dir;             /* in the strings table; NULL if none */
    unsigned line;
    uint64_t ir;
    struct hg_cache_costs cache;
    struct hg_branch_costs branch;
};

struct merged_function {
    char *name;                  /* owned */
    const char *object, *file;   /* in the strings table */
    const char *dir;             /* the first occurrence's; NULL if none */
    unsigned line;
    /* inline=yes: the function an inlined row's code is in (in the
       strings table), NULL for a real function. */
    const char *inlined_into;
    unsigned first_input;        /* where it first occurred */
    unsigned last_input;         /* where it last occurred */
    /* An inlined row: some input had it and the real function of its
       name, object, file and line both. */
    bool beside_real;
    bool marked;
    uint64_t self_ir;
    struct hg_cache_costs self_cache;
    struct hg_branch_costs self_branch;
    struct hg_heap_traffic heap;
    struct marked_sums *marked_sums;   /* NULL unless marked, inlined
                                          or in a call graph */
    struct graph_sums *graph_sums;     /* NULL unless in a call graph */
    /* lines=yes: the lines of every input, summed per (file, dir, line)
       up to lines_summed, appended after. */
    struct merged_line *lines;
    size_t line_count, line_capacity, lines_summed;
};

/* The calls of a call graph, summed by (caller, callee), both indexes of
   merged functions, through an index table. */
struct merged_call {
    size_t caller, callee;
    struct hg_call sum;          /* sum.callee unused */
};
struct merged_calls {
    struct merged_call *all;
    size_t count, capacity;
    struct index_table table;
};

/* The calling contexts of all inputs, summed by stack: a merged context
   is (its parent's merged context, its merged function, truncated or
   not), found through an open-addressing table of indices.  Its costs
   are a struct hg_context's, parent and function as merged indexes. */
struct merged_contexts {
    bool present, truncated;
    uint64_t max;                /* the largest of the inputs' */
    uint64_t outside_ir;
    struct hg_cache_costs outside_cache;
    struct hg_heap_traffic outside_heap;
    struct hg_context *all;
    size_t count, capacity;
    struct index_table table;
};

/* The <callees> of one function of the input being read, kept until the
   input has been read whole: a callee may come after its caller. */
struct pending_callees {
    size_t caller;               /* merged index */
    struct hg_call *callees;     /* taken from the function */
    size_t count;
};

/* The functions merged so far, found by name, object, file, line and the
   function an inlined row is in, through an index table. */
struct merged_functions {
    struct merged_function *all;
    size_t count, capacity;
    struct index_table table;
    char **strings;              /* object and file names, kept once */
    size_t string_count, string_slots;
    struct sums *sums;
    size_t input;                /* the input being read */
    const struct input *inputs;
    /* The first function marked in one report but not another. */
    bool mismatch;
    char mismatch_problem[HG_PROBLEM_SIZE];
    /* Call graph: the input's functions by index (their id - 1) as merged
       indexes, and their callees until the input is read. */
    size_t *merged_index;
    size_t merged_index_count, merged_index_capacity;
    struct pending_callees *pending;
    size_t pending_count, pending_capacity;
    struct merged_calls calls;
    struct merged_contexts contexts;
};

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
           && same_text(f->inlined_into, k->inlined_into);
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
    if (m->count == m->capacity) {
        m->capacity = m->capacity ? 2 * m->capacity : 1024;
        m->all = hg_xrealloc(m->all, m->capacity, sizeof *m->all);
    }
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

/* The call graph of F, summed into SUM: what it adds, its merged index
   under its id, and its callees kept for sum_pending_calls. */
static void sum_graph_function(struct merged_functions *m,
                               struct hg_function *f,
                               struct merged_function *sum)
{
    struct graph_sums *g = sum->graph_sums;
    struct sums *s = m->sums;
    size_t index = (size_t)(sum - m->all);

    add(s, &g->outside_calls, f->outside_calls);
    g->recursive = g->recursive || f->recursive;
    g->mid_jump = g->mid_jump || f->mid_jump;
    add(s, &g->no_symbol_ir, f->no_symbol_ir);
    add_cache(s, &g->no_symbol_cache, &f->no_symbol_cache);
    /* The loader's rules made ids 1, 2, ... in order. */
    if (m->merged_index_count == m->merged_index_capacity) {
        m->merged_index_capacity = m->merged_index_capacity
                                   ? 2 * m->merged_index_capacity : 1024;
        m->merged_index = hg_xrealloc(m->merged_index,
                                      m->merged_index_capacity,
                                      sizeof *m->merged_index);
    }
    m->merged_index[m->merged_index_count++] = index;
    if (f->callee_count == 0)
        return;
    if (m->pending_count == m->pending_capacity) {
        m->pending_capacity = m->pending_capacity
                              ? 2 * m->pending_capacity : 1024;
        m->pending = hg_xrealloc(m->pending, m->pending_capacity,
                                 sizeof *m->pending);
    }
    m->pending[m->pending_count].caller = index;
    m->pending[m->pending_count].callees = f->callees;
    m->pending[m->pending_count++].count = f->callee_count;
    f->callees = NULL;
    f->callee_count = 0;
}

static size_t call_hash(size_t caller, size_t callee)
{
    return hg_fnv1a_step(hg_fnv1a_step(HG_FNV1A_BASIS, caller), callee);
}

static size_t hash_of_call(const void *items, size_t i)
{
    const struct merged_call *c = items;
    return call_hash(c[i].caller, c[i].callee);
}

static bool call_is(const void *items, size_t i, const void *key)
{
    const struct merged_call *c = items, *k = key;
    return c[i].caller == k->caller && c[i].callee == k->callee;
}

/* The merged call from CALLER to CALLEE, made zero when new. */
static struct merged_call *merged_call_for(struct merged_calls *c,
                                           size_t caller, size_t callee)
{
    struct merged_call key;
    size_t *slot;

    key.caller = caller;
    key.callee = callee;
    index_table_reserve(&c->table, c->count, hash_of_call, c->all);
    slot = index_table_find(&c->table, call_hash(caller, callee), call_is,
                            c->all, &key);
    if (*slot != INDEX_TABLE_EMPTY)
        return &c->all[*slot];
    if (c->count == c->capacity) {
        c->capacity = c->capacity ? 2 * c->capacity : 1024;
        c->all = hg_xrealloc(c->all, c->capacity, sizeof *c->all);
    }
    *slot = c->count;
    memset(&c->all[c->count], 0, sizeof c->all[c->count]);
    c->all[c->count].caller = caller;
    c->all[c->count].callee = callee;
    return &c->all[c->count++];
}

static size_t context_hash(size_t parent, size_t function, bool truncated)
{
    return call_hash(parent, function) ^ (size_t)truncated;
}

static size_t hash_of_context(const void *items, size_t i)
{
    const struct hg_context *c = items;
    return context_hash(c[i].parent, c[i].function, c[i].truncated);
}

static bool context_is(const void *items, size_t i, const void *key)
{
    const struct hg_context *c = items, *k = key;
    return c[i].parent == k->parent && c[i].function == k->function
           && c[i].truncated == k->truncated;
}

/* The merged context (PARENT, FUNCTION, TRUNCATED), made zero when new. */
static struct hg_context *merged_context_for(struct merged_contexts *c,
                                             size_t parent, size_t function,
                                             bool truncated)
{
    struct hg_context key;
    size_t *slot;

    memset(&key, 0, sizeof key);
    key.parent = parent;
    key.function = function;
    key.truncated = truncated;
    index_table_reserve(&c->table, c->count, hash_of_context, c->all);
    slot = index_table_find(&c->table,
                            context_hash(parent, function, truncated),
                            context_is, c->all, &key);
    if (*slot != INDEX_TABLE_EMPTY)
        return &c->all[*slot];
    if (c->count == c->capacity) {
        c->capacity = c->capacity ? 2 * c->capacity : 1024;
        c->all = hg_xrealloc(c->all, c->capacity, sizeof *c->all);
    }
    *slot = c->count;
    c->all[c->count] = key;
    return &c->all[c->count++];
}

/* Once an input is read, while its functions' merged indexes are known:
   its contexts, by stack, into the merged ones.  Parents come before
   their children in a report. */
static void sum_contexts(struct merged_functions *m, const struct hg_report *r)
{
    struct merged_contexts *c = &m->contexts;
    struct sums *s = m->sums;
    size_t *merged = hg_xcalloc(r->context_count + 1, sizeof *merged), i;

    if (!r->has_contexts) {
        free(merged);
        return;
    }
    c->present = true;
    c->truncated = c->truncated || r->contexts_truncated;
    if (r->context_max > c->max)
        c->max = r->context_max;
    add(s, &c->outside_ir, r->outside_ir);
    add_cache(s, &c->outside_cache, &r->outside_cache);
    add_heap(s, &c->outside_heap, &r->outside_heap);
    for (i = 0; i < r->context_count; i++) {
        const struct hg_context *x = &r->contexts[i];
        struct hg_context *sum;
        if (x->function >= m->merged_index_count)
            continue;   /* the rules refused it already */
        sum = merged_context_for(c, x->parent == HG_NO_PARENT ? SIZE_MAX
                                 : merged[x->parent],
                                 m->merged_index[x->function], x->truncated);
        merged[i] = (size_t)(sum - c->all);
        add(s, &sum->calls, x->calls);
        add(s, &sum->self_ir, x->self_ir);
        add_cache(s, &sum->self_cache, &x->self_cache);
        add(s, &sum->inclusive_ir, x->inclusive_ir);
        add_cache(s, &sum->inclusive_cache, &x->inclusive_cache);
        add_heap(s, &sum->self_heap, &x->self_heap);
        add_heap(s, &sum->inclusive_heap, &x->inclusive_heap);
        add(s, &sum->no_symbol_ir, x->no_symbol_ir);
        add_cache(s, &sum->no_symbol_cache, &x->no_symbol_cache);
    }
    free(merged);
}

/* Once an input is read: its callees, by (caller, callee) as merged
   functions, into the merged calls. */
static void sum_pending_calls(struct merged_functions *m)
{
    struct sums *s = m->sums;
    size_t p, i;

    for (p = 0; p < m->pending_count; p++) {
        struct pending_callees *pending = &m->pending[p];
        for (i = 0; i < pending->count; i++) {
            const struct hg_call *call = &pending->callees[i];
            struct merged_call *sum;
            if (call->callee >= m->merged_index_count)
                continue;   /* the rules refused it already */
            sum = merged_call_for(&m->calls, pending->caller,
                                  m->merged_index[call->callee]);
            add(s, &sum->sum.calls, call->calls);
            add(s, &sum->sum.ir, call->ir);
            add_cache(s, &sum->sum.cache, &call->cache);
            if (call->has_heap) {
                sum->sum.has_heap = true;
                add_heap(s, &sum->sum.heap, &call->heap);
            }
        }
        free(pending->callees);
    }
    m->pending_count = 0;
    m->merged_index_count = 0;
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
static void sum_lines_up(struct sums *s, struct merged_function *sum)
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
        if (sum->line_count == sum->line_capacity) {
            sum->line_capacity = sum->line_capacity
                                 ? 2 * sum->line_capacity : 16;
            sum->lines = hg_xrealloc(sum->lines, sum->line_capacity,
                                     sizeof *sum->lines);
        }
        sum->lines[sum->line_count++] = (struct merged_line){
            kept_string(m, line->file),
            line->dir != NULL ? kept_string(m, line->dir) : NULL,
            line->line, line->ir, line->cache, line->branch,
        };
    }
    if (sum->line_count > 2 * sum->lines_summed + 64)
        sum_lines_up(m->sums, sum);
}

/* hg_report_load_each's handler: adds F to the merged functions. */
static void sum_function(void *data, struct hg_function *f)
{
    struct merged_functions *m = data;
    struct sums *s = m->sums;
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
        sum_graph_function(m, f, sum);
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
static int compare_merged(const void *a, const void *b)
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

static void free_merged_functions(struct merged_functions *m)
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

/* An input's object, for merge_objects. */
struct object_from {
    const struct hg_object *object;
    size_t input;
};

/* By name, then input order, then place in that input (its objects are
   sorted and unique, so this is a total order). */
static int compare_objects_from(const void *a, const void *b)
{
    const struct object_from *x = a, *y = b;
    int c = strcmp(x->object->name, y->object->name);
    if (c != 0)
        return c;
    if (x->input != y->input)
        return x->input < y->input ? -1 : 1;
    return x->object < y->object ? -1 : x->object > y->object;
}

/* "soname" or "build id" when objects A and B, of one name, both have it
   and it differs (*VA, *VB: the two values), else NULL. */
static const char *object_difference(const struct hg_object *a,
                                     const struct hg_object *b,
                                     const char **va, const char **vb)
{
    if (a->build_id != NULL && b->build_id != NULL
        && strcmp(a->build_id, b->build_id) != 0) {
        *va = a->build_id, *vb = b->build_id;
        return "build id";
    }
    if (a->soname != NULL && b->soname != NULL
        && strcmp(a->soname, b->soname) != 0) {
        *va = a->soname, *vb = b->soname;
        return "soname";
    }
    return NULL;
}

/* The objects of all inputs, each once, by name (the strings stay the
   inputs'); none unless every input lists its objects (an older report
   does not, and the merged <objects> must list every object a function
   names).  One name with two build ids (or sonames) is two different
   builds of the object: their counts are not of one program, so false
   with PROBLEM naming both reports. */
static bool merge_objects(struct hg_report *out, const struct input *in,
                          size_t inputs, char *problem, size_t size)
{
    struct object_from *all;
    size_t total = 0, n = 0, i, j, group = 0;

    for (i = 0; i < inputs; i++) {
        if (in[i].report->object_count == 0)
            return true;
        total += in[i].report->object_count;
    }
    all = hg_xcalloc(total, sizeof *all);
    for (i = 0; i < inputs; i++)
        for (j = 0; j < in[i].report->object_count; j++) {
            all[n].object = &in[i].report->objects[j];
            all[n++].input = i;
        }
    qsort(all, n, sizeof *all, compare_objects_from);
    out->objects = hg_xcalloc(n, sizeof *out->objects);
    out->object_count = 0;
    for (i = 0; i < n; i++) {
        const struct hg_object *o = all[i].object;
        struct hg_object *kept;
        const char *what, *va, *vb;
        if (i == 0 || strcmp(o->name, all[group].object->name) != 0) {
            group = i;
            out->objects[out->object_count++] = *o;
            continue;
        }
        kept = &out->objects[out->object_count - 1];
        for (j = group; j < i; j++) {
            what = object_difference(all[j].object, o, &va, &vb);
            if (what != NULL) {
                char name[64];
                hg_quote_for_message(name, sizeof name, o->name);
                snprintf(problem, size, "object '%s' has %s %s in %s but %s "
                         "in %s: different builds of it ran, so their "
                         "counts are not of one program", name, what, va,
                         in[all[j].input].path, vb, in[all[i].input].path);
                free(all);
                return false;
            }
        }
        if (kept->soname == NULL)
            kept->soname = o->soname;
        if (kept->build_id == NULL)
            kept->build_id = o->build_id;
    }
    free(all);
    return true;
}

/* Zones of the same name are summed, so their order does not matter. */
static int compare_zone_names(const void *a, const void *b)
{
    const struct hg_zone *const *x = a, *const *y = b;
    return strcmp((*x)->name, (*y)->name);
}

/* Zones by name, summed, sorted by name; none has <per-call>. */
static void merge_zones(struct hg_report *out, const struct input *in,
                        size_t inputs, struct sums *s)
{
    const struct hg_zone **all;
    size_t n = 0, i, j;

    for (i = 0; i < inputs; i++)
        n += in[i].report->zone_count;
    all = hg_xcalloc(n, sizeof *all);
    out->zones = hg_xcalloc(n, sizeof *out->zones);
    for (i = 0, n = 0; i < inputs; i++)
        for (j = 0; j < in[i].report->zone_count; j++)
            all[n++] = &in[i].report->zones[j];
    qsort(all, n, sizeof *all, compare_zone_names);
    for (i = 0; i < n; i++) {
        struct hg_zone *sum;
        if (i == 0 || strcmp(all[i]->name, all[i - 1]->name) != 0)
            out->zones[out->zone_count++].name = all[i]->name;
        sum = &out->zones[out->zone_count - 1];
        add(s, &sum->calls, all[i]->calls);
        add(s, &sum->inclusive_ir, all[i]->inclusive_ir);
        add_cache(s, &sum->inclusive_cache, &all[i]->inclusive_cache);
        if (all[i]->has_inclusive_heap) {
            sum->has_inclusive_heap = true;
            add_heap(s, &sum->inclusive_heap, &all[i]->inclusive_heap);
        }
    }
    free(all);
}

/* The largest id of each list of report R, for renumbering. */
struct id_spans {
    unsigned threads, mutexes, conds;
    uint64_t ir;         /* the total, or the last event's Ir if later */
};

static struct id_spans spans_of(const struct hg_report *r)
{
    struct id_spans span = { 0, 0, 0, r->total_ir };
    size_t i;
    for (i = 0; i < r->thread_count; i++)
        if (r->threads[i].id > span.threads)
            span.threads = r->threads[i].id;
    for (i = 0; i < r->mutex_count; i++)
        if (r->mutexes[i].id > span.mutexes)
            span.mutexes = r->mutexes[i].id;
    for (i = 0; i < r->event_count; i++) {
        if (r->events[i].cond > span.conds)
            span.conds = r->events[i].cond;
        if (r->events[i].ir > span.ir)
            span.ir = r->events[i].ir;
    }
    return span;
}

/* ID + OFFSET, or 0 for "none"; false when it no longer fits. */
static bool shift_id(unsigned *id, unsigned offset)
{
    if (*id == 0)
        return true;
    if (*id > UINT_MAX - offset)
        return false;
    *id += offset;
    return true;
}

/* Threads, mutexes and events of each report after those of the report
   before it: ids shifted by the largest ids before, event Ir by the Ir
   before. */
static void lay_end_to_end(struct hg_report *out, const struct input *in,
                           size_t inputs, struct sums *s)
{
    struct id_spans offset = { 0, 0, 0, 0 };
    size_t threads = 0, mutexes = 0, events = 0, i, j;
    bool fits = true;

    for (i = 0; i < inputs; i++) {
        threads += in[i].report->thread_count;
        mutexes += in[i].report->mutex_count;
        events += in[i].report->event_count;
    }
    out->threads = hg_xcalloc(threads, sizeof *out->threads);
    out->mutexes = hg_xcalloc(mutexes, sizeof *out->mutexes);
    out->events = hg_xcalloc(events, sizeof *out->events);
    for (i = 0; i < inputs; i++) {
        const struct hg_report *r = in[i].report;
        struct id_spans span = spans_of(r);
        for (j = 0; j < r->thread_count; j++) {
            struct hg_thread *t = &out->threads[out->thread_count++];
            *t = r->threads[j];
            fits = fits && shift_id(&t->id, offset.threads)
                   && shift_id(&t->parent, offset.threads);
        }
        for (j = 0; j < r->mutex_count; j++) {
            struct hg_mutex *m = &out->mutexes[out->mutex_count++];
            *m = r->mutexes[j];
            fits = fits && shift_id(&m->id, offset.mutexes);
        }
        for (j = 0; j < r->event_count; j++) {
            struct hg_event *e = &out->events[out->event_count++];
            *e = r->events[j];
            e->ir = 0;
            add(s, &e->ir, offset.ir);
            add(s, &e->ir, r->events[j].ir);
            fits = fits && shift_id(&e->thread, offset.threads)
                   && shift_id(&e->child, offset.threads)
                   && shift_id(&e->mutex, offset.mutexes)
                   && shift_id(&e->cond, offset.conds);
        }
        fits = fits && shift_id(&span.threads, offset.threads)
               && shift_id(&span.mutexes, offset.mutexes)
               && shift_id(&span.conds, offset.conds);
        offset.threads = span.threads ? span.threads : offset.threads;
        offset.mutexes = span.mutexes ? span.mutexes : offset.mutexes;
        offset.conds = span.conds ? span.conds : offset.conds;
        add(s, &offset.ir, span.ir);
    }
    if (!fits)
        s->overflow = true;
    out->has_threads = in[0].report->has_threads;
    out->has_events = in[0].report->has_events;
    out->has_mutexes = out->has_events && out->mutex_count > 0;
}

/* The run of the merged report: the first report's, but for what differs
   between the runs (arguments, environment), which is left out, and the
   host, which describes one process. */
static void merge_run(struct hg_report *out, const struct input *in,
                      size_t inputs)
{
    const struct hg_report *first = in[0].report;
    bool same_args = true, same_environment = first->has_environment;
    size_t i, j;

    *out = *first;
    out->has_host = false;
    out->merged_reports = 0;
    for (i = 0; i < inputs; i++) {
        const struct hg_report *r = in[i].report;
        out->merged_reports += r->merged_reports ? r->merged_reports : 1;
        same_args = same_args && r->arg_count == first->arg_count;
        for (j = 0; same_args && j < r->arg_count; j++)
            same_args = strcmp(r->args[j], first->args[j]) == 0;
        same_environment = same_environment && r->has_environment
            && r->environment_variables == first->environment_variables
            && r->environment_bytes == first->environment_bytes;
        /* The geometry is the same (checked); where it came from may not
           be. */
        if (!same_text(r->cache_source, first->cache_source))
            out->cache_source = NULL;
    }
    if (!same_args)
        out->arg_count = 0;
    out->has_environment = same_environment;
    out->total_ir = 0;
    memset(&out->total_cache, 0, sizeof out->total_cache);
    memset(&out->total_branch, 0, sizeof out->total_branch);
    memset(&out->heap, 0, sizeof out->heap);
    out->function_count = out->zone_count = 0;
    out->thread_count = out->mutex_count = out->event_count = 0;
    /* The merged lists are new; the rest is borrowed from the inputs. */
    out->marks = NULL;
    out->objects = NULL;
    out->object_count = 0;
    out->inputs = NULL;
    out->input_count = 0;
    out->functions = NULL;
    out->zones = NULL;
    out->threads = NULL;
    out->mutexes = NULL;
    out->events = NULL;
}

static void merge_totals(struct hg_report *out, const struct input *in,
                         size_t inputs, struct sums *s)
{
    size_t i, j;
    for (i = 0; i < inputs; i++) {
        const struct hg_report *r = in[i].report;
        add(s, &out->total_ir, r->total_ir);
        add_cache(s, &out->total_cache, &r->total_cache);
        add_branch(s, &out->total_branch, &r->total_branch);
        add_heap(s, &out->heap.traffic, &r->heap.traffic);
        add(s, &out->heap.peak_bytes, r->heap.peak_bytes);
        add(s, &out->heap.peak_blocks, r->heap.peak_blocks);
        add(s, &out->heap.exit_bytes, r->heap.exit_bytes);
        add(s, &out->heap.exit_blocks, r->heap.exit_blocks);
    }
    /* The same patterns everywhere (checked): each keeps its largest
       counts, which some run reached. */
    for (i = 1; i < inputs; i++)
        for (j = 0; j < out->mark_count; j++) {
            const struct hg_mark *m = &in[i].report->marks[j];
            if (m->functions > out->marks[j].functions)
                out->marks[j].functions = m->functions;
            if (m->entered > out->marks[j].entered)
                out->marks[j].entered = m->entered;
        }
}

/* ---------------------------------------------------------- writing */

static void xml_attr(FILE *out, const char *name, const char *value)
{
    fprintf(out, " %s=\"", name);
    hg_print_xml_text(out, value);
    fputc('"', out);
}

/* "START NAME1="VALUE1" NAME2="VALUE2"/>" and a line end; without NAME2
   when it is NULL. */
static void xml_empty_element(FILE *out, const char *start,
                              const char *name1, const char *value1,
                              const char *name2, const char *value2)
{
    fputs(start, out);
    xml_attr(out, name1, value1);
    if (name2 != NULL)
        xml_attr(out, name2, value2);
    fputs("/>\n", out);
}

static void xml_count(FILE *out, const char *name, uint64_t value)
{
    fprintf(out, " %s=\"%" PRIu64 "\"", name, value);
}

static void xml_cache(FILE *out, const struct hg_cache_costs *cache)
{
    int i;
    for (i = 0; cache->present && i < HG_CACHE_METRICS; i++)
        if (i != HG_CYCLES || cache->has_cycles)
            xml_count(out, hg_cache_metric_names[i], cache->value[i]);
}

static void xml_branch(FILE *out, const struct hg_branch_costs *branch)
{
    int i;
    for (i = 0; branch->present && i < HG_BRANCH_METRICS; i++)
        xml_count(out, hg_branch_metric_names[i], branch->value[i]);
}

static void xml_heap(FILE *out, const struct hg_heap_traffic *heap)
{
    xml_count(out, "allocs", heap->allocs);
    xml_count(out, "alloc-bytes", heap->alloc_bytes);
    xml_count(out, "frees", heap->frees);
    xml_count(out, "free-bytes", heap->free_bytes);
}

static void xml_inclusive(FILE *out, uint64_t ir,
                          const struct hg_cache_costs *cache, bool has_heap,
                          const struct hg_heap_traffic *heap)
{
    fputs("      <inclusive", out);
    xml_count(out, "Ir", ir);
    xml_cache(out, cache);
    if (has_heap)
        xml_heap(out, heap);
    fputs("/>\n", out);
}

static void write_run(FILE *out, const struct hg_report *r)
{
    size_t i;

    fputs("  <run>\n    <tool name=\"hotgrind\"", out);
    xml_attr(out, "version", r->tool_version);
    fputs("/>\n    <valgrind", out);
    xml_attr(out, "version", r->valgrind_version);
    fputs("/>\n    <arch>", out);
    hg_print_xml_text(out, r->arch);
    fputs("</arch>\n", out);
    if (r->platform_hwcaps != NULL)
        xml_empty_element(out, "    <platform", "hwcaps", r->platform_hwcaps,
                          NULL, NULL);
    if (r->libc_name != NULL && r->libc_version != NULL)
        xml_empty_element(out, "    <libc", "name", r->libc_name, "version",
                          r->libc_version);
    fputs("    <command>\n      <exe>", out);
    hg_print_xml_text(out, r->exe);
    fputs("</exe>\n", out);
    for (i = 0; i < r->arg_count; i++) {
        fputs("      <arg>", out);
        hg_print_xml_text(out, r->args[i]);
        fputs("</arg>\n", out);
    }
    fputs("    </command>\n", out);
    if (r->option_count > 0) {
        fputs("    <options>\n", out);
        for (i = 0; i < r->option_count; i++)
            xml_empty_element(out, "      <option", "name", r->options[i].name,
                              "value", r->options[i].value);
        fputs("    </options>\n", out);
    }
    if (r->has_environment) {
        fputs("    <environment", out);
        xml_count(out, "variables", r->environment_variables);
        xml_count(out, "bytes", r->environment_bytes);
        fputs(">\n", out);
        for (i = 0; i < r->environment_count; i++)
            xml_empty_element(out, "      <var", "name",
                              r->environment[i].name, "value",
                              r->environment[i].value);
        fputs("    </environment>\n", out);
    }
    if (r->launcher != NULL) {
        fputs("    <launcher", out);
        xml_attr(out, "name", r->launcher);
        fputs(r->setting_count == 0 ? "/>\n" : ">\n", out);
        for (i = 0; i < r->setting_count; i++)
            xml_empty_element(out, "      <setting", "name",
                              r->settings[i].name, "value",
                              r->settings[i].value);
        if (r->setting_count != 0)
            fputs("    </launcher>\n", out);
    }
    if (r->input_count > 0) {
        fputs("    <inputs>\n", out);
        for (i = 0; i < r->input_count; i++) {
            const struct hg_input *input = &r->inputs[i];
            fputs("      <input", out);
            xml_attr(out, "kind", hg_input_kind_name(input->kind));
            xml_attr(out, "source", input->source);
            xml_attr(out, "function", input->function);
            xml_attr(out, "object", input->object);
            xml_count(out, "calls", input->calls);
            if (input->has_bytes)
                xml_count(out, "bytes", input->bytes);
            xml_attr(out, "pinned", input->pinned ? "yes" : "no");
            fputs("/>\n", out);
        }
        fputs("    </inputs>\n", out);
    }
    if (r->has_cost_model) {
        fputs("    <cost-model", out);
        xml_attr(out, "name", r->cost_model_name);
        xml_count(out, "version", r->cost_model_version);
        xml_count(out, "l1-miss", r->cost_l1_miss);
        xml_count(out, "ll-miss", r->cost_ll_miss);
        if (r->has_cost_mispredict)
            xml_count(out, "mispredict", r->cost_mispredict);
        fputs("/>\n", out);
    }
    if (r->has_cache_geometry) {
        fputs("    <cache", out);
        xml_attr(out, "I1", r->cache_i1);
        xml_attr(out, "D1", r->cache_d1);
        xml_attr(out, "LL", r->cache_ll);
        if (r->cache_source != NULL)
            xml_attr(out, "source", r->cache_source);
        fputs("/>\n", out);
    }
    if (r->exit.how != HG_ENDED_UNKNOWN) {
        static const char *const hows[] = { "", "status", "signal", "exec" };
        fprintf(out, "    <exit how=\"%s\"", hows[r->exit.how]);
        if (r->exit.how == HG_ENDED_BY_STATUS)
            fprintf(out, " status=\"%u\"", r->exit.status);
        if (r->exit.how == HG_ENDED_BY_SIGNAL && r->exit.signal != 0)
            fprintf(out, " signal=\"%u\"", r->exit.signal);
        fputs("/>\n", out);
    }
    fprintf(out, "    <merge reports=\"%" PRIu64 "\"/>\n  </run>\n",
            r->merged_reports);
}

/* A merged call as written: its callee's id in the merged report. */
struct written_call {
    size_t callee_id;
    const struct hg_call *sum;
};

/* The merged calls by caller in the written order: those of the
   function written I-th are calls[first[I]] .. calls[first[I + 1]),
   sorted by callee id (new_id: a merged index's id). */
struct written_calls {
    size_t *new_id;
    size_t *first;
    struct written_call *calls;
};

static int compare_written_calls(const void *a, const void *b)
{
    size_t p = ((const struct written_call *)a)->callee_id;
    size_t q = ((const struct written_call *)b)->callee_id;
    return p < q ? -1 : p > q;
}

static void index_calls(const struct merged_functions *m,
                        const struct merged_function **order,
                        struct written_calls *w)
{
    size_t n = m->count, i, *next;

    w->new_id = hg_xcalloc(n + 1, sizeof *w->new_id);
    for (i = 0; i < n; i++)
        w->new_id[order[i] - m->all] = i + 1;
    w->first = hg_xcalloc(n + 1, sizeof *w->first);
    for (i = 0; i < m->calls.count; i++)
        w->first[w->new_id[m->calls.all[i].caller]]++;
    for (i = 0; i < n; i++)
        w->first[i + 1] += w->first[i];
    w->calls = hg_xcalloc(m->calls.count + 1, sizeof *w->calls);
    next = hg_xmalloc((n + 1) * sizeof *next);
    memcpy(next, w->first, (n + 1) * sizeof *next);
    for (i = 0; i < m->calls.count; i++) {
        const struct merged_call *c = &m->calls.all[i];
        struct written_call *written = &w->calls[next[w->new_id[c->caller]
                                                      - 1]++];
        written->callee_id = w->new_id[c->callee];
        written->sum = &c->sum;
    }
    free(next);
    for (i = 0; i < n; i++)
        qsort(w->calls + w->first[i], w->first[i + 1] - w->first[i],
              sizeof *w->calls, compare_written_calls);
}

/* <no-symbol> and <callees> of the function written I-th. */
static void write_call_graph(FILE *out, const struct hg_report *r,
                             const struct graph_sums *g,
                             const struct written_calls *w, size_t i)
{
    size_t c;

    if (g->no_symbol_ir > 0) {
        fputs("      <no-symbol", out);
        xml_count(out, "Ir", g->no_symbol_ir);
        xml_cache(out, &g->no_symbol_cache);
        fputs("/>\n", out);
    }
    if (w->first[i + 1] == w->first[i])
        return;
    fputs("      <callees>\n", out);
    for (c = w->first[i]; c < w->first[i + 1]; c++) {
        const struct hg_call *sum = w->calls[c].sum;
        fputs("        <call", out);
        xml_count(out, "callee", w->calls[c].callee_id);
        xml_count(out, "calls", sum->calls);
        xml_count(out, "Ir", sum->ir);
        xml_cache(out, &sum->cache);
        if (r->has_heap)
            xml_heap(out, &sum->heap);
        fputs("/>\n", out);
    }
    fputs("      </callees>\n", out);
}

/* F's <lines>, as the tool writes them (lines=yes): every function has
   one, empty when no line has a count. */
static void write_lines(FILE *out, const struct merged_function *f)
{
    size_t i;
    fputs("      <lines>\n", out);
    for (i = 0; i < f->line_count; i++) {
        const struct merged_line *line = &f->lines[i];
        fputs("        <line", out);
        xml_attr(out, "file", line->file);
        if (line->dir != NULL)
            xml_attr(out, "dir", line->dir);
        xml_count(out, "line", line->line);
        xml_count(out, "Ir", line->ir);
        xml_cache(out, &line->cache);
        xml_branch(out, &line->branch);
        fputs("/>\n", out);
    }
    fputs("      </lines>\n", out);
}

/* <totals> and <functions>; *NEW_ID gets each merged function's id in
   the written report (a call graph's), for the contexts. */
static void write_functions(FILE *out, const struct hg_report *r,
                            const struct merged_functions *m,
                            size_t **new_id)
{
    const struct merged_function **order;
    struct written_calls graph = { NULL, NULL, NULL };
    const char *lines_option = hg_report_option(r, "lines");
    bool lines = lines_option != NULL && strcmp(lines_option, "yes") == 0;
    size_t i;

    fputs("  <totals", out);
    xml_count(out, "Ir", r->total_ir);
    xml_cache(out, &r->total_cache);
    xml_branch(out, &r->total_branch);
    if (r->has_heap) {
        fputs(">\n    <heap", out);
        xml_heap(out, &r->heap.traffic);
        xml_count(out, "peak-bytes", r->heap.peak_bytes);
        xml_count(out, "peak-blocks", r->heap.peak_blocks);
        xml_count(out, "exit-bytes", r->heap.exit_bytes);
        xml_count(out, "exit-blocks", r->heap.exit_blocks);
        fputs("/>\n  </totals>\n", out);
    } else {
        fputs("/>\n", out);
    }
    order = hg_xcalloc(m->count, sizeof *order);
    for (i = 0; i < m->count; i++)
        order[i] = &m->all[i];
    qsort(order, m->count, sizeof *order, compare_merged);
    if (r->has_call_graph)
        index_calls(m, order, &graph);
    fputs("  <functions>\n", out);
    for (i = 0; i < m->count; i++) {
        const struct merged_function *f = order[i];
        const struct marked_sums *marked = f->marked_sums;
        const struct graph_sums *g = f->graph_sums;
        fputs("    <function", out);
        xml_attr(out, "name", f->name);
        xml_attr(out, "object", f->object);
        xml_attr(out, "file", f->file);
        xml_count(out, "line", f->line);
        if (f->dir != NULL)
            xml_attr(out, "dir", f->dir);
        if (f->marked)
            xml_attr(out, "marked", "yes");
        if (f->inlined_into != NULL) {
            xml_attr(out, "inlined", "yes");
            xml_attr(out, "inlined-into", f->inlined_into);
        }
        if (marked != NULL)
            xml_count(out, "calls", marked->calls);
        if (g != NULL) {
            xml_count(out, "id", i + 1);
            if (g->outside_calls > 0)
                xml_count(out, "outside-calls", g->outside_calls);
            if (g->recursive)
                xml_attr(out, "recursive", "yes");
            if (g->mid_jump)
                xml_attr(out, "mid-jump", "yes");
        }
        fputs(">\n      <self", out);
        xml_count(out, "Ir", f->self_ir);
        xml_cache(out, &f->self_cache);
        xml_branch(out, &f->self_branch);
        fputs("/>\n", out);
        if (lines)
            write_lines(out, f);
        if (r->has_heap && (f->heap.allocs || f->heap.frees
                            || f->heap.alloc_bytes || f->heap.free_bytes)) {
            fputs("      <heap", out);
            xml_heap(out, &f->heap);
            fputs("/>\n", out);
        }
        /* An unmarked inlined row has calls but no <inclusive>. */
        if (f->marked || g != NULL)
            xml_inclusive(out, marked->inclusive_ir, &marked->inclusive_cache,
                          r->has_heap, &marked->inclusive_heap);
        if (g != NULL)
            write_call_graph(out, r, g, &graph, i);
        fputs("    </function>\n", out);
    }
    fputs("  </functions>\n", out);
    *new_id = graph.new_id;
    free(graph.first);
    free(graph.calls);
    free(order);
}

static void write_objects(FILE *out, const struct hg_report *r)
{
    size_t i;
    if (r->object_count == 0)
        return;
    fputs("  <objects>\n", out);
    for (i = 0; i < r->object_count; i++) {
        const struct hg_object *o = &r->objects[i];
        fputs("    <object", out);
        xml_attr(out, "name", o->name);
        if (o->soname != NULL)
            xml_attr(out, "soname", o->soname);
        if (o->build_id != NULL)
            xml_attr(out, "build-id", o->build_id);
        fputs("/>\n", out);
    }
    fputs("  </objects>\n", out);
}

static void write_zones_and_marks(FILE *out, const struct hg_report *r)
{
    size_t i;
    if (r->zone_count > 0) {
        fputs("  <zones>\n", out);
        for (i = 0; i < r->zone_count; i++) {
            const struct hg_zone *z = &r->zones[i];
            fputs("    <zone", out);
            xml_attr(out, "name", z->name);
            xml_count(out, "calls", z->calls);
            fputs(">\n", out);
            xml_inclusive(out, z->inclusive_ir, &z->inclusive_cache,
                          r->has_heap, &z->inclusive_heap);
            fputs("    </zone>\n", out);
        }
        fputs("  </zones>\n", out);
    }
    if (r->mark_count == 0)
        return;
    fputs("  <marks>\n", out);
    for (i = 0; i < r->mark_count; i++) {
        fputs("    <mark", out);
        xml_attr(out, "pattern", r->marks[i].pattern);
        xml_count(out, "functions", r->marks[i].functions);
        xml_count(out, "entered", r->marks[i].entered);
        fputs("/>\n", out);
    }
    fputs("  </marks>\n", out);
}

static void write_threads(FILE *out, const struct hg_report *r)
{
    size_t i;
    if (!r->has_threads || r->thread_count == 0)
        return;
    fputs("  <threads>\n", out);
    for (i = 0; i < r->thread_count; i++) {
        const struct hg_thread *t = &r->threads[i];
        fputs("    <thread", out);
        xml_count(out, "id", t->id);
        if (t->name != NULL)
            xml_attr(out, "name", t->name);
        if (t->parent != 0)
            xml_count(out, "parent", t->parent);
        xml_attr(out, "status",
                 t->status == HG_THREAD_RUNNING ? "running" : "exited");
        xml_count(out, "Ir", t->ir);
        if (r->has_heap)
            xml_heap(out, &t->heap);
        fputs("/>\n", out);
    }
    fputs("  </threads>\n", out);
}

static void write_events(FILE *out, const struct hg_report *r)
{
    size_t i;
    if (r->has_mutexes) {
        fputs("  <mutexes>\n", out);
        for (i = 0; i < r->mutex_count; i++) {
            const struct hg_mutex *m = &r->mutexes[i];
            fputs("    <mutex", out);
            xml_count(out, "id", m->id);
            if (m->name != NULL)
                xml_attr(out, "name", m->name);
            xml_count(out, "acquisitions", m->acquisitions);
            xml_count(out, "contended", m->contended);
            fputs("/>\n", out);
        }
        fputs("  </mutexes>\n", out);
    }
    if (!r->has_events)
        return;
    fputs("  <events>\n", out);
    for (i = 0; i < r->event_count; i++) {
        const struct hg_event *e = &r->events[i];
        fputs("    <event", out);
        xml_count(out, "Ir", e->ir);
        xml_count(out, "thread", e->thread);
        xml_attr(out, "kind", hg_event_kind_name(e->kind));
        if (e->child != 0)
            xml_count(out, "child", e->child);
        if (e->cond != 0)
            xml_count(out, "cond", e->cond);
        if (e->mutex != 0)
            xml_count(out, "mutex", e->mutex);
        if (e->kind == HG_EVENT_LOCK)
            xml_attr(out, "waited", e->waited ? "yes" : "no");
        fputs("/>\n", out);
    }
    fputs("  </events>\n", out);
}

/* A context's costs: "<NAME Ir=... cache... heap.../>". */
static void xml_context_costs(FILE *out, const char *start, uint64_t ir,
                              const struct hg_cache_costs *cache,
                              bool has_heap,
                              const struct hg_heap_traffic *heap)
{
    fputs(start, out);
    xml_count(out, "Ir", ir);
    xml_cache(out, cache);
    if (has_heap)
        xml_heap(out, heap);
    fputs("/>\n", out);
}

/* A merged context's place among its siblings: its function's written
   id, a truncated root after the other. */
struct context_key {
    size_t function_id;
    bool truncated;
    size_t index;
};

static int compare_context_keys(const void *a, const void *b)
{
    const struct context_key *x = a, *y = b;
    if (x->function_id != y->function_id)
        return x->function_id < y->function_id ? -1 : 1;
    return (int)x->truncated - (int)y->truncated;
}

/* <contexts>, in the report's order (docs/report-format.md): depth-first
   pre-order, roots and each context's children by function id. */
static void write_contexts(FILE *out, const struct hg_report *r,
                           const struct merged_contexts *c,
                           const size_t *new_id)
{
    size_t n = c->count, i, k, depth = 0, written = 0;
    /* Children of context I: keys[first[I]] .. keys[first[I + 1]); the
       roots are those of I = n. */
    size_t *first = hg_xcalloc(n + 2, sizeof *first);
    size_t *next = hg_xcalloc(n + 2, sizeof *next);
    struct context_key *keys = hg_xcalloc(n + 1, sizeof *keys);
    size_t *written_id = hg_xcalloc(n + 1, sizeof *written_id);
    size_t *stack = hg_xcalloc(n + 1, sizeof *stack);   /* positions */

    if (!c->present)
        goto done;
    for (i = 0; i < n; i++)
        first[(c->all[i].parent == SIZE_MAX ? n : c->all[i].parent) + 1]++;
    for (i = 0; i <= n; i++)
        first[i + 1] += first[i];
    memcpy(next, first, (n + 2) * sizeof *next);
    for (i = 0; i < n; i++) {
        struct context_key *key = &keys[next[c->all[i].parent == SIZE_MAX
                                             ? n : c->all[i].parent]++];
        key->function_id = new_id[c->all[i].function];
        key->truncated = c->all[i].truncated;
        key->index = i;
    }
    for (i = 0; i <= n; i++)
        qsort(keys + first[i], first[i + 1] - first[i], sizeof *keys,
              compare_context_keys);
    fputs("  <contexts", out);
    xml_count(out, "max", c->max);
    xml_count(out, "count", n);
    if (c->truncated)
        xml_attr(out, "truncated", "yes");
    fputs(">\n", out);
    xml_context_costs(out, "    <outside", c->outside_ir, &c->outside_cache,
                      r->has_heap, &c->outside_heap);
    /* The walk: STACK holds, for each open level, the position of the
       next key to write among its parent's children. */
    stack[depth++] = first[n];
    while (depth > 0) {
        size_t parent = depth == 1 ? n : keys[stack[depth - 2] - 1].index;
        const struct hg_context *x;
        if (stack[depth - 1] == first[parent + 1]) {
            depth--;
            continue;
        }
        k = keys[stack[depth - 1]++].index;
        x = &c->all[k];
        written_id[k] = ++written;
        fputs("    <context", out);
        xml_count(out, "id", written);
        if (x->parent != SIZE_MAX)
            xml_count(out, "parent", written_id[x->parent]);
        xml_count(out, "function", new_id[x->function]);
        xml_count(out, "calls", x->calls);
        if (x->truncated)
            xml_attr(out, "truncated", "yes");
        fputs(">\n", out);
        xml_context_costs(out, "      <self", x->self_ir, &x->self_cache,
                          r->has_heap, &x->self_heap);
        xml_context_costs(out, "      <inclusive", x->inclusive_ir,
                          &x->inclusive_cache, r->has_heap,
                          &x->inclusive_heap);
        if (x->no_symbol_ir > 0)
            xml_context_costs(out, "      <no-symbol", x->no_symbol_ir,
                              &x->no_symbol_cache, false, NULL);
        fputs("    </context>\n", out);
        stack[depth++] = first[k];
    }
    fputs("  </contexts>\n", out);
done:
    free(first);
    free(next);
    free(keys);
    free(written_id);
    free(stack);
}

static void write_report(FILE *out, const struct hg_report *r,
                         const struct merged_functions *m)
{
    size_t *new_id = NULL;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<hotgrind format=\"1\">\n", out);
    write_run(out, r);
    write_functions(out, r, m, &new_id);
    write_objects(out, r);
    write_contexts(out, r, &m->contexts, new_id);
    free(new_id);
    write_zones_and_marks(out, r);
    write_threads(out, r);
    write_events(out, r);
    fputs("</hotgrind>\n", out);
}

/* ---------------------------------------------------------- command */

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
static void note_beside_real(struct merged_functions *m)
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
static bool kinds_disagree(struct merged_functions *m, char *problem,
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

/* ----------------------------------------------------------- inputs */

/* An <input> of one report, and which report. */
struct input_row {
    const struct hg_input *row;
    size_t report;
};

/* The report's order of <inputs>: kind, source, object, function; then
   the reports in the order given. */
static int compare_input_rows(const void *a, const void *b)
{
    const struct input_row *p = a, *q = b;
    int order = (p->row->kind > q->row->kind) - (p->row->kind < q->row->kind);
    if (order == 0)
        order = strcmp(p->row->source, q->row->source);
    if (order == 0)
        order = strcmp(p->row->object, q->row->object);
    if (order == 0)
        order = strcmp(p->row->function, q->row->function);
    if (order == 0)
        order = (p->report > q->report) - (p->report < q->report);
    return order;
}

/* <inputs>: the union of the reports' rows, the calls and bytes of a
   row in several reports summed.  False with PROBLEM when a row is
   pinned in one report and not in another: the runs did not read it
   alike. */
static bool merge_inputs(struct hg_report *out, const struct input *in,
                         size_t inputs, struct sums *s, char *problem,
                         size_t size)
{
    struct input_row *rows;
    size_t count = 0, i, j;
    bool ok = true;

    out->inputs = NULL;
    out->input_count = 0;
    for (i = 0; i < inputs; i++)
        count += in[i].report->input_count;
    if (count == 0)
        return true;
    rows = hg_xcalloc(count, sizeof *rows);
    for (i = 0, count = 0; i < inputs; i++)
        for (j = 0; j < in[i].report->input_count; j++)
            rows[count++] = (struct input_row){ &in[i].report->inputs[j], i };
    qsort(rows, count, sizeof *rows, compare_input_rows);
    out->inputs = hg_xcalloc(count, sizeof *out->inputs);
    for (i = 0; i < count && ok; i++) {
        struct hg_input *sum = &out->inputs[out->input_count];
        const struct hg_input *row = rows[i].row;
        if (out->input_count > 0 && hg_same_input(&sum[-1], row)) {
            sum--;
            if (sum->pinned != row->pinned) {
                char source[64], function[64], object[64];
                size_t first = rows[i - 1].report;
                hg_quote_for_message(source, sizeof source, row->source);
                hg_quote_for_message(function, sizeof function,
                                     row->function);
                hg_quote_for_message(object, sizeof object, row->object);
                size_t yes = row->pinned ? rows[i].report : first;
                size_t no = row->pinned ? first : rows[i].report;
                snprintf(problem, size, "%s cannot be merged with %s: the "
                         "%s input through '%s' from '%s' (%s) is pinned "
                         "in %s, not in %s", in[rows[i].report].path,
                         in[first].path, hg_input_kind_name(row->kind),
                         source, function, object, in[yes].path,
                         in[no].path);
                ok = false;
            }
            add(s, &sum->calls, row->calls);
            add(s, &sum->bytes, row->bytes);
            sum->has_bytes = sum->has_bytes || row->has_bytes;
            continue;
        }
        *sum = *row;           /* strings borrowed from the input */
        sum->bytes = row->has_bytes ? row->bytes : 0;
        out->input_count++;
    }
    free(rows);
    return ok;
}

/* Builds the merged report into OUT, whose strings belong to the inputs,
   but for the functions (summed as the inputs were read, in FUNCTIONS and
   S).  False with PROBLEM set when the sums do not fit or a function is
   marked in one report only, or inlined in one and not in another. */
static bool merge(struct hg_report *out, const struct input *in,
                  size_t inputs, struct sums *s,
                  struct merged_functions *functions, char *problem,
                  size_t size)
{
    size_t i;

    merge_run(out, in, inputs);
    out->has_call_graph = in[0].report->has_call_graph;
    out->marks = hg_xcalloc(out->mark_count, sizeof *out->marks);
    memcpy(out->marks, in[0].report->marks,
           out->mark_count * sizeof *out->marks);
    merge_totals(out, in, inputs, s);
    if (functions->mismatch) {
        snprintf(problem, size, "%s", functions->mismatch_problem);
        return false;
    }
    if (kinds_disagree(functions, problem, size))
        return false;
    if (!merge_objects(out, in, inputs, problem, size))
        return false;
    if (!merge_inputs(out, in, inputs, s, problem, size))
        return false;
    merge_zones(out, in, inputs, s);
    lay_end_to_end(out, in, inputs, s);
    for (i = 0; i < functions->count; i++)
        sum_lines_up(s, &functions->all[i]);
    if (s->overflow) {
        snprintf(problem, size, "the sums of %s ... %s do not fit in 64 "
                 "bits (or the renumbered ids in 32)", in[0].path,
                 in[inputs - 1].path);
        return false;
    }
    return true;
}

static void free_merged(struct hg_report *out)
{
    free(out->inputs);
    free(out->objects);
    free(out->marks);
    free(out->zones);
    free(out->threads);
    free(out->mutexes);
    free(out->events);
}

/* The merged report, read back from TMP_PATH, passes `hotgrind validate`:
   a last check that nothing invalid is ever renamed into place. */
static bool written_report_valid(const char *tmp_path, char *problem,
                                 size_t size)
{
    return hg_report_check(tmp_path, problem, size);
}

static int write_merged(const char *out_path, const struct hg_report *merged,
                        const struct merged_functions *functions)
{
    char problem[HG_PROBLEM_SIZE], check[HG_PROBLEM_SIZE];
    struct hg_output output;

    if (!hg_output_open(&output, out_path, problem, sizeof problem)) {
        fprintf(stderr, "hotgrind merge: %s\n", problem);
        return HG_EXIT_TROUBLE;
    }
    write_report(output.file, merged, functions);
    if (output.tmp_path != NULL) {
        if (fflush(output.file) != 0) {
            int error = errno;
            fprintf(stderr, "hotgrind merge: cannot write %s: %s\n",
                    output.tmp_path, strerror(error));
            hg_output_abandon(&output);
            return HG_EXIT_TROUBLE;
        }
        if (!written_report_valid(output.tmp_path, check, sizeof check)) {
            hg_output_abandon(&output);
            fprintf(stderr, "hotgrind merge: %s: the merged report would "
                    "not be valid (%s); nothing written\n", out_path, check);
            return HG_EXIT_TROUBLE;
        }
    }
    if (!hg_output_commit(&output, problem, sizeof problem)) {
        fprintf(stderr, "hotgrind merge: %s\n", problem);
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
    struct input *in;
    size_t inputs, i;
    char problem[HG_PROBLEM_SIZE];
    struct hg_report merged;
    struct sums sums = { false };
    struct merged_functions functions;
    int status, operands;

    status = hg_parse_options(&line, argc, argv, &operands);
    if (status != -1)
        return status;
    if (out_path == NULL || operands < 2)
        return hg_usage_error("merge", merge_usage, out_path == NULL
                              ? "no -o OUT given"
                              : "give two REPORTs or more to merge");
    status = HG_EXIT_TROUBLE;
    inputs = (size_t)operands;
    in = hg_xcalloc(inputs, sizeof *in);
    for (i = 0; i < inputs; i++)
        in[i].path = argv[i];
    memset(&functions, 0, sizeof functions);
    functions.sums = &sums;
    functions.inputs = in;

    for (i = 0; i < inputs; i++) {
        functions.input = i;
        if (!load_strictly(&in[i], &functions, problem, sizeof problem)) {
            hg_say_problem(in[i].path, problem);
            goto done;
        }
        sum_contexts(&functions, in[i].report);
        /* Summed: the input's contexts need not stay in memory. */
        free(in[i].report->contexts);
        in[i].report->contexts = NULL;
        in[i].report->context_count = 0;
        sum_pending_calls(&functions);
        note_beside_real(&functions);
    }
    for (i = 1; i < inputs; i++) {
        char diff[HG_PROBLEM_SIZE / 2];
        if (incompatible(diff, sizeof diff, in[0].report, in[i].report)) {
            snprintf(problem, sizeof problem, "cannot be merged with %s: %s",
                     in[0].path, diff);
            hg_say_problem(in[i].path, problem);
            goto done;
        }
    }
    memset(&merged, 0, sizeof merged);
    if (!merge(&merged, in, inputs, &sums, &functions, problem,
               sizeof problem))
        fprintf(stderr, "hotgrind merge: %s\n", problem);
    else
        status = write_merged(out_path, &merged, &functions);
    free_merged(&merged);
done:
    free_merged_functions(&functions);
    for (i = 0; i < inputs; i++)
        hg_report_free(in[i].report);
    free(in);
    return status;
}
