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

/* Most zones and many marked functions only ever see one value (a zone
   entered once): it is kept in 'one', and the set is made only for a
   second distinct value, saving two allocations each. */
struct _HT_PerCall {
   OSet*  buckets;   /* NULL while every call had the value one.value */
   Bucket one;
   ULong  n, sum, min, max;
};

static Word cmp_value(const void* key, const void* elem)
{
   ULong k = *(const ULong*)key;
   ULong v = ((const Bucket*)elem)->value;
   return k < v ? -1 : k > v ? 1 : 0;
}

HT_PerCall* HT_(percall_new)(void)
{
   return VG_(calloc)("hotgrind.percall", 1, sizeof(HT_PerCall));
}

static void insert_bucket(HT_PerCall* pc, ULong value, ULong count)
{
   Bucket* b = VG_(OSetGen_AllocNode)(pc->buckets, sizeof(Bucket));
   b->value = value;
   b->count = count;
   VG_(OSetGen_Insert)(pc->buckets, b);
}

void HT_(percall_add)(HT_PerCall* pc, ULong value)
{
   Bucket* b;
   if (pc->buckets == NULL) {
      if (pc->n == 0 || pc->one.value == value) {
         pc->one.value = value;
         pc->one.count++;
         goto stats;
      }
      pc->buckets = VG_(OSetGen_Create)(offsetof(Bucket, value), cmp_value,
                                        VG_(malloc), "hotgrind.percall.set",
                                        VG_(free));
      insert_bucket(pc, pc->one.value, pc->one.count);
   }
   b = VG_(OSetGen_Lookup)(pc->buckets, &value);
   if (!b) {
      b = VG_(OSetGen_AllocNode)(pc->buckets, sizeof(Bucket));
      b->value = value;
      b->count = 0;
      VG_(OSetGen_Insert)(pc->buckets, b);
   }
   b->count++;
 stats:
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

   if (pc->buckets == NULL) {
      s->p50 = s->p95 = s->p99 = pc->one.value;
      return;
   }
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
