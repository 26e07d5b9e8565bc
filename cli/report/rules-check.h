/* hotgrind: what the files of the report rules (rules.c, rules-*.c)
   share: the state of the check and the checks the stream in rules.c
   calls.  Private to them; the rest of the command uses rules.h.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RULES_CHECK_H
#define HOTGRIND_RULES_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <libxml/tree.h>

#include "report/rules-figures.h"
#include "report/rules.h"

/* Ids of the listed threads or mutexes, sorted for bsearch once their
   list has ended. */
struct id_set {
    unsigned *ids;
    size_t count, capacity;
};

/* The rules are checked as the report is read (hg_rules_item,
   hg_rules_part), item by item, and the first broken one is the one a walk
   of the whole document in this order would find: the options, <totals>,
   the functions (their own rules, then their cache attributes), the
   objects, the zones (the same), the marks, the threads, the mutexes, the events.
   Each phase keeps its first problem; hg_rules_finish reports the one of
   the earliest phase. */
enum phase {
    PHASE_OPTIONS, PHASE_TOTALS_CACHE, PHASE_TOTALS_HEAP, PHASE_FUNCTIONS,
    PHASE_FUNCTIONS_CACHE, PHASE_BRANCHES, PHASE_CALL_GRAPH, PHASE_OBJECTS,
    PHASE_CONTEXTS, PHASE_ZONES, PHASE_ZONES_CACHE, PHASE_MARKS,
    PHASE_THREADS, PHASE_MUTEXES, PHASE_EVENTS, PHASES
};

/* The four heap figures of an element, in the order of
   rules_heap_attributes,
   summed over a list; fits[i] false once sum[i] no longer fits. */
enum { HEAP_FIGURES = 4 };
extern const char *const rules_heap_attributes[HEAP_FIGURES];
struct heap_sum {
    uint64_t sum[HEAP_FIGURES];
    bool fits[HEAP_FIGURES];
};

/* The objects the <function>s name, each with the line of the first
   function naming it, and whether <objects> lists it: an open-addressing
   table (a report names tens of objects, whatever its size). */
struct named_object {
    char *name;           /* NULL: an empty slot */
    long line;
    bool listed;
};
struct object_names {
    struct named_object *slots;
    size_t count, slot_count;   /* slot_count: 0 or a power of two */
};

/* A <thread parent> to look up once all the threads are listed. */
struct parent_reference {
    unsigned parent;
    uint64_t id;          /* as written, for the message */
    size_t ordinal;       /* the thread's, in file order */
    long line;
};

/* call-graph=yes: what the identities need of each function (in id
   order) and of each <call>; 120 bytes and its name and object, and 24
   bytes, so that a report of 500,000 functions and 2 million calls costs
   about 150 MB to check. */
struct graph_function {
    uint64_t calls, outside_calls;
    uint64_t incoming;            /* the <call calls> naming it */
    uint64_t inclusive_ir;
    uint64_t parts_ir;            /* self + no-symbol + its <call Ir>s */
    uint64_t self_ir, no_symbol_ir;
    /* Sums over its <context>s: self Ir less no-symbol Ir, no-symbol
       Ir, calls, calls of the roots. */
    uint64_t context_own_ir, context_no_symbol_ir;
    uint64_t context_calls, context_root_calls;
    char *name, *object;          /* for naming contexts in messages */
    long line;
    bool recursive, mid_jump;
    bool parts_fit;               /* parts_ir did not overflow */
};
struct graph_call {
    unsigned caller;              /* index */
    unsigned callee;              /* id, as written */
    uint64_t calls;
    uint64_t context_calls;       /* of the callee's contexts whose
                                     parent is the caller's */
};
/* A <call> whose callee id is above every one before it, with its line:
   the first call naming an id past the last function is one of these. */
struct id_record {
    unsigned callee;
    long line;
};
struct call_graph {
    struct graph_function *functions;
    size_t count, capacity;
    struct graph_call *calls;
    size_t call_count, call_capacity;
    size_t *first_call;           /* per function, into calls */
    size_t first_call_capacity;
    struct id_record *records;
    size_t record_count, record_capacity;
    bool has_zero;                /* a callee="0" (past the schema) */
    long zero_line;
};

/* Ir, the cache figures (hg_cache_metric_names) and the heap ones. */
enum { CONTEXT_FIGURES = 1 + HG_CACHE_METRICS + HEAP_FIGURES };

/* The figures an element has; a sum is exact while its fits bit is
   set. */
struct figures {
    uint64_t value[CONTEXT_FIGURES];
    unsigned present, fits;       /* bit i: figure i */
};

/* A context of the open path. */
struct open_context {
    uint64_t id;
    unsigned function;            /* index */
    bool truncated;
    long line;
    struct figures self, inclusive, children;
    uint64_t calls;
    bool has_child;
    uint64_t last_child;          /* sibling_key of its last child */
};

/* <contexts>: what the checks need of the items read so far. */
struct context_check {
    size_t count;                 /* <context>s so far */
    size_t truncated_count;       /* of them truncated roots */
    long truncated_line;          /* of the first truncated one; 0: none */
    bool tree_truncated;          /* <contexts truncated="yes"> */
    struct open_context *path;    /* from a root to the last context */
    size_t depth, capacity;
    bool has_root;
    uint64_t last_root;           /* sibling_key of the last root */
    struct figures outside, self_sum;
    bool has_outside;
};

struct hg_rules {
    enum phase phase;             /* of the check being made */
    size_t ordinal;               /* its place within the phase */
    bool failed[PHASES];
    size_t failed_ordinal[PHASES];
    char problems[PHASES][HG_PROBLEM_SIZE];

    bool has_totals;
    uint64_t total_ir;
    /* branch-sim=yes: Bc Bcm Bi Bim of <totals>, and the sums of the
       functions' <self> ones (exact while branch_fits). */
    bool total_branches;
    uint64_t total_branch[HG_BRANCH_METRICS], branch_sum[HG_BRANCH_METRICS];
    bool branch_fits;
    struct figures totals;        /* Ir and cache figures of <totals> */
    bool totals_heap;             /* <totals><heap> */
    /* <totals><heap>'s allocs, alloc-bytes, frees and free-bytes
       (heap_attributes), each when present. */
    bool has_total_heap[HEAP_FIGURES];
    uint64_t total_heap[HEAP_FIGURES];
    bool merged;                  /* <run><merge>: no <per-call> at all */
    /* <run><options>: heap and thread-events, checked against the report
       at the end.  NULL when not given. */
    const char *heap_option, *events_option;
    bool call_graph;              /* option call-graph is yes */
    struct call_graph graph;
    struct context_check contexts;
    long heap_option_line, events_option_line;
    bool has_events, has_mutexes;

    struct object_names objects;  /* named by the <function>s */
    bool has_object;              /* an <object> was checked */
    char *previous_object;        /* its name, for the order */
    struct id_set threads;        /* ids of the <thread>s */
    struct id_set mutexes;        /* ids of the <mutex>es */
    struct parent_reference *parents;
    size_t parent_count, parent_capacity, thread_ordinal;
    uint64_t ir_sum;
    bool ir_fits;
    struct heap_sum thread_heap;     /* of the <thread>s */
    struct heap_sum function_heap;   /* of the <function><heap>s */
    bool has_previous_event;
    uint64_t previous_event_ir;
};

/* The checks below were written for a whole document and keep its
   vocabulary: "checker" is the state of the rules. */
#define checker_failed(c) ((c)->failed[(c)->phase] \
                           && (c)->failed_ordinal[(c)->phase] <= (c)->ordinal)

/* rules.c.  broken and broken_line keep the first broken rule of the
   phase, at the line of WHERE or at LINE. */
void broken(struct hg_rules *checker, const xmlNode *where,
            const char *format, ...)
    __attribute__((format(printf, 3, 4)));
void broken_line(struct hg_rules *checker, long line,
                 const char *format, ...)
    __attribute__((format(printf, 3, 4)));
void rules_check_per_call_presence(struct hg_rules *checker,
                                   const xmlNode *node);

/* A check of the rules on one element, NODE, as named below. */
typedef void rules_check_fn(struct hg_rules *checker, const xmlNode *node);

/* rules-options.c: of <run> */
rules_check_fn rules_check_exit, rules_check_input_options,
               rules_check_inputs, rules_check_options;
void rules_check_options_against_report(struct hg_rules *checker);

/* rules-heap.c */
bool rules_add_to(uint64_t *sum, uint64_t value);
bool rules_read_branches(struct hg_rules *checker, const xmlNode *node,
                         uint64_t value[HG_BRANCH_METRICS]);
void rules_add_heap(struct heap_sum *sum, const xmlNode *node);
rules_check_fn rules_check_activations, rules_check_branch_sums,
               rules_check_cache_attributes, rules_check_entity_cache,
               rules_check_function, rules_check_function_branches,
               rules_check_function_lines, rules_check_heap_attributes,
               rules_check_totals_heap;

/* rules-graph.c: of <functions>, of a <function> */
rules_check_fn rules_check_graph, rules_check_graph_item;
void rules_free_call_graph(struct call_graph *g);

/* rules-contexts.c: of a <context>, of <contexts>, of <outside> */
rules_check_fn rules_check_context, rules_check_contexts,
               rules_check_outside;
void rules_read_figures(const xmlNode *node, struct figures *f);

/* rules-threads.c: of an <event>, a <mutex>, an <object>, <objects>, a
   <thread>, <threads> */
int rules_compare_ids(const void *a, const void *b);
rules_check_fn rules_check_event, rules_check_mutex, rules_check_object,
               rules_check_objects_listed, rules_check_thread,
               rules_check_threads;
void rules_collect_function_object(struct hg_rules *checker,
                                   const xmlNode *node);
void rules_collect_id(struct id_set *set, const xmlNode *node);
void rules_free_object_names(struct object_names *set);

#endif
