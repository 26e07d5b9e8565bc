/*--------------------------------------------------------------------*/
/*--- hotgrind: the cache model (I1, D1, LL).           ht_sim.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* The same model as Cachegrind's, so figures are equal for a given
   geometry (docs/dev/cachegrind-model.md): set-associative, LRU, every
   tag starting at 0, reads and writes alike (write-allocate, no
   write-back), an access over two lines is one miss if either line
   misses, and LL is looked up only on an L1 miss, with the same address
   and size.  Dm (read-modify-write) counts as a read. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"

#include "ht_include.h"

typedef struct {
   UWord* tags;        /* sets * assoc block numbers, MRU first */
   UInt   assoc;
   UInt   line_bits;
   UWord  sets_mask;
} Cache;

static Cache I1, D1, LL;

static UInt log2_exact(UInt x)
{
   UInt i;
   for (i = 0; i < 32; i++)
      if ((1u << i) == x) return i;
   return 32;
}

const HChar* HT_(cache_geometry_problem)(const HT_CacheGeometry* g)
{
   /* In 64 bits: line * assoc can exceed 32 (e.g. 65536 * 65536). */
   ULong set_bytes = (ULong)g->line * g->assoc;
   if (g->line == 0 || g->assoc == 0 || g->size == 0)
      return "sizes must be positive";
   if (g->size % set_bytes != 0
       || log2_exact(g->size / g->line / g->assoc) == 32)
      return "the number of sets (size / (line * assoc)) is not a power of two";
   if (log2_exact(g->line) == 32)
      return "the line size is not a power of two";
   if (g->line < 16)
      return "the line size is below 16 bytes";
   if (g->size <= g->line)
      return "the size is not larger than the line size";
   if (g->assoc > g->size / g->line)
      return "the associativity is larger than size / line";
   return NULL;
}

static void init_cache(Cache* c, const HT_CacheGeometry* g)
{
   UInt sets = g->size / g->line / g->assoc;
   c->assoc = g->assoc;
   c->line_bits = log2_exact(g->line);
   c->sets_mask = sets - 1;
   c->tags = VG_(calloc)("hotgrind.cache", (SizeT)sets * g->assoc,
                         sizeof(UWord));
}

void HT_(sim_init)(const HT_CacheGeometry* i1, const HT_CacheGeometry* d1,
                   const HT_CacheGeometry* ll)
{
   init_cache(&I1, i1);
   init_cache(&D1, d1);
   init_cache(&LL, ll);
}

/* The simulator's helpers are the hot path of --cache-sim=yes (the
   inline check in ht_instrument.c leaves them only the accesses that are
   not hits on a set's most recently used line): inlined into each helper,
   so the compiler sees which cache it is. */
#define HT_SIM_INLINE inline __attribute__((always_inline))

/* LRU lookup of one block; True on a miss.  The block number is the tag. */
static HT_SIM_INLINE Bool set_ref_is_miss(Cache* c, UWord block)
{
   UWord* set = &c->tags[(block & c->sets_mask) * c->assoc];
   UInt   i, j;
   if (set[0] == block) return False;
   for (i = 1; i < c->assoc; i++) {
      if (set[i] == block) {
         for (j = i; j > 0; j--) set[j] = set[j - 1];
         set[0] = block;
         return False;
      }
   }
   for (j = c->assoc - 1; j > 0; j--) set[j] = set[j - 1];
   set[0] = block;
   return True;
}

static HT_SIM_INLINE Bool ref_is_miss(Cache* c, Addr a, UWord size)
{
   UWord first = a >> c->line_bits;
   UWord last  = (a + size - 1) >> c->line_bits;
   Bool  miss;
   if (first == last)
      return set_ref_is_miss(c, first);
   tl_assert(first + 1 == last);   /* lines are >= 16 bytes, accesses are clamped */
   miss = set_ref_is_miss(c, first);
   /* Both lines are looked up: the second one's LRU state changes too. */
   return set_ref_is_miss(c, last) || miss;
}

/* A miss counts in the self costs of the access's function (or line,
   --lines=yes) and in the running totals that inclusive costs are
   measured with. */
static HT_SIM_INLINE void miss(HT_SelfCosts* c, Int what)
{
   c->cache[what]++;
   HT_(cache_total)[what]++;
   if (c->no_symbol) HT_(innermost_no_symbol)->cache[what]++;
}

VG_REGPARM(3) void HT_(sim_fetch)(HT_SelfCosts* c, Addr a, UWord size)
{
   if (ref_is_miss(&I1, a, size)) {
      miss(c, HT_I1mr);
      if (ref_is_miss(&LL, a, size)) miss(c, HT_ILmr);
   }
}

VG_REGPARM(3) void HT_(sim_read)(HT_SelfCosts* c, Addr a, UWord size)
{
   if (ref_is_miss(&D1, a, size)) {
      miss(c, HT_D1mr);
      if (ref_is_miss(&LL, a, size)) miss(c, HT_DLmr);
   }
}

VG_REGPARM(3) void HT_(sim_write)(HT_SelfCosts* c, Addr a, UWord size)
{
   if (ref_is_miss(&D1, a, size)) {
      miss(c, HT_D1mw);
      if (ref_is_miss(&LL, a, size)) miss(c, HT_DLmw);
   }
}

/* Guarded loads and stores: counted and simulated only when they happen. */
VG_REGPARM(3) void HT_(sim_read_counted)(HT_SelfCosts* c, Addr a, UWord size)
{
   c->cache[HT_Dr]++;
   HT_(cache_total)[HT_Dr]++;
   if (c->no_symbol) HT_(innermost_no_symbol)->cache[HT_Dr]++;
   HT_(sim_read)(c, a, size);
}

VG_REGPARM(3) void HT_(sim_write_counted)(HT_SelfCosts* c, Addr a, UWord size)
{
   c->cache[HT_Dw]++;
   HT_(cache_total)[HT_Dw]++;
   if (c->no_symbol) HT_(innermost_no_symbol)->cache[HT_Dw]++;
   HT_(sim_write)(c, a, size);
}

/* For the inline hit path: a hit on a set's most recently used line
   changes nothing, so instrumented code skips the helper when the
   access is within one line and that line is its set's MRU one. */
void HT_(sim_layout)(Bool data, UWord** tags, UInt* line_bits,
                     UWord* sets_mask, UInt* assoc)
{
   Cache* c = data ? &D1 : &I1;
   *tags = c->tags; *line_bits = c->line_bits;
   *sets_mask = c->sets_mask; *assoc = c->assoc;
}
