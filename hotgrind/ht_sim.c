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

/* The L1 tags live in the tool's own zero-initialised data when they
   fit (128 KB of tags: L1 caches up to 1 MB with 64-byte lines), which
   is loaded low in the address space: the inline checks then address the
   tags with a 32-bit displacement, one host instruction, instead of
   materialising a 64-bit address first. */
#define L1_POOL_WORDS (2 * 8192)
static UWord l1_pool[L1_POOL_WORDS];
static UInt  l1_pool_used;

static void init_cache(Cache* c, const HT_CacheGeometry* g, Bool l1)
{
   UInt  sets = g->size / g->line / g->assoc;
   SizeT words = (SizeT)sets * g->assoc;
   c->assoc = g->assoc;
   c->line_bits = log2_exact(g->line);
   c->sets_mask = sets - 1;
   if (l1 && words <= L1_POOL_WORDS - l1_pool_used) {
      c->tags = &l1_pool[l1_pool_used];
      l1_pool_used += words;
   } else {
      c->tags = VG_(calloc)("hotgrind.cache", words, sizeof(UWord));
   }
}

void HT_(sim_init)(const HT_CacheGeometry* i1, const HT_CacheGeometry* d1,
                   const HT_CacheGeometry* ll)
{
   init_cache(&I1, i1, True);
   init_cache(&D1, d1, True);
   init_cache(&LL, ll, False);
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

/* The data accesses of the usual sizes, with the size in the helper
   rather than an argument: one argument less to set up at every call
   site, which is code VEX translates and runs for each access. */
#define HT_SIZED_HELPERS(n) \
   static VG_REGPARM(2) void read_##n(HT_SelfCosts* c, Addr a) \
   { HT_(sim_read)(c, a, n); } \
   static VG_REGPARM(2) void write_##n(HT_SelfCosts* c, Addr a) \
   { HT_(sim_write)(c, a, n); }
HT_SIZED_HELPERS(1)
HT_SIZED_HELPERS(2)
HT_SIZED_HELPERS(4)
HT_SIZED_HELPERS(8)
HT_SIZED_HELPERS(16)
HT_SIZED_HELPERS(32)

void* HT_(sim_sized)(Bool write, Int size, const HChar** name)
{
   static const struct {
      Int size; void* read; void* write; const HChar* rname; const HChar* wname;
   } sized[] = {
      { 1,  (void*)read_1,  (void*)write_1,  "hotgrind_read_1",  "hotgrind_write_1" },
      { 2,  (void*)read_2,  (void*)write_2,  "hotgrind_read_2",  "hotgrind_write_2" },
      { 4,  (void*)read_4,  (void*)write_4,  "hotgrind_read_4",  "hotgrind_write_4" },
      { 8,  (void*)read_8,  (void*)write_8,  "hotgrind_read_8",  "hotgrind_write_8" },
      { 16, (void*)read_16, (void*)write_16, "hotgrind_read_16", "hotgrind_write_16" },
      { 32, (void*)read_32, (void*)write_32, "hotgrind_read_32", "hotgrind_write_32" },
   };
   UInt i;
   for (i = 0; i < sizeof sized / sizeof sized[0]; i++)
      if (sized[i].size == size) {
         *name = write ? sized[i].wname : sized[i].rname;
         return write ? sized[i].write : sized[i].read;
      }
   return NULL;
}

/* Instruction fetches of every length up to 16 bytes (x86's longest is
   15), likewise. */
#define HT_FETCH_HELPER(n) \
   static VG_REGPARM(2) void fetch_##n(HT_SelfCosts* c, Addr a) \
   { HT_(sim_fetch)(c, a, n); }
HT_FETCH_HELPER(1)  HT_FETCH_HELPER(2)  HT_FETCH_HELPER(3)  HT_FETCH_HELPER(4)
HT_FETCH_HELPER(5)  HT_FETCH_HELPER(6)  HT_FETCH_HELPER(7)  HT_FETCH_HELPER(8)
HT_FETCH_HELPER(9)  HT_FETCH_HELPER(10) HT_FETCH_HELPER(11) HT_FETCH_HELPER(12)
HT_FETCH_HELPER(13) HT_FETCH_HELPER(14) HT_FETCH_HELPER(15) HT_FETCH_HELPER(16)

void* HT_(sim_fetch_sized)(Int size)
{
   static void* const fetch[16] = {
      (void*)fetch_1,  (void*)fetch_2,  (void*)fetch_3,  (void*)fetch_4,
      (void*)fetch_5,  (void*)fetch_6,  (void*)fetch_7,  (void*)fetch_8,
      (void*)fetch_9,  (void*)fetch_10, (void*)fetch_11, (void*)fetch_12,
      (void*)fetch_13, (void*)fetch_14, (void*)fetch_15, (void*)fetch_16,
   };
   return size >= 1 && size <= 16 ? fetch[size - 1] : NULL;
}

VG_REGPARM(2) void HT_(sim_group)(const HT_SimGroup* g, Addr base)
{
   UInt i;
   for (i = 0; i < g->n; i++) {
      const HT_SimGroupAccess* a = &g->access[i];
      if (a->write)
         HT_(sim_write)(a->c, base + (Addr)a->offset, a->size);
      else
         HT_(sim_read)(a->c, base + (Addr)a->offset, a->size);
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
