/*--------------------------------------------------------------------*/
/*--- hotgrind: per-call cost distributions.       ht_percall.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Percentiles must be identical on every run and exact, so no sampling
   or sketch: an ordered set of (value, count).  Calls of a deterministic
   function mostly cost the same few values, so the set stays small. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_oset.h"

#include "ht_include.h"

typedef struct {
   ULong value;
   ULong count;
} Bucket;

struct _HT_PerCall {
   OSet* buckets;
   ULong n, sum, min, max;
};

static Word cmp_value(const void* key, const void* elem)
{
   ULong k = *(const ULong*)key;
   ULong v = ((const Bucket*)elem)->value;
   return k < v ? -1 : k > v ? 1 : 0;
}

HT_PerCall* HT_(percall_new)(void)
{
   HT_PerCall* pc = VG_(calloc)("hotgrind.percall", 1, sizeof(HT_PerCall));
   pc->buckets = VG_(OSetGen_Create)(offsetof(Bucket, value), cmp_value,
                                     VG_(malloc), "hotgrind.percall.set",
                                     VG_(free));
   return pc;
}

void HT_(percall_add)(HT_PerCall* pc, ULong value)
{
   Bucket* b = VG_(OSetGen_Lookup)(pc->buckets, &value);
   if (!b) {
      b = VG_(OSetGen_AllocNode)(pc->buckets, sizeof(Bucket));
      b->value = value;
      b->count = 0;
      VG_(OSetGen_Insert)(pc->buckets, b);
   }
   b->count++;
   if (pc->n == 0 || value < pc->min) pc->min = value;
   if (pc->n == 0 || value > pc->max) pc->max = value;
   pc->n++;
   pc->sum += value;
}

/* Nearest rank: the smallest value with at least ceil(p% of n) calls at
   or below it. */
void HT_(percall_summary)(HT_PerCall* pc, HT_PerCallSummary* s)
{
   const ULong pct[3] = { 50, 95, 99 };
   ULong*      out[3];
   ULong       rank[3], seen = 0;
   Int         next = 0, i;
   Bucket*     b;

   VG_(memset)(s, 0, sizeof *s);
   if (!pc || pc->n == 0) return;
   s->n = pc->n; s->sum = pc->sum; s->min = pc->min; s->max = pc->max;
   out[0] = &s->p50; out[1] = &s->p95; out[2] = &s->p99;
   for (i = 0; i < 3; i++)
      rank[i] = (pct[i] * pc->n + 99) / 100;

   VG_(OSetGen_ResetIter)(pc->buckets);
   while (next < 3 && (b = VG_(OSetGen_Next)(pc->buckets)) != NULL) {
      seen += b->count;
      while (next < 3 && seen >= rank[next]) {
         *out[next] = b->value;
         next++;
      }
   }
   tl_assert(next == 3);
}
