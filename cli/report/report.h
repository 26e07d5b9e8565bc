/* hotgrind: the report reader used by every host command.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_REPORT_H
#define HOTGRIND_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report/rules-figures.h"
#include "util/messages.h"   /* hg_quote_for_message */

/* The only report format this reader understands; see docs/report-format.md. */
#define HG_REPORT_FORMAT 1

/* The exact distribution of the inclusive Ir of single calls of a marked
   function or zone (<per-call>).  The mean is kept as written, a whole
   number and two decimals, so that nothing is lost to floating point. */
struct hg_per_call {
    uint64_t min;
    uint64_t max;
    uint64_t mean_units;         /* "103.56": 103 */
    unsigned mean_hundredths;    /*           56 */
    uint64_t p50;
    uint64_t p95;
    uint64_t p99;
};

/* Heap traffic (heap=yes): blocks allocated and freed, and their bytes. */
struct hg_heap_traffic {
    uint64_t allocs;
    uint64_t alloc_bytes;        /* a zero-byte request counts 1 */
    uint64_t frees;
    uint64_t free_bytes;
};

/* The heap of the whole run (<totals><heap>), DHAT's figures. */
struct hg_heap_totals {
    struct hg_heap_traffic traffic;
    uint64_t peak_bytes;         /* live at the global maximum */
    uint64_t peak_blocks;
    uint64_t exit_bytes;         /* live at the end, after freeres */
    uint64_t exit_blocks;
};

/* The eight cache figures, or none (present = false: --cache-sim=no);
   cycles only when has_cycles (reports of 0.1.0 before the cost model
   have none). */
struct hg_cache_costs {
    bool present;
    bool has_cycles;
    uint64_t value[HG_CACHE_METRICS];
};

/* The four, or none (present = false: --branch-sim=no).  Only <totals>,
   a function's <self> and its <line>s have them. */
struct hg_branch_costs {
    bool present;
    uint64_t value[HG_BRANCH_METRICS];
};

/* One <line> of a function's <lines> (lines=yes): the self costs of
   the function's instructions at one source line, every event the
   report has (docs/report-format.md, "Lines").  A function's lines add
   up to its <self> (the rules check it). */
struct hg_line {
    char *file;                  /* "" when there is no line info */
    char *dir;                   /* NULL when absent */
    unsigned line;               /* 0 when unknown */
    uint64_t ir;
    struct hg_cache_costs cache;
    struct hg_branch_costs branch;
};

/* One <call> of a function's <callees> (call-graph=yes): the calls it
   made to one callee, and the sum of those calls' inclusive costs. */
struct hg_call {
    size_t callee;               /* index into report->functions */
    uint64_t calls;
    uint64_t ir;
    struct hg_cache_costs cache;
    bool has_heap;
    struct hg_heap_traffic heap;
};

struct hg_function {
    char *name;          /* never empty: "???" when unknown */
    char *object;        /* basename of the object file, never empty */
    char *file;          /* source file, "" when unknown */
    unsigned line;       /* first line of the function, 0 when unknown */
    char *dir;           /* file's directory as the debug info records it;
                            NULL when absent.  Not part of the identity. */
    uint64_t self_ir;    /* instructions executed in the function itself */
    struct hg_cache_costs self_cache;
    struct hg_branch_costs self_branch;

    /* inline=yes: the row of an inlined function (inlined="yes"), and
       the function its code is in; false and NULL otherwise.  Such a
       row has calls, and inclusive figures only when marked. */
    bool inlined;
    char *inlined_into;

    /* Marked functions (marked="yes"), and every function of a report
       with a call graph; zero otherwise. */
    bool marked;                 /* a mark pattern matched it */
    uint64_t calls;              /* entries while collection was on */
    uint64_t inclusive_ir;       /* counted once under recursion */
    struct hg_cache_costs inclusive_cache;
    bool has_per_call;           /* <per-call> is absent when calls is 0 */
    struct hg_per_call per_call;

    /* heap=yes: the function's own <heap>, absent when all four are 0. */
    bool has_heap;
    struct hg_heap_traffic heap;
    /* heap=yes, marked functions: the heap traffic inside its calls. */
    bool has_inclusive_heap;
    struct hg_heap_traffic inclusive_heap;

    /* call-graph=yes (docs/report-format.md); zero otherwise. */
    bool has_call_graph;         /* the report was made with
                                    --call-graph=yes */
    unsigned id;                 /* 1.. ; 0 without a call graph */
    uint64_t outside_calls;      /* entries with no known caller */
    bool recursive;
    /* A direct jump entered this function's middle from another, or went
       from it into another's (mid-jump="yes"): its inclusive Ir is not
       self + callees. */
    bool mid_jump;
    uint64_t no_symbol_ir;       /* code without a symbol run while it was
                                    the innermost activation */
    struct hg_cache_costs no_symbol_cache;
    struct hg_call *callees;     /* sorted by callee; NULL when none */
    size_t callee_count;

    /* lines=yes: its <lines>, in the report's order (file, dir, line);
       NULL when the report has none. */
    struct hg_line *lines;
    size_t line_count;
};

/* A calling context (<context>): a path of activations from a root,
   with the costs of the activations that entered it, summed over threads
   (docs/report-format.md, "Calling contexts").  The reader and the rules
   guarantee parent < own index, function < function_count. */
#define HG_NO_PARENT SIZE_MAX
struct hg_context {
    size_t parent;               /* index into report->contexts,
                                    HG_NO_PARENT for a root */
    size_t function;             /* index into report->functions */
    bool truncated;              /* a root made once the cap was reached */
    uint64_t calls;
    uint64_t self_ir;            /* no-symbol included */
    struct hg_cache_costs self_cache;
    uint64_t inclusive_ir;
    struct hg_cache_costs inclusive_cache;
    bool has_heap;               /* heap=yes */
    struct hg_heap_traffic self_heap;
    struct hg_heap_traffic inclusive_heap;
    uint64_t no_symbol_ir;       /* 0 without <no-symbol> */
    struct hg_cache_costs no_symbol_cache;
};

/* An executable or shared library the functions ran in (<objects>). */
struct hg_object {
    char *name;          /* basename, as in <function object> */
    char *soname;        /* DT_SONAME; NULL when absent */
    char *build_id;      /* lowercase hex; NULL when absent */
};

/* A HOTGRIND_ZONE_BEGIN/END region, reported like a marked function. */
struct hg_zone {
    char *name;          /* never empty */
    uint64_t calls;
    uint64_t inclusive_ir;
    struct hg_cache_costs inclusive_cache;
    bool has_per_call;
    struct hg_per_call per_call;
    bool has_inclusive_heap;     /* heap=yes */
    struct hg_heap_traffic inclusive_heap;
};

/* A --mark pattern and what it matched during the run. */
struct hg_mark {
    char *pattern;       /* as given, "OBJ:" included */
    uint64_t functions;  /* distinct functions that ran and matched */
    uint64_t entered;    /* how many of those were called */
};

enum hg_thread_status {
    HG_THREAD_EXITED,            /* finished before the program ended */
    HG_THREAD_RUNNING,           /* still alive when it ended */
};

struct hg_thread {
    unsigned id;                 /* creation order, 1 = main */
    char *name;                  /* NULL unless the program named it */
    unsigned parent;             /* the creating thread; 0 for thread 1 */
    enum hg_thread_status status;
    uint64_t ir;                 /* the threads' Ir add up to total_ir */
    bool has_heap;               /* heap=yes */
    struct hg_heap_traffic heap; /* allocations and frees it made */
    bool has_sync_ir;            /* thread-events=yes */
    uint64_t sync_ir;            /* the part of ir inside synchronisation */
};

/* A mutex locked while thread-events=yes. */
struct hg_mutex {
    unsigned id;                 /* first-use order */
    char *name;                  /* "symbol" or "symbol+off"; NULL if none */
    uint64_t acquisitions;
    uint64_t contended;          /* acquisitions that waited */
};

/* Event kinds, in the order of docs/report-format.md.  A kind this
   version does not know loads as HG_EVENT_OTHER. */
enum hg_event_kind {
    HG_EVENT_CREATE,
    HG_EVENT_EXIT,
    HG_EVENT_JOIN,
    HG_EVENT_LOCK,
    HG_EVENT_UNLOCK,
    HG_EVENT_COND_WAIT,
    HG_EVENT_COND_SIGNAL,
    HG_EVENT_COND_BROADCAST,
    HG_EVENT_OTHER,
    HG_EVENT_KINDS
};

/* The kind as the report writes it ("cond-wait"); "other" for
   HG_EVENT_OTHER. */
const char *hg_event_kind_name(enum hg_event_kind kind);

struct hg_event {
    uint64_t ir;                 /* instructions of all threads so far */
    unsigned thread;
    enum hg_event_kind kind;
    unsigned child;              /* create, join; 0 otherwise */
    unsigned mutex;              /* lock, unlock, cond-wait; 0 otherwise */
    unsigned cond;               /* cond-*; 0 otherwise */
    bool waited;                 /* lock: the thread waited for it */
};

/* <option name value/> of <run><options>: what changes the counts; also
   each <setting name value/> of <run><launcher> and each <var name
   value/> of <run><environment>. */
struct hg_option {
    char *name;
    char *value;
};

/* How the program ended (<run><exit how>); HG_ENDED_UNKNOWN when the
   report does not say (older reports, merged ones). */
enum hg_ended_by {
    HG_ENDED_UNKNOWN,
    HG_ENDED_BY_STATUS,          /* it exited: status */
    HG_ENDED_BY_SIGNAL,          /* a fatal signal: signal, 0 if unknown */
    HG_ENDED_BY_EXEC,            /* execve replaced it */
};

struct hg_exit {
    enum hg_ended_by how;
    unsigned status;             /* 0 to 255 */
    unsigned signal;             /* Linux's number; 0 when not known */
};

/* <input kind> of <run><inputs>: what the program read from outside
   that can change its counts. */
enum hg_input_kind {
    HG_INPUT_RANDOM,             /* OS randomness */
    HG_INPUT_CLOCK,              /* a clock */
    HG_INPUT_CPU_COUNT,          /* the number of CPUs */
    HG_INPUT_KINDS
};

/* The kind as the report writes it ("cpu-count"). */
const char *hg_input_kind_name(enum hg_input_kind kind);

/* <input/> of <run><inputs>: one per kind, source, function and object. */
struct hg_input {
    enum hg_input_kind kind;
    char *source;                /* getrandom, clock_gettime, /proc/stat... */
    char *function, *object;     /* who read it; "???" when unknown */
    uint64_t calls;              /* at least 1 */
    bool has_bytes;              /* kind random only */
    uint64_t bytes;
    bool pinned;                 /* the generator's bytes, the virtual
                                    clock, the pinned count */
};

/* Whether A and B are the same read: kind, source, function, object. */
bool hg_same_input(const struct hg_input *a, const struct hg_input *b);

struct hg_report {
    unsigned format;
    char *tool_version;
    char *valgrind_version;
    char *arch;
    char *exe;           /* the client as given on the command line;
                            hg_report_program() for the program */
    char **args;
    size_t arg_count;

    /* What the run was given and the machine it saw; each NULL / false /
       empty when the report does not have it. */
    struct hg_option *options;       /* in file order */
    size_t option_count;
    char *platform_hwcaps;           /* <platform hwcaps> */
    char *libc_name, *libc_version;  /* <libc> */
    bool has_environment;
    uint64_t environment_variables, environment_bytes;
    struct hg_option *environment;   /* the few values the report gives */
    size_t environment_count;
    char *launcher;                  /* <launcher name>; NULL without one */
    struct hg_option *settings;      /* its <setting name value/>s, each
                                        a thing it fixed; in file order */
    size_t setting_count;
    struct hg_input *inputs;         /* <inputs>, in file order; none
                                        without (nothing read, or a tool
                                        from before it) */
    size_t input_count;
    bool has_cost_model;             /* --cache-sim=yes */
    char *cost_model_name;
    uint64_t cost_model_version, cost_l1_miss, cost_ll_miss;
    bool has_cost_mispredict;        /* l1-ll-branch-miss: mispredictions
                                        priced too */
    uint64_t cost_mispredict;
    bool has_cache_geometry;         /* --cache-sim=yes */
    char *cache_i1, *cache_d1, *cache_ll;
    char *cache_source;              /* optional in the schema: NULL */
    /* <merge reports>: how many reports of sharded runs `hotgrind merge`
       summed into this one (docs/report-format.md, "Merged reports"); 0
       for a report the tool wrote. */
    uint64_t merged_reports;
    struct hg_exit exit;             /* <exit> */

    bool has_host;       /* <host> is opt-in; the rest is reproducible */
    unsigned host_pid;
    unsigned host_ppid;
    char *host_cwd;

    uint64_t total_ir;
    struct hg_cache_costs total_cache;
    struct hg_branch_costs total_branch;
    struct hg_function *functions;   /* in file order */
    size_t function_count;
    /* call-graph=yes: every function has an id (its index + 1), calls,
       inclusive costs and its callees. */
    bool has_call_graph;
    /* Sorted by name; none without <objects> (reports from before it). */
    struct hg_object *objects;
    size_t object_count;
    /* <contexts> (call-graph=yes, max-contexts not 0); all zero
       without. */
    bool has_contexts;
    uint64_t context_max;            /* max= */
    bool contexts_truncated;
    uint64_t outside_ir;             /* <outside> */
    struct hg_cache_costs outside_cache;
    struct hg_heap_traffic outside_heap;
    struct hg_context *contexts;     /* in report order */
    size_t context_count;
    struct hg_zone *zones;           /* in file order; none without <zones> */
    size_t zone_count;
    struct hg_mark *marks;           /* in file order; none without <marks> */
    size_t mark_count;

    bool has_heap;                   /* <totals><heap>: heap=yes */
    struct hg_heap_totals heap;

    /* Each list may be NULL when its count is 0.  The has_ flags tell an
       absent element from an empty one. */
    bool has_threads;                /* absent from older reports */
    struct hg_thread *threads;       /* in file order (by id) */
    size_t thread_count;
    bool has_mutexes;                /* thread-events=yes, a mutex locked */
    struct hg_mutex *mutexes;        /* in file order (by id) */
    size_t mutex_count;
    bool has_events;                 /* thread-events=yes */
    struct hg_event *events;         /* in file order */
    size_t event_count;
    size_t events_by_kind[HG_EVENT_KINDS];
};

/* The largest report hg_report_load checks against the schema.  The
   checks of the loader and the rules cost little whatever the size; the
   schema, checked while the file is parsed, costs no memory but 3 to 5
   times the time of reading the report (a 200 MB report of 900,000
   functions: 2.4 s of CPU to read, 5.9 s with the schema; 1.2 million
   thread events, 100 MB: 1.5 s and 5.7 s).  Up to this size that is
   under about half a second. */
#define HG_SCHEMA_CHECKED_BYTES (16 * 1024 * 1024)

/* Reads the report at PATH.  On failure returns NULL and writes one line
   (without the file name or a newline) into PROBLEM.  What it reads
   passes what `hotgrind validate` checks: well-formed XML, what the
   loader needs (format 1, required elements and attributes, numbers),
   the built-in schema (checked while the file is parsed; for a regular
   file of at most HG_SCHEMA_CHECKED_BYTES) and the rules the schema
   cannot express; the first problem in that order is the one reported. */
struct hg_report *hg_report_load(const char *path, char *problem,
                                 size_t problem_size);

/* hg_report_load's checks, the schema whatever the size, keeping
   nothing: memory does not grow with the number of functions (`hotgrind
   validate`). */
bool hg_report_check(const char *path, char *problem, size_t problem_size);

/* hg_report_load, with the schema whatever the size, but each function
   is handed to EACH as soon as it is loaded (in file order, while no
   problem has been found) instead of being kept: the report comes back
   with no functions.  EACH may take
   the function's strings and callees (and set them to NULL); the rest is
   freed after it returns.  For `merge`, which sums functions as it reads them. */
struct hg_report *hg_report_load_each(const char *path,
                                      void (*each)(void *data,
                                                   struct hg_function *),
                                      void *data, char *problem,
                                      size_t problem_size);

void hg_report_free(struct hg_report *report);

/* The value of option NAME (the first one for a repeated option), or
   NULL. */
const char *hg_report_option(const struct hg_report *report,
                             const char *name);

/* Whether REPORT says what the program read from outside (<inputs>): it
   has <inputs>, or it lists the option det-random, which the tools that
   write <inputs> always list (then no <inputs> means nothing was read).
   False for a report of a tool from before <inputs>. */
bool hg_report_tracks_inputs(const struct hg_report *report);

/* Whether REPORT has per-line costs: it was made with --lines=yes (or,
   hand-written, some function has <lines>). */
bool hg_report_has_lines(const struct hg_report *report);

/* The <object> named NAME, or NULL when the report does not list it. */
const struct hg_object *hg_report_object(const struct hg_report *report,
                                         const char *name);

/* The program the run measured, for comparing and showing: the value of
   the launcher's `program` setting (the first one) when the report has a
   <launcher> with a non-empty one, since a launcher such as `hotgrind run`
   execs every program by the same path (<exe> is /proc/self/fd/3); <exe>
   otherwise. */
const char *hg_report_program(const struct hg_report *report);

/* How the program of REPORT ended, in a few words for one line: "status
   0", "killed by signal 6 (SIGABRT)", "ended by a signal (which one is
   unknown)", "replaced by exec"; "" when the report does not say. */
void hg_describe_exit(const struct hg_exit *exit_, char *text, size_t size);

/* Whether EXIT is one a comparison can trust: the program exited with
   status 0, or the report does not say (judged as before <exit>). */
bool hg_exit_is_clean(const struct hg_exit *exit_);

/* Name, object, file, line: the identity of a function, in the order the
   report breaks ties of self Ir in (docs/report-format.md, "Order");
   negative, 0 or positive as strcmp. */
int hg_compare_identity(const struct hg_function *f,
                        const struct hg_function *g);

/* The report's order of functions (docs/report-format.md, "Order"): self
   Ir descending, then hg_compare_identity.  A qsort comparison of
   pointers to functions. */
int hg_compare_report_order(const void *a, const void *b);

#endif
