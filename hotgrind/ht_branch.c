/*--------------------------------------------------------------------*/
/*--- hotgrind: the branch predictors (--branch-sim). ht_branch.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* The same model as Cachegrind's --branch-sim=yes, so Bc Bcm Bi Bim are
   equal:

   - A conditional branch is a side exit of a superblock whose jump kind
     is a plain jump, a call or a return.  Its prediction comes from a
     table of 2^14 two-bit saturating counters (all starting at 0, "not
     taken"), indexed by the last 7 outcomes of any conditional branch
     (global history, newest in the lowest bit) above the 7 low bits of
     the branch's address (without the bits an instruction address always
     has clear on the architecture).  "Taken" means the program left the
     fall-through path: VEX sometimes inverts an exit so that it leads to
     the next instruction, and such an exit taken is the branch not taken.
   - An indirect branch is the end of a superblock jumping to a computed
     address, with a plain jump or a call as its kind; returns are not
     counted (a return-stack predictor is assumed perfect).  Its
     prediction is the target the same slot of a 512-entry table saw
     last (all starting at 0), the slot chosen by the low address bits as
     above.

   Both are counted on the instruction that holds the branch, so on its
   function's self cost (its line's with --lines=yes).  On 64-bit hosts
   the conditional predictor runs as inline IR before each side exit (no
   helper call) in tier 2, as a helper call in tier 1 (ht_tier.c); the
   indirect one, much rarer, calls a helper. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_machine.h"
#include "pub_tool_tooliface.h"

#include "ht_include.h"

/* Low bits every instruction address has clear: they would only alias
   table slots. */
#if defined(VGA_arm64) || defined(VGA_ppc32) || defined(VGA_ppc64be) \
    || defined(VGA_ppc64le) || defined(VGA_mips32) || defined(VGA_mips64) \
    || defined(VGA_nanomips)
#  define ALIGN_BITS 2
#elif defined(VGA_arm) || defined(VGA_s390x)
#  define ALIGN_BITS 1
#else
#  define ALIGN_BITS 0
#endif

#define HISTORY_BITS 7
#define ADDR_BITS    7
#define N_COUNTERS   (1u << (HISTORY_BITS + ADDR_BITS))
#define TARGET_BITS  9
#define N_TARGETS    (1u << TARGET_BITS)

static UWord history;                  /* conditional outcomes, newest low */
static UChar counters[N_COUNTERS];     /* 0-1 predict not taken, 2-3 taken */
static Addr  last_target[N_TARGETS];

static VG_REGPARM(3) void branch_cond(HT_SelfCosts* c, Addr instr,
                                      UWord taken)
{
   UWord slot = ((history & ((1u << HISTORY_BITS) - 1)) << ADDR_BITS)
                | ((instr >> ALIGN_BITS) & ((1u << ADDR_BITS) - 1));
   Bool  predicted = counters[slot] >= 2;
   tl_assert(taken <= 1 && slot < N_COUNTERS);
   c->branch[HT_Bc]++;
   if (predicted != (taken == 1)) c->branch[HT_Bcm]++;
   history = (history << 1) | taken;
   if (taken && counters[slot] < 3) counters[slot]++;
   if (!taken && counters[slot] > 0) counters[slot]--;
}

static VG_REGPARM(3) void branch_indirect(HT_SelfCosts* c, Addr instr,
                                          Addr target)
{
   UWord slot = (instr >> ALIGN_BITS) & (N_TARGETS - 1);
   c->branch[HT_Bi]++;
   if (last_target[slot] != target) c->branch[HT_Bim]++;
   last_target[slot] = target;
}

/* branch_cond that also counts a run of its block (ht_tier.c). */
static void branch_cond_counting_run(HT_TierCell* cell, HT_SelfCosts* c,
                                     Addr instr, UWord taken)
{
   HT_(tier_count_run)(cell);
   branch_cond(c, instr, taken);
}

/* Whether a side exit of this kind is a branch of the guest program
   (the others are system calls, emulation warnings and the like). */
static Bool is_guest_branch(IRJumpKind jk)
{
   return jk == Ijk_Boring || jk == Ijk_Call || jk == Ijk_Ret;
}

/* A flat IR temporary holding 'e'. */
static IRExpr* atom(IRSB* sb, IRType ty, IRExpr* e)
{
   IRTemp t = newIRTemp(sb->tyenv, ty);
   addStmtToIRSB(sb, IRStmt_WrTmp(t, e));
   return IRExpr_RdTmp(t);
}

static IRExpr* u64(ULong v)
{
   return IRExpr_Const(IRConst_U64(v));
}

/* branch_cond's model as a table for the inline version: entry
   counter * 2 + taken is the counter's next value, plus 4 when the
   branch was mispredicted.  Filled from the model on first use. */
static UChar transition[8];

static void fill_transitions(void)
{
   UInt counter, taken;
   for (counter = 0; counter < 4; counter++)
      for (taken = 0; taken < 2; taken++) {
         Bool  predicted = counter >= 2;
         UInt  next = taken ? (counter < 3 ? counter + 1 : 3)
                            : (counter > 0 ? counter - 1 : 0);
         transition[counter * 2 + taken] =
            (UChar)(next | (predicted != (taken == 1) ? 4 : 0));
      }
}

/* branch_cond's model as inline IR (64-bit hosts): a conditional branch
   runs at every few instructions in most code, and a helper call there
   costs more than the prediction itself.  The counter's update and the
   misprediction come from one table load (transition[]), so the IR has
   no compares: 25 statements, all loads, stores and arithmetic, which VEX
   translates quickly (what a short run pays) and the host runs without
   a call.  'taken' is an Ity_I1 atom. */
static void inline_cond(IRSB* sb, HT_SelfCosts* c, Addr instr, IRExpr* taken)
{
   UWord   addr_bits = (instr >> ALIGN_BITS) & ((1u << ADDR_BITS) - 1);
   IRExpr* taken64 = atom(sb, Ity_I64, IRExpr_Unop(Iop_1Uto64, taken));
   IRExpr* hist = atom(sb, Ity_I64, IRExpr_Load(HT_ENDIAN, Ity_I64,
                          mkIRExpr_HWord((HWord)&history)));
   IRExpr* hist_low = atom(sb, Ity_I64, IRExpr_Binop(Iop_And64, hist,
                              u64((1u << HISTORY_BITS) - 1)));
   IRExpr* hist_part = atom(sb, Ity_I64, IRExpr_Binop(Iop_Shl64, hist_low,
                               IRExpr_Const(IRConst_U8(ADDR_BITS))));
   IRExpr* slot_addr = atom(sb, Ity_I64, IRExpr_Binop(Iop_Add64, hist_part,
                               u64((HWord)counters + addr_bits)));
   IRExpr* ctr = atom(sb, Ity_I64, IRExpr_Unop(Iop_8Uto64,
                    atom(sb, Ity_I8, IRExpr_Load(HT_ENDIAN, Ity_I8,
                                                 slot_addr))));
   IRExpr* index = atom(sb, Ity_I64, IRExpr_Binop(Iop_Or64,
                      atom(sb, Ity_I64, IRExpr_Binop(Iop_Shl64, ctr,
                              IRExpr_Const(IRConst_U8(1)))),
                      taken64));
   IRExpr* entry = atom(sb, Ity_I64, IRExpr_Unop(Iop_8Uto64,
                      atom(sb, Ity_I8, IRExpr_Load(HT_ENDIAN, Ity_I8,
                         atom(sb, Ity_I64, IRExpr_Binop(Iop_Add64, index,
                                 u64((HWord)transition)))))));
   if (transition[1] == 0) fill_transitions();
   addStmtToIRSB(sb, IRStmt_Store(HT_ENDIAN, slot_addr,
      atom(sb, Ity_I8, IRExpr_Unop(Iop_64to8,
         atom(sb, Ity_I64, IRExpr_Binop(Iop_And64, entry, u64(3)))))));
   HT_(emit_add)(sb, mkIRExpr_HWord((HWord)&c->branch[HT_Bc]), u64(1));
   HT_(emit_add)(sb, mkIRExpr_HWord((HWord)&c->branch[HT_Bcm]),
                 atom(sb, Ity_I64, IRExpr_Binop(Iop_Shr64, entry,
                                                IRExpr_Const(IRConst_U8(2)))));
   addStmtToIRSB(sb, IRStmt_Store(HT_ENDIAN, mkIRExpr_HWord((HWord)&history),
      atom(sb, Ity_I64, IRExpr_Binop(Iop_Or64,
         atom(sb, Ity_I64, IRExpr_Binop(Iop_Shl64, hist,
                                        IRExpr_Const(IRConst_U8(1)))),
         taken64))));
}

void HT_(branch_emit_exit)(IRSB* sb, IRType word_ty, HT_SelfCosts* c,
                           Addr instr, Int instr_len, const IRStmt* exit,
                           Bool tier1, HT_TierCell** count)
{
   Addr     target = HT_(const_address)(exit->Ist.Exit.dst);
   Bool     leads_to_next = target == instr + (Addr)instr_len;
   Bool     wide = word_ty == Ity_I64;
   IRExpr*  taken;
   IRDirty* d;
   tl_assert(HT_(clo).branch_sim);
   if (!is_guest_branch(exit->Ist.Exit.jk)) return;
   taken = leads_to_next
           ? atom(sb, Ity_I1, IRExpr_Unop(Iop_Not1, exit->Ist.Exit.guard))
           : exit->Ist.Exit.guard;
   if (wide && sizeof(HWord) == 8 && !tier1) {
      inline_cond(sb, c, instr, taken);
      return;
   }
   taken = atom(sb, word_ty, IRExpr_Unop(wide ? Iop_1Uto64 : Iop_1Uto32,
                                         taken));
   if (*count) {
      d = unsafeIRDirty_0_N(0, "hotgrind_branch_cond",
                            VG_(fnptr_to_fnentry)(&branch_cond_counting_run),
                            mkIRExprVec_4(mkIRExpr_HWord((HWord)*count),
                                          mkIRExpr_HWord((HWord)c),
                                          mkIRExpr_HWord((HWord)instr),
                                          taken));
      *count = NULL;
   } else {
      d = unsafeIRDirty_0_N(3, "hotgrind_branch_cond",
                            VG_(fnptr_to_fnentry)(&branch_cond),
                            mkIRExprVec_3(mkIRExpr_HWord((HWord)c),
                                          mkIRExpr_HWord((HWord)instr),
                                          taken));
   }
   addStmtToIRSB(sb, IRStmt_Dirty(d));
}

void HT_(branch_emit_end)(IRSB* sb, HT_SelfCosts* c, Addr instr,
                          IRExpr* next, IRJumpKind jk)
{
   IRDirty* d;
   tl_assert(HT_(clo).branch_sim);
   if ((jk != Ijk_Boring && jk != Ijk_Call) || next->tag == Iex_Const)
      return;
   tl_assert(next->tag == Iex_RdTmp);
   d = unsafeIRDirty_0_N(3, "hotgrind_branch_indirect",
                         VG_(fnptr_to_fnentry)(&branch_indirect),
                         mkIRExprVec_3(mkIRExpr_HWord((HWord)c),
                                       mkIRExpr_HWord((HWord)instr), next));
   addStmtToIRSB(sb, IRStmt_Dirty(d));
}
