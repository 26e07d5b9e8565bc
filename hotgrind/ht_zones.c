/*--------------------------------------------------------------------*/
/*--- hotgrind: zones, the regions HOTGRIND_ZONE_BEGIN and         ---*/
/*--- _END bracket.                                     ht_zones.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Zones by name (zone_named), each thread's stack of open zones, and
   their calls, inclusive costs (the thread's clock, ht_callstack.c, at
   both ends) and per-call distributions.  Client requests (ht_main.c)
   begin and end them; ht_callstack.c closes what a thread leaves open
   (HT_(zones_thread_exit)). */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_threadstate.h"

#include "ht_include.h"

typedef struct _HT_OpenZone {
   HT_Zone* zone;
   HT_Costs clock_at_begin;
   Bool     counted;
   Bool     outermost;   /* counted, and the zone's first on its thread */
} OpenZone;

static HT_Zone*   all_zones;

/* Zones by name: a chained hash table that doubles when it holds two
   zones a bucket, so a program with 100,000 distinct zone names costs
   what one with 100,000 entries of one zone does (a list scan took 77 s). */
static HT_Zone** zone_table;
static UInt      zone_buckets, n_all_zones;

static void zone_table_grow(void)
{
   UInt      nb = zone_buckets ? 2 * zone_buckets : 64;
   HT_Zone** t = VG_(calloc)("hotgrind.zone_table", nb, sizeof(HT_Zone*));
   HT_Zone*  z;
   for (z = all_zones; z; z = z->next) {
      z->hash_next = t[z->hash & (nb - 1)];
      t[z->hash & (nb - 1)] = z;
   }
   if (zone_table) VG_(free)(zone_table);
   zone_table = t;
   zone_buckets = nb;
}

static HT_Zone* zone_named(const HChar* name)
{
   UInt     h = HT_(hash_str)(HT_HASH_START, name);
   HT_Zone* z;
   if (zone_buckets != 0)
      for (z = zone_table[h & (zone_buckets - 1)]; z; z = z->hash_next)
         if (z->hash == h && VG_(strcmp)(z->name, name) == 0) return z;
   z = VG_(calloc)("hotgrind.zone", 1, sizeof(HT_Zone));
   z->name = VG_(strdup)("hotgrind.zone", name);
   z->hash = h;
   z->percall = HT_(percall_new)();
   z->next = all_zones;
   all_zones = z;
   if (++n_all_zones > 2 * zone_buckets)
      zone_table_grow();            /* rehashes z too */
   else {
      z->hash_next = zone_table[h & (zone_buckets - 1)];
      zone_table[h & (zone_buckets - 1)] = z;
   }
   return z;
}

void HT_(zone_begin)(ThreadId tid, const HChar* name)
{
   HT_ZoneStack* t;
   HT_Zone*     z = zone_named(name);
   OpenZone*    oz;
   tl_assert(HT_VALID_TID(tid));
   t = HT_(zone_stack)(tid);
   if (t->n_zones == t->cap_zones) {
      t->cap_zones = t->cap_zones ? 2 * t->cap_zones : 16;
      t->zones = VG_(realloc)("hotgrind.zones", t->zones,
                              t->cap_zones * sizeof(OpenZone));
   }
   oz = &t->zones[t->n_zones];
   oz->zone = z;
   HT_(thread_clock)(tid, &oz->clock_at_begin);
   oz->counted = HT_(collecting) && HT_(program_state) != HT_Ended;
   /* Only the outermost entry of a zone on a thread owns its inclusive
      cost.  A bit a thread (not a count a thread in every zone: 2 KB each,
      100,000 zones took 200 MB; nor a search of the thread's zone stack,
      which a deep stack makes quadratic) says whether one is open; zones
      close in LIFO order, so the outermost entry is the one to clear it. */
   oz->outermost = False;
   if (oz->counted) {
      UChar bit = (UChar)(1 << (tid % 8));
      if (!z->outer_open)
         z->outer_open = VG_(calloc)("hotgrind.zone_open",
                                     (VG_N_THREADS + 7) / 8, 1);
      oz->outermost = (z->outer_open[tid / 8] & bit) == 0;
      z->outer_open[tid / 8] |= bit;
      z->open++;
      z->calls++;
   }
   t->n_zones++;
}

static void close_zone(ThreadId tid)
{
   HT_Costs now_;
   const HT_Costs* now = &now_;
   HT_ZoneStack* t = HT_(zone_stack)(tid);
   OpenZone*    oz;
   tl_assert(t->n_zones > 0);
   oz = &t->zones[--t->n_zones];
   HT_(thread_clock)(tid, &now_);
   if (oz->counted) {
      tl_assert(oz->zone->open > 0);
      oz->zone->open--;
      if (oz->outermost) {
         oz->zone->outer_open[tid / 8] &= (UChar)~(1 << (tid % 8));
         HT_(add_cost_difference)(&oz->zone->incl, now, &oz->clock_at_begin);
      }
      HT_(percall_add)(oz->zone->percall, now->ir - oz->clock_at_begin.ir);
   }
}

Bool HT_(zone_end)(ThreadId tid)
{
   tl_assert(HT_VALID_TID(tid));
   if (HT_(zone_stack)(tid)->n_zones == 0) return False;
   close_zone(tid);
   return True;
}

void HT_(zones_thread_exit)(ThreadId tid)
{
   while (HT_(zone_stack)(tid)->n_zones > 0) close_zone(tid);
}

static Int cmp_zone_name(const void* a, const void* b)
{
   return VG_(strcmp)((*(HT_Zone* const*)a)->name,
                      (*(HT_Zone* const*)b)->name);
}

HT_Zone** HT_(zones_sorted)(UInt* n_out)
{
   UInt      n = 0;
   HT_Zone*  z;
   HT_Zone** all;
   for (z = all_zones; z; z = z->next) n++;
   all = VG_(malloc)("hotgrind.zones_sorted", (n ? n : 1) * sizeof(HT_Zone*));
   n = 0;
   for (z = all_zones; z; z = z->next) all[n++] = z;
   VG_(ssort)(all, n, sizeof(HT_Zone*), cmp_zone_name);
   *n_out = n;
   return all;
}
