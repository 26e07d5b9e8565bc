/*--------------------------------------------------------------------*/
/*--- hotgrind: the call graph's identities, checked at the        ---*/
/*--- program's end.                              ht_graph_check.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* HT_(graph_self_check): before the report is written, the identities
   `hotgrind validate` checks of a call graph (cli/report/rules.c) are
   checked on the tool's own figures, so a wrong graph is named on stderr
   rather than found later.  Exit time only. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"

#include "ht_include.h"


/* Marks in on_cycle each function (by report_id - 1) on a cycle of calls:
   a strongly connected component of more than one function, or a call
   of itself.  Tarjan's algorithm without recursion (cli/report/rules.c's
   find_cycles, over the edges sorted by caller: first[i] .. first[i+1]
   are function i's). */
static void find_cycles(UInt n, HT_Edge** es, const UInt* first,
                        Bool* on_cycle)
{
   UInt  next_index = 1, top = 0, depth = 0, v, w, root;
   UInt* index     = VG_(calloc)("hotgrind.cycles", n, sizeof(UInt));
   UInt* low       = VG_(calloc)("hotgrind.cycles", n, sizeof(UInt));
   UInt* stack     = VG_(calloc)("hotgrind.cycles", n, sizeof(UInt));
   Bool* on_stack  = VG_(calloc)("hotgrind.cycles", n, sizeof(Bool));
   UInt* walk      = VG_(calloc)("hotgrind.cycles", n, sizeof(UInt));
   UInt* next_call = VG_(calloc)("hotgrind.cycles", n, sizeof(UInt));
   for (root = 0; root < n; root++) {
      if (index[root] != 0) continue;
      walk[depth] = root;
      next_call[depth++] = first[root];
      index[root] = low[root] = next_index++;
      stack[top++] = root;
      on_stack[root] = True;
      while (depth > 0) {
         v = walk[depth - 1];
         if (next_call[depth - 1] < first[v + 1]) {
            w = es[next_call[depth - 1]++]->callee->report_id - 1;
            if (w == v) on_cycle[v] = True;
            if (index[w] == 0) {
               index[w] = low[w] = next_index++;
               stack[top++] = w;
               on_stack[w] = True;
               walk[depth] = w;
               next_call[depth++] = first[w];
            } else if (on_stack[w] && index[w] < low[v]) {
               low[v] = index[w];
            }
            continue;
         }
         if (low[v] == index[v]) {
            Bool alone = stack[top - 1] == v;
            do {
               w = stack[--top];
               on_stack[w] = False;
               if (!alone) on_cycle[w] = True;
            } while (w != v);
         }
         depth--;
         if (depth > 0 && low[v] < low[walk[depth - 1]])
            low[walk[depth - 1]] = low[v];
      }
   }
   VG_(free)(index); VG_(free)(low); VG_(free)(stack);
   VG_(free)(on_stack); VG_(free)(walk); VG_(free)(next_call);
}

/* The report's graph as the check reads it: the edges between listed
   functions (the report's <call>s, sorted by caller: es[first[i]] ..
   es[first[i + 1] - 1] are function i's), the calls into each function,
   and which functions are on a cycle. */
typedef struct {
   HT_Edge** es;
   UInt      n_edges;
   UInt*     first;
   ULong*    incoming;
   Bool*     on_cycle;
} GraphView;

/* Sets the functions' report_id (their positions in fns). */
static void graph_view(HT_Fn** fns, UInt n, GraphView* g)
{
   UInt      n_all, i, j;
   HT_Edge** all;
   for (i = 0; i < n; i++) fns[i]->report_id = i + 1;
   all = HT_(edges_sorted)(&n_all);
   g->es = VG_(malloc)("hotgrind.check", (n_all ? n_all : 1) * sizeof *g->es);
   for (i = j = 0; i < n_all; i++)
      if (all[i]->caller->report_id != 0 && all[i]->callee->report_id != 0)
         g->es[j++] = all[i];
   g->n_edges = j;
   VG_(free)(all);
   g->first    = VG_(calloc)("hotgrind.check", n + 1, sizeof(UInt));
   g->incoming = VG_(calloc)("hotgrind.check", n ? n : 1, sizeof(ULong));
   g->on_cycle = VG_(calloc)("hotgrind.check", n ? n : 1, sizeof(Bool));
   for (i = 0; i < g->n_edges; i++) {
      g->first[g->es[i]->caller->report_id]++;
      g->incoming[g->es[i]->callee->report_id - 1] += g->es[i]->calls;
   }
   for (i = 0; i < n; i++) g->first[i + 1] += g->first[i];
   find_cycles(n, g->es, g->first, g->on_cycle);
}

static void graph_view_free(GraphView* g)
{
   VG_(free)(g->es); VG_(free)(g->first); VG_(free)(g->incoming);
   VG_(free)(g->on_cycle);
}

/* Whether the inclusive identity is checked for function i: entered,
   and neither recursive, nor mid-jump, nor on a cycle (cli/rules.c),
   nor an inlined row (which --call-graph=yes never has). */
static Bool inclusive_checked(const HT_Fn* f, const GraphView* g, UInt i)
{
   return f->calls != 0 && !f->recursive && !f->mid_jump && !g->on_cycle[i]
          && f->inlined_into == NULL;
}

/* Self + no-symbol + the edges out of function i. */
static ULong inclusive_parts(const HT_Fn* f, const GraphView* g, UInt i)
{
   ULong parts = f->self.ir + f->no_sym.ir;
   UInt  j;
   for (j = g->first[i]; j < g->first[i + 1]; j++) parts += g->es[j]->incl.ir;
   return parts;
}

Bool HT_(graph_self_check)(HT_Fn** fns, UInt n)
{
   GraphView g;
   UInt      i;
   Bool      ok = True;
   if (!HT_(clo).call_graph) return True;
   graph_view(fns, n, &g);
   for (i = 0; i < n && ok; i++) {
      const HT_Fn* f = fns[i];
      if (f->calls != f->outside_calls + g.incoming[i]) {
         VG_(umsg)("hotgrind: BUG: %s (%s) has %llu calls, but %llu outside "
                   "calls and %llu from its callers\n", f->name, f->object,
                   f->calls, f->outside_calls, g.incoming[i]);
         ok = False;
      }
   }
   for (i = 0; i < n && ok; i++) {
      const HT_Fn* f = fns[i];
      ULong parts;
      if (!inclusive_checked(f, &g, i)) continue;
      parts = inclusive_parts(f, &g, i);
      if (parts != f->incl.ir) {
         VG_(umsg)("hotgrind: BUG: %s (%s) has inclusive Ir %llu, but its "
                   "self, no-symbol and callee Ir add up to %llu (it is on "
                   "no cycle of calls)\n", f->name, f->object, f->incl.ir,
                   parts);
         ok = False;
      }
   }
   if (!ok)
      VG_(umsg)("hotgrind: the report's call graph is wrong; please report "
                "this line and the command (docs/manual.md)\n");
   graph_view_free(&g);
   return ok;
}

/* --debug-corrupt-graph (tests only, regtest/graph_self_check.sh): one
   figure made wrong as a bug in the bookkeeping would make it, before
   the report is written and checked.  calls: the first listed function
   with calls gets one more; inclusive: the first whose inclusive
   identity is checked gets 1 Ir more.  Says which on stderr. */
void HT_(graph_debug_corrupt)(HT_Fn** fns, UInt n)
{
   GraphView g;
   UInt      i;
   if (!HT_(clo).call_graph || HT_(clo).debug_corrupt_graph == HT_Corrupt_None)
      return;
   graph_view(fns, n, &g);
   for (i = 0; i < n; i++) {
      HT_Fn* f = fns[i];
      if (HT_(clo).debug_corrupt_graph == HT_Corrupt_Calls && f->calls != 0) {
         f->calls++;
         VG_(umsg)("hotgrind: debug: --debug-corrupt-graph=calls: %s (%s) "
                   "now has %llu calls, 1 more than counted\n", f->name,
                   f->object, f->calls);
         break;
      }
      if (HT_(clo).debug_corrupt_graph == HT_Corrupt_Inclusive
          && inclusive_checked(f, &g, i)) {
         f->incl.ir++;
         VG_(umsg)("hotgrind: debug: --debug-corrupt-graph=inclusive: %s "
                   "(%s) now has inclusive Ir %llu, 1 more than counted\n",
                   f->name, f->object, f->incl.ir);
         break;
      }
   }
   if (i == n)
      VG_(umsg)("hotgrind: debug: --debug-corrupt-graph: no function to "
                "corrupt\n");
   graph_view_free(&g);
}
