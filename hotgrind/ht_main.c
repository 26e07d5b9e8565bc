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
#include "pub_tool_aspacemgr.h"
#include "pub_tool_options.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_transtab.h"
#include "pub_tool_vki.h"

#include "hotgrind.h"

#include "ht_include.h"

/*------------------------------------------------------------*/
/*--- Options                                              ---*/
/*------------------------------------------------------------*/

static const HChar* clo_out_file  = "hotgrind.out.%p";
static Bool         clo_host_info = False;
static Bool         clo_collect_atstart = True;

Bool HT_(collect_atstart)(void) { return clo_collect_atstart; }

static Bool ht_process_cmd_line_option(const HChar* arg)
{
   if VG_STR_CLO(arg, "--hotgrind-out-file", clo_out_file) {
      if (clo_out_file[0] == '\0') {
         VG_(fmsg_bad_option)(arg, "the report file name is empty\n");
      }
   }
   else if VG_BOOL_CLO(arg, "--host-info", clo_host_info) {}
   else if VG_BOOL_CLO(arg, "--collect-atstart", clo_collect_atstart) {}
   else if (HT_(mark_process_option)(arg)) {}
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
"    --mark=[OBJ:]PATTERN        mark the functions whose name matches the\n"
"                                glob PATTERN (* and ?), in object OBJ only\n"
"                                if given: report calls, inclusive Ir and\n"
"                                per-call distribution (repeatable)\n"
"    --mark-file=FILE            read mark patterns from FILE, one a line,\n"
"                                '#' starts a comment\n"
"    --collect-atstart=no|yes    count from the start, or only after\n"
"                                HOTGRIND_START_INSTRUMENTATION [yes]\n"
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
   Besides side exits, load-linked statements and the block end, counts
   are also flushed before every 17th instruction, which is where
   Cachegrind (--cache-sim=no) flushes its event buffer (N_EVENTS = 16 in
   cg_main.c): an instruction that faults and never returns to the block
   (SIGSEGV handled with siglongjmp) then loses the same instructions in
   both tools, so even such programs match. */
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

/* While collection is stopped nothing is counted; while the clock runs
   (marks or zones in use) the running total advances too. */
static void flush_pending(SBState* s)
{
   Int i;
   if (HT_(collecting)) {
      for (i = 0; i < s->n_pending; i++)
         add_to_counter(s->sbOut, &s->pending[i].fn->ir, s->pending[i].n);
      if (HT_(clock_running) && s->n_instrs > 0)
         add_to_counter(s->sbOut, &HT_(total_ir), (ULong)s->n_instrs);
   }
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
         case Ist_IMark: {
            Bool   is_entry;
            HT_Fn* fn = HT_(fn_at)((Addr)st->Ist.IMark.addr, &is_entry);
            if (is_entry && fn->marked) {
               /* The clock must be exact when the activation starts. */
               flush_pending(&s);
               HT_(emit_entry_call)(s.sbOut, layout, gWordTy, fn);
            }
            count_instruction(&s, fn);
            break;
         }
         case Ist_Exit:
            /* Count everything up to and including this instruction
               before control may leave the block. */
            flush_pending(&s);
            break;
         case Ist_LLSC:
            /* Cachegrind flushes before a load-linked too (arm64's ldxr):
               the same flush points keep faulting programs equal. */
            if (st->Ist.LLSC.storedata == NULL)
               flush_pending(&s);
            break;
         default:
            break;
      }
      addStmtToIRSB(s.sbOut, st);
   }
   flush_pending(&s);
   /* Every return, longjmp and exception landing is a jump to a computed
      address: only those blocks can end an activation. */
   /* A return's target can be a constant here: when VEX chases an arm64
      `bl` into a leaf within one superblock, iropt folds LR into the
      block's next, and the jump kind still says Ret. */
   if (HT_(n_marks)() > 0
       && (sbIn->next->tag != Iex_Const || sbIn->jumpkind == Ijk_Ret))
      HT_(emit_exit_check)(s.sbOut, layout, gWordTy, sbIn->next);
   return s.sbOut;
}

/*------------------------------------------------------------*/
/*--- Client requests                                      ---*/
/*------------------------------------------------------------*/

/* Translations carry the collection state and the clock, so changing
   either retranslates everything (as Callgrind does for its toggles). */
static void discard_all_translations(void)
{
   VG_(discard_translations_safely)((Addr)0x1000, ~(SizeT)0xfff, "hotgrind");
}

static ULong sum_of_counts(void)
{
   UInt    n;
   ULong   total;
   HT_Fn** fns = HT_(fn_sorted)(&n, &total);
   VG_(free)(fns);
   return total;
}

/* Copies a zone name out of client memory, refusing unmapped memory. */
static Bool read_client_string(Addr p, HChar* buf, SizeT size)
{
   SizeT i;
   for (i = 0; i + 1 < size; i++) {
      if ((i == 0 || ((p + i) & (VKI_PAGE_SIZE - 1)) == 0)
          && !VG_(am_is_valid_for_client)(p + i, 1, VKI_PROT_READ))
         return False;
      buf[i] = *(const HChar*)(p + i);
      if (buf[i] == '\0') return True;
   }
   buf[i] = '\0';
   return True;
}

static Bool ht_handle_client_request(ThreadId tid, UWord* args, UWord* ret)
{
   static Bool warned_end = False;
   HChar name[256];

   if (!VG_IS_TOOL_USERREQ('H', 'T', args[0]))
      return False;
   *ret = 0;
   switch (args[0]) {
      case VG_USERREQ__HOTGRIND_ZONE_BEGIN:
         if (args[1] == 0 || !read_client_string(args[1], name, sizeof name)
             || name[0] == '\0') {
            VG_(umsg)("hotgrind: warning: HOTGRIND_ZONE_BEGIN with no "
                      "readable name; using \"?\"\n");
            VG_(strcpy)(name, "?");
         }
         if (!HT_(clock_running)) {
            HT_(start_clock)(sum_of_counts());
            discard_all_translations();
         }
         HT_(zone_begin)(tid, name);
         return True;
      case VG_USERREQ__HOTGRIND_ZONE_END:
         if (!HT_(zone_end)(tid) && !warned_end) {
            VG_(umsg)("hotgrind: warning: HOTGRIND_ZONE_END with no open "
                      "zone in thread %u; ignored\n", tid);
            warned_end = True;
         }
         return True;
      case VG_USERREQ__HOTGRIND_START_INSTRUMENTATION:
         if (!HT_(collecting)) {
            HT_(collecting) = True;
            discard_all_translations();
         }
         return True;
      case VG_USERREQ__HOTGRIND_STOP_INSTRUMENTATION:
         if (HT_(collecting)) {
            HT_(collecting) = False;
            discard_all_translations();
         }
         return True;
      default:
         VG_(umsg)("hotgrind: warning: unknown client request 0x%lx\n",
                   args[0]);
         return True;
   }
}

/*------------------------------------------------------------*/
/*--- Start-up and exit                                    ---*/
/*------------------------------------------------------------*/

static void ht_post_clo_init(void)
{
   HT_(mark_post_clo_init)();
   HT_(fn_init)();
   HT_(callstack_init)();
   HT_(collecting) = clo_collect_atstart;
   if (HT_(n_marks)() > 0)
      HT_(start_clock)(0);
   HT_(report_check_path)(clo_out_file);
}

static void ht_fini(Int exitcode)
{
   UInt    n;
   ULong   total;
   HT_Fn** fns;

   HT_(callstack_fini)();
   fns = HT_(fn_sorted)(&n, &total);
   VG_(free)(fns);
   HT_(warn_unused_marks)();

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
#if defined(VGA_arm64) || defined(VGA_arm)
   /* The entry helper reads SP and LR with GETs added after VEX's first
      iropt pass, which drops a PUT that a later instruction of the same
      superblock overwrites.  When VEX chases a `bl` into its target, the
      PUT of LR goes if the target calls again within the superblock, and
      the entry sees the previous call's return address (x86 reads the
      return address from memory, which iropt never drops).  Keeping all
      registers exact at each instruction changes no count (checked
      against Cachegrind); --vex-guest-chase=no would also cure it but
      changes counts against Cachegrind's default. */
   VG_(clo_vex_control).iropt_register_updates_default
      = VG_(clo_px_file_backed)
      = VexRegUpdAllregsAtEachInsn;
#endif

   VG_(basic_tool_funcs)(ht_post_clo_init, ht_instrument, ht_fini);
   VG_(needs_command_line_options)(ht_process_cmd_line_option,
                                   ht_print_usage,
                                   ht_print_debug_usage);
   VG_(needs_client_requests)(ht_handle_client_request);
   HT_(callstack_register)();
}

VG_DETERMINE_INTERFACE_VERSION(ht_pre_clo_init)
