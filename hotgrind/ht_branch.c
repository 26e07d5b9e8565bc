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
   function's self cost. */

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

static VG_REGPARM(3) void branch_cond(HT_Fn* fn, Addr instr, UWord taken)
{
   UWord slot = ((history & ((1u << HISTORY_BITS) - 1)) << ADDR_BITS)
                | ((instr >> ALIGN_BITS) & ((1u << ADDR_BITS) - 1));
   Bool  predicted = counters[slot] >= 2;
   tl_assert(taken <= 1 && slot < N_COUNTERS);
   fn->branch[HT_Bc]++;
   if (predicted != (taken == 1)) fn->branch[HT_Bcm]++;
   history = (history << 1) | taken;
   if (taken && counters[slot] < 3) counters[slot]++;
   if (!taken && counters[slot] > 0) counters[slot]--;
}

static VG_REGPARM(3) void branch_indirect(HT_Fn* fn, Addr instr, Addr target)
{
   UWord slot = (instr >> ALIGN_BITS) & (N_TARGETS - 1);
   fn->branch[HT_Bi]++;
   if (last_target[slot] != target) fn->branch[HT_Bim]++;
   last_target[slot] = target;
}

/* Whether a side exit of this kind is a branch of the guest program
   (the others are system calls, emulation warnings and the like). */
static Bool is_guest_branch(IRJumpKind jk)
{
   return jk == Ijk_Boring || jk == Ijk_Call || jk == Ijk_Ret;
}

void HT_(branch_emit_exit)(IRSB* sb, IRType word_ty, HT_Fn* fn,
                           Addr instr, Int instr_len, const IRStmt* exit)
{
   const IRConst* dst = exit->Ist.Exit.dst;
   Addr     target = dst->tag == Ico_U64 ? (Addr)dst->Ico.U64
                                         : (Addr)dst->Ico.U32;
   Bool     leads_to_next = target == instr + (Addr)instr_len;
   Bool     wide = word_ty == Ity_I64;
   IRTemp   taken = newIRTemp(sb->tyenv, word_ty);
   IRExpr*  guard;
   IRDirty* d;
   tl_assert(HT_(clo).branch_sim);
   if (!is_guest_branch(exit->Ist.Exit.jk)) return;
   guard = IRExpr_Unop(wide ? Iop_1Uto64 : Iop_1Uto32, exit->Ist.Exit.guard);
   if (leads_to_next) {
      IRTemp raw = newIRTemp(sb->tyenv, word_ty);
      addStmtToIRSB(sb, IRStmt_WrTmp(raw, guard));
      guard = IRExpr_Binop(wide ? Iop_Xor64 : Iop_Xor32, IRExpr_RdTmp(raw),
                           wide ? IRExpr_Const(IRConst_U64(1))
                                : IRExpr_Const(IRConst_U32(1)));
   }
   addStmtToIRSB(sb, IRStmt_WrTmp(taken, guard));
   d = unsafeIRDirty_0_N(3, "hotgrind_branch_cond",
                         VG_(fnptr_to_fnentry)(&branch_cond),
                         mkIRExprVec_3(mkIRExpr_HWord((HWord)fn),
                                       mkIRExpr_HWord((HWord)instr),
                                       IRExpr_RdTmp(taken)));
   addStmtToIRSB(sb, IRStmt_Dirty(d));
}

void HT_(branch_emit_end)(IRSB* sb, HT_Fn* fn, Addr instr,
                          IRExpr* next, IRJumpKind jk)
{
   IRDirty* d;
   tl_assert(HT_(clo).branch_sim);
   if ((jk != Ijk_Boring && jk != Ijk_Call) || next->tag == Iex_Const)
      return;
   tl_assert(next->tag == Iex_RdTmp);
   d = unsafeIRDirty_0_N(3, "hotgrind_branch_indirect",
                         VG_(fnptr_to_fnentry)(&branch_indirect),
                         mkIRExprVec_3(mkIRExpr_HWord((HWord)fn),
                                       mkIRExpr_HWord((HWord)instr), next));
   addStmtToIRSB(sb, IRStmt_Dirty(d));
}
