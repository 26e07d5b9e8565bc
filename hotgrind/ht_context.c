/*--------------------------------------------------------------------*/
/*--- hotgrind: the calling-context tree.           ht_context.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* With --call-graph=yes every counted activation (ht_callstack.c) runs
   in a node of this tree: (the node of the innermost activation on its
   thread when it was entered, its function), a root when there was none.
   The activation adds one call to the node when it is entered, and its
   inclusive costs when it ends; the node's self costs are its inclusive
   costs minus its children's, worked out for the report.  An activation
   entered while collection was off gets a node, with no call, only if
   collection starts again while it is open (an "uncounted" node, apart
   from the counted one of the same path, as it carries no edge).

   A node that is the child of its caller's node also carries the edge
   caller -> callee: its calls and inclusive costs are added to the edge
   at the end, so a call costs one look-up (of the node), not two.

   Memory is bounded: at most --max-contexts nodes are made.  Past the
   cap an activation whose node does not exist yet runs instead in its
   function's truncated root, a root made once per function, so there are
   at most max + (number of functions) nodes.  What ran inside a
   truncated root's activation is cut out of the activations around it
   (ht_callstack.c keeps the amount per thread), so every instant of a
   thread still counts in exactly one node's self costs and the roots'
   inclusive costs add up to what ran inside counted activations.

   A node holds only the figures the run counts: 64 bytes with Ir alone
   (ht_include.h, HT_Context).  Nodes are carved from large blocks, and
   found by (parent, function) in a chained hash table that doubles at two
   nodes a bucket; an activation first tries, without probing the table,
   the child its parent last entered (a loop calling one function), then
   the context its function was last entered in (a function called from
   one place among others), or for a root the function's root itself. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"

#include "ht_include.h"

Bool HT_(contexts_on)         = False;
Bool HT_(contexts_cutting)    = False;
UInt HT_(ctx_incl_at)         = 0;
UInt HT_(ctx_incl_cache_at)   = 0;
UInt HT_(ctx_incl_heap_at)    = 0;

static SizeT        node_bytes;      /* header + the counted figures */
static UInt         n_no_symbol;     /* figures of the no-symbol part */
static HT_PairTable table;         /* every node but truncated roots */
static UInt         n_normal;        /* nodes but truncated roots */
static UInt         n_truncated;     /* truncated roots */
/* Truncated roots the report writes, counted as they are marked 'kept'
   (not as they are made: one entered with collection off by a function
   the report does not list is left out), so that the report need not
   scan every node for them. */
static UInt         n_truncated_kept;
/* The block nodes are carved from, and what is left of it. */
static UChar*       pool;
static SizeT        pool_left;
/* Every node, in the order they were made (a parent before its
   children). */
static HT_Context** all_nodes;
static UInt         all_cap;

#define POOL_BYTES (1024 * 1024)

void HT_(context_init)(void)
{
   UInt n_incl;
   HT_(contexts_on) = HT_(clo).call_graph && HT_(clo).max_contexts > 0;
   if (!HT_(contexts_on)) return;
   n_no_symbol = 1 + (HT_(clo).cache_sim ? HT_N_CACHE : 0);
   HT_(ctx_incl_at) = n_no_symbol;
   HT_(ctx_incl_cache_at) = HT_(ctx_incl_at) + 1;
   HT_(ctx_incl_heap_at) = HT_(ctx_incl_cache_at)
                           + (HT_(clo).cache_sim ? HT_N_CACHE : 0);
   n_incl = HT_(ctx_incl_heap_at) + (HT_(clo).heap ? HT_N_HEAP : 0)
            - HT_(ctx_incl_at);
   node_bytes = sizeof(HT_Context) + (n_no_symbol + n_incl) * sizeof(ULong);
   /* The no-symbol part is written through an HT_NoSymbolCosts pointer
      by instrumented code: its figures must sit where that struct has
      them. */
   tl_assert(offsetof(HT_NoSymbolCosts, ir) == 0);
   tl_assert(offsetof(HT_NoSymbolCosts, cache) == sizeof(ULong));
   tl_assert(node_bytes % sizeof(ULong) == 0);
}

static HT_Context* new_node(HT_Context* parent, HT_Fn* fn, Bool truncated,
                            Bool uncounted)
{
   HT_Context* c;
   UInt        n = n_normal + n_truncated;
   if (pool_left < node_bytes) {
      pool = VG_(malloc)("hotgrind.contexts", POOL_BYTES);
      pool_left = POOL_BYTES;
   }
   c = (HT_Context*)pool;
   pool += node_bytes;
   pool_left -= node_bytes;
   VG_(memset)(c, 0, node_bytes);
   c->parent = parent;
   c->fn = fn;
   c->truncated = truncated;
   c->uncounted = uncounted;
   if (n == all_cap) {
      all_cap = all_cap ? 2 * all_cap : 4096;
      all_nodes = VG_(realloc)("hotgrind.context_list", all_nodes,
                               all_cap * sizeof(HT_Context*));
   }
   all_nodes[n] = c;
   if (truncated) n_truncated++; else n_normal++;
   return c;
}

/* The truncated root of 'fn', made if needed. */
static HT_Context* truncated_root(HT_Fn* fn)
{
   if (fn->truncated_root == NULL) {
      if (!HT_(contexts_cutting)) {
         HT_(callstack_start_cutting)();
         HT_(contexts_cutting) = True;
      }
      fn->truncated_root = new_node(NULL, fn, True, False);
   }
   return fn->truncated_root;
}

/* The node (parent, fn) of that kind from the table, made if the cap
   allows; NULL if it does not exist and cannot be made. */
static HT_Context* table_node(HT_Context* parent, HT_Fn* fn, Bool uncounted)
{
   HT_Context* c;
   for (c = (HT_Context*)HT_(pair_chain)(&table, parent, fn); c;
        c = c->hash_next)
      if (c->parent == parent && c->fn == fn && c->uncounted == uncounted)
         return c;
   if (n_normal >= HT_(clo).max_contexts)
      return NULL;
   c = new_node(parent, fn, False, uncounted);
   HT_(pair_add)(&table, (HT_PairNode*)c);
   return c;
}

HT_Context* HT_(context_child_slow)(HT_Context* parent, HT_Fn* fn)
{
   HT_Context* c;
   tl_assert(HT_(contexts_on));
   if (parent == NULL) {
      /* Roots are found from their function; its truncated root stands
         in when the normal one could not be made. */
      if (fn->root_context == NULL)
         fn->root_context = n_normal < HT_(clo).max_contexts
                            ? new_node(NULL, fn, False, False)
                            : truncated_root(fn);
      return fn->root_context;
   }
   c = table_node(parent, fn, False);
   if (c == NULL)
      /* The parent remembers where the child it cannot have went. */
      return parent->last_child = truncated_root(fn);
   return parent->last_child = fn->last_context = c;
}

/* Rare (at each HOTGRIND_START_INSTRUMENTATION): no shortcut; these
   nodes, roots too, are found in the table only. */
HT_Context* HT_(context_uncounted_child)(HT_Context* parent, HT_Fn* fn)
{
   HT_Context* c;
   tl_assert(HT_(contexts_on));
   c = table_node(parent, fn, True);
   return c != NULL ? c : truncated_root(fn);
}

static void incl_of(const HT_Context* c, HT_Costs* out)
{
   Int i;
   VG_(memset)(out, 0, sizeof *out);
   out->ir = c->costs[HT_(ctx_incl_at)];
   if (HT_(clo).cache_sim)
      for (i = 0; i < HT_N_CACHE; i++)
         out->cache[i] = c->costs[HT_(ctx_incl_cache_at) + i];
   if (HT_(clo).heap)
      for (i = 0; i < HT_N_HEAP; i++)
         out->heap[i] = c->costs[HT_(ctx_incl_heap_at) + i];
}

/* Siblings of one function: the normal one, the uncounted one, the
   truncated root. */
static Int kind_of(const HT_Context* c)
{
   return c->truncated ? 2 : c->uncounted ? 1 : 0;
}

/* Sibling order: function report_id, then kind. */
static Int cmp_siblings(const void* pa, const void* pb)
{
   const HT_Context* a = *(const HT_Context* const*)pa;
   const HT_Context* b = *(const HT_Context* const*)pb;
   if (a->fn->report_id != b->fn->report_id)
      return a->fn->report_id < b->fn->report_id ? -1 : 1;
   return kind_of(a) - kind_of(b);
}

/* Whether a context is written: it was entered (calls), something ran
   in it, or in a context under it. */
static Bool has_figures(const HT_Context* c)
{
   HT_Costs incl;
   UInt     j;
   if (c->calls > 0) return True;
   incl_of(c, &incl);
   if (incl.ir > 0) return True;
   for (j = 0; j < HT_N_CACHE; j++) if (incl.cache[j] > 0) return True;
   for (j = 0; j < HT_N_HEAP; j++)  if (incl.heap[j] > 0)  return True;
   return False;
}

Bool HT_(contexts_truncated)(void)
{
   return n_truncated_kept > 0;
}

void HT_(contexts_program_end)(void)
{
   static Bool done = False;
   UInt        i, j;
   if (done || !HT_(contexts_on)) return;
   done = True;
   /* A parent is made before its children, so is seen first here. */
   for (i = 0; i < n_normal + n_truncated; i++) {
      HT_Context* c = all_nodes[i];
      c->skipped = c->calls == 0 && !HT_(fn_listed)(c->fn);
      c->shown_parent = c->parent == NULL ? NULL
                        : c->parent->skipped ? c->parent->shown_parent
                        : c->parent;
   }
   for (i = 0; i < n_normal + n_truncated; i++) {
      HT_Context* c = all_nodes[i];
      HT_Context* up;
      /* What the report writes: every context with figures, and the
         contexts above it. */
      if (has_figures(c) && !c->skipped)
         for (up = c; up != NULL && !up->kept; up = up->shown_parent) {
            up->kept = True;
            n_truncated_kept += up->truncated;
         }
      c->fn->no_sym.ir += c->costs[0];
      for (j = 1; j < n_no_symbol; j++)
         c->fn->no_sym.cache[j - 1] += c->costs[j];
      /* ht_callstack.c counts an edge's calls and costs at each call
         only where the context does not carry them. */
      if (HT_(folds_into_edge)(c)) {
         HT_Edge* e = HT_(edge_of)(c->parent->fn, c->fn);
         HT_Costs incl;
         incl_of(c, &incl);
         e->calls += c->calls;
         HT_(add_costs)(&e->incl, &incl);
      }
   }
   if (n_truncated > 0)
      VG_(umsg)("hotgrind: warning: the calling-context tree reached "
                "--max-contexts=%u nodes; calls that needed a new context "
                "were counted under a truncated root (\"[truncated];"
                "FUNCTION\" in flame graphs). Raise --max-contexts for "
                "full stacks.\n", HT_(clo).max_contexts);
}

/*------------------------------------------------------------*/
/*--- For the report                                       ---*/
/*------------------------------------------------------------*/

void HT_(context_no_symbol_costs)(const HT_Context* c, HT_Costs* out)
{
   UInt j;
   VG_(memset)(out, 0, sizeof *out);
   out->ir = c->costs[0];
   for (j = 1; j < n_no_symbol; j++) out->cache[j - 1] = c->costs[j];
}

HT_ContextRow* HT_(contexts_sorted)(UInt* n_out, UInt n_functions)
{
   UInt           n_all = n_normal + n_truncated, n = 0, i, n_rows = 0;
   UInt           depth = 0;
   HT_Context**   order;
   HT_ContextRow* rows;
   /* Children lists by sorted index, then a depth-first walk. */
   UInt*          first = VG_(malloc)("hotgrind.ctx_sort", (n_all + 1) * sizeof(UInt));
   UInt*          last  = VG_(malloc)("hotgrind.ctx_sort", (n_all + 1) * sizeof(UInt));
   UInt*          next  = VG_(malloc)("hotgrind.ctx_sort", (n_all + 1) * sizeof(UInt));
   UInt*          stack = VG_(malloc)("hotgrind.ctx_sort", (n_all + 1) * sizeof(UInt));
   UInt           roots_first = HT_NO_ROW, roots_last = HT_NO_ROW;

   /* The cap holds: normal nodes up to it, one truncated root at most a
      function. */
   tl_assert(n_normal <= HT_(clo).max_contexts);
   order = VG_(malloc)("hotgrind.ctx_sort",
                       (n_all ? n_all : 1) * sizeof(HT_Context*));
   for (i = 0; i < n_all; i++)
      if (all_nodes[i]->kept) order[n++] = all_nodes[i];
   VG_(ssort)(order, n, sizeof(HT_Context*), cmp_siblings);
   {
      UInt written_truncated = 0;
      for (i = 0; i < n; i++) written_truncated += order[i]->truncated;
      tl_assert(written_truncated <= n_functions);
      /* HT_(contexts_truncated) answers from the count kept as nodes
         were marked. */
      tl_assert(written_truncated == n_truncated_kept);
   }
   for (i = 0; i < n; i++) {
      order[i]->report_index = i;
      first[i] = last[i] = next[i] = HT_NO_ROW;
   }
   /* Appending in sorted order keeps every list sorted.  A parent's
      index is set above, whatever its place. */
   for (i = 0; i < n; i++) {
      HT_Context* c = order[i];
      UInt*       head;
      UInt*       tail;
      /* A normal node was made for an activation that counted a call;
         the report lists every function of a written node. */
      tl_assert(c->calls > 0 || c->uncounted || c->truncated);
      tl_assert(c->fn->report_id > 0);
      if (c->shown_parent) {
         /* Parent and child agree: the parent of a written node is
            written. */
         HT_Context* p = c->shown_parent;
         tl_assert(p->kept && p->report_index < n
                   && order[p->report_index] == p);
         tl_assert(!c->truncated);
         head = &first[p->report_index];
         tail = &last[p->report_index];
      } else {
         head = &roots_first;
         tail = &roots_last;
      }
      if (*tail == HT_NO_ROW) *head = i; else next[*tail] = i;
      *tail = i;
   }
   /* Pre-order: the stack holds the next sibling to visit at each
      level; 'last' becomes each sorted index's row. */
   rows = VG_(malloc)("hotgrind.ctx_rows", (n ? n : 1) * sizeof(HT_ContextRow));
   if (roots_first != HT_NO_ROW) stack[depth++] = roots_first;
   while (depth > 0) {
      UInt        s = stack[depth - 1];
      HT_Context* c = order[s];
      if (next[s] != HT_NO_ROW) stack[depth - 1] = next[s];
      else depth--;
      last[s] = n_rows;
      rows[n_rows].node = c;
      /* A parent comes before its children. */
      rows[n_rows].parent_id =
         c->shown_parent ? last[c->shown_parent->report_index] + 1 : 0;
      tl_assert(rows[n_rows].parent_id <= n_rows);
      n_rows++;
      if (first[s] != HT_NO_ROW) stack[depth++] = first[s];
   }
   tl_assert(n_rows == n);
   for (i = 0; i < n; i++) {
      HT_ContextRow* r = &rows[last[i]];
      r->first_child  = first[i] == HT_NO_ROW ? HT_NO_ROW : last[first[i]];
      r->next_sibling = next[i]  == HT_NO_ROW ? HT_NO_ROW : last[next[i]];
   }
   VG_(free)(order);
   VG_(free)(first);
   VG_(free)(last);
   VG_(free)(next);
   VG_(free)(stack);
   *n_out = n_rows;
   return rows;
}

void HT_(context_costs)(const HT_ContextRow* rows, UInt i, HT_Costs* self,
                        HT_Costs* incl)
{
   UInt     child, j;
   HT_Costs sub;
   incl_of(rows[i].node, incl);
   *self = *incl;
   for (child = rows[i].first_child; child != HT_NO_ROW;
        child = rows[child].next_sibling) {
      incl_of(rows[child].node, &sub);
      /* Children's activations run inside their parent's, and what a
         truncated root took is cut out of both. */
      tl_assert(sub.ir <= self->ir);
      self->ir -= sub.ir;
      for (j = 0; j < HT_N_CACHE; j++) {
         tl_assert(sub.cache[j] <= self->cache[j]);
         self->cache[j] -= sub.cache[j];
      }
      for (j = 0; j < HT_N_HEAP; j++) {
         tl_assert(sub.heap[j] <= self->heap[j]);
         self->heap[j] -= sub.heap[j];
      }
   }
}

void HT_(contexts_roots_total)(HT_Costs* out)
{
   UInt     i;
   HT_Costs c;
   VG_(memset)(out, 0, sizeof *out);
   for (i = 0; i < n_normal + n_truncated; i++) {
      if (!all_nodes[i]->kept || all_nodes[i]->shown_parent) continue;
      incl_of(all_nodes[i], &c);
      HT_(add_costs)(out, &c);
   }
}
