/*--------------------------------------------------------------------*/
/*--- hotgrind: heap traffic, observed at the allocator's entry    ---*/
/*--- and return.                                       ht_heap.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* The program's own allocator keeps running (nothing is replaced, so
   its instructions stay in Ir as they cost in production); the tool
   sees the outermost allocator call of a thread at its entry (arguments)
   and its return (result) through the activation tracking of
   ht_callstack.c, and keeps a table of live blocks.

   The figures follow DHAT's rules, so DHAT is the oracle:
   - a zero-byte request counts as one byte;
   - realloc is one allocation of the new size and no free: the block
     keeps its identity, live bytes change by the difference;
   - a free of NULL, or of anything that is not a live block, counts
     nothing; an allocation that returns NULL counts nothing;
   - peak = live bytes and blocks at the latest global maximum of live
     bytes; exit = live at the end, after Valgrind's freeres.

   Self figures go to the function that called the allocator, by the
   call graph's rule (ht_callstack.c's allocator_caller); the
   per-thread clock carries them, so marked functions, zones and threads
   get inclusive figures from the same clock differences as Ir. */

#include "pub_tool_basics.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"

#include "ht_include.h"

ULong HT_(heap_total)[HT_N_HEAP];

typedef struct _Block {
   struct _Block* next;
   UWord          key;      /* address */
   SizeT          size;     /* as counted (a zero-byte request is 1) */
} Block;

static VgHashTable* live;
static ULong live_bytes, live_blocks;
static ULong peak_bytes, peak_blocks;

void HT_(heap_init)(void)
{
   live = VG_(HT_construct)("hotgrind.live_blocks");
}

/*------------------------------------------------------------*/
/*--- Which functions are allocators and pthread functions ---*/
/*------------------------------------------------------------*/

/* glibc's names, with the aliases debug info may give instead.  The
   pthread functions are in ht_threads.c. */
static const HT_Known known_allocators[] = {
   { "malloc", HT_Obs_Malloc },        { "__libc_malloc", HT_Obs_Malloc },
   { "valloc", HT_Obs_Malloc },        { "__libc_valloc", HT_Obs_Malloc },
   { "pvalloc", HT_Obs_Pvalloc },      { "__libc_pvalloc", HT_Obs_Pvalloc },
   { "calloc", HT_Obs_Calloc },        { "__libc_calloc", HT_Obs_Calloc },
   { "realloc", HT_Obs_Realloc },      { "__libc_realloc", HT_Obs_Realloc },
   { "reallocarray", HT_Obs_Reallocarray },
   { "__libc_reallocarray", HT_Obs_Reallocarray },
   { "memalign", HT_Obs_Memalign },    { "__libc_memalign", HT_Obs_Memalign },
   { "aligned_alloc", HT_Obs_Memalign },
   { "posix_memalign", HT_Obs_PosixMemalign },
   { "__posix_memalign", HT_Obs_PosixMemalign },
   { "free", HT_Obs_Free },            { "__libc_free", HT_Obs_Free },
   { "cfree", HT_Obs_Free },
   { NULL, HT_Obs_None }
};

/* 'name' without a symbol version suffix, equal to 'want'? */
static Bool same_base_name(const HChar* name, const HChar* want)
{
   SizeT n = VG_(strlen)(want);
   return VG_(strncmp)(name, want, n) == 0
          && (name[n] == '\0' || name[n] == '@');
}

HT_Observed HT_(known_kind)(const HT_Known* table, const HChar* name)
{
   Int i;
   for (i = 0; table[i].name; i++)
      if (same_base_name(name, table[i].name))
         return table[i].kind;
   return HT_Obs_None;
}

static Bool starts_with(const HChar* s, const HChar* prefix)
{
   return VG_(strncmp)(s, prefix, VG_(strlen)(prefix)) == 0;
}

HT_Observed HT_(observed_kind)(const HChar* name, const HT_Object* object)
{
   HT_Observed k;
   if (VG_(strcmp)(name, "_vgnU_freeres") == 0
       && starts_with(object->name, "vgpreload_core"))
      return HT_Obs_ProgramEnd;
   if (HT_(clo).heap) {
      if ((k = HT_(custom_allocator)(name, object)) != HT_Obs_None)
         return k;
      if ((k = HT_(known_kind)(known_allocators, name)) != HT_Obs_None)
         return k;
      /* Every form of operator new and delete: the size, or the block,
         is the first argument. */
      if (starts_with(name, "operator new"))    return HT_Obs_Malloc;
      if (starts_with(name, "operator delete")) return HT_Obs_Free;
   }
   return HT_(pthread_kind)(name);
}

/* What the standard names are called in the report, for
   HT_(standard_allocator_clash): the table, and the usual forms of
   operator new and delete (any of which HT_(observed_kind) takes). */
static const HT_Known operator_forms[] = {
   { "operator new(unsigned long)", HT_Obs_Malloc },
   { "operator new[](unsigned long)", HT_Obs_Malloc },
   { "operator new(unsigned int)", HT_Obs_Malloc },
   { "operator new[](unsigned int)", HT_Obs_Malloc },
   { "operator delete(void*)", HT_Obs_Free },
   { "operator delete[](void*)", HT_Obs_Free },
   { "operator delete(void*, unsigned long)", HT_Obs_Free },
   { "operator delete[](void*, unsigned long)", HT_Obs_Free },
   { NULL, HT_Obs_None }
};

const HT_Known* HT_(standard_allocator_clash)(const HChar* pattern,
                                              HT_Observed kind)
{
   const HT_Known* tables[2] = { known_allocators, operator_forms };
   Int             t, i;
   for (t = 0; t < 2; t++)
      for (i = 0; tables[t][i].name; i++)
         if (tables[t][i].kind != kind
             && HT_(glob_match)(pattern, tables[t][i].name))
            return &tables[t][i];
   return NULL;
}

/*------------------------------------------------------------*/
/*--- Counting                                             ---*/
/*------------------------------------------------------------*/

/* Nothing is counted while collection is off (live blocks are still
   tracked, so later frees and the peak stay right). */
static void attribute(HT_Fn* caller, Int what, ULong n)
{
   if (!HT_(collecting)) return;
   HT_(heap_total)[what] += n;
   if (caller) caller->heap[what] += n;
}

static void check_peak(void)
{
   /* ">=": the latest of equal peaks, as DHAT. */
   if (live_bytes >= peak_bytes) {
      peak_bytes  = live_bytes;
      peak_blocks = live_blocks;
   }
}

static void block_allocated(Addr p, SizeT size, HT_Fn* caller)
{
   Block* b;
   if (p == 0) return;
   if (size == 0) size = 1;
   /* The allocator handed out an address we think is live: we missed
      its free (e.g. made by code we do not observe).  Forget the old. */
   b = VG_(HT_remove)(live, p);
   if (b) {
      live_bytes -= b->size;
      live_blocks--;
      VG_(free)(b);
   }
   b = VG_(malloc)("hotgrind.block", sizeof(Block));
   b->key  = p;
   b->size = size;
   VG_(HT_add_node)(live, b);
   live_bytes += size;
   live_blocks++;
   if (HT_(program_state) != HT_Ended) {
      attribute(caller, HT_Allocs, 1);
      attribute(caller, HT_AllocBytes, size);
   }
   check_peak();
}

static void block_freed(Addr p, HT_Fn* caller)
{
   Block* b;
   if (p == 0) return;
   b = VG_(HT_remove)(live, p);
   if (!b) return;
   live_bytes -= b->size;
   live_blocks--;
   if (HT_(program_state) != HT_Ended) {
      attribute(caller, HT_Frees, 1);
      attribute(caller, HT_FreeBytes, b->size);
   }
   VG_(free)(b);
}

/* realloc of a live block that succeeded: one allocation of the new
   size; the block keeps its identity (it may move). */
static void block_resized(Addr old, Addr p, SizeT size, HT_Fn* caller)
{
   Block* b = VG_(HT_remove)(live, old);
   /* realloc(p, 0) that returns a block (allocators other than glibc's)
      is a zero-byte request: 1 byte, as malloc(0), so alloc-bytes stays
      >= allocs. */
   if (size == 0) size = 1;
   if (!b) {                       /* not ours: a new block */
      block_allocated(p, size, caller);
      return;
   }
   live_bytes -= b->size;
   b->key  = p;
   b->size = size;
   live_bytes += size;
   if (old != p) {
      Block* stale = VG_(HT_remove)(live, p);
      if (stale) {
         live_bytes -= stale->size;
         live_blocks--;
         VG_(free)(stale);
      }
   }
   VG_(HT_add_node)(live, b);
   if (HT_(program_state) != HT_Ended) {
      attribute(caller, HT_Allocs, 1);
      attribute(caller, HT_AllocBytes, size);
   }
   check_peak();
}

void HT_(heap_returned)(HT_Observed kind, const UWord args[3], UWord result,
                        HT_Fn* caller)
{
   switch (kind) {
      case HT_Obs_Malloc:
         block_allocated(result, args[0], caller);
         break;
      case HT_Obs_Calloc:
         block_allocated(result, args[0] * args[1], caller);
         break;
      case HT_Obs_Memalign:
         block_allocated(result, args[1], caller);
         break;
      case HT_Obs_Pvalloc: {
         /* glibc's pvalloc allocates whole pages (a page for 0): what
            the program asked for is that, not the byte count. */
         SizeT page = VKI_PAGE_SIZE;
         SizeT size = args[0] == 0 ? page : args[0];
         if (size > (SizeT)-1 - (page - 1))
            break;                 /* fails with ENOMEM */
         block_allocated(result, (size + page - 1) & ~(page - 1), caller);
         break;
      }
      case HT_Obs_PosixMemalign: {
         /* The result is an int: 0 for success; the block is in the
            client's *memptr. */
         Addr block;
         if ((UInt)result == 0
             && HT_(read_client)(args[0], &block, sizeof block, False))
            block_allocated(block, args[2], caller);
         break;
      }
      case HT_Obs_Realloc:
      case HT_Obs_Reallocarray: {
         SizeT size = args[1];
         if (kind == HT_Obs_Reallocarray) {
            /* When count * size overflows, reallocarray fails (NULL)
               and leaves the block as it was: nothing to count.  The
               wrapped product may even be 0, which would look like a
               free. */
            if (args[2] != 0 && args[1] > (SizeT)-1 / args[2])
               break;
            size = args[1] * args[2];
         }
         if (args[0] == 0)
            block_allocated(result, size, caller);
         else if (size == 0 && result == 0)
            block_freed(args[0], caller);
         else if (result != 0)
            block_resized(args[0], result, size, caller);
         break;
      }
      case HT_Obs_Free:
         block_freed(args[0], caller);
         break;
      default:
         break;
   }
}

void HT_(heap_totals)(HT_HeapTotals* t)
{
   t->allocs      = HT_(heap_total)[HT_Allocs];
   t->alloc_bytes = HT_(heap_total)[HT_AllocBytes];
   t->frees       = HT_(heap_total)[HT_Frees];
   t->free_bytes  = HT_(heap_total)[HT_FreeBytes];
   t->peak_bytes  = peak_bytes;
   t->peak_blocks = peak_blocks;
   t->exit_bytes  = live_bytes;
   t->exit_blocks = live_blocks;
}
