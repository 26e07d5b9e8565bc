/*--------------------------------------------------------------------*/
/*--- hotgrind: self costs per source line.               ht_line.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* --lines=yes: each instruction's (function, file, line) is resolved
   once, at translation time, with the debug-info call Cachegrind uses
   (VG_(get_filename_linenum)), so the instrumented code and the
   simulators add to a fixed per-line record instead of the function's
   (ht_instrument.c says why). */

#include "pub_tool_basics.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_deduppoolalloc.h"

#include "ht_include.h"

static HT_Table        line_table = HT_TABLE_INIT(HT_Line, 1024);
static DedupPoolAlloc* line_strings;   /* interned file and dir names */

/* The records, in chunks allocated whole, with the Ir counts
   instrumented code adds to in an array of their own per chunk.  Without
   marks, zones, thread events, a call graph or a cache simulation the
   clock is not kept inline (each flush saves an add: a tenth of the code
   of a start-up-bound run), so a thread switch sums every line's Ir;
   dense, that is 8 bytes per line read in address order instead of a
   cache line per record, scattered. */
#define LINES_PER_CHUNK 1024
typedef struct _LineChunk {
   struct _LineChunk* next;
   UInt               used;
   ULong              ir[LINES_PER_CHUNK];
   HT_Line            lines[LINES_PER_CHUNK];
} LineChunk;
static LineChunk* chunks;   /* newest first */

static HT_Line* new_line_record(void)
{
   HT_Line* l;
   if (chunks == NULL || chunks->used == LINES_PER_CHUNK) {
      LineChunk* c = VG_(malloc)("hotgrind.line.chunk", sizeof(LineChunk));
      c->next = chunks;
      c->used = 0;
      chunks = c;
   }
   l = &chunks->lines[chunks->used];
   l->ir_count = &chunks->ir[chunks->used];
   *l->ir_count = 0;
   chunks->used++;
   return l;
}

ULong HT_(line_sum_ir)(void)
{
   const LineChunk* c;
   UInt             i;
   ULong            sir = 0;
   /* Dr and Dw are counted only by the cache simulation, and with it the
      clock runs inline from the start (ht_post_clo_init), so no clock
      is ever summed from the lines then. */
   tl_assert(!HT_(clo).cache_sim);
   for (c = chunks; c; c = c->next)
      for (i = 0; i < c->used; i++) sir += c->ir[i];
   return sir;
}

ULong* HT_(line_ir_count)(HT_SelfCosts* costs)
{
   HT_Line* l = (HT_Line*)((HChar*)costs - offsetof(HT_Line, self));
   return l->ir_count;
}

void HT_(lines_fold_ir)(void)
{
   LineChunk* c;
   UInt       i;
   for (c = chunks; c; c = c->next)
      for (i = 0; i < c->used; i++) c->lines[i].self.ir = c->ir[i];
}

void HT_(lines_unfold_ir)(void)
{
   LineChunk* c;
   UInt       i;
   for (c = chunks; c; c = c->next)
      for (i = 0; i < c->used; i++) c->ir[i] = c->lines[i].self.ir;
}

static const HChar* intern_line_string(const HChar* s)
{
   if (line_strings == NULL)
      line_strings = VG_(newDedupPA)(16384, 1, VG_(malloc),
                                     "hotgrind.line.strings", VG_(free));
   return VG_(allocEltDedupPA)(line_strings, VG_(strlen)(s) + 1, s);
}

static UInt line_hash(const HT_Fn* fn, const HChar* file, const HChar* dir,
                      UInt line)
{
   UInt h = HT_(hash_str)(HT_HASH_START ^ (UInt)(UWord)fn ^ (line * 2654435761u),
                          file);
   return HT_(hash_str)(h, dir);
}

HT_Line* HT_(line_at)(HT_Fn* fn, Addr a)
{
   const HChar* file = "";
   const HChar* dir  = "";
   UInt         line = 0, h;
   HT_Line*     l;
   if (!VG_(get_filename_linenum)(VG_(current_DiEpoch)(), a, &file, &dir,
                                  &line)) {
      file = ""; dir = ""; line = 0;
   }
   h = line_hash(fn, file, dir, line);
   for (l = HT_(table_chain)(&line_table, h); l; l = l->next)
      if (l->hash == h && l->fn == fn && l->line == line
          && VG_(strcmp)(l->file, file) == 0
          && VG_(strcmp)(l->dir, dir) == 0)
         return l;
   l = new_line_record();
   l->fn     = fn;
   l->file   = intern_line_string(file);
   l->dir    = intern_line_string(dir);
   l->line   = line;
   l->hash   = h;
   VG_(memset)(&l->self, 0, sizeof l->self);
   l->self.no_symbol = fn->self.no_symbol;
   l->end    = l->self;
   l->fn_next = fn->lines;
   fn->lines  = l;
   HT_(table_add)(&line_table, l);
   return l;
}

static Int cmp_line_order(const void* pa, const void* pb)
{
   const HT_Line* a = *(const HT_Line* const*)pa;
   const HT_Line* b = *(const HT_Line* const*)pb;
   Int c;
   if ((c = VG_(strcmp)(a->file, b->file)) != 0) return c;
   if ((c = VG_(strcmp)(a->dir, b->dir)) != 0)   return c;
   if (a->line != b->line) return a->line < b->line ? -1 : 1;
   return 0;
}

HT_Line** HT_(lines_sorted)(const HT_Fn* fn, UInt* n)
{
   UInt      count = 0, i = 0;
   HT_Line*  l;
   HT_Line** arr;
   for (l = fn->lines; l; l = l->fn_next) count++;
   *n = count;
   if (count == 0) return NULL;
   arr = VG_(malloc)("hotgrind.line.sorted", count * sizeof(HT_Line*));
   for (l = fn->lines; l; l = l->fn_next) arr[i++] = l;
   VG_(ssort)(arr, count, sizeof(HT_Line*), cmp_line_order);
   return arr;
}
