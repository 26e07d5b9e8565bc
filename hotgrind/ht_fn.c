/*--------------------------------------------------------------------*/
/*--- hotgrind: which function an instruction belongs to.   ht_fn.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Function identity is decided at translation time, once per guest
   instruction, so the instrumented code only adds constants to fixed
   counters.  Names come from the same debug-info calls Cachegrind uses
   (VG_(get_fnname)), so per-function counts line up with Cachegrind's.

   Two tables:
   - by entry address (+ debug-info epoch): a cache that saves the file
     and line look-ups for every further instruction of a function;
   - by identity (name, object, file, line, and with --inline=yes the
     real function an inlined one's row is inlined into): the functions
     the report lists.  The object is ht_object.c's record, with its soname for
     marks.  A function loaded twice (dlopen, dlclose, dlopen) is one
     function in the report. */

#include "pub_tool_basics.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_deduppoolalloc.h"

#include "ht_include.h"

/* Entry-address cache node; layout starts with next/key as
   pub_tool_hashtable.h requires. */
typedef struct _HT_EntryNode {
   struct _HT_EntryNode* next;
   UWord                 key;     /* entry address */
   UInt                  epoch;   /* debug-info epoch it was resolved in */
   HT_Fn*                fn;
} HT_EntryNode;

static VgHashTable*   entry_cache;
/* Client address -> function, for run-time look-ups (fn_containing). */
static VgHashTable*   address_cache;
static DedupPoolAlloc* strings;   /* interned names, objects, files */

/* The functions by identity (fn_get). */
static HT_Table fn_table = HT_TABLE_INIT(HT_Fn, 1024);

static const HChar* intern(const HChar* s)
{
   return VG_(allocEltDedupPA)(strings, VG_(strlen)(s) + 1, s);
}

UInt HT_(hash_str)(UInt h, const HChar* s)
{
   /* FNV-1a */
   for (; *s; s++) { h ^= (UChar)*s; h *= 16777619u; }
   return h;
}

static UInt pair_hash(const void* a, const void* b)
{
   ULong h = (ULong)(UWord)a * 0x9E3779B97F4A7C15ULL
             ^ (ULong)(UWord)b * 0xC2B2AE3D27D4EB4FULL;
   return (UInt)(h >> 32);
}

HT_PairNode* HT_(pair_chain)(const HT_PairTable* t, const void* a,
                             const void* b)
{
   if (t->n_buckets == 0) return NULL;
   return t->buckets[pair_hash(a, b) & (t->n_buckets - 1)];
}

void HT_(pair_add)(HT_PairTable* t, HT_PairNode* node)
{
   UInt b;
   if (t->n + 1 > 2 * t->n_buckets) {
      UInt          nb = t->n_buckets ? 2 * t->n_buckets : 1024;
      HT_PairNode** nt = VG_(calloc)("hotgrind.pair_table", nb,
                                     sizeof(HT_PairNode*));
      UInt          i;
      for (i = 0; i < t->n_buckets; i++) {
         HT_PairNode* e = t->buckets[i];
         while (e) {
            HT_PairNode* next = e->next;
            UInt         nbk = pair_hash(e->a, e->b) & (nb - 1);
            e->next = nt[nbk];
            nt[nbk] = e;
            e = next;
         }
      }
      if (t->buckets) VG_(free)(t->buckets);
      t->buckets = nt;
      t->n_buckets = nb;
   }
   b = pair_hash(node->a, node->b) & (t->n_buckets - 1);
   node->next = t->buckets[b];
   t->buckets[b] = node;
   t->n++;
}

/* The record's chain pointer and hash. */
#define TABLE_NEXT(t, rec) (*(void**)((HChar*)(rec) + (t)->next_at))
#define TABLE_HASH(t, rec) (*(const UInt*)((const HChar*)(rec) + (t)->hash_at))

static void table_grow(HT_Table* t)
{
   UInt   nb = t->n_buckets ? 2 * t->n_buckets : t->first, i;
   void** nt = VG_(calloc)("hotgrind.table", nb, sizeof(void*));
   tl_assert(nb > 0 && (nb & (nb - 1)) == 0);
   for (i = 0; i < t->n_buckets; i++) {
      void* r = t->buckets[i];
      while (r) {
         void* next = TABLE_NEXT(t, r);
         UInt  b    = TABLE_HASH(t, r) & (nb - 1);
         TABLE_NEXT(t, r) = nt[b];
         nt[b] = r;
         r = next;
      }
   }
   if (t->buckets) VG_(free)(t->buckets);
   t->buckets = nt;
   t->n_buckets = nb;
}

void HT_(table_add)(HT_Table* t, void* rec)
{
   UInt b;
   if (t->n >= t->n_buckets) table_grow(t);
   b = TABLE_HASH(t, rec) & (t->n_buckets - 1);
   TABLE_NEXT(t, rec) = t->buckets[b];
   t->buckets[b] = rec;
   t->n++;
}

static UInt identity_hash(const HChar* name, const HChar* object,
                          const HChar* file, UInt line)
{
   UInt h = HT_HASH_START;
   h = HT_(hash_str)(h, name);   h = (h ^ 0x1f) * 16777619u;
   h = HT_(hash_str)(h, object); h = (h ^ 0x1f) * 16777619u;
   h = HT_(hash_str)(h, file);
   return (h ^ line) * 16777619u;
}

void HT_(fn_init)(void)
{
   entry_cache = VG_(HT_construct)("hotgrind.entry_cache");
   address_cache = VG_(HT_construct)("hotgrind.address_cache");
   strings = VG_(newDedupPA)(16384, 1, VG_(malloc),
                             "hotgrind.strings", VG_(free));
}

/* Finds or creates the function with this identity ('into': the real
   function of an inlined function's row, else NULL).  The strings need
   not be interned: they are only copied when a function is created. */
static HT_Fn* fn_get(const HChar* name, HT_Object* obj, const HChar* file,
                     UInt line, const HChar* dir, HT_Fn* into)
{
   const HChar* object = obj->name;
   UInt   h = identity_hash(name, object, file, line)
              ^ (into ? into->hash : 0);
   HT_Fn* f;
   for (f = HT_(table_chain)(&fn_table, h); f; f = f->next) {
      if (f->hash == h && f->line == line && f->inlined_into == into
          && VG_(strcmp)(f->name, name) == 0
          && VG_(strcmp)(f->object, object) == 0
          && VG_(strcmp)(f->file, file) == 0)
         return f;
   }
   f = VG_(malloc)("hotgrind.fn", sizeof(HT_Fn));
   f->name   = intern(name);
   f->object = obj->name;
   f->obj    = obj;
   f->file   = intern(file);
   f->dir    = intern(dir);
   f->line   = line;
   f->hash   = h;
   VG_(memset)(&f->self, 0, sizeof f->self);
   f->self.no_symbol = HT_(clo).call_graph && VG_(strcmp)(f->name, "???") == 0;
   f->marked = HT_(is_marked)(f->name, obj);
   f->calls  = 0;
   VG_(memset)(&f->incl, 0, sizeof f->incl);
   f->percall = NULL;
   f->outer_open = NULL;
   f->outside_calls = 0;
   f->recursive = False;
   f->mid_jump = False;
   VG_(memset)(&f->no_sym, 0, sizeof f->no_sym);
   f->report_id = 0;
   f->last_edge = NULL;
   f->root_context = NULL;
   f->truncated_root = NULL;
   f->last_context = NULL;
   VG_(memset)(f->heap, 0, sizeof f->heap);
   f->end = f->self;
   f->end_calls = 0;
   f->lines = NULL;
   f->inlined_into = into;
   /* Observed functions are entered through calls: an inlined copy of
      one is only code. */
   f->observe = into ? HT_Obs_None : HT_(observed_kind)(f->name, obj);
   HT_(table_add)(&fn_table, f);
   return f;
}

/* The offset VG_(get_fnname_w_offset) appends as "+N" (none means 0). */
static UWord trailing_offset(const HChar* with_off)
{
   const HChar* plus = VG_(strrchr)(with_off, '+');
   const HChar* p;
   UWord        off = 0;
   if (!plus || plus[1] == '\0') return 0;
   for (p = plus + 1; *p; p++) {
      if (*p < '0' || *p > '9') return 0;
      off = off * 10 + (UWord)(*p - '0');
   }
   return off;
}

/* Code without a symbol is its object's "???".  Stripped code asks at
   every instruction it has (most of Debian's python3: its static
   functions), so the last object's text range is remembered: the object,
   hence the function, is the same for every address in it, until the
   debug-info epoch changes. */
static HT_Fn* fn_without_symbol(DiEpoch ep, Addr a)
{
   static HT_Fn* last_fn;
   static Addr   last_lo, last_end;
   static UInt   last_epoch;
   DebugInfo*    di;
   HT_Fn*        fn;
   if (last_fn && (UInt)ep.n == last_epoch && a >= last_lo && a < last_end)
      return last_fn;
   fn = fn_get("???", HT_(object_at)(ep, a), "", 0, "", NULL);
   di = VG_(find_DebugInfo)(ep, a);
   if (di) {
      last_fn    = fn;
      last_epoch = (UInt)ep.n;
      last_lo    = VG_(DebugInfo_get_text_avma)(di);
      last_end   = last_lo + VG_(DebugInfo_get_text_size)(di);
   }
   return fn;
}

/* First sight of a function: its name (the same call Cachegrind makes),
   object, and the file, directory and line of its entry.  Debug-info
   strings live in buffers the next call overwrites, hence the copies. */
static HT_Fn* fn_for_entry(DiEpoch ep, Addr a, Addr entry)
{
   const HChar* tmp;
   const HChar* file = NULL;
   const HChar* dir  = NULL;
   UInt         line = 0;
   HChar*       name;
   HChar*       file_copy;
   HChar*       dir_copy;
   HT_Object*   obj;
   HT_Fn*       fn;

   if (!VG_(get_fnname)(ep, a, &tmp))
      return fn_without_symbol(ep, a);
   name = VG_(strdup)("hotgrind.fn.name", tmp);
   obj = HT_(object_at)(ep, entry);
   if (!VG_(get_filename_linenum)(ep, entry, &file, &dir, &line)) {
      file = "";
      dir  = "";
      line = 0;
   }
   file_copy = VG_(strdup)("hotgrind.fn.file", file);
   dir_copy = VG_(strdup)("hotgrind.fn.dir", dir ? dir : "");
   fn = fn_get(name, obj, file_copy, line, dir_copy, NULL);
   VG_(free)(dir_copy);
   VG_(free)(file_copy);
   VG_(free)(name);
   return fn;
}

/* Hot at translation time: one debug-info call and one cache probe per
   instruction of an already seen function. */
HT_Fn* HT_(fn_at)(Addr a, Bool* is_entry)
{
   DiEpoch       ep = VG_(current_DiEpoch)();
   const HChar*  with_off;
   Addr          entry;
   HT_EntryNode* node;
   HT_Fn*        fn;

   *is_entry = False;
   if (!VG_(get_fnname_w_offset)(ep, a, &with_off))
      return fn_without_symbol(ep, a);
   entry = a - trailing_offset(with_off);

   node = VG_(HT_lookup)(entry_cache, entry);
   if (node && node->epoch == (UInt)ep.n) {
      *is_entry = a == entry;
      return node->fn;
   }

   fn = fn_for_entry(ep, a, entry);
   /* A name that itself ends in "+digits" would fool trailing_offset();
      never cache an entry that is not really one. */
   if (!VG_(get_fnname_if_entry)(ep, entry, &with_off))
      return fn;
   *is_entry = a == entry;
   if (!node) {
      node = VG_(malloc)("hotgrind.entry_node", sizeof(HT_EntryNode));
      node->key = entry;
      VG_(HT_add_node)(entry_cache, node);
   }
   node->epoch = (UInt)ep.n;
   node->fn    = fn;
   return fn;
}

HT_Fn* HT_(fn_inlined)(const HChar* name, HT_Fn* into)
{
   tl_assert(into->inlined_into == NULL);
   /* Its code is in 'into': that function's file and line, which also
      keeps rows of one name inlined into different functions apart for
      readers that know functions by name, object, file and line; line 0
      for a function inlined into itself (a recursion the compiler
      unrolled), which would otherwise be taken for 'into'. */
   return fn_get(name, into->obj, into->file,
                 VG_(strcmp)(name, into->name) == 0 ? 0 : into->line,
                 into->dir, into);
}

/* Allocations are attributed to the function that called the allocator:
   one look-up per distinct call site, then a hash probe. */
HT_Fn* HT_(fn_containing)(Addr a)
{
   UInt          epoch = (UInt)VG_(current_DiEpoch)().n;
   HT_EntryNode* node = VG_(HT_lookup)(address_cache, a);
   Bool          is_entry;
   if (node && node->epoch == epoch) return node->fn;
   if (!node) {
      node = VG_(malloc)("hotgrind.address_node", sizeof(HT_EntryNode));
      node->key = a;
      VG_(HT_add_node)(address_cache, node);
   }
   node->epoch = epoch;
   node->fn = HT_(fn_at)(a, &is_entry);
   return node->fn;
}

static Bool has_heap(const HT_Fn* f)
{
   return f->heap[HT_Allocs] || f->heap[HT_Frees];
}

/* --lines=yes: 'f's self costs are its lines' sums. */
static void sum_lines(HT_Fn* f)
{
   const HT_Line* l;
   Int            i;
   Bool           no_symbol = f->self.no_symbol;
   VG_(memset)(&f->self, 0, sizeof f->self);
   f->self.no_symbol = no_symbol;
   for (l = f->lines; l; l = l->fn_next) {
      f->self.ir += l->self.ir;
      for (i = 0; i < HT_N_CACHE; i++)  f->self.cache[i]  += l->self.cache[i];
      for (i = 0; i < HT_N_BRANCH; i++) f->self.branch[i] += l->self.branch[i];
   }
}

void HT_(fn_snapshot_end)(void)
{
   UInt i;
   if (HT_(clo).lines) HT_(lines_fold_ir)();
   for (i = 0; i < fn_table.n_buckets; i++) {
      HT_Fn* f;
      for (f = fn_table.buckets[i]; f; f = f->next) {
         HT_Line* l;
         for (l = f->lines; l; l = l->fn_next) l->end = l->self;
         /* The functions' sums are final now: what runs after the end
            (contexts_program_end asks which functions are listed)
            reads them. */
         if (HT_(clo).lines) sum_lines(f);
         f->end = f->self;
         f->end_calls = f->calls;
      }
   }
}

/* Functions first seen after the end get zero, so they are not
   listed. */
void HT_(fn_restore_end)(void)
{
   UInt i;
   if (HT_(clo).lines && HT_(program_state) != HT_Ended)
      HT_(lines_fold_ir)();
   for (i = 0; i < fn_table.n_buckets; i++) {
      HT_Fn* f;
      for (f = fn_table.buckets[i]; f; f = f->next) {
         HT_Line* l;
         if (HT_(program_state) == HT_Ended) {
            for (l = f->lines; l; l = l->fn_next) l->self = l->end;
            f->self = f->end;
         } else if (HT_(clo).lines) {
            sum_lines(f);
         }
      }
   }
   /* Whatever ran after the end no longer counts. */
   if (HT_(clo).lines && HT_(program_state) == HT_Ended)
      HT_(lines_unfold_ir)();
}

static Int cmp_report_order(const void* pa, const void* pb)
{
   const HT_Fn* a = *(const HT_Fn* const*)pa;
   const HT_Fn* b = *(const HT_Fn* const*)pb;
   Int c;
   if (a->self.ir != b->self.ir) return a->self.ir > b->self.ir ? -1 : 1;
   if ((c = VG_(strcmp)(a->name, b->name)) != 0)     return c;
   if ((c = VG_(strcmp)(a->object, b->object)) != 0) return c;
   if ((c = VG_(strcmp)(a->file, b->file)) != 0)     return c;
   if (a->line != b->line) return a->line < b->line ? -1 : 1;
   /* A real function before the rows inlined into others, which go by
      the function they are inlined into. */
   if (a->inlined_into != b->inlined_into) {
      if (a->inlined_into == NULL) return -1;
      if (b->inlined_into == NULL) return 1;
      return cmp_report_order(&a->inlined_into, &b->inlined_into);
   }
   return 0;
}

Bool HT_(fn_listed)(const HT_Fn* f)
{
   /* A function in the call graph is listed even if it was entered only
      to have its first instruction undone by the end of the program, so
      every edge names listed ones; with --inline=yes an entered function
      all of whose code ran as inlined functions' (self Ir 0) is listed,
      so its calls are seen. */
   return f->self.ir > 0 || has_heap(f)
          || ((HT_(clo).call_graph || HT_(clo).inlined) && f->calls > 0);
}

HT_Fn** HT_(fn_sorted)(UInt* n_out, ULong* total_ir_out)
{
   HT_Fn** all = VG_(malloc)("hotgrind.fn_sorted",
                             (fn_table.n ? fn_table.n : 1) * sizeof(HT_Fn*));
   UInt    n = 0, i;
   ULong   total = 0;
   for (i = 0; i < fn_table.n_buckets; i++) {
      HT_Fn* f;
      for (f = fn_table.buckets[i]; f; f = f->next) {
         total += f->self.ir;
         if (HT_(fn_listed)(f))
            all[n++] = f;
      }
   }
   VG_(ssort)(all, n, sizeof(HT_Fn*), cmp_report_order);
   *n_out = n;
   *total_ir_out = total;
   return all;
}

void HT_(fn_sum_counts)(ULong* ir, ULong* dr, ULong* dw)
{
   UInt  i;
   ULong sir = 0, sdr = 0, sdw = 0;
   /* With --lines=yes instrumented code counts in the lines. */
   if (HT_(clo).lines) {
      sir = HT_(line_sum_ir)();
   } else {
      for (i = 0; i < fn_table.n_buckets; i++) {
         const HT_Fn* f;
         for (f = fn_table.buckets[i]; f; f = f->next) {
            sir += f->self.ir;
            sdr += f->self.cache[HT_Dr];
            sdw += f->self.cache[HT_Dw];
         }
      }
   }
   *ir = sir; *dr = sdr; *dw = sdw;
}

void HT_(mark_stats)(UInt mark, UInt* functions, UInt* entered)
{
   UInt i;
   *functions = *entered = 0;
   for (i = 0; i < fn_table.n_buckets; i++) {
      HT_Fn* f;
      for (f = fn_table.buckets[i]; f; f = f->next) {
         if (!f->marked || !HT_(mark_matches)(mark, f->name, f->obj))
            continue;
         (*functions)++;
         if (f->calls > 0) (*entered)++;
      }
   }
}

static Int cmp_object_then_name(const void* pa, const void* pb)
{
   const HT_Fn* a = *(const HT_Fn* const*)pa;
   const HT_Fn* b = *(const HT_Fn* const*)pb;
   Int c = VG_(strcmp)(a->object, b->object);
   return c != 0 ? c : VG_(strcmp)(a->name, b->name);
}

UInt HT_(fn_named_like)(const HChar* pattern, HT_Fn** first)
{
   HT_Fn** all = VG_(malloc)("hotgrind.named_like",
                             (fn_table.n ? fn_table.n : 1) * sizeof(HT_Fn*));
   UInt    n = 0, objects = 0, i;
   for (i = 0; i < fn_table.n_buckets; i++) {
      HT_Fn* f;
      for (f = fn_table.buckets[i]; f; f = f->next)
         if (VG_(strcmp)(f->name, "???") != 0
             && HT_(glob_match)(pattern, f->name))
            all[n++] = f;
   }
   VG_(ssort)(all, n, sizeof(HT_Fn*), cmp_object_then_name);
   for (i = 0; i < n; i++)
      if (i == 0 || all[i]->obj != all[i - 1]->obj) objects++;
   *first = n > 0 ? all[0] : NULL;
   VG_(free)(all);
   return objects;
}

void HT_(fn_sum_figures)(HT_Fn** fns, UInt n, ULong cache[HT_N_CACHE],
                         ULong branch[HT_N_BRANCH])
{
   UInt i, j;
   VG_(memset)(cache, 0, HT_N_CACHE * sizeof(ULong));
   VG_(memset)(branch, 0, HT_N_BRANCH * sizeof(ULong));
   for (i = 0; i < n; i++) {
      for (j = 0; j < HT_N_CACHE; j++)  cache[j]  += fns[i]->self.cache[j];
      for (j = 0; j < HT_N_BRANCH; j++) branch[j] += fns[i]->self.branch[j];
   }
}
