/*--------------------------------------------------------------------*/
/*--- hotgrind: the IR that feeds the activations: the entry       ---*/
/*--- call and the exit check.                   ht_callstack_ir.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Translation time only.  Before a tracked function's first instruction
   (HT_(emit_entry_call), called by ht_instrument.c's account_stmt) a
   dirty call to HT_(on_entry) or HT_(on_observed_entry) with SP, the
   return address and, for an observed function, its first three
   arguments; at the end of a block whose successor is computed
   (HT_(emit_exit_check)) an inline guard on HT_(watch_sp) and
   HT_(watch_ret) and, behind it, HT_(on_indirect_jump).  The helpers
   are in ht_callstack.c; where each architecture keeps the registers
   read here is below and in ht_arch.h. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_machine.h"
#include "pub_tool_tooliface.h"

#include "ht_include.h"
#include "ht_arch.h"


static IRTemp get_to_temp(IRSB* sb, Int offset, IRType ty)
{
   IRTemp t = newIRTemp(sb->tyenv, ty);
   addStmtToIRSB(sb, IRStmt_WrTmp(t, IRExpr_Get(offset, ty)));
   return t;
}

#if defined(VGA_arm64) || defined(VGA_arm)   /* !RETURN_POPS_SP */
static IRTemp link_register(IRSB* sb, IRType ty)
{
#  if defined(VGA_arm64)
   return get_to_temp(sb, offsetof(VexGuestARM64State, guest_X30), ty);
#  elif defined(VGA_arm)
   return get_to_temp(sb, offsetof(VexGuestARMState, guest_R14), ty);
#  else
#    error "hotgrind: no link register for this architecture"
#  endif
}
#endif

/* Where the return address is when a function's first instruction is
   about to run: see return_address_at_entry(). */
static IRTemp return_address_at_entry(IRSB* sb, IRTemp sp, IRType ty)
{
#if defined(VGA_amd64) || defined(VGA_x86)
   IRTemp t = newIRTemp(sb->tyenv, ty);      /* pushed by the call */
   addStmtToIRSB(sb, IRStmt_WrTmp(t, IRExpr_Load(HT_ENDIAN, ty,
                                                 IRExpr_RdTmp(sp))));
   return t;
#elif defined(VGA_arm64)
   (void)sp;                                 /* link register */
   return get_to_temp(sb, offsetof(VexGuestARM64State, guest_X30), ty);
#elif defined(VGA_arm)
   (void)sp;
   return get_to_temp(sb, offsetof(VexGuestARMState, guest_R14), ty);
#else
#  error "hotgrind: no return-address rule for this architecture"
#endif
}

/* The i-th integer argument (0-based, i < 3) when a function's first
   instruction is about to run, by the platform's calling convention. */
static IRTemp argument_at_entry(IRSB* sb, IRTemp sp, IRType ty, Int i)
{
#if defined(VGA_amd64)
   static const Int offs[3] = { offsetof(VexGuestAMD64State, guest_RDI),
                                offsetof(VexGuestAMD64State, guest_RSI),
                                offsetof(VexGuestAMD64State, guest_RDX) };
   (void)sp;
   return get_to_temp(sb, offs[i], ty);
#elif defined(VGA_x86)
   IRTemp t = newIRTemp(sb->tyenv, ty);      /* above the return address */
   addStmtToIRSB(sb, IRStmt_WrTmp(t, IRExpr_Load(HT_ENDIAN, ty,
      IRExpr_Binop(Iop_Add32, IRExpr_RdTmp(sp),
                   IRExpr_Const(IRConst_U32(4 * (i + 1)))))));
   return t;
#elif defined(VGA_arm64)
   (void)sp;
   return get_to_temp(sb, offsetof(VexGuestARM64State, guest_X0) + 8 * i, ty);
#elif defined(VGA_arm)
   (void)sp;
   return get_to_temp(sb, offsetof(VexGuestARMState, guest_R0) + 4 * i, ty);
#else
#  error "hotgrind: no argument rule for this architecture"
#endif
}

void HT_(emit_entry_call)(IRSB* sb, const VexGuestLayout* layout,
                          IRType word_ty, HT_Fn* fn)
{
   IRTemp   sp  = get_to_temp(sb, layout->offset_SP, word_ty);
   IRTemp   ret = return_address_at_entry(sb, sp, word_ty);
   IRDirty* d;
   if (fn->observe == HT_Obs_None) {
      d = unsafeIRDirty_0_N(
         3, "hotgrind_on_entry", VG_(fnptr_to_fnentry)(&HT_(on_entry)),
         mkIRExprVec_3(mkIRExpr_HWord((HWord)fn), IRExpr_RdTmp(sp),
                       IRExpr_RdTmp(ret)));
   } else {
      IRTemp a0 = argument_at_entry(sb, sp, word_ty, 0);
      IRTemp a1 = argument_at_entry(sb, sp, word_ty, 1);
      IRTemp a2 = argument_at_entry(sb, sp, word_ty, 2);
      d = unsafeIRDirty_0_N(
         3, "hotgrind_on_observed_entry",
         VG_(fnptr_to_fnentry)(&HT_(on_observed_entry)),
         mkIRExprVec_6(mkIRExpr_HWord((HWord)fn), IRExpr_RdTmp(sp),
                       IRExpr_RdTmp(ret), IRExpr_RdTmp(a0), IRExpr_RdTmp(a1),
                       IRExpr_RdTmp(a2)));
   }
   addStmtToIRSB(sb, IRStmt_Dirty(d));
}

/* At the end of a block whose successor is computed: call the exit
   helper only when an activation may have ended -- SP went above the
   innermost activation's entry SP, or (where a return does not move SP
   past it) the target is its return address.  Otherwise a load or two and
   a compare. */
void HT_(emit_exit_check)(IRSB* sb, const VexGuestLayout* layout,
                          IRType word_ty, IRExpr* next)
{
   Bool     w64   = word_ty == Ity_I64;
   IRTemp   sp    = get_to_temp(sb, layout->offset_SP, word_ty);
   IRTemp   wsp   = newIRTemp(sb->tyenv, word_ty);
   IRTemp   above = newIRTemp(sb->tyenv, Ity_I1);
   IRTemp   guard = above;
   IRExpr*  lr_arg = mkIRExpr_HWord(0);   /* no link register */
   IRDirty* d;

   addStmtToIRSB(sb, IRStmt_WrTmp(wsp, IRExpr_Load(HT_ENDIAN, word_ty,
                        mkIRExpr_HWord((HWord)&HT_(watch_sp)))));
   addStmtToIRSB(sb, IRStmt_WrTmp(above,
      IRExpr_Binop(w64 ? Iop_CmpLT64U : Iop_CmpLT32U, IRExpr_RdTmp(wsp),
                   IRExpr_RdTmp(sp))));
#if defined(VGA_arm64) || defined(VGA_arm)   /* !RETURN_POPS_SP */
   {
      /* The target is the return address, or the link register (see
         on_indirect_jump), with SP at or above the entry SP. */
      IRTemp wret    = newIRTemp(sb->tyenv, word_ty);
      IRTemp hit_ret = newIRTemp(sb->tyenv, Ity_I1);
      IRTemp lr      = link_register(sb, word_ty);
      IRTemp to_lr   = newIRTemp(sb->tyenv, Ity_I1);
      IRTemp hit     = newIRTemp(sb->tyenv, Ity_I1);
      IRTemp at      = newIRTemp(sb->tyenv, Ity_I1);
      IRTemp ret_at  = newIRTemp(sb->tyenv, Ity_I1);
      guard = newIRTemp(sb->tyenv, Ity_I1);
      addStmtToIRSB(sb, IRStmt_WrTmp(wret, IRExpr_Load(HT_ENDIAN, word_ty,
                           mkIRExpr_HWord((HWord)&HT_(watch_ret)))));
      addStmtToIRSB(sb, IRStmt_WrTmp(hit_ret,
         IRExpr_Binop(w64 ? Iop_CmpEQ64 : Iop_CmpEQ32, next,
                      IRExpr_RdTmp(wret))));
      addStmtToIRSB(sb, IRStmt_WrTmp(to_lr,
         IRExpr_Binop(w64 ? Iop_CmpEQ64 : Iop_CmpEQ32, next,
                      IRExpr_RdTmp(lr))));
      addStmtToIRSB(sb, IRStmt_WrTmp(hit,
         IRExpr_Binop(Iop_Or1, IRExpr_RdTmp(hit_ret), IRExpr_RdTmp(to_lr))));
      addStmtToIRSB(sb, IRStmt_WrTmp(at,
         IRExpr_Binop(w64 ? Iop_CmpLE64U : Iop_CmpLE32U, IRExpr_RdTmp(wsp),
                      IRExpr_RdTmp(sp))));
      addStmtToIRSB(sb, IRStmt_WrTmp(ret_at,
         IRExpr_Binop(Iop_And1, IRExpr_RdTmp(hit), IRExpr_RdTmp(at))));
      addStmtToIRSB(sb, IRStmt_WrTmp(guard,
         IRExpr_Binop(Iop_Or1, IRExpr_RdTmp(ret_at), IRExpr_RdTmp(above))));
      lr_arg = IRExpr_RdTmp(lr);
   }
#endif
   d = unsafeIRDirty_0_N(
      3, "hotgrind_on_indirect_jump",
      VG_(fnptr_to_fnentry)(&HT_(on_indirect_jump)),
      mkIRExprVec_3(next, IRExpr_RdTmp(sp), lr_arg));
   d->guard = IRExpr_RdTmp(guard);
   /* The helper reads the return-value register itself. */
   d->nFxState = 1;
   VG_(memset)(&d->fxState, 0, sizeof(d->fxState));
   d->fxState[0].fx     = Ifx_Read;
   d->fxState[0].offset = RETURN_VALUE_OFFSET;
   d->fxState[0].size   = word_ty == Ity_I64 ? 8 : 4;
   addStmtToIRSB(sb, IRStmt_Dirty(d));
}
