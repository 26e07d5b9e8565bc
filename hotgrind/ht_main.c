/*--------------------------------------------------------------------*/
/*--- hotgrind: deterministic per-function instruction counts.     ---*/
/*---                                                   ht_main.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Tool registration, options and instrumentation.

   Instrumentation is inline IR: for each superblock, the instructions
   are attributed to functions at translation time (ht_fn.c), and before
   every side exit and at the end of the block the tool adds the number
   of instructions executed since the previous such point to each
   function's counter with a load/add/store on a constant address.  No
   helper is called at run time, and a block left through a side exit
   counts exactly the instructions up to and including that exit --
   the same instructions Cachegrind counts. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_tooliface.h"

#include "ht_include.h"

/*------------------------------------------------------------*/
/*--- Options                                              ---*/
/*------------------------------------------------------------*/

static const HChar* clo_out_file  = "hotgrind.out.%p";
static Bool         clo_host_info = False;

static Bool ht_process_cmd_line_option(const HChar* arg)
{
   if VG_STR_CLO(arg, "--hotgrind-out-file", clo_out_file) {
      if (clo_out_file[0] == '\0') {
         VG_(fmsg_bad_option)(arg, "the report file name is empty\n");
      }
   }
   else if VG_BOOL_CLO(arg, "--host-info", clo_host_info) {}
   else
      return False;
   return True;
}

static void ht_print_usage(void)
{
   VG_(printf)(
"    --hotgrind-out-file=<file>  report file name [hotgrind.out.%%p];\n"
"                                %%p is the process id, %%q{VAR} the value\n"
"                                of environment variable VAR\n"
"    --host-info=no|yes          add a <host> element (pid, cwd) to the\n"
"                                report; off by default because it makes\n"
"                                reports of identical runs differ [no]\n"
   );
}

static void ht_print_debug_usage(void)
{
   VG_(printf)("    (none)\n");
}

/*------------------------------------------------------------*/
/*--- Instrumentation                                      ---*/
/*------------------------------------------------------------*/

/* Instructions counted since the last flush point, per function.
   Besides side exits and the block end, counts are also flushed before
   every 17th instruction, which is where Cachegrind flushes its event
   buffer (N_EVENTS = 16 in cg_main.c): an instruction that faults and
   never returns to the block (SIGSEGV handled with siglongjmp) then loses
   the same instructions in both tools, so even such programs match. */
#define FLUSH_EVERY 16
#define MAX_PENDING FLUSH_EVERY

typedef struct {
   HT_Fn* fn;
   ULong  n;
} Pending;

typedef struct {
   IRSB*   sbOut;
   Pending pending[MAX_PENDING];
   Int     n_pending;
   Int     n_instrs;   /* instructions in pending[], all functions */
} SBState;

#ifdef VG_BIGENDIAN
#  define HT_ENDIAN Iend_BE
#else
#  define HT_ENDIAN Iend_LE
#endif

/* Emits "*counter += n" as three flat IR statements. */
static void add_to_counter(IRSB* sb, ULong* counter, ULong n)
{
   IRExpr* addr = mkIRExpr_HWord((HWord)counter);
   IRTemp  old  = newIRTemp(sb->tyenv, Ity_I64);
   IRTemp  sum  = newIRTemp(sb->tyenv, Ity_I64);
   addStmtToIRSB(sb, IRStmt_WrTmp(old, IRExpr_Load(HT_ENDIAN, Ity_I64, addr)));
   addStmtToIRSB(sb, IRStmt_WrTmp(sum,
      IRExpr_Binop(Iop_Add64, IRExpr_RdTmp(old),
                   IRExpr_Const(IRConst_U64(n)))));
   addStmtToIRSB(sb, IRStmt_Store(HT_ENDIAN, addr, IRExpr_RdTmp(sum)));
}

static void flush_pending(SBState* s)
{
   Int i;
   for (i = 0; i < s->n_pending; i++)
      add_to_counter(s->sbOut, &s->pending[i].fn->ir, s->pending[i].n);
   s->n_pending = 0;
   s->n_instrs  = 0;
}

static void count_instruction(SBState* s, HT_Fn* fn)
{
   Int i;
   if (s->n_instrs == FLUSH_EVERY) flush_pending(s);
   s->n_instrs++;
   for (i = 0; i < s->n_pending; i++) {
      if (s->pending[i].fn == fn) { s->pending[i].n++; return; }
   }
   s->pending[s->n_pending].fn = fn;
   s->pending[s->n_pending].n  = 1;
   s->n_pending++;
}

static IRSB* ht_instrument(VgCallbackClosure* closure,
                           IRSB* sbIn,
                           const VexGuestLayout* layout,
                           const VexGuestExtents* vge,
                           const VexArchInfo* archinfo_host,
                           IRType gWordTy, IRType hWordTy)
{
   SBState s;
   Int     i;

   if (gWordTy != hWordTy)
      VG_(tool_panic)("host/guest word size mismatch");

   s.sbOut     = deepCopyIRSBExceptStmts(sbIn);
   s.n_pending = 0;
   s.n_instrs  = 0;

   for (i = 0; i < sbIn->stmts_used; i++) {
      IRStmt* st = sbIn->stmts[i];
      switch (st->tag) {
         case Ist_IMark:
            count_instruction(&s, HT_(fn_at)((Addr)st->Ist.IMark.addr));
            break;
         case Ist_Exit:
            /* Count everything up to and including this instruction
               before control may leave the block. */
            flush_pending(&s);
            break;
         default:
            break;
      }
      addStmtToIRSB(s.sbOut, st);
   }
   flush_pending(&s);
   return s.sbOut;
}

/*------------------------------------------------------------*/
/*--- Start-up and exit                                    ---*/
/*------------------------------------------------------------*/

static void ht_post_clo_init(void)
{
   HT_(fn_init)();
   HT_(report_check_path)(clo_out_file);
}

static void ht_fini(Int exitcode)
{
   UInt    n;
   ULong   total;
   HT_Fn** fns = HT_(fn_sorted)(&n, &total);
   VG_(free)(fns);

   if (VG_(clo_verbosity) > 0)
      VG_(umsg)("I   refs:      %'llu\n", total);
   /* A CI job must not pass on a run whose report is missing, so this
      overrides the client's own exit status. */
   if (!HT_(report_write)(clo_out_file, clo_host_info)) {
      VG_(umsg)("hotgrind: no report was written; exiting with status 1\n");
      VG_(exit)(1);
   }
}

static void ht_pre_clo_init(void)
{
   VG_(details_name)            ("hotgrind");
   VG_(details_version)         (HT_VERSION);
   VG_(details_description)     ("deterministic per-function instruction counts");
   VG_(details_copyright_author)("Copyright (C) 2026, the hotgrind authors. "
                                 "GNU GPL'd.");
   VG_(details_bug_reports_to)  ("the hotgrind issue tracker");
   VG_(details_avg_translation_sizeB)(300);

   /* Keep SP exact at memory accesses, as Cachegrind does, so the
      translations (and so start-up behaviour) match it. */
   VG_(clo_vex_control).iropt_register_updates_default
      = VG_(clo_px_file_backed)
      = VexRegUpdSpAtMemAccess;

   VG_(basic_tool_funcs)(ht_post_clo_init, ht_instrument, ht_fini);
   VG_(needs_command_line_options)(ht_process_cmd_line_option,
                                   ht_print_usage,
                                   ht_print_debug_usage);
}

VG_DETERMINE_INTERFACE_VERSION(ht_pre_clo_init)
