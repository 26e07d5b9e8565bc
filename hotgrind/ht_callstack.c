/*--------------------------------------------------------------------*/
/*--- hotgrind: activations (per-thread shadow stacks), the       ---*/
/*--- instruction clock, the program's state.      ht_callstack.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Call tracking that does not trust VEX jump kinds or "a call moves SP"
   (both wrong on arm64):

   - entry: execution reaches a marked function's first instruction
     (instrumented at translation time, so a tail jump counts too); the
     activation records the return address (x86/amd64: the word at SP;
     arm/arm64: the link register), the entry SP and the thread's clock;
   - exit: at an indirect jump (every return is one) the target is the
     innermost activation's return address with SP back where a return
     leaves it (x86: above the entry SP; arm64: at or above) -- or SP is
     above the entry SP at all, which also unwinds frames
     skipped by longjmp and C++ exceptions; activations found dead when a
     new one is entered (entry SP below the current SP) go too.

   What is architecture-specific, each defined for amd64, x86, arm64 and
   arm in ht_arch.h and ht_callstack_ir.c (which emits the IR for entries
   and exits): where the return address is at entry
   (return_address_at_entry), where the first arguments are
   (argument_at_entry), the return-value register (RETURN_VALUE_OFFSET),
   whether a return moves SP past its entry value (RETURN_POPS_SP), and,
   where it does not, the link register that the exit check also compares
   the target with (link_register).  Each thread has its own stack of
   activations and of open zones.  Inclusive cost is clock difference;
   the outermost activation of a function (or zone, ht_zones.c) on a
   thread owns it,
   so recursion counts once, while every call's own cost feeds the
   per-call distribution.

   With --call-graph=yes every function with a symbol is tracked so, not
   only marked ones: an entry's caller is the function of the innermost
   activation when it happens (after dead frames are gone), so a tail
   call's caller is the function that jumped, and a call through a PLT
   stub (which has no symbol, so no activation) is caller -> real
   callee.  Each (caller, callee) pair is an edge holding its calls and
   the sum of those activations' own inclusive costs, which is
   Callgrind's meaning of an edge's cost (a recursive edge counts nested
   costs again; the pairs are kept in ht_edges.c, checked at the end in
   ht_graph_check.c).  An entry with no activation on its thread's stack is
   an outside call.  With the calling-context tree (ht_context.c) a
   counted activation also runs in a context node, the child of the
   innermost activation's node, which gets its call and, at the end, its
   inclusive costs; where that node carries the edge, the edge gets them
   from it at the program's end instead of here. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "libvex_guest_amd64.h"
#include "libvex_guest_x86.h"
#include "libvex_guest_arm64.h"
#include "libvex_guest_arm.h"

#include "ht_include.h"
#include "ht_arch.h"

ULong HT_(total_ir)      = 0;
ULong HT_(cache_total)[HT_N_CACHE];
Bool  HT_(clock_inline)  = False;
Addr  HT_(watch_ret)     = 0;
Addr  HT_(watch_sp)      = ~(Addr)0;
Bool  HT_(collecting)    = True;
/* Where no-symbol code adds when no function's activation is innermost;
   read by nobody. */
static HT_NoSymbolCosts no_symbol_spare;
HT_NoSymbolCosts* HT_(innermost_no_symbol) = &no_symbol_spare;

typedef struct {
   HT_Fn* fn;
   Addr   ret;
   Addr   sp;
   HT_Costs clock_at_entry;
   /* A tracked function (marked, or any with --call-graph=yes) entered
      while collecting: it counts as a call and in inclusive costs. */
   Bool   counted;
   /* Counted, and the first of its function open on the thread: it owns
      the function's inclusive cost. */
   Bool   outermost;
   /* --call-graph=yes: its caller -> it, if any, when the edge gets its
      call and costs here (not from its context, ht_context.c). */
   HT_Edge* edge;
   /* 'ctx' is its own: it counted (with the context tree), or collection
      started again while it was open. */
   Bool     own_ctx;
   /* The calling context code runs in while this activation is the
      innermost one: its own node (own_ctx), else the one of the
      activation below it (NULL: none). */
   HT_Context* ctx;
   /* The thread's cut-out costs at entry (ThreadState.cut). */
   HT_Costs cut_at_entry;
   /* An observed function (allocator, pthread) is acted on only in its
      outermost call on the thread: operator new calling malloc is one
      allocation. */
   Bool   acting;
   UWord  args[3];
   Bool   outer_waited;    /* pthread: the thread's wait flag at entry */
   Bool   sync_outer;      /* the outermost synchronisation call */
   HT_Fn* caller;          /* allocators: the function that called it */
} Activation;

typedef struct {
   Activation* acts;
   UInt        n_acts, cap_acts;
   HT_ZoneStack zones;     /* its open zones (ht_zones.c) */
   HT_Costs    clock;      /* its costs, up to its last switch-out */
   /* What activations of truncated roots took on this thread, so far:
      the activations around them leave it out of their contexts'
      inclusive costs (ht_context.c). */
   HT_Costs    cut;
   UInt        in_allocator;  /* acting allocator activations */
   UInt        in_sync;       /* synchronisation calls under way */
   ULong       sync_ir;       /* Ir inside outermost ones */
} ThreadState;   /* 256 bytes on amd64: threads[tid] is a shift */

static ThreadState* threads;          /* [VG_N_THREADS] */
static ThreadId     running = 1;      /* the main thread runs first */
static HT_Costs     total_at_switch;

HT_ProgramState HT_(program_state) = HT_Running;

HT_ZoneStack* HT_(zone_stack)(ThreadId tid)
{
   return &threads[tid].zones;
}

void HT_(callstack_init)(void)
{
   threads = VG_(calloc)("hotgrind.threads", VG_N_THREADS,
                         sizeof(ThreadState));
}

/*------------------------------------------------------------*/
/*--- Clock                                                ---*/
/*------------------------------------------------------------*/

/* The running totals: kept inline by instrumented code while the clock
   runs inline, else the sums of every function's counters (Ir, Dr, Dw;
   misses are always added by the simulator). */
static void totals_now(HT_Costs* c)
{
   Int i;
   /* Figures that are not counted are left as they are
      (HT_(add_cost_difference) skips them too, and nothing reads them):
      this runs at every tracked call and return. */
   if (HT_(clo).cache_sim || !HT_(clock_inline))
      for (i = 0; i < HT_N_CACHE; i++) c->cache[i] = HT_(cache_total)[i];
   if (HT_(clo).heap)
      for (i = 0; i < HT_N_HEAP; i++)  c->heap[i]  = HT_(heap_total)[i];
   if (HT_(clock_inline))
      c->ir = HT_(total_ir);
   else
      HT_(fn_sum_counts)(&c->ir, &c->cache[HT_Dr], &c->cache[HT_Dw]);
}

ULong HT_(clock_ir)(void)
{
   HT_Costs now;
   if (HT_(clock_inline)) return HT_(total_ir);
   totals_now(&now);
   return now.ir;
}

Bool HT_(clock_start_inline)(void)
{
   HT_Costs now;
   if (HT_(clock_inline)) return False;
   totals_now(&now);
   HT_(total_ir) = now.ir;
   HT_(cache_total)[HT_Dr] = now.cache[HT_Dr];
   HT_(cache_total)[HT_Dw] = now.cache[HT_Dw];
   HT_(clock_inline) = True;
   return True;
}

static void clock_of(ThreadId tid, HT_Costs* out)
{
   const HT_Costs* c = &threads[tid].clock;
   Int             i;
   if (tid != running) {
      *out = *c;
   } else if (!HT_(clock_inline)) {
      HT_Costs now;
      *out = *c;
      totals_now(&now);
      HT_(add_cost_difference)(out, &now, &total_at_switch);
   } else {
      /* The hot path (every tracked call and return): straight from the
         running totals, without a copy of them in between, whose narrow
         stores then read wide stalled the CPU. */
      out->ir = c->ir + (HT_(total_ir) - total_at_switch.ir);
      if (HT_(clo).cache_sim)
         for (i = 0; i < HT_N_CACHE; i++)
            out->cache[i] = c->cache[i]
                            + (HT_(cache_total)[i] - total_at_switch.cache[i]);
      if (HT_(clo).heap)
         for (i = 0; i < HT_N_HEAP; i++)
            out->heap[i] = c->heap[i]
                           + (HT_(heap_total)[i] - total_at_switch.heap[i]);
   }
}

void HT_(thread_clock)(ThreadId tid, HT_Costs* out)
{
   clock_of(tid, out);
}

void HT_(thread_clock_reset)(ThreadId tid)
{
   tl_assert(HT_VALID_TID(tid));
   VG_(memset)(&threads[tid].clock, 0, sizeof(HT_Costs));
   threads[tid].sync_ir = 0;
}

ULong HT_(thread_sync_ir)(ThreadId tid)
{
   return threads[tid].sync_ir;
}

Bool HT_(pthread_create_args)(ThreadId parent, UWord args[3])
{
   ThreadState* t = &threads[parent];
   Int          i;
   for (i = (Int)t->n_acts - 1; i >= 0; i--)
      if (t->acts[i].acting
          && t->acts[i].fn->observe == HT_Obs_ThreadCreate) {
         args[0] = t->acts[i].args[0];
         args[1] = t->acts[i].args[1];
         args[2] = t->acts[i].args[2];
         return True;
      }
   return False;
}



static void update_watch(ThreadId tid)
{
   ThreadState* t = &threads[tid];
   if (t->n_acts > 0) {
      HT_(watch_ret) = t->acts[t->n_acts - 1].ret;
      HT_(watch_sp)  = t->acts[t->n_acts - 1].sp;
   } else {
      HT_(watch_ret) = 0;
      HT_(watch_sp)  = ~(Addr)0;
   }
   if (t->n_acts == 0 || HT_(program_state) == HT_Ended)
      HT_(innermost_no_symbol) = &no_symbol_spare;
   else {
      /* The context's, which go to its function at the end; an activation
         that did not count (collection was off) has none of its own. */
      Activation* top = &t->acts[t->n_acts - 1];
      HT_(innermost_no_symbol) = top->own_ctx
                                 ? HT_(context_no_symbol)(top->ctx)
                                 : &top->fn->no_sym;
   }
}

/* Called by the core whenever a thread gets the CPU. */
void HT_(thread_switch)(ThreadId tid, ULong blocks_dispatched)
{
   HT_Costs now;
   if (tid == running) return;
   tl_assert(HT_VALID_TID(tid));
   totals_now(&now);
   HT_(add_cost_difference)(&threads[running].clock, &now, &total_at_switch);
   total_at_switch = now;
   if (HT_(clo).inlined) HT_(inline_thread_switch)(running, tid);
   running = tid;
   update_watch(tid);
}

/*------------------------------------------------------------*/
/*--- Activations                                          ---*/
/*------------------------------------------------------------*/

/* *dst = *src, the figures counted only (this runs at every call). */
static inline __attribute__((always_inline))
void copy_counted(HT_Costs* dst, const HT_Costs* src)
{
   Int i;
   dst->ir = src->ir;
   if (HT_(clo).cache_sim)
      for (i = 0; i < HT_N_CACHE; i++) dst->cache[i] = src->cache[i];
   if (HT_(clo).heap)
      for (i = 0; i < HT_N_HEAP; i++) dst->heap[i] = src->heap[i];
}

/* A context's inclusive figures += a - b, the counted ones (both ends
   of an activation with a context, cut or not). */
static inline __attribute__((always_inline))
void add_to_context_incl(HT_Context* c, const HT_Costs* a, const HT_Costs* b)
{
   Int i;
   c->costs[HT_(ctx_incl_at)] += a->ir - b->ir;
   if (HT_(clo).cache_sim)
      for (i = 0; i < HT_N_CACHE; i++)
         c->costs[HT_(ctx_incl_cache_at) + i] += a->cache[i] - b->cache[i];
   if (HT_(clo).heap)
      for (i = 0; i < HT_N_HEAP; i++)
         c->costs[HT_(ctx_incl_heap_at) + i] += a->heap[i] - b->heap[i];
}

/* The end of an activation with a context once truncated roots exist:
   what they took inside it, k, is cut out of its context's share (its
   span minus k), and its edge, when the context carries it, gets k
   itself so that it keeps the whole. */
static __attribute__((noinline))
void context_ended_cutting(ThreadState* t, const Activation* a,
                           const HT_Costs* now)
{
   HT_Context* c = a->ctx;
   HT_Costs    k, span, zero;
   VG_(memset)(&zero, 0, sizeof zero);
   VG_(memset)(&k, 0, sizeof k);
   HT_(add_cost_difference)(&k, &t->cut, &a->cut_at_entry);
   VG_(memset)(&span, 0, sizeof span);
   HT_(add_cost_difference)(&span, now, &a->clock_at_entry);
   add_to_context_incl(c, &span, &k);
   if (c->truncated)
      HT_(add_cost_difference)(&t->cut, &span, &k);
   if (HT_(folds_into_edge)(c) && VG_(memcmp)(&k, &zero, sizeof k) != 0)
      HT_(add_costs)(&HT_(edge_of)(c->parent->fn, c->fn)->incl, &k);
}

/* A counted activation with a context ended at 'now': its inclusive
   costs go to its context. */
static inline __attribute__((always_inline))
void context_ended(ThreadState* t, const Activation* a, const HT_Costs* now)
{
   if (HT_(contexts_cutting))
      context_ended_cutting(t, a, now);
   else
      add_to_context_incl(a->ctx, now, &a->clock_at_entry);
}

/* From now on the code of an activation that began while collection was
   off runs inside the counted activation below it without being its
   callee (no call, no edge), so the inclusive identity cannot hold for
   the two functions: they are flagged as a mid-jump's are
   (regtest/graph_contexts.sh, toggle). */
static void flag_uncounted_inside_counted(const ThreadState* t)
{
   HT_Fn* counted_below = NULL;
   UInt   i;
   for (i = 0; i < t->n_acts; i++) {
      const Activation* a = &t->acts[i];
      if (a->counted) {
         counted_below = a->fn;
      } else if (counted_below != NULL && a->fn != NULL) {
         counted_below->mid_jump = True;
         a->fn->mid_jump = True;
      }
   }
}

void HT_(callstack_collection_started)(void)
{
   ThreadId tid;
   UInt     i;
   if (HT_(clo).call_graph && HT_(program_state) != HT_Ended)
      for (tid = 1; tid < VG_N_THREADS; tid++)
         flag_uncounted_inside_counted(&threads[tid]);
   if (!HT_(contexts_on) || HT_(program_state) == HT_Ended) return;
   for (tid = 1; tid < VG_N_THREADS; tid++) {
      ThreadState* t = &threads[tid];
      HT_Context*  below = NULL;
      for (i = 0; i < t->n_acts; i++) {
         Activation* a = &t->acts[i];
         if (!a->own_ctx) {
            a->ctx = HT_(context_uncounted_child)(below, a->fn);
            a->own_ctx = True;
            /* The clock has not moved since it began: nothing counts
               while collection is off. */
            clock_of(tid, &a->clock_at_entry);
            if (HT_(contexts_cutting))
               copy_counted(&a->cut_at_entry, &t->cut);
         }
         below = a->ctx;
      }
   }
   update_watch(running);
}

void HT_(callstack_start_cutting)(void)
{
   ThreadId tid;
   UInt     i;
   /* No thread has cut anything yet: every open activation began with
      nothing cut. */
   for (tid = 1; tid < VG_N_THREADS; tid++)
      for (i = 0; i < threads[tid].n_acts; i++)
         VG_(memset)(&threads[tid].acts[i].cut_at_entry, 0, sizeof(HT_Costs));
}

/* A bit a thread in a function's outer_open. */
#define OUTER_BYTE(tid) ((tid) / 8)
#define OUTER_BIT(tid)  ((UChar)(1 << ((tid) % 8)))

/* 'returned': the function returned to its caller (rather than being
   unwound by longjmp or an exception, or its thread ending), so 'result'
   is its return value.  An allocator's block is counted before the
   inclusive cost is taken, so a marked allocator includes it. */
static void pop_activation(ThreadId tid, Bool returned, UWord result)
{
   ThreadState* t = &threads[tid];
   Activation*  a;
   tl_assert(t->n_acts > 0);
   a = &t->acts[--t->n_acts];
   if (a->acting) {
      HT_Observed kind = a->fn->observe;
      if (HT_IS_ALLOCATOR(kind)) {
         t->in_allocator--;
         if (returned) HT_(heap_returned)(kind, a->args, result, a->caller);
      } else {
         Bool w = HT_(thread_waited)(tid);
         if (returned && HT_(program_state) != HT_Ended)
            HT_(pthread_returned)(tid, kind, a->args, result, w);
         HT_(thread_waited_set)(tid, a->outer_waited || w);
         if (a->sync_outer) {
            HT_Costs now;
            clock_of(tid, &now);
            t->sync_ir += now.ir - a->clock_at_entry.ir;
         }
         if (HT_IS_SYNC(kind)) t->in_sync--;
      }
   }
   if (a->counted) {
      HT_Fn*   fn = a->fn;
      HT_Costs now;
      clock_of(tid, &now);
      /* Activations end in LIFO order, so the outermost one is the last
         of its function on the thread and clears the bit it set. */
      tl_assert(fn->outer_open[OUTER_BYTE(tid)] & OUTER_BIT(tid));
      if (a->outermost) {
         fn->outer_open[OUTER_BYTE(tid)] &= (UChar)~OUTER_BIT(tid);
         HT_(add_cost_difference)(&fn->incl, &now, &a->clock_at_entry);
      }
      if (fn->percall)
         HT_(percall_add)(fn->percall, now.ir - a->clock_at_entry.ir);
      if (a->edge)
         HT_(add_cost_difference)(&a->edge->incl, &now, &a->clock_at_entry);
      if (a->own_ctx)
         context_ended(t, a, &now);
   } else if (a->own_ctx) {
      HT_Costs now;
      clock_of(tid, &now);
      context_ended(t, a, &now);
   }
}

/* 'tracked': the function is marked, or --call-graph=yes. */
static Activation* push_activation(ThreadId tid, HT_Fn* fn, Addr sp, Addr ret,
                                   Bool tracked)
{
   ThreadState* t = &threads[tid];
   Activation*  a;
   HT_Fn*       caller;
   HT_Context*  parent;
   Bool         caller_own_ctx;

   /* Frames whose entry SP is below the current SP are gone (longjmp,
      exceptions, a stack switched back). */
   while (t->n_acts > 0 && t->acts[t->n_acts - 1].sp < sp)
      pop_activation(tid, False, 0);
   caller = t->n_acts > 0 ? t->acts[t->n_acts - 1].fn : NULL;
   parent = t->n_acts > 0 ? t->acts[t->n_acts - 1].ctx : NULL;
   caller_own_ctx = t->n_acts > 0 && t->acts[t->n_acts - 1].own_ctx;

   if (t->n_acts == t->cap_acts) {
      t->cap_acts = t->cap_acts ? 2 * t->cap_acts : 64;
      t->acts = VG_(realloc)("hotgrind.acts", t->acts,
                             t->cap_acts * sizeof(Activation));
   }
   a = &t->acts[t->n_acts++];
   a->fn = fn;
   a->ret = ret;
   a->sp = sp;
   a->acting = False;
   a->sync_outer = False;
   a->caller = NULL;
   a->outermost = False;
   a->edge = NULL;
   a->own_ctx = False;
   a->ctx = parent;
   a->counted = tracked && HT_(collecting) && HT_(program_state) != HT_Ended;
   if (a->counted) {
      if (!fn->outer_open)
         fn->outer_open = VG_(calloc)("hotgrind.outer_open",
                                      (VG_N_THREADS + 7) / 8, 1);
      if (fn->marked && !fn->percall) fn->percall = HT_(percall_new)();
      clock_of(tid, &a->clock_at_entry);
      if (fn->outer_open[OUTER_BYTE(tid)] & OUTER_BIT(tid)) {
         fn->recursive = True;
      } else {
         a->outermost = True;
         fn->outer_open[OUTER_BYTE(tid)] |= OUTER_BIT(tid);
      }
      fn->calls++;
      if (HT_(clo).call_graph && HT_(contexts_on)) {
         HT_Context* c = HT_(context_child)(parent, fn);
         a->ctx = c;
         a->own_ctx = True;
         c->calls++;
         if (HT_(contexts_cutting))
            copy_counted(&a->cut_at_entry, &t->cut);
         /* Collection is on, so it was when the caller's activation
            began, or started again since (HT_(callstack_collection_
            started)): either way the caller's context is its own, and
            the context's parent's function is the caller. */
         tl_assert(caller == NULL || caller_own_ctx);
         if (!caller) {
            fn->outside_calls++;
         } else if (!HT_(folds_into_edge)(c)) {
            /* A truncated root: the edge is counted here. */
            a->edge = HT_(edge_of)(caller, fn);
            a->edge->calls++;
         }
      } else if (HT_(clo).call_graph) {
         if (caller) {
            a->edge = HT_(edge_of)(caller, fn);
            a->edge->calls++;
         } else {
            fn->outside_calls++;
         }
      }
   }
   return a;
}

VG_REGPARM(3) void HT_(on_entry)(HT_Fn* fn, Addr sp, Addr ret)
{
   /* Only tracked functions get the call. */
   push_activation(running, fn, sp, ret, True);
   update_watch(running);
}

/* The function charged with an allocator call's self heap figures: its
   caller as the call graph has it, the function of the activation under
   the allocator's.  Without --call-graph=yes only tracked functions have
   activations, so that one is the caller only when it jumped into the
   allocator (a tail call: the allocator's return address and entry SP
   are its own; a PLT stub between them moves neither); otherwise the
   caller is the function whose call instruction is just before the
   return address. */
static HT_Fn* allocator_caller(const ThreadState* t, Addr sp, Addr ret)
{
   const Activation* under;
   tl_assert(t->n_acts > 0);       /* the allocator's own */
   under = t->n_acts > 1 ? &t->acts[t->n_acts - 2] : NULL;
   if (under && (HT_(clo).call_graph
                 || (under->ret == ret && under->sp == sp)))
      return under->fn;
   return HT_(fn_containing)(ret - 1);
}

VG_REGPARM(3) void HT_(on_observed_entry)(HT_Fn* fn, Addr sp, Addr ret,
                                          UWord a0, UWord a1, UWord a2)
{
   ThreadId     tid = running;
   ThreadState* t = &threads[tid];
   HT_Observed  kind = fn->observe;
   Bool         acting;
   Bool         tracked = fn->marked || HT_(clo).call_graph;
   Activation*  a;

   if (kind == HT_Obs_ProgramEnd) {
      HT_(program_end)();
      return;
   }
   /* Only an allocator's outermost call counts; every pthread call is an
      event (ld.so takes its lock with pthread_mutex_lock inside
      pthread_create, and that is a lock too). */
   if (HT_IS_ALLOCATOR(kind))
      acting = t->in_allocator == 0;
   else
      acting = HT_(program_state) != HT_Ended;
   if (!acting && !tracked) return;

   a = push_activation(tid, fn, sp, ret, tracked);
   if (acting) {
      a->acting = True;
      a->args[0] = a0; a->args[1] = a1; a->args[2] = a2;
      if (HT_IS_ALLOCATOR(kind)) {
         t->in_allocator++;
         a->caller = allocator_caller(t, sp, ret);
      } else {
         a->outer_waited = HT_(thread_waited)(tid);
         HT_(thread_waited_set)(tid, False);
         a->sync_outer = HT_IS_SYNC(kind) && t->in_sync == 0;
         if (HT_IS_SYNC(kind)) t->in_sync++;
         if (a->sync_outer && !a->counted)
            clock_of(tid, &a->clock_at_entry);
         HT_(pthread_entered)(tid, kind, a->args);
      }
   }
   update_watch(tid);
}

/* lr: where a return does not move SP (arm, arm64), the link register
   at the jump; 0 elsewhere.  There a function's entry SP is its caller's
   SP, so a longjmp or an exception landing back in a caller leaves SP
   equal to -- not above -- the entry SP of the activations it ends, and
   jumps to another address than their return address.  glibc's
   __longjmp and libgcc's eh_return both jump to the link register (`br
   x30`, `ret`); a frameless function's jump tables and indirect tail
   calls (`br xN`) do not.  The return value is read from the guest
   state here (the call declares that it reads the register), which keeps
   the check's code short where no activation ends. */
VG_REGPARM(3) void HT_(on_indirect_jump)(Addr next, Addr sp, Addr lr)
{
   ThreadId     tid = running;
   ThreadState* t = &threads[tid];
   UWord        result = 0;
   Bool         have_result = False;
   while (t->n_acts > 0) {
      Activation* top = &t->acts[t->n_acts - 1];
      Bool sp_back  = RETURN_POPS_SP ? sp > top->sp : sp >= top->sp;
      Bool returned = top->ret == next && sp_back;
      Bool unwound  = (lr != 0 && lr == next && sp_back) || sp > top->sp;
      if (!returned && !unwound)
         break;
      /* A jump to LR with SP equal to the entry SP, landing in the code
         of the activation's own function, is a callee returning to a
         function that called it without moving SP (ld.so's _start on
         arm64 around `bl _dl_start`), not a longjmp out of it: its
         activation goes on.  Rare, so the look-up costs nothing much. */
      if (!returned && sp <= top->sp
          && HT_(fn_containing)(next) == top->fn)
         break;
      /* Only an observed function's return needs the value; reading
         the guest state for every return costs a call. */
      if (returned && top->acting && !have_result) {
         VG_(get_shadow_regs_area)(tid, (UChar*)&result, 0,
                                   RETURN_VALUE_OFFSET, sizeof(UWord));
         have_result = True;
      }
      pop_activation(tid, returned, result);
   }
   update_watch(tid);
}

/*------------------------------------------------------------*/
/*--- Thread and program end                               ---*/
/*------------------------------------------------------------*/

void HT_(thread_exit)(ThreadId tid)
{
   ThreadState* t;
   tl_assert(HT_VALID_TID(tid));
   t = &threads[tid];
   while (t->n_acts > 0)  pop_activation(tid, False, 0);
   HT_(zones_thread_exit)(tid);
   if (HT_(clo).inlined) HT_(inline_thread_exit)(tid);
   t->in_allocator = t->in_sync = 0;
   if (tid == running) update_watch(tid);
}

void HT_(program_end)(void)
{
   ThreadId tid;
   if (HT_(program_state) == HT_Ended) return;
   for (tid = 1; tid < VG_N_THREADS; tid++)
      HT_(thread_exit)(tid);
   HT_(contexts_program_end)();
   HT_(threads_program_end)();
   HT_(fn_snapshot_end)();
   HT_(program_state) = HT_Ended;
   HT_(innermost_no_symbol) = &no_symbol_spare;
}

void HT_(callstack_fini)(void)
{
   HT_(program_end)();
}

/* A new thread starts inside the function that made it (clone, after
   its system call), not at a function's first instruction: with
   --call-graph=yes that function gets an activation on the new thread,
   an outside call, so the code it runs there is inside an activation of
   it and what it calls (start_thread) has it as caller, as Callgrind
   shows it.  The main thread starts at an entry point, which its entry
   call handles, or in code without a symbol. */
static void thread_first_insn(ThreadId tid)
{
   Bool   is_entry;
   HT_Fn* fn;
   if (!HT_(clo).call_graph || !HT_VALID_TID(tid)) return;
   fn = HT_(fn_at)(VG_(get_IP)(tid), &is_entry);
   if (is_entry || fn->self.no_symbol) return;
   tl_assert(threads[tid].n_acts == 0);
   /* The highest SP: glibc's clone pops the start routine and its
      argument off the new stack, which would otherwise end the
      activation; it lasts until the thread ends. */
   push_activation(tid, fn, ~(Addr)0, 0, True);
   if (tid == running) update_watch(tid);
}

void HT_(callstack_register)(void)
{
   VG_(track_pre_thread_first_insn)(thread_first_insn);
}
