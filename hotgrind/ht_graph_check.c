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

Bool HT_(graph_self_check)(HT_Fn** fns, UInt n)
{
   UInt      n_edges, i, j;
   HT_Edge** all;
   HT_Edge** es;
   UInt*     first;
   ULong*    incoming;
   Bool*     on_cycle;
   Bool      ok = True;
   if (!HT_(clo).call_graph) return True;
   for (i = 0; i < n; i++) fns[i]->report_id = i + 1;
   all = HT_(edges_sorted)(&n_edges);
   /* The edges between listed functions (the report's <call>s), which
      sort by caller. */
   es = VG_(malloc)("hotgrind.check", (n_edges ? n_edges : 1) * sizeof *es);
   for (i = j = 0; i < n_edges; i++)
      if (all[i]->caller->report_id != 0 && all[i]->callee->report_id != 0)
         es[j++] = all[i];
   n_edges = j;
   VG_(free)(all);
   first    = VG_(calloc)("hotgrind.check", n + 1, sizeof(UInt));
   incoming = VG_(calloc)("hotgrind.check", n ? n : 1, sizeof(ULong));
   on_cycle = VG_(calloc)("hotgrind.check", n ? n : 1, sizeof(Bool));
   for (i = 0; i < n_edges; i++) {
      first[es[i]->caller->report_id]++;
      incoming[es[i]->callee->report_id - 1] += es[i]->calls;
   }
   for (i = 0; i < n; i++) first[i + 1] += first[i];
   for (i = 0; i < n && ok; i++) {
      const HT_Fn* f = fns[i];
      if (f->calls != f->outside_calls + incoming[i]) {
         VG_(umsg)("hotgrind: BUG: %s (%s) has %llu calls, but %llu outside "
                   "calls and %llu from its callers\n", f->name, f->object,
                   f->calls, f->outside_calls, incoming[i]);
         ok = False;
      }
   }
   if (ok) find_cycles(n, es, first, on_cycle);
   for (i = 0; i < n && ok; i++) {
      const HT_Fn* f = fns[i];
      ULong parts = f->self.ir + f->no_sym.ir;
      if (f->calls == 0 || f->recursive || f->mid_jump || on_cycle[i]
          || f->inlined_into)
         continue;
      for (j = first[i]; j < first[i + 1]; j++) parts += es[j]->incl.ir;
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
   VG_(free)(es); VG_(free)(first); VG_(free)(incoming); VG_(free)(on_cycle);
   return ok;
}
