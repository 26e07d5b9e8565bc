/*--------------------------------------------------------------------*/
/*--- hotgrind: which tier a translation gets (--tier).  ht_tier.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Two ways to instrument the same block, with the same counts, under
   --branch-sim=yes on 64-bit hosts:

   - tier 2: the conditional branch predictor runs as inline IR before
     each side exit (ht_branch.c's inline_cond, 25 statements).  Cheap
     to run, dear to translate;
   - tier 1: each conditional branch calls the predictor.  Dear to run,
     cheap to translate.

   The inline predictor is the helper's model, so the counts do not
   depend on the tier (regtest/tiers.sh).  Otherwise every block is tier
   2: the cache simulation's inline checks were tried in tier 1 too, and
   cost more in calls on blocks that run a few hundred times than they
   saved in translation (docs/performance.md).

   Under --tier=auto a block starts in tier 1 and counts its runs in a
   cell of its own, kept by its address across translations: its first
   predictor call counts.  On the run that reaches the threshold the
   cell is noted; a helper cannot discard the block it runs in, so the
   translations holding the block's first byte are discarded at the next
   safe point, when the scheduler is about to run client code again (the
   core's start_client_code), and the block is translated again, in tier
   2.  Counting in a call the block makes anyway costs no IR: a check of
   its own in every tier-1 block cost as much to translate as tier 1
   saved (docs/performance.md). */

#include "pub_tool_basics.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_transtab.h"

#include "ht_include.h"

HT_TierStats HT_(tier_stats);

/* A block's runs in tier 1, by its (non-redirected) address, kept across
   its translations. */
struct HT_TierCell_ {
   struct HT_TierCell_* next;
   UWord                key;
   UWord                runs;
   Addr                 readdr;    /* where its code is read (redirected) */
   struct HT_TierCell_* next_due;  /* in 'due' once it reached the
                                      threshold, until discarded */
};

static VgHashTable* cells = NULL;
/* The blocks to translate again in tier 2 at the next safe point. */
static HT_TierCell* due = NULL;

static HT_TierCell* cell_of(Addr nraddr)
{
   HT_TierCell* c;
   if (cells == NULL) cells = VG_(HT_construct)("hotgrind.tier");
   c = VG_(HT_lookup)(cells, nraddr);
   if (c == NULL) {
      c = VG_(malloc)("hotgrind.tier.1", sizeof *c);
      c->key      = nraddr;
      c->runs     = 0;
      c->next_due = NULL;
      VG_(HT_add_node)(cells, c);
   }
   return c;
}

/* Whether tier 1 differs from tier 2 in this translation: branches are
   simulated, and inline (64-bit hosts). */
static Bool tiers_differ(void)
{
   return sizeof(HWord) == 8 && HT_(collecting) && HT_(clo).branch_sim;
}

Bool HT_(tier_choose)(Addr nraddr, Addr readdr, HT_TierCell** count)
{
   HT_TierCell* c;
   *count = NULL;
   if (!tiers_differ() || HT_(clo).tier == HT_Tier_2) {
      HT_(tier_stats).tier2++;
      return False;
   }
   if (HT_(clo).tier == HT_Tier_1) {
      HT_(tier_stats).tier1++;
      return True;
   }
   c = cell_of(nraddr);
   if (c->runs >= HT_(clo).tier_threshold) {
      HT_(tier_stats).tier2++;
      HT_(tier_stats).promoted++;
      return False;
   }
   c->readdr = readdr;
   *count = c;
   HT_(tier_stats).tier1++;
   return True;
}

void HT_(tier_count_run)(HT_TierCell* c)
{
   if (++c->runs != HT_(clo).tier_threshold) return;
   /* The block cannot discard itself while it runs: noted, for the
      next safe point.  (Equal, not at least: noted once.) */
   tl_assert(c->next_due == NULL && c != due);
   c->next_due = due;
   due = c;
}

/* The core's permission for VG_(discard_translations_safely), which it
   gives only while a client request is handled (pub_core_transtab.h,
   not a tool header; the same name in 3.19, 3.24 and 3.27).  The
   scheduler calls start_client_code between two runs of translated
   code, where it discards translations itself (Ijk_InvalICache), so
   discarding is as safe there. */
extern Bool VG_(ok_to_discard_translations);

void HT_(tier_promote_due)(void)
{
   if (due == NULL) return;
   tl_assert(!VG_(ok_to_discard_translations));
   VG_(ok_to_discard_translations) = True;
   while (due != NULL) {
      HT_TierCell* c = due;
      due = c->next_due;
      c->next_due = NULL;
      VG_(discard_translations_safely)(c->readdr, 1, "hotgrind tier");
   }
   VG_(ok_to_discard_translations) = False;
}
