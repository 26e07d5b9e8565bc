/*--------------------------------------------------------------------*/
/*--- hotgrind: the call graph's edges (--call-graph=yes).         ---*/
/*--- caller -> callee pairs.                           ht_edges.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Each (caller, callee) pair the activations (ht_callstack.c) saw is an
   edge holding its calls and the sum of those activations' own inclusive
   costs, Callgrind's meaning of an edge's cost; ht_context.c folds the
   calling-context tree into them at the end.  This file keeps the pairs
   and gives them in report order (HT_(edges_sorted)). */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"

#include "ht_include.h"


/* Caller -> callee pairs in a chained hash table that doubles at two
   edges a bucket: one probe per counted entry. */
static HT_PairTable edges;

HT_Edge* HT_(edge_of)(HT_Fn* caller, HT_Fn* callee)
{
   HT_Edge* e;
   /* Most functions are called from one caller many times in a row. */
   if (callee->last_edge && callee->last_edge->caller == caller)
      return callee->last_edge;
   for (e = (HT_Edge*)HT_(pair_chain)(&edges, caller, callee); e;
        e = e->next)
      if (e->caller == caller && e->callee == callee)
         return callee->last_edge = e;
   e = VG_(calloc)("hotgrind.edge", 1, sizeof(HT_Edge));
   e->caller = caller;
   e->callee = callee;
   HT_(pair_add)(&edges, (HT_PairNode*)e);
   return callee->last_edge = e;
}

static Int cmp_edge_ids(const void* pa, const void* pb)
{
   const HT_Edge* a = *(const HT_Edge* const*)pa;
   const HT_Edge* b = *(const HT_Edge* const*)pb;
   if (a->caller->report_id != b->caller->report_id)
      return a->caller->report_id < b->caller->report_id ? -1 : 1;
   if (a->callee->report_id != b->callee->report_id)
      return a->callee->report_id < b->callee->report_id ? -1 : 1;
   return 0;
}

HT_Edge** HT_(edges_sorted)(UInt* n_out)
{
   HT_Edge** all = VG_(malloc)("hotgrind.edges_sorted",
                               (edges.n ? edges.n : 1) * sizeof(HT_Edge*));
   UInt      n = 0, i;
   for (i = 0; i < edges.n_buckets; i++) {
      HT_Edge* e;
      for (e = (HT_Edge*)edges.buckets[i]; e; e = e->next) all[n++] = e;
   }
   tl_assert(n == edges.n);
   VG_(ssort)(all, n, sizeof(HT_Edge*), cmp_edge_ids);
   *n_out = n;
   return all;
}
