/*--------------------------------------------------------------------*/
/*--- hotgrind: declarations shared by the tool's files.           ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind, a Valgrind tool that counts, per
   function and deterministically, the instructions a program executes.

   hotgrind is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.
*/

#ifndef HT_INCLUDE_H
#define HT_INCLUDE_H

#include "pub_tool_basics.h"
#include "pub_tool_machine.h"
#include "pub_tool_tooliface.h"

#include "ht_compat.h"   /* what differs between Valgrind versions */

#define HT_(str) VGAPPEND(vgHotgrind_, str)

/* A Valgrind thread id the tool may index its per-thread arrays with
   ([VG_N_THREADS]; 0 is VG_INVALID_THREADID).  Checked where a thread id
   comes in from the core or a client request, never on a per-instruction
   path. */
#define HT_VALID_TID(tid) ((tid) >= 1 && (tid) < VG_N_THREADS)

/* Byte order of the tool's own counters, for the loads and stores the
   instrumentation adds. */
#ifdef VG_BIGENDIAN
#  define HT_ENDIAN Iend_BE
#else
#  define HT_ENDIAN Iend_LE
#endif

/* Version of the XML report format (the format="" attribute).  Bump it
   only for changes that break a reader of the previous version; see
   docs/report-format.md. */
#define HT_REPORT_FORMAT 1

/* Cache figures of --cache-sim=yes, in Cachegrind's order after Ir. */
enum { HT_I1mr, HT_ILmr, HT_Dr, HT_D1mr, HT_DLmr, HT_Dw, HT_D1mw, HT_DLmw,
       HT_N_CACHE };

/* Heap figures (--heap=yes): allocations, bytes allocated, frees, bytes
   freed. */
enum { HT_Allocs, HT_AllocBytes, HT_Frees, HT_FreeBytes, HT_N_HEAP };

/* Branch figures of --branch-sim=yes, in Cachegrind's order: conditional
   branches and their mispredictions, indirect ones and theirs. */
enum { HT_Bc, HT_Bcm, HT_Bi, HT_Bim, HT_N_BRANCH };

/* Everything counted, for inclusive costs: the difference of two
   snapshots of a thread's clock. */
typedef struct {
   ULong ir;
   ULong cache[HT_N_CACHE];
   ULong heap[HT_N_HEAP];
} HT_Costs;

/* What entering a function means besides counting it: the allocator
   and pthread functions the tool observes at entry and return
   (ht_heap.c, ht_threads.c). */
typedef enum {
   HT_Obs_None = 0,
   /* allocators: where the size and the block are */
   HT_Obs_Malloc,        /* size in arg 1, block returned (also new, valloc) */
   HT_Obs_Calloc,        /* arg 1 * arg 2 */
   HT_Obs_Realloc,       /* block arg 1, size arg 2 */
   HT_Obs_Reallocarray,  /* block arg 1, size arg 2 * arg 3 */
   HT_Obs_Memalign,      /* alignment arg 1, size arg 2 (aligned_alloc) */
   HT_Obs_PosixMemalign, /* *arg 1 = block, size arg 3, returns 0 */
   HT_Obs_Pvalloc,       /* size arg 1 rounded up to pages (0: a page) */
   HT_Obs_Free,          /* block arg 1 (also delete) */
   /* pthread functions */
   HT_Obs_ThreadCreate,  /* *arg 1 = the new thread's pthread_t */
   HT_Obs_ThreadJoin,
   HT_Obs_MutexLock,     /* lock, trylock, timedlock: acquired if 0 */
   HT_Obs_MutexUnlock,
   HT_Obs_CondWait,      /* cond arg 1, mutex arg 2 */
   HT_Obs_CondSignal,
   HT_Obs_CondBroadcast,
   HT_Obs_SetName,       /* pthread_setname_np(thread, name) */
   HT_Obs_Self,          /* pthread_self(): a thread's own handle */
   /* Valgrind's freeres wrapper: the program has ended */
   HT_Obs_ProgramEnd
} HT_Observed;

#define HT_IS_ALLOCATOR(o) ((o) >= HT_Obs_Malloc && (o) <= HT_Obs_Free)
#define HT_IS_PTHREAD(o)   ((o) >= HT_Obs_ThreadCreate && (o) <= HT_Obs_Self)
/* The pthread functions whose time is synchronisation (sync-Ir). */
#define HT_IS_SYNC(o)      ((o) >= HT_Obs_ThreadJoin && (o) <= HT_Obs_CondBroadcast)

/* A table of function names and what entering each means, ended by
   { NULL, HT_Obs_None } (ht_heap.c: allocators, ht_threads.c: pthread
   functions). */
typedef struct {
   const HChar* name;
   HT_Observed  kind;
} HT_Known;
/* The kind of 'name' in 'table', compared without a symbol version
   ("@@GLIBC_2.34"); HT_Obs_None if it is not there.  In ht_heap.c. */
HT_Observed HT_(known_kind)(const HT_Known* table, const HChar* name);

/*------------------------------------------------------------*/
/*--- Command-line options (ht_main.c)                     ---*/
/*------------------------------------------------------------*/

typedef struct {
   UInt size, assoc, line;   /* bytes, ways, bytes */
} HT_CacheGeometry;

#define HT_MAX_MARK_FILES 16

/* --cost-model: how the report's cycles are estimated (ht_report.c). */
typedef enum {
   HT_Cost_L1LLMiss,         /* l1-ll-miss: cache misses (the default) */
   HT_Cost_L1LLBranchMiss    /* l1-ll-branch-miss: and mispredictions */
} HT_CostModel;

/* Every option, read in one place (ht_main.c's
   ht_process_cmd_line_option) and only read elsewhere.  The patterns of
   --mark, --alloc-fn and --free-fn are parsed as they are read, into
   ht_mark.c's tables; strings point into Valgrind's argument list, which
   lives as long as the run. */
/* --debug-corrupt-graph (tests only, not in --help): which identity of
   the call graph HT_(graph_debug_corrupt) breaks. */
typedef enum {
   HT_Corrupt_None,
   HT_Corrupt_Calls,         /* calls = outside calls + incoming calls */
   HT_Corrupt_Inclusive      /* inclusive Ir = self + no-symbol + callees */
} HT_CorruptGraph;

/* --tier (ht_tier.c): which instrumentation a block gets; under auto,
   the runs of a block in tier 1 before it is promoted. */
#define HT_TIER_THRESHOLD 1000
typedef enum {
   HT_Tier_Auto,             /* tier 1, tier 2 once it ran often enough */
   HT_Tier_1,                /* predictor calls only, never promoted */
   HT_Tier_2                 /* the inline predictor from the start */
} HT_Tier;

typedef struct {
   const HChar*     out_file;         /* --hotgrind-out-file */
   Bool             host_info;        /* --host-info */
   Bool             collect_atstart;  /* --collect-atstart */
   Bool             cache_sim;        /* --cache-sim */
   Bool             branch_sim;       /* --branch-sim */
   HT_CostModel     cost_model;       /* --cost-model */
   /* --I1, --D1, --LL: fixed by default, so every machine simulates the
      same caches; with --cache-geometry=host the ones not given are the
      host's (from post_clo_init on). */
   HT_CacheGeometry I1, D1, LL;
   Bool             given_I1, given_D1, given_LL;
   Bool             geometry_host;    /* --cache-geometry=host */
   Bool             heap;             /* --heap */
   Bool             thread_events;    /* --thread-events */
   Bool             call_graph;       /* --call-graph */
   Bool             lines;            /* --lines: self costs per line */
   Bool             inlined;          /* --inline: inlined functions get
                                         rows of their own (ht_inline.c) */
   /* --max-contexts: the calling-context tree's node cap (0: no tree);
      given: written in <options> only when the user gave it. */
   UInt             max_contexts;
   Bool             given_max_contexts;
   /* --launcher (NULL if not given) and its --run-setting=KEY=VALUE
      texts, in the order given: what a launcher such as `hotgrind run`
      did to make the run reproducible. */
   const HChar*     launcher;
   const HChar**    run_settings;
   UInt             n_run_settings;
   /* --dead-mark-exitcode: the status of a run whose program exited
      with 0 but in which a mark pattern was never entered; 0: off. */
   Int              dead_mark_exitcode;
   /* --mark-file, read after all options (ht_mark.c). */
   const HChar*     mark_files[HT_MAX_MARK_FILES];
   UInt             n_mark_files;
   /* --det-random, --random-seed (ht_random.c), --det-clock
      (ht_clock.c), --cpus (ht_cpus.c; 0: the host's). */
   Bool             det_random;
   ULong            random_seed;
   Bool             det_clock;
   UInt             cpus;
   /* --debug-corrupt-graph: for regtest/graph_self_check.sh only. */
   HT_CorruptGraph  debug_corrupt_graph;
   /* --tier, --tier-threshold (ht_tier.c): how blocks are instrumented;
      neither changes a count, so neither is in the report. */
   HT_Tier          tier;
   UWord            tier_threshold;
} HT_Clo;

extern HT_Clo HT_(clo);

/* Copies client memory at 'a' into 'buf', refusing memory the client
   cannot read (False).  With 'string', copies up to and including a NUL,
   and always ends 'buf' with one (a longer string is cut to size - 1
   bytes); otherwise copies exactly 'size' bytes. */
Bool HT_(read_client)(Addr a, void* buf, SizeT size, Bool string);
/* execve is about to replace the process image (path NULL: execveat):
   writes the report now, unless the exec is bound to fail (False). */
Bool HT_(before_exec)(const HChar* path);
/* An exec that HT_(before_exec) wrote the report for failed. */
void HT_(exec_failed)(void);
/* The text of errno value 'err' (positive), for messages. */
const HChar* HT_(strerror)(Int err);

/*------------------------------------------------------------*/
/*--- Instrumentation (ht_instrument.c)                    ---*/
/*------------------------------------------------------------*/

/* min_line: the smallest line of the simulated caches. */
void  HT_(instrument_init)(UInt min_line);
IRSB* HT_(instrument)(VgCallbackClosure* closure, IRSB* sbIn,
                      const VexGuestLayout* layout,
                      const VexGuestExtents* vge,
                      const VexArchInfo* archinfo_host,
                      IRType gWordTy, IRType hWordTy);
/* Emits "*addr += by" as flat IR: 'addr' a constant or a temporary
   (it is used twice), 'by' a 64-bit atom. */
void  HT_(emit_add)(IRSB* sb, IRExpr* addr, IRExpr* by);
/* The guest address an IR constant (a jump target) holds. */
Addr  HT_(const_address)(const IRConst* c);

/*------------------------------------------------------------*/
/*--- Per-call distributions (ht_percall.c)                ---*/
/*------------------------------------------------------------*/

/* Every call's own inclusive Ir, kept exactly as a multiset (value ->
   count), so percentiles are exact and memory grows with the number of
   distinct values, not of calls. */
typedef struct _HT_PerCall HT_PerCall;

typedef struct {
   ULong n, min, max, sum;
   ULong p50, p95, p99;        /* nearest-rank percentiles */
} HT_PerCallSummary;

HT_PerCall* HT_(percall_new)(void);
void        HT_(percall_add)(HT_PerCall* pc, ULong value);
void        HT_(percall_summary)(HT_PerCall* pc, HT_PerCallSummary* s);

/*------------------------------------------------------------*/
/*--- Objects (ht_object.c)                                ---*/
/*------------------------------------------------------------*/

/* An executable or shared library code ran in, known by its file's
   basename; never moves or is freed. */
typedef struct _HT_Object {
   struct _HT_Object* next;      /* hash chain */
   const HChar*       name;      /* basename, or "???" when unknown */
   const HChar*       soname;    /* DT_SONAME; NULL when none */
   const HChar*       build_id;  /* NT_GNU_BUILD_ID in lowercase hex; NULL
                                    when none or the file is unreadable */
   UInt               hash;
   Bool               listed;    /* the report names it (ht_report.c) */
} HT_Object;

/* The object holding client address 'a' (translation time: a debug-info
   call and a hash probe; the soname and build id are resolved when the
   object is first seen).  The "???" object when Valgrind knows none. */
HT_Object*  HT_(object_at)(DiEpoch ep, Addr a);
/* Every object seen but "???", sorted by name (bytewise).  Caller frees
   the array. */
HT_Object** HT_(objects_sorted)(UInt* n_out);

/*------------------------------------------------------------*/
/*--- Functions (ht_fn.c)                                  ---*/
/*------------------------------------------------------------*/

/* What code without a symbol (a "???" function: PLT stubs, stripped
   code) cost while a function's activation was the innermost one
   (--call-graph=yes): instrumented code adds to the innermost
   activation's through HT_(innermost_no_symbol). */
typedef struct {
   ULong ir;
   ULong cache[HT_N_CACHE];
} HT_NoSymbolCosts;

struct _HT_Edge;
struct _HT_Context;

/* Self costs as instrumented code and the simulators add them: a
   function's, or with --lines=yes one of its source lines'.  One type
   for both, so a counter's address and the simulators' helpers take one
   record whichever it is. */
typedef struct {
   ULong ir;
   ULong cache[HT_N_CACHE];     /* --cache-sim=yes only */
   ULong branch[HT_N_BRANCH];   /* --branch-sim=yes only */
   /* "???" code with --call-graph=yes: what it costs also goes to the
      innermost activation's no_sym (HT_(innermost_no_symbol)). */
   Bool  no_symbol;
} HT_SelfCosts;

/* One function as the report names it: demangled name, object basename,
   and the source file and line of its entry.  Instrumented code adds to
   'self' directly, so an HT_Fn never moves and is never freed. */
struct _HT_Line;

typedef struct _HT_Fn {
   struct _HT_Fn* next;     /* hash chain in the identity table */
   const HChar*   name;     /* "???" when the address has no symbol */
   const HChar*   object;   /* obj->name: basename of the mapped file, or
                               "???" */
   HT_Object*     obj;
   const HChar*   file;     /* "" when there is no line info */
   const HChar*   dir;      /* the file's directory as the debug info
                               records it; "" when none.  Not part of the
                               identity: the first seen is kept. */
   UInt           line;     /* 0 when there is no line info */
   UInt           hash;
   /* Its self costs.  With --lines=yes instrumented code counts in its
      lines' records only, and these are their sums, made when the
      program ends (HT_(fn_snapshot_end)) and before the report. */
   HT_SelfCosts   self;
   /* For marked functions (--mark), and for every function with
      --call-graph=yes: */
   Bool           marked;
   ULong          calls;    /* entries, all threads */
   HT_Costs       incl;     /* inclusive costs of outermost activations */
   /* A bit a thread id, set while the thread's outermost counted
      activation is open (NULL until the first counted entry). */
   UChar*         outer_open;
   HT_PerCall*    percall;  /* marked only: each call's own inclusive Ir */
   /* --call-graph=yes only: */
   ULong          outside_calls;   /* counted entries with no caller */
   Bool           recursive;       /* entered while already active */
   /* A direct jump (or fall-through) went from this function into
      another's middle, or from another into this one's middle: code
      then runs as one function's self cost inside the other's
      activation (glibc's mempcpy jumps into memcpy's body). */
   Bool           mid_jump;
   HT_NoSymbolCosts no_sym;        /* "???" code run while innermost */
   UInt           report_id;       /* position in <functions>, from 1 */
   struct _HT_Edge* last_edge;     /* the edge into it last looked up */
   /* Its root context (ht_context.c), or its truncated root when the
      cap stopped the normal one from being made; NULL until needed. */
   struct _HT_Context* root_context;
   struct _HT_Context* truncated_root;
   /* Its context last entered from a parent (a caller calling it in a
      loop among other calls). */
   struct _HT_Context* last_context;
   ULong          heap[HT_N_HEAP];     /* self, --heap=yes only */
   HT_Observed    observe;  /* decided once, when the function is created */
   /* Its self costs when the program ended, before Valgrind's freeres
      ran. */
   HT_SelfCosts   end;
   ULong          end_calls;     /* calls when the program ended */
   /* --lines=yes: its source lines, in creation order. */
   struct _HT_Line* lines;
   /* --inline=yes: the real function this inlined function's row is
      inlined into (its code is there); NULL for a real function.  Part
      of the identity. */
   struct _HT_Fn*   inlined_into;
} HT_Fn;

/* --lines=yes: one (function, source file, line) with its self costs.
   Resolved at translation time like HT_Fn, so instrumented code and the
   simulators add to 'self' directly; never moves, never freed. */
typedef struct _HT_Line {
   struct _HT_Line* next;      /* hash chain */
   struct _HT_Line* fn_next;   /* the function's next line */
   HT_Fn*           fn;
   const HChar*     file;      /* "" when there is no line info */
   const HChar*     dir;       /* "" when none; part of the identity */
   UInt             line;      /* 0 when there is no line info */
   UInt             hash;
   HT_SelfCosts     self;      /* Ir only once the program ended */
   HT_SelfCosts     end;       /* when the program ended */
   /* Its Ir while the program runs: instrumented code adds here, next to
      the other lines' (ht_line.c says why), not to self.ir. */
   ULong*           ir_count;
} HT_Line;

/* The line record of the instruction at 'a', which belongs to 'fn'. */
HT_Line* HT_(line_at)(HT_Fn* fn, Addr a);
/* Every line's Ir summed: the clock when it is not inline (never with
   --cache-sim=yes, so Dr and Dw are not summed). */
ULong HT_(line_sum_ir)(void);
/* Where instrumented code adds the Ir of the line whose self costs are
   'costs'. */
ULong* HT_(line_ir_count)(HT_SelfCosts* costs);
/* Every line's running Ir into its self.ir (fold), or back (after
   'self' was reset to the costs at the end). */
void HT_(lines_fold_ir)(void);
void HT_(lines_unfold_ir)(void);
/* fn's lines sorted by file, dir, line (VG_(malloc)ed; *n set). */
HT_Line** HT_(lines_sorted)(const HT_Fn* fn, UInt* n);

/* A caller -> callee pair (--call-graph=yes): how many times the callee
   was entered with the caller's activation innermost, and the sum of
   those activations' inclusive costs. */
typedef struct _HT_Edge {
   /* An HT_PairNode: chain, and the key (caller, callee). */
   struct _HT_Edge* next;
   HT_Fn*           caller;
   HT_Fn*           callee;
   ULong            calls;
   HT_Costs         incl;
} HT_Edge;

/* FNV-1a of 's' continued from 'h' (HT_HASH_START to begin): the one
   string hash of the tool's tables and names. */
#define HT_HASH_START 2166136261u
UInt    HT_(hash_str)(UInt h, const HChar* s);
/* A chained hash table keyed by two pointers (edges, contexts), whose
   nodes start with HT_PairNode's fields; it doubles at two nodes a
   bucket, so a look-up is one probe. */
typedef struct _HT_PairNode {
   struct _HT_PairNode* next;
   const void*          a;
   const void*          b;
} HT_PairNode;
typedef struct {
   HT_PairNode** buckets;
   UInt          n_buckets, n;
} HT_PairTable;
/* A chained hash table of records that carry their own chain pointer
   and hash (the functions, lines and objects tables), found at next_at
   and hash_at in a record.  It has a power of two of buckets, 'first'
   at the first record, and doubles when it holds as many records as
   buckets (each chain rehashed in bucket order, new heads first, as the
   tables each grew before): a look-up is about one probe. */
typedef struct {
   void** buckets;        /* NULL until the first record */
   UInt   n_buckets, n;
   UInt   first;
   SizeT  next_at, hash_at;
} HT_Table;
#define HT_TABLE_INIT(type, first_buckets) \
   { NULL, 0, 0, (first_buckets), offsetof(type, next), offsetof(type, hash) }
/* The chain a record of hash 'h' is in; NULL when the table is empty. */
static inline void* HT_(table_chain)(const HT_Table* t, UInt h)
{
   return t->n_buckets ? t->buckets[h & (t->n_buckets - 1)] : NULL;
}
/* Adds 'rec', its hash set, at the head of its chain. */
void HT_(table_add)(HT_Table* t, void* rec);
/* The chain (a, b) would be in; NULL when the table is empty. */
HT_PairNode* HT_(pair_chain)(const HT_PairTable* t, const void* a,
                             const void* b);
/* Adds 'node', keyed by its a and b. */
void    HT_(pair_add)(HT_PairTable* t, HT_PairNode* node);
void    HT_(fn_init)(void);
/* The function containing guest address 'a', resolved once per
   instruction at translation time; *is_entry tells whether 'a' is the
   function's first instruction. */
HT_Fn*  HT_(fn_at)(Addr a, Bool* is_entry);
/* --inline=yes: the row of function 'name' inlined into real function
   'into' (with into's file and line: see ht_inline.c). */
HT_Fn*  HT_(fn_inlined)(const HChar* name, HT_Fn* into);
/* All functions with a non-zero count, in report order (self Ir
   descending, then name, object, file, line).  Caller frees the array. */
HT_Fn** HT_(fn_sorted)(UInt* n_out, ULong* total_ir_out);
/* How many functions seen so far match mark pattern 'mark', and how many
   of those were entered. */
void    HT_(mark_stats)(UInt mark, UInt* functions, UInt* entered);
/* Whether the report lists 'f': it ran, made heap traffic, or was
   called (--call-graph=yes).  Final once the program has ended. */
Bool    HT_(fn_listed)(const HT_Fn* f);
/* The functions seen so far (in any object) with a symbol whose name
   matches glob 'pattern': how many objects hold one, and in *first the first by
   object, then name (NULL when none); for the warning about an OBJ:PATTERN
   mark whose OBJ matched nothing that ran. */
UInt    HT_(fn_named_like)(const HChar* pattern, HT_Fn** first);
/* How many mark patterns no function they match was entered for. */
UInt    HT_(dead_marks)(void);
/* Warns on stderr about patterns that matched nothing or whose
   functions were never entered (inlining removes functions silently),
   and about marks that measure nothing: under 100 inclusive Ir a call,
   or all marks under 1% of the run. */
void    HT_(warn_unused_marks)(void);
/* At the program's end: keeps every function's counts as they are now,
   and HT_(fn_restore_end) puts them back before the report (once the
   program has ended), so code run after the end (Valgrind's freeres)
   counts nowhere.  With --lines=yes both first make each function's self
   costs its lines' sums. */
void    HT_(fn_snapshot_end)(void);
void    HT_(fn_restore_end)(void);
/* The function containing client address 'a', at run time (a cached
   look-up by address, for the caller of an allocator). */
HT_Fn*  HT_(fn_containing)(Addr a);
/* The sums of every function's Ir, Dr and Dw, with --lines=yes every
   line's (the running totals when the clock does not run inline). */
void    HT_(fn_sum_counts)(ULong* ir, ULong* dr, ULong* dw);
/* The cache and branch figures of FNS[0..N) summed: the run's totals. */
void    HT_(fn_sum_figures)(HT_Fn** fns, UInt n, ULong cache[HT_N_CACHE],
                            ULong branch[HT_N_BRANCH]);

/*------------------------------------------------------------*/
/*--- Calling contexts (ht_context.c)                      ---*/
/*------------------------------------------------------------*/

/* A node of the calling-context tree (--call-graph=yes, --max-contexts
   > 0): a path of counted activations from a root, (parent, function).
   Nodes are shared by threads, never move and are never freed.  Its
   costs are a variable-length array holding only the figures the run
   counts: first what code without a symbol cost while it was innermost
   (laid out as the start of an HT_NoSymbolCosts: Ir, then the cache
   figures with --cache-sim=yes), then its inclusive costs (Ir, cache
   figures, heap figures with --heap=yes). */
typedef struct _HT_Context {
   /* An HT_PairNode: chain in the table, and the key (parent, fn). */
   struct _HT_Context* hash_next;
   struct _HT_Context* parent;      /* NULL for a root */
   HT_Fn*              fn;
   /* The child last entered from it, while the program runs; once it
      has ended (HT_(contexts_program_end)), the context the report
      shows as its parent: the nearest ancestor not left out. */
   union {
      struct _HT_Context* last_child;
      struct _HT_Context* shown_parent;
   };
   ULong               calls;
   UInt                report_index;  /* scratch of the report writer */
   Bool                truncated;   /* a truncated root (see the cap) */
   /* For activations entered while collection was off that were open
      when it started again: no calls, only what ran in them since. */
   Bool                uncounted;
   Bool                kept;        /* written in the report */
   /* Left out of the report, its children shown under its parent: an
      uncounted context of a function the report does not list (it
      never ran while collection was on; start-up frames above main with
      --collect-atstart=no). */
   Bool                skipped;
   ULong               costs[];
} HT_Context;

/* Whether a context's calls and inclusive costs are its edge's, added
   to the edge at the program's end (ht_context.c) rather than at each
   call (ht_callstack.c): a normal context entered from its parent, whose
   function is the caller. */
static inline Bool HT_(folds_into_edge)(const HT_Context* c)
{
   return c->parent != NULL && !c->truncated && !c->uncounted;
}

/* Where the figures are in costs[]: set once by HT_(context_init). */
extern UInt HT_(ctx_incl_at);        /* inclusive Ir */
extern UInt HT_(ctx_incl_cache_at);  /* inclusive cache figures */
extern UInt HT_(ctx_incl_heap_at);   /* inclusive heap figures */
/* Whether the tree is kept (--call-graph=yes and --max-contexts > 0). */
extern Bool HT_(contexts_on);
/* Set when the first truncated root is made: from then on each thread
   keeps what truncated roots took (ht_callstack.c). */
extern Bool HT_(contexts_cutting);

void        HT_(context_init)(void);     /* in post_clo_init */
/* The child of 'parent' (NULL: the roots) for an activation of 'fn',
   made if needed; once the cap is reached, the function's truncated
   root instead.  The common cases, the child last entered from the same
   parent and the context the function was last entered in, are checked
   inline. */
HT_Context* HT_(context_child_slow)(HT_Context* parent, HT_Fn* fn);
/* The same for an activation entered while collection was off, open
   when it starts again: its own kind of child (see 'uncounted'). */
HT_Context* HT_(context_uncounted_child)(HT_Context* parent, HT_Fn* fn);
static inline HT_Context* HT_(context_child)(HT_Context* parent, HT_Fn* fn)
{
   HT_Context* c;
   if (parent == NULL) {
      if (fn->root_context != NULL) return fn->root_context;
   } else {
      c = parent->last_child;
      if (c != NULL && c->fn == fn) return c;
      c = fn->last_context;
      if (c != NULL && c->parent == parent) return parent->last_child = c;
   }
   return HT_(context_child_slow)(parent, fn);
}
static inline HT_NoSymbolCosts* HT_(context_no_symbol)(HT_Context* c)
{
   return (HT_NoSymbolCosts*)c->costs;
}
/* The program has ended: every context's no-symbol costs are added to
   its function's, and a context that folds into its edge (a normal one
   with a parent) adds its calls and inclusive costs to the edge from its
   parent's function, so functions and edges hold what they hold without
   contexts; the cap's warning is printed if it was reached.  Once. */
void        HT_(contexts_program_end)(void);
/* The contexts as the report writes them: every node with a call or a
   cost, or above one, in depth-first pre-order (roots by function
   report_id, children by function report_id; of one function the normal
   context, then the uncounted one, then the truncated root); a row's id
   is its index + 1.
   Needs the report_ids set; the caller frees the array. */
typedef struct {
   HT_Context* node;
   UInt        parent_id;      /* 0 for a root */
   UInt        first_child;    /* index, or HT_NO_ROW */
   UInt        next_sibling;   /* index, or HT_NO_ROW */
} HT_ContextRow;
#define HT_NO_ROW 0xFFFFFFFFu
HT_ContextRow* HT_(contexts_sorted)(UInt* n_out, UInt n_functions);
/* A row's inclusive costs, and its self costs: inclusive minus its
   children's. */
void        HT_(context_costs)(const HT_ContextRow* rows, UInt i,
                               HT_Costs* self, HT_Costs* incl);
/* A node's no-symbol costs as HT_Costs, the report's type for every
   set of context figures (zero figures the run does not count, and heap
   figures, which code without a symbol is not given). */
void        HT_(context_no_symbol_costs)(const HT_Context* c,
                                         HT_Costs* out);
/* Whether the report writes a truncated root (the cap was reached). */
Bool        HT_(contexts_truncated)(void);
/* The sum of the roots' inclusive costs: what ran inside some counted
   activation (the rest of the totals is <outside>). */
void        HT_(contexts_roots_total)(HT_Costs* out);

/*------------------------------------------------------------*/
/*--- Inlined functions (ht_inline.c, --inline=yes)        ---*/
/*------------------------------------------------------------*/

/* Switches Valgrind's inline-info reading on (or refuses). */
void   HT_(inline_post_clo_init)(void);
/* Instrumentation hooks: a superblock starts; the instruction at 'a' of
   real function 'real' is counted (returns the row it counts for, and
   emits the counting of the inlined calls it enters); a side exit or
   the block end (jump kind 'jk') follows. */
void   HT_(inline_block_start)(void);
/* Whether the instruction at 'a' of 'real' enters or leaves a marked
   inlined function's call: the pending counts must then be flushed
   before HT_(inline_attribute) emits the transition, which reads the
   clock. */
Bool   HT_(inline_needs_clock)(HT_Fn* real, Addr a);
HT_Fn* HT_(inline_attribute)(IRSB* sb, HT_Fn* real, Addr a);
/* A statement of the instruction at 'instr' ('len' bytes), before it is
   copied: one that stores or puts (in a register other than the program
   counter, at guest offset 'offset_ip') the instruction's own return
   address makes it a call. */
void   HT_(inline_note_stmt)(const IRStmt* st, Addr instr, Int len,
                             Int offset_ip);
void   HT_(inline_before_exit)(IRSB* sb);
void   HT_(inline_block_end)(IRSB* sb, IRJumpKind jk);
/* The running thread changes (ht_callstack.c's thread switch). */
void   HT_(inline_thread_switch)(ThreadId from, ThreadId to);
/* A thread (or the program) ends: its open inlined activations close. */
void   HT_(inline_thread_exit)(ThreadId tid);

/*------------------------------------------------------------*/
/*--- Cache simulation (ht_sim.c)                          ---*/
/*------------------------------------------------------------*/

/* NULL if Cachegrind's model can simulate 'g', else why not. */
const HChar* HT_(cache_geometry_problem)(const HT_CacheGeometry* g);
void HT_(sim_init)(const HT_CacheGeometry* i1, const HT_CacheGeometry* d1,
                   const HT_CacheGeometry* ll);
/* Called from instrumented code, in the program's access order. */
VG_REGPARM(3) void HT_(sim_fetch)(HT_SelfCosts* c, Addr a, UWord size);
VG_REGPARM(3) void HT_(sim_read)(HT_SelfCosts* c, Addr a, UWord size);
VG_REGPARM(3) void HT_(sim_write)(HT_SelfCosts* c, Addr a, UWord size);
VG_REGPARM(3) void HT_(sim_read_counted)(HT_SelfCosts* c, Addr a, UWord size);
VG_REGPARM(3) void HT_(sim_write_counted)(HT_SelfCosts* c, Addr a, UWord size);
/* Data accesses at one base address, simulated in order by one call
   when the inline check of their group fails (ht_instrument.c). */
typedef struct {
   HT_SelfCosts* c;
   Long   offset;       /* from the base address */
   UWord  size;
   Bool   write;
} HT_SimGroupAccess;
typedef struct {
   UInt              n;
   HT_SimGroupAccess access[0];
} HT_SimGroup;
VG_REGPARM(2) void HT_(sim_group)(const HT_SimGroup* g, Addr base);
/* sim_read or sim_write of 'size' bytes as a VG_REGPARM(2) helper of
   (c, a), and its name; NULL for sizes without one. */
void* HT_(sim_sized)(Bool write, Int size, const HChar** name);
/* sim_fetch of 'size' bytes likewise (name "hotgrind_sim_fetch"). */
void* HT_(sim_fetch_sized)(Int size);
void HT_(sim_layout)(Bool data, UWord** tags, UInt* line_bits,
                     UWord* sets_mask, UInt* assoc);

/*------------------------------------------------------------*/
/*--- Tiers (ht_tier.c)                                    ---*/
/*------------------------------------------------------------*/

/* A block's runs in tier 1 under --tier=auto. */
typedef struct HT_TierCell_ HT_TierCell;

/* Whether the block at 'nraddr', read at 'readdr', is translated in
   tier 1 (True) or tier 2.  *count is set to the cell its runs are
   counted in (HT_(tier_count_run), once a run, by its first branch
   predictor call) under --tier=auto, NULL otherwise. */
Bool HT_(tier_choose)(Addr nraddr, Addr readdr, HT_TierCell** count);
/* Counts a run of a tier-1 block, and notes the block for promotion on
   the run that reaches --tier-threshold. */
void HT_(tier_count_run)(HT_TierCell* c);
/* Outside translated code: discards the translations of the blocks
   noted, so that they are translated again, in tier 2. */
void HT_(tier_promote_due)(void);
/* Translations made in each tier, and those in tier 2 because the block
   had run often enough in tier 1. */
typedef struct { ULong tier1, tier2, promoted; } HT_TierStats;
extern HT_TierStats HT_(tier_stats);

/*------------------------------------------------------------*/
/*--- Branch simulation (ht_branch.c)                      ---*/
/*------------------------------------------------------------*/

/* Before side exit 'exit' of the instruction at 'instr' of 'instr_len'
   bytes, whose self costs are 'c' (its function's or line's): counts it
   with its prediction if it is a conditional branch of the program;
   with a helper call in tier 1 (ht_tier.c), inline on 64-bit hosts
   otherwise.  A call made when *count is not NULL also counts the
   block's run, and sets *count to NULL. */
void HT_(branch_emit_exit)(IRSB* sb, IRType word_ty, HT_SelfCosts* c,
                           Addr instr, Int instr_len, const IRStmt* exit,
                           Bool tier1, HT_TierCell** count);
/* At the end of a superblock whose last instruction is 'instr', of self
   costs 'c': counts an indirect jump or call to 'next' with its
   prediction. */
void HT_(branch_emit_end)(IRSB* sb, HT_SelfCosts* c, Addr instr,
                          IRExpr* next, IRJumpKind jk);

/*------------------------------------------------------------*/
/*--- Marks (ht_mark.c)                                    ---*/
/*------------------------------------------------------------*/

/* Which table a pattern goes to. */
typedef enum { HT_Pat_Mark, HT_Pat_AllocFn, HT_Pat_FreeFn } HT_PatternKind;
/* Adds [OBJ:]PATTERN; 'option' is the option that gave it, for errors
   ("--mark", "--alloc-fn", "--free-fn"). */
void         HT_(add_pattern)(HT_PatternKind kind, const HChar* text,
                              const HChar* option);
/* Reads the --mark-file files, after every --mark. */
void         HT_(mark_post_clo_init)(void);
UInt         HT_(n_marks)(void);
const HChar* HT_(mark_text)(UInt i);        /* as the user wrote it */
Bool         HT_(mark_matches)(UInt i, const HChar* name,
                               const HT_Object* object);
Bool         HT_(is_marked)(const HChar* name, const HT_Object* object);
/* Whether glob 'pat' (* and ?) matches all of 'text', in at most
   len(pat) x len(text) steps. */
Bool         HT_(glob_match)(const HChar* pat, const HChar* text);
/* --alloc-fn and --free-fn patterns: HT_Obs_Malloc, HT_Obs_Free or
   HT_Obs_None for a function. */
HT_Observed  HT_(custom_allocator)(const HChar* name,
                                   const HT_Object* object);
UInt         HT_(n_custom_allocators)(void);
/* The i-th --alloc-fn/--free-fn as given, and which option it was. */
const HChar* HT_(custom_allocator_text)(UInt i, Bool* is_free);

/*------------------------------------------------------------*/
/*--- Activations and the clock (ht_callstack.c), their IR    ---*/
/*--- (ht_callstack_ir.c), zones (ht_zones.c), edges        ---*/
/*--- (ht_edges.c), the graph check (ht_graph_check.c)      ---*/
/*------------------------------------------------------------*/

/* A zone: a region bracketed by client requests, reported like a marked
   function. */
typedef struct _HT_Zone {
   struct _HT_Zone* next;
   struct _HT_Zone* hash_next;   /* chain in the table of names */
   UInt             hash;
   const HChar*     name;
   ULong            calls;
   HT_Costs         incl;
   HT_PerCall*      percall;
   UInt             open;         /* counted entries open, all threads */
   /* A bit a thread id, set while an outermost counted entry is open
      on that thread (NULL until the first counted entry). */
   UChar*           outer_open;
} HT_Zone;

/* Collected instructions executed so far, all threads: the clock.
   While HT_(clock_inline) is set, instrumented code adds to it inline at
   every flush point; that is what marks and thread events need, as they
   read it at every call they track.  Otherwise it is not kept, and the
   clock is the sum of every function's (--lines=yes: every line's)
   count, taken when needed (thread switches, the rare observed call
   that reads it): each flush then does one add fewer.  HT_(clock_start_inline) switches to the inline clock
   mid-run (the first zone); the caller must then retranslate, which only
   a client request may ask for.  Per-thread clocks are derived from the
   clock at thread switches. */
extern ULong HT_(total_ir);
/* The same for the cache figures (misses added by the simulator, Dr and
   Dw inline while the clock runs inline). */
extern ULong HT_(cache_total)[HT_N_CACHE];
extern Bool  HT_(clock_inline);
/* The clock now (all threads' collected Ir). */
ULong HT_(clock_ir)(void);
/* True if the clock was not inline and now is: retranslate. */
Bool  HT_(clock_start_inline)(void);
/* Return address and entry SP of the running thread's innermost
   activation, read inline by the exit check on indirect jumps; 0 and the
   highest address when it has none, so the check stays false. */
extern Addr  HT_(watch_ret);
extern Addr  HT_(watch_sp);
/* --call-graph=yes: where code without a symbol adds its costs, the
   running thread's innermost activation's function's no_sym (a spare
   slot when it has none, or once the program has ended). */
extern HT_NoSymbolCosts* HT_(innermost_no_symbol);
/* False between HOTGRIND_STOP_ and HOTGRIND_START_INSTRUMENTATION. */
extern Bool  HT_(collecting);

void HT_(callstack_register)(void);   /* in pre_clo_init */
/* Whenever a thread gets the CPU (the core's start_client_code). */
void HT_(thread_switch)(ThreadId tid, ULong blocks_dispatched);
void HT_(callstack_init)(void);       /* in post_clo_init */
/* Instrumentation: a call to HT_(on_entry) before a marked function's
   first instruction, and the guarded exit check at the end of a block
   whose successor address is computed. */
void HT_(emit_entry_call)(IRSB* sb, const VexGuestLayout* layout,
                          IRType word_ty, HT_Fn* fn);
void HT_(emit_exit_check)(IRSB* sb, const VexGuestLayout* layout,
                          IRType word_ty, IRExpr* next);
VG_REGPARM(3) void HT_(on_entry)(HT_Fn* fn, Addr sp, Addr ret);

/* x86, amd64 and arm64: the superblocks translated again because an entry in
   them might have read a stale SP, or on arm64 LR (ht_instrument.c,
   retranslation_stub):
   stubs made, translations made exact, and the stub count at which every
   translation became exact (0: never). */
typedef struct { ULong stubs, exact, all_exact_from; } HT_RetranslateStats;
extern HT_RetranslateStats HT_(retranslate_stats);
/* The same for an observed function (allocator, pthread), with its first
   three arguments. */
VG_REGPARM(3) void HT_(on_observed_entry)(HT_Fn* fn, Addr sp, Addr ret,
                                          UWord a0, UWord a1, UWord a2);
/* Reads the return-value register from the guest state. */
VG_REGPARM(3) void HT_(on_indirect_jump)(Addr next, Addr sp, Addr lr);
/* A thread's costs so far (its clock). */
void HT_(thread_clock)(ThreadId tid, HT_Costs* out);
/* acc += a - b, element by element, for the figures the run counts
   only: the others are left as they are (neither snapshot sets them).
   Inline, as it runs at every tracked call and return; the tree's and
   the edges' sums at the end use it too, so costs are added one way. */
static inline __attribute__((always_inline))
void HT_(add_cost_difference)(HT_Costs* acc, const HT_Costs* a,
                              const HT_Costs* b)
{
   Int i;
   acc->ir += a->ir - b->ir;
   if (HT_(clo).cache_sim)
      for (i = 0; i < HT_N_CACHE; i++)
         acc->cache[i] += a->cache[i] - b->cache[i];
   if (HT_(clo).heap)
      for (i = 0; i < HT_N_HEAP; i++)
         acc->heap[i] += a->heap[i] - b->heap[i];
}
/* acc += a, for the figures the run counts. */
static inline void HT_(add_costs)(HT_Costs* acc, const HT_Costs* a)
{
   static const HT_Costs zero;
   HT_(add_cost_difference)(acc, a, &zero);
}
/* A Valgrind thread slot starts again from zero (thread created). */
void HT_(thread_clock_reset)(ThreadId tid);
/* How far the program is: running; exiting (a thread called exit_group,
   so the other threads are cut short rather than exiting); ended
   (HT_(program_end) ran: Valgrind's freeres is running or the tool is
   finishing, and nothing is counted any more). */
typedef enum { HT_Running, HT_Exiting, HT_Ended } HT_ProgramState;
extern HT_ProgramState HT_(program_state);
/* The program has ended: closes every activation and zone, keeps every
   count as it is now, and enters HT_Ended.  Idempotent. */
void HT_(program_end)(void);
void HT_(zone_begin)(ThreadId tid, const HChar* name);
Bool HT_(zone_end)(ThreadId tid);
/* Closes a thread's open zones (HT_(thread_exit)). */
void HT_(zones_thread_exit)(ThreadId tid);
/* A thread's open zones, innermost last (ht_zones.c), kept in its record
   in ht_callstack.c, HT_(zone_stack)(tid). */
typedef struct _HT_OpenZone HT_OpenZone;
typedef struct {
   HT_OpenZone* zones;
   UInt         n_zones, cap_zones;
} HT_ZoneStack;
HT_ZoneStack* HT_(zone_stack)(ThreadId tid);
/* Closes what is still open when a thread or the program ends. */
void HT_(thread_exit)(ThreadId tid);
void HT_(callstack_fini)(void);
HT_Zone** HT_(zones_sorted)(UInt* n_out);
/* The caller -> callee edge, made if needed. */
HT_Edge*  HT_(edge_of)(HT_Fn* caller, HT_Fn* callee);
/* The first truncated root is about to be made (ht_context.c). */
void      HT_(callstack_start_cutting)(void);
/* Collection starts again (HOTGRIND_START_INSTRUMENTATION): activations
   entered while it was off get contexts of their own, as code now runs
   in them. */
void      HT_(callstack_collection_started)(void);
/* Every caller -> callee edge, sorted by the caller's then the callee's
   report_id (set by the report first).  Caller frees the array. */
HT_Edge** HT_(edges_sorted)(UInt* n_out);
/* --call-graph=yes, at the end: the identities the report must meet
   (those `hotgrind validate` checks of the call graph, cli/report/rules.c):
   each listed function's calls = outside calls + the calls of the edges
   into it, and the inclusive Ir of a function neither recursive, nor
   mid-jump, nor on a cycle of calls = self + no-symbol + the edges out of
   it.  Names the first broken one on stderr; False then.  Sets the
   functions' report_id (their positions in fns). */
Bool HT_(graph_self_check)(HT_Fn** fns, UInt n);
/* --debug-corrupt-graph (tests only): makes one function's calls or
   inclusive Ir wrong, for HT_(graph_self_check) to find. */
void HT_(graph_debug_corrupt)(HT_Fn** fns, UInt n);

/*------------------------------------------------------------*/
/*--- Heap (ht_heap.c)                                     ---*/
/*------------------------------------------------------------*/

/* Allocator and pthread functions are recognised by name once, when
   their HT_Fn is created. */
HT_Observed HT_(observed_kind)(const HChar* name, const HT_Object* object);
/* The name of a standard allocator (malloc family, operator new/delete)
   that glob 'pattern' matches and whose kind is not 'kind' (HT_Obs_Malloc
   for --alloc-fn, HT_Obs_Free for --free-fn), or NULL. */
const HT_Known* HT_(standard_allocator_clash)(const HChar* pattern,
                                              HT_Observed kind);

extern ULong HT_(heap_total)[HT_N_HEAP];   /* all threads, for the clock */

typedef struct {
   ULong allocs, alloc_bytes, frees, free_bytes;
   ULong peak_bytes, peak_blocks, exit_bytes, exit_blocks;
} HT_HeapTotals;

void HT_(heap_init)(void);
/* An outermost allocator call returned: its arguments, its result, and
   the function that called it (self attribution). */
void HT_(heap_returned)(HT_Observed kind, const UWord args[3], UWord result,
                        HT_Fn* caller);
void HT_(heap_totals)(HT_HeapTotals* t);

/*------------------------------------------------------------*/
/*--- Threads (ht_threads.c)                               ---*/
/*------------------------------------------------------------*/

/* The pthread function 'name' is (HT_(observed_kind) asks), or
   HT_Obs_None: creation, naming and handles always, the others only with
   --thread-events=yes. */
HT_Observed HT_(pthread_kind)(const HChar* name);

typedef enum {
   HT_Ev_Create, HT_Ev_Exit, HT_Ev_Join, HT_Ev_Lock, HT_Ev_Unlock,
   HT_Ev_CondWait, HT_Ev_CondSignal, HT_Ev_CondBroadcast
} HT_EventKind;

typedef struct {
   UInt         id;          /* creation order, 1 = main */
   UInt         parent;      /* 0 for the main thread */
   HChar*       name;        /* NULL unless the program named it; owned */
   Bool         exited;
   Bool         ended;       /* final costs known */
   HT_Costs     costs;       /* final, once ended */
   ULong        sync_ir;     /* final, once ended */
} HT_Thread;

void HT_(threads_register)(void);          /* in pre_clo_init */
/* How the program ended, for <run><exit>: exit status, a fatal signal
   it sent itself (its number), or a fatal signal from elsewhere (another
   process, a fault), whose number the tool cannot know. */
typedef enum { HT_Exit_Status, HT_Exit_Signal, HT_Exit_SignalUnknown,
               HT_Exit_Exec }
   HT_ExitKind;
HT_ExitKind HT_(how_ended)(UInt* status_or_signal);
void HT_(threads_init)(void);
/* The thread record currently using Valgrind thread 'tid'. */
HT_Thread* HT_(thread_of)(ThreadId tid);
/* An observed pthread function returned (or, for unlock and signals,
   was entered): args as at entry, result, whether it asked the kernel to
   wait. */
void HT_(pthread_entered)(ThreadId tid, HT_Observed kind, const UWord args[3]);
void HT_(pthread_returned)(ThreadId tid, HT_Observed kind,
                           const UWord args[3], UWord result, Bool waited);
/* Whether 'tid' made a futex wait since it was last set (lock
   contention); the callstack saves and restores it around each observed
   pthread call, so a nested call does not hide an outer one's wait. */
Bool HT_(thread_waited)(ThreadId tid);
void HT_(thread_waited_set)(ThreadId tid, Bool w);
/* pthread_create is running on 'parent' (its arguments) when the clone
   happens: glibc has already stored the new handle in *arg 1. */
Bool HT_(pthread_create_args)(ThreadId parent, UWord args[3]);
/* Instructions 'tid' executed inside synchronisation calls (join, mutex,
   condition variables), outermost calls only; --thread-events=yes. */
ULong HT_(thread_sync_ir)(ThreadId tid);
/* Final per-thread costs; 'now' gives a live thread's. */
void HT_(threads_program_end)(void);
UInt HT_(n_threads)(void);
HT_Thread* HT_(thread_by_id)(UInt id);
/* Events and mutexes for the report. */
typedef struct {
   ULong        ir;
   UInt         thread;
   HT_EventKind kind;
   UInt         a, b;        /* child / mutex / cond, and cond's mutex */
   Bool         waited;
} HT_Event;
UInt HT_(n_events)(void);
const HT_Event* HT_(event)(UInt i);
typedef struct {
   UInt         id;
   const HChar* name;        /* NULL when not a named global */
   ULong        acquisitions, contended;
} HT_Mutex;
UInt HT_(n_mutexes)(void);
const HT_Mutex* HT_(mutex_by_id)(UInt id);

/*------------------------------------------------------------*/
/*--- Inputs that can move counts (ht_inputs.c)            ---*/
/*------------------------------------------------------------*/

/* What a program reads from outside that can change what it executes
   from run to run, in the report's order. */
typedef enum {
   HT_Input_Random,     /* OS randomness (ht_random.c) */
   HT_Input_Clock,      /* a clock (ht_clock.c) */
   HT_Input_CpuCount    /* the number of CPUs (ht_cpus.c) */
} HT_InputKind;

/* One (kind, source, function, object): its calls and bytes, and
   whether the tool pinned what the program got. */
typedef struct _HT_Input HT_Input;
/* A reading instruction (rdtsc, rdrand) found at translation time. */
typedef struct _HT_InputSite HT_InputSite;

/* The record of (kind, source, function, object), made if new;
   'source' must be a static string. */
HT_Input* HT_(input_of)(HT_InputKind kind, const HChar* source,
                        const HChar* function, const HChar* object,
                        Bool pinned);
void      HT_(input_count)(HT_Input* in, ULong bytes);
/* A read by a system call of tid: the function is the innermost one of
   its stack that is not a wrapper of the call (glibc's getrandom...). */
void      HT_(input_note)(ThreadId tid, HT_InputKind kind,
                          const HChar* source, ULong bytes, Bool pinned);
HT_InputSite* HT_(input_site)(HT_InputKind kind, const HChar* source,
                              const HT_Fn* fn, Bool pinned);
void      HT_(input_site_count)(HT_InputSite* site, ULong bytes);
/* Translation time: the replacement of VEX's dirty helper 'd' (rdtsc,
   rdrand...) in function 'fn', or NULL if it reads no input;
   'continuation': the instruction's second such call (a 64-bit RDRAND's
   high half), which counts bytes but no call.  With *note_only the
   result is a call that only notes the read, to go before 'd', which
   stays (a clock the tool does not answer). */
IRDirty*  HT_(input_helper_swap)(const IRDirty* d, const HT_Fn* fn,
                                 Bool continuation, Bool* note_only);
/* Every record, in report order (kind, source, object, function).
   Caller frees the array. */
HT_Input** HT_(inputs_sorted)(UInt* n_out);
const HChar* HT_(input_kind_name)(HT_InputKind kind);
void      HT_(input_fields)(const HT_Input* in, HT_InputKind* kind,
                            const HChar** source, const HChar** function,
                            const HChar** object, ULong* calls,
                            ULong* bytes, Bool* pinned);
/* At exit: unpinned randomness on stderr. */
void      HT_(inputs_print_note)(void);
/* The post-syscall hook's part (called by ht_threads.c). */
void      HT_(inputs_post_syscall)(ThreadId tid, UInt sysno, UWord* args,
                                   UInt n, SysRes res);
/* The kernel's name of descriptor fd (through /proc/self/fd). */
Bool      HT_(fd_path)(Int fd, HChar* buf, SizeT size);

/* ht_random.c: --det-random. */
void HT_(random_init)(void);
void HT_(random_fd_opened)(ThreadId tid, Int fd, const HChar* path);
void HT_(random_fd_closed)(Int first, Int last);
void HT_(random_fd_dup)(Int from, Int to);
void HT_(random_post_syscall)(ThreadId tid, UInt sysno, UWord* args,
                              UInt n, UWord result);
Bool HT_(random_helper)(const HChar* name, const HChar** source,
                        const HChar** new_name, void** new_fn);

/* ht_clock.c: --det-clock. */
void HT_(clock_init)(void);
/* Are the program's clocks virtual (--det-clock, or the patched core's
   virtual time)? */
Bool HT_(clock_is_virtual)(void);
void HT_(clock_post_syscall)(ThreadId tid, UInt sysno, UWord* args,
                             UInt n, UWord result);
Bool HT_(clock_helper)(const HChar* name, const HChar** source,
                       const HChar** new_name, void** new_fn);

/* The file at 'path' as text, NUL-terminated (VG_(malloc)'d), read in
   4 KiB reads until its end or until 'limit' bytes or more (0: no
   limit); NULL if it cannot be opened. */
HChar* HT_(read_text_file)(const HChar* path, SizeT limit);
/* An unlinked temporary file holding 'text', its descriptor in
   Valgrind's range; -1 if it cannot be written. */
Int  HT_(text_file)(const HChar* part_of_name, const HChar* text, SizeT len);
/* The program's descriptor 'fd' becomes a description of its own of
   'text_fd' (its own offset); False if it could not. */
Bool HT_(show_text_file)(Int fd, Int text_fd, Bool cloexec);

/* ht_cpus.c: --cpus. */
void HT_(cpus_fd_opened)(ThreadId tid, Int fd, const HChar* path,
                         Bool cloexec);
void HT_(cpus_post_syscall)(ThreadId tid, UInt sysno, UWord* args, UInt n,
                            UWord result);

/* ht_maps.c: /proc/self/maps without Valgrind's gdbserver file. */
void HT_(maps_fd_opened)(ThreadId tid, Int fd, const HChar* path,
                         Bool cloexec);

/*------------------------------------------------------------*/
/*--- Exit summary (ht_summary.c)                          ---*/
/*------------------------------------------------------------*/

/* The summary on stderr at exit, from the functions HT_(fn_sorted) gave
   and their total Ir: I refs (Cachegrind's block with --cache-sim=yes),
   DHAT's totals with --heap=yes, the number of threads, and a warning
   when much of the run ran without symbols.  Nothing with -q. */
void HT_(print_summary)(HT_Fn** fns, UInt n, ULong total);

/*------------------------------------------------------------*/
/*--- Report (ht_report.c)                                 ---*/
/*------------------------------------------------------------*/

/* Checks at start-up that the report (--hotgrind-out-file) can be
   created, so a bad path fails before the client runs rather than after. */
void HT_(report_check_path)(void);
/* Writes the report to a temporary name and renames it into place, with
   the functions HT_(fn_sorted) gave and their total Ir.  Returns False
   (after printing why) if it could not. */
Bool HT_(report_write)(HT_Fn** fns, UInt n, ULong total);
/* The value of the core option --NAME as given (the last one), or NULL. */
const HChar* HT_(core_option_value)(const HChar* name);
/* Is the det-sched patch's virtual time on (--det-sched=yes without
   --virtual-time=no)? */
Bool HT_(virtual_time_on)(void);

#endif /* HT_INCLUDE_H */
