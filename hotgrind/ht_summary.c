/*--------------------------------------------------------------------*/
/*--- hotgrind: the summary printed at exit.          ht_summary.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* What a user sees on the terminal when the program ends, before opening
   the report.  The figures hotgrind shares with Cachegrind (--cache-sim
   =yes) and DHAT (--heap=yes) are printed in those tools' 3.19 layouts,
   so their lines can be compared byte for byte with theirs
   (regtest/exit_summary.sh does).  Then the number of threads, and a
   warning when much of the run has no symbols to be named by. */

#include "pub_tool_basics.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"

#include "ht_include.h"

/* Characters of 'n' printed with thousands separators (%'llu). */
static Int grouped_width(ULong n)
{
   Int digits = 1;
   while (n >= 10) { n /= 10; digits++; }
   return digits + (digits - 1) / 3;
}

/* 'part' of 'whole' as a percentage with one decimal, "6.3%",
   right-aligned in 'width' characters: Cachegrind's rates, printed with
   the same printf, so rounded the same way. */
static void percent_field(HChar* buf, ULong part, ULong whole, Int width)
{
   /* Cachegrind's "%*.1f%%": the number is padded, and one wider than
      its column pushes the sign out (a "%*s" would cut the string: the
      core's printf truncates strings to their width). */
   VG_(sprintf)(buf, "%*.1f%%", width - 1, part * 100.0 / whole);
}

/* Cachegrind's three column widths, shared by its cache block and its
   branch lines: as wide as I refs, as the wider of D reads (0 without
   the cache simulation) and conditional branches, and of D writes and
   indirect branches. */
typedef struct { Int w1, w2, w3; } SummaryColumns;

static SummaryColumns summary_columns(ULong ir, const ULong c[HT_N_CACHE],
                                      const ULong br[HT_N_BRANCH])
{
   ULong          dr = HT_(clo).cache_sim ? c[HT_Dr] : 0;
   ULong          dw = HT_(clo).cache_sim ? c[HT_Dw] : 0;
   SummaryColumns w;
   w.w1 = grouped_width(ir);
   w.w2 = grouped_width(dr > br[HT_Bc] ? dr : br[HT_Bc]);
   w.w3 = grouped_width(dw > br[HT_Bi] ? dw : br[HT_Bi]);
   return w;
}

/* Cachegrind's block: I refs and instruction misses; D refs, misses and
   rates split into reads and writes; LL refs, misses and rate.  The
   columns are summary_columns'. */
static void print_cache_summary(ULong ir, const ULong c[HT_N_CACHE],
                                SummaryColumns w)
{
   ULong d    = c[HT_Dr] + c[HT_Dw];
   ULong d1   = c[HT_D1mr] + c[HT_D1mw];
   ULong dl   = c[HT_DLmr] + c[HT_DLmw];
   ULong llr  = c[HT_I1mr] + c[HT_D1mr];
   ULong llmr = c[HT_ILmr] + c[HT_DLmr];
   /* A zero count is taken as 1 in a rate's denominator. */
   ULong ir1  = ir ? ir : 1, d_1 = d ? d : 1;
   ULong dr1  = c[HT_Dr] ? c[HT_Dr] : 1, dw1 = c[HT_Dw] ? c[HT_Dw] : 1;
   Int   w1 = w.w1, w2 = w.w2, w3 = w.w3;
   HChar a[48], b[48], e[48];

   VG_(umsg)(HT_CG_I_REFS "      %'*llu\n", w1, ir);
   VG_(umsg)("I1  misses:    %'*llu\n", w1, c[HT_I1mr]);
   VG_(umsg)("LLi misses:    %'*llu\n", w1, c[HT_ILmr]);
   VG_(umsg)("I1  miss rate: %*.2f%%\n", w1, c[HT_I1mr] * 100.0 / ir1);
   VG_(umsg)("LLi miss rate: %*.2f%%\n", w1, c[HT_ILmr] * 100.0 / ir1);
   VG_(umsg)("\n");
   VG_(umsg)(HT_CG_D_REFS "      %'*llu  (%'*llu rd   + %'*llu wr)\n",
             w1, d, w2, c[HT_Dr], w3, c[HT_Dw]);
   VG_(umsg)("D1  misses:    %'*llu  (%'*llu rd   + %'*llu wr)\n",
             w1, d1, w2, c[HT_D1mr], w3, c[HT_D1mw]);
   VG_(umsg)("LLd misses:    %'*llu  (%'*llu rd   + %'*llu wr)\n",
             w1, dl, w2, c[HT_DLmr], w3, c[HT_DLmw]);
   percent_field(a, d1, d_1, w1 + 1);
   percent_field(b, c[HT_D1mr], dr1, w2 + 1);
   percent_field(e, c[HT_D1mw], dw1, w3 + 1);
   VG_(umsg)("D1  miss rate: %s (%s     + %s  )\n", a, b, e);
   percent_field(a, dl, d_1, w1 + 1);
   percent_field(b, c[HT_DLmr], dr1, w2 + 1);
   percent_field(e, c[HT_DLmw], dw1, w3 + 1);
   VG_(umsg)("LLd miss rate: %s (%s     + %s  )\n", a, b, e);
   VG_(umsg)("\n");
   VG_(umsg)("LL refs:       %'*llu  (%'*llu rd   + %'*llu wr)\n",
             w1, llr + c[HT_D1mw], w2, llr, w3, c[HT_D1mw]);
   VG_(umsg)("LL misses:     %'*llu  (%'*llu rd   + %'*llu wr)\n",
             w1, llmr + c[HT_DLmw], w2, llmr, w3, c[HT_DLmw]);
   percent_field(a, llmr + c[HT_DLmw], ir + d, w1 + 1);
   percent_field(b, llmr, ir + c[HT_Dr], w2 + 1);
   percent_field(e, c[HT_DLmw], dw1, w3 + 1);
   VG_(umsg)("LL miss rate:  %s (%s     + %s  )\n", a, b, e);
}

/* Cachegrind's branch lines, after a blank line, in summary_columns'.
   Cachegrind takes a kind of branch that never ran as one branch, in the
   counts as well as in the rates: so does this. */
static void print_branch_summary(const ULong br[HT_N_BRANCH],
                                 SummaryColumns w)
{
   ULong bc = br[HT_Bc] ? br[HT_Bc] : 1, bi = br[HT_Bi] ? br[HT_Bi] : 1;
   Int   w1 = w.w1, w2 = w.w2, w3 = w.w3;
   HChar a[48], b[48], e[48];

   VG_(umsg)("\n");
   VG_(umsg)("Branches:      %'*llu  (%'*llu cond + %'*llu ind)\n",
             w1, bc + bi, w2, bc, w3, bi);
   VG_(umsg)("Mispredicts:   %'*llu  (%'*llu cond + %'*llu ind)\n",
             w1, br[HT_Bcm] + br[HT_Bim], w2, br[HT_Bcm], w3, br[HT_Bim]);
   percent_field(a, br[HT_Bcm] + br[HT_Bim], bc + bi, w1 + 1);
   percent_field(b, br[HT_Bcm], bc, w2 + 1);
   percent_field(e, br[HT_Bim], bi, w3 + 1);
   VG_(umsg)("Mispred rate:  %s (%s     + %s   )\n", a, b, e);
}

/* The figures DHAT's summary shares with the report, in its layout. */
static void print_heap_summary(void)
{
   HT_HeapTotals t;
   HT_(heap_totals)(&t);
   VG_(umsg)("Total:     %'llu bytes in %'llu blocks\n",
             t.alloc_bytes, t.allocs);
   VG_(umsg)("At t-gmax: %'llu bytes in %'llu blocks\n",
             t.peak_bytes, t.peak_blocks);
   VG_(umsg)("At t-end:  %'llu bytes in %'llu blocks\n",
             t.exit_bytes, t.exit_blocks);
}

/*------------------------------------------------------------*/
/*--- Code without symbols                                 ---*/
/*------------------------------------------------------------*/

/* Below this share of the run in functions named ???, nobody is
   misled: ld.so's and libc's few unnamed stubs stay under it. */
#define UNNAMED_WARN_PERCENT 10
#define UNNAMED_TOP          3

typedef struct { const HChar* object; ULong ir; } ObjectIr;

static Int cmp_object_ir(const void* pa, const void* pb)
{
   const ObjectIr* a = pa;
   const ObjectIr* b = pb;
   if (a->ir != b->ir) return a->ir > b->ir ? -1 : 1;
   return VG_(strcmp)(a->object, b->object);
}

/* When at least UNNAMED_WARN_PERCENT of the run's Ir is in code without
   symbols (stripped libraries: Debian's are), the report's top function
   is a useless '???': say how much, where, and how to get names. */
static void warn_unnamed(HT_Fn** fns, UInt n, ULong total)
{
   ObjectIr* per = VG_(malloc)("hotgrind.unnamed", (n ? n : 1)
                               * sizeof(ObjectIr));
   UInt      n_per = 0, i, j;
   ULong     unnamed = 0;
   HChar     top[3 * 300] = "";

   for (i = 0; i < n; i++) {
      if (VG_(strcmp)(fns[i]->name, "???") != 0 || fns[i]->self.ir == 0)
         continue;
      unnamed += fns[i]->self.ir;
      for (j = 0; j < n_per && per[j].object != fns[i]->object; j++) {}
      if (j == n_per) { per[n_per].object = fns[i]->object; per[n_per++].ir = 0; }
      per[j].ir += fns[i]->self.ir;
   }
   if (total == 0 || unnamed * 100 < total * UNNAMED_WARN_PERCENT) {
      VG_(free)(per);
      return;
   }
   VG_(ssort)(per, n_per, sizeof(ObjectIr), cmp_object_ir);
   for (i = 0; i < n_per && i < UNNAMED_TOP; i++) {
      HChar one[300];
      VG_(snprintf)(one, sizeof one, "%s%s (%'llu)", i ? ", " : "",
                    per[i].object, per[i].ir);
      VG_(strcat)(top, one);
   }
   VG_(umsg)("hotgrind: %'llu Ir (%llu%%) ran in code without symbols "
             "(function \"?\?\?\"), most in %s\n", unnamed,
             unnamed * 100 / total, top);
   VG_(umsg)("hotgrind: hint: install the library's debug symbols (Debian: "
             "its -dbgsym package from the debian-debug archive, through "
             "debuginfod or in /usr/lib/debug), or link it statically or "
             "build it with -g; see the manual, \"Code without symbols\"\n");
   VG_(free)(per);
}

void HT_(print_summary)(HT_Fn** fns, UInt n, ULong total)
{
   ULong sum[HT_N_CACHE], branches[HT_N_BRANCH];
   SummaryColumns columns;
   if (VG_(clo_verbosity) == 0) return;
   HT_(fn_sum_figures)(fns, n, sum, branches);
   columns = summary_columns(total, sum, branches);
   if (HT_(clo).cache_sim)
      print_cache_summary(total, sum, columns);
   else
      VG_(umsg)(HT_CG_I_REFS "      %'llu\n", total);
   if (HT_(clo).branch_sim)
      print_branch_summary(branches, columns);
   VG_(umsg)("\n");
   if (HT_(clo).heap) print_heap_summary();
   VG_(umsg)("Threads:   %u\n", HT_(n_threads)());
   warn_unnamed(fns, n, total);
}
