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
static Bool         clo_cache_sim = False;
/* Fixed by default, so every machine simulates the same caches. */
static HT_CacheGeometry clo_I1 = { 32768, 8, 64 };
static HT_CacheGeometry clo_D1 = { 32768, 8, 64 };
static HT_CacheGeometry clo_LL = { 8388608, 16, 64 };

/* Which geometry the I1/D1/LL not given explicitly come from. */
static Bool clo_geometry_host = False;
static Bool given_I1, given_D1, given_LL;

Bool HT_(cache_sim)(void) { return clo_cache_sim; }
const HChar* HT_(cache_geometry_source)(void)
{
   return clo_geometry_host ? "host" : "fixed";
}

static const VexCache* host_cache(const VexCacheInfo* ci, VexCacheKind kind,
                                  UInt level)
{
   UInt i;
   for (i = 0; i < ci->num_caches; i++)
      if (ci->caches[i].level == level && ci->caches[i].kind == kind)
         return &ci->caches[i];
   return NULL;
}

/* --cache-geometry=host: the caches the host reports, picked as
   Cachegrind picks them (L1 instruction and data, and the unified cache
   of the last level), so the figures equal a default Cachegrind run on the
   same machine.  A last level whose set count is not a power of two is
   adjusted as Cachegrind does: fewer sets, proportionally more ways. */
static void use_host_geometry(void)
{
   VexArchInfo         vai;
   const VexCacheInfo* ci;
   const VexCache      *i1, *d1, *ll;
   VG_(machine_get_VexArchInfo)(NULL, &vai);
   ci = &vai.hwcache_info;
   i1 = host_cache(ci, INSN_CACHE, 1);
   d1 = host_cache(ci, DATA_CACHE, 1);
   ll = host_cache(ci, UNIFIED_CACHE, ci->num_levels);
   if (!i1 || !d1 || !ll || i1->is_trace_cache) {
      VG_(umsg)("hotgrind: warning: the host's caches are unknown; using the "
                "fixed geometry\n");
      clo_geometry_host = False;
      return;
   }
   if (!given_I1) clo_I1 = (HT_CacheGeometry){ i1->sizeB, i1->assoc, i1->line_sizeB };
   if (!given_D1) clo_D1 = (HT_CacheGeometry){ d1->sizeB, d1->assoc, d1->line_sizeB };
   if (!given_LL) {
      UInt sets = ll->sizeB / (ll->line_sizeB * ll->assoc), pow2 = 1;
      clo_LL = (HT_CacheGeometry){ ll->sizeB, ll->assoc, ll->line_sizeB };
      while (pow2 * 2 <= sets) pow2 *= 2;
      if (pow2 != sets && pow2 > 0) {
         double factor = (double)sets / (double)pow2;
         clo_LL.assoc = (UInt)(0.5 + factor * (double)ll->assoc);
         clo_LL.size  = pow2 * ll->line_sizeB * clo_LL.assoc;
      }
   }
}
void HT_(cache_geometry)(HT_CacheGeometry* i1, HT_CacheGeometry* d1,
                         HT_CacheGeometry* ll)
{
   *i1 = clo_I1; *d1 = clo_D1; *ll = clo_LL;
}

/* --I1=size,assoc,line and the like; refuses what the model cannot
   simulate, with Cachegrind's rules. */
static void parse_cache_option(const HChar* arg, const HChar* value,
                               HT_CacheGeometry* g)
{
   const HChar* p = value;
   HChar*       end;
   Long         v[3];
   Int          i;
   const HChar* problem;
   for (i = 0; i < 3; i++) {
      v[i] = VG_(strtoll10)(p, &end);
      if (end == p || v[i] <= 0 || v[i] > 0x7fffffffL
          || (i < 2 && *end != ',') || (i == 2 && *end != '\0'))
         VG_(fmsg_bad_option)(arg, "expected SIZE,ASSOC,LINE in bytes, "
                              "ways and bytes, e.g. 32768,8,64\n");
      p = end + 1;
   }
   g->size = (UInt)v[0]; g->assoc = (UInt)v[1]; g->line = (UInt)v[2];
   problem = HT_(cache_geometry_problem)(g);
   if (problem)
      VG_(fmsg_bad_option)(arg, "%s\n", problem);
}

Bool HT_(collect_atstart)(void) { return clo_collect_atstart; }

/* --launcher=NAME and --run-setting=KEY=VALUE: what a launcher such as
   `hotgrind run` did to make the run reproducible, recorded as given
   (<run><launcher>).  The strings point into Valgrind's argument list,
   which lives as long as the run. */
static const HChar*  clo_launcher = NULL;
static const HChar** run_settings = NULL;
static UInt          n_run_settings = 0;

const HChar* HT_(launcher)(void) { return clo_launcher; }
UInt HT_(n_run_settings)(void) { return n_run_settings; }
const HChar* HT_(run_setting)(UInt i)
{
   tl_assert(i < n_run_settings);
   return run_settings[i];
}

static void add_run_setting(const HChar* arg, const HChar* value)
{
   const HChar* eq = VG_(strchr)(value, '=');
   if (eq == NULL || eq == value)
      VG_(fmsg_bad_option)(arg, "expected KEY=VALUE with a non-empty KEY\n");
   run_settings = VG_(realloc)("hotgrind.run_settings", run_settings,
                               (n_run_settings + 1) * sizeof *run_settings);
   run_settings[n_run_settings++] = value;
}

static Bool ht_process_cmd_line_option(const HChar* arg)
{
   const HChar* value = NULL;
   if VG_STR_CLO(arg, "--hotgrind-out-file", clo_out_file) {
      if (clo_out_file[0] == '\0') {
         VG_(fmsg_bad_option)(arg, "the report file name is empty\n");
      }
   }
   else if VG_BOOL_CLO(arg, "--host-info", clo_host_info) {}
   else if VG_BOOL_CLO(arg, "--collect-atstart", clo_collect_atstart) {}
   else if VG_BOOL_CLO(arg, "--cache-sim", clo_cache_sim) {}
   else if VG_STR_CLO(arg, "--I1", value) {
      parse_cache_option(arg, value, &clo_I1); given_I1 = True;
   }
   else if VG_STR_CLO(arg, "--D1", value) {
      parse_cache_option(arg, value, &clo_D1); given_D1 = True;
   }
   else if VG_STR_CLO(arg, "--LL", value) {
      parse_cache_option(arg, value, &clo_LL); given_LL = True;
   }
   else if VG_STR_CLO(arg, "--launcher", clo_launcher) {
      if (clo_launcher[0] == '\0')
         VG_(fmsg_bad_option)(arg, "the launcher's name is empty\n");
   }
   else if VG_STR_CLO(arg, "--run-setting", value) {
      add_run_setting(arg, value);
   }
   else if VG_BOOL_CLO(arg, "--heap", HT_(heap_on)) {}
   else if VG_BOOL_CLO(arg, "--thread-events", HT_(thread_events)) {}
   else if VG_XACT_CLO(arg, "--cache-geometry=fixed", clo_geometry_host, False) {}
   else if VG_XACT_CLO(arg, "--cache-geometry=host", clo_geometry_host, True) {}
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
"    --cache-sim=no|yes          simulate I1, D1 and LL caches as Cachegrind\n"
"                                does: Dr Dw I1mr ILmr D1mr DLmr D1mw DLmw [no]\n"
"    --I1=<size>,<assoc>,<line>  I1 cache geometry [32768,8,64]\n"
"    --D1=<size>,<assoc>,<line>  D1 cache geometry [32768,8,64]\n"
"    --LL=<size>,<assoc>,<line>  LL cache geometry [8388608,16,64]\n"
"                                (fixed, not the host's, so every machine\n"
"                                gives the same misses)\n"
"    --cache-geometry=fixed|host the caches not given with --I1/--D1/--LL:\n"
"                                the fixed ones above, or the host's as\n"
"                                Cachegrind uses them [fixed]\n"
"    --heap=no|yes               count allocations and frees of the malloc\n"
"                                family and operator new/delete, per\n"
"                                function and thread, as DHAT counts [yes]\n"
"    --alloc-fn=[OBJ:]PATTERN    also count calls of matching functions as\n"
"                                allocations: size in argument 1, block\n"
"                                returned (repeatable)\n"
"    --free-fn=[OBJ:]PATTERN     also count calls of matching functions as\n"
"                                frees of the block in argument 1\n"
"    --thread-events=no|yes      log thread create/exit/join, mutex and\n"
"                                condition variable operations on the\n"
"                                instruction clock; per-mutex figures [no]\n"
"    --launcher=NAME             the program that started Valgrind to make\n"
"                                the run reproducible (`hotgrind run` gives\n"
"                                it), recorded in <run><launcher>\n"
"    --run-setting=KEY=VALUE     one thing that launcher fixed, recorded as\n"
"                                a <setting> (repeatable; needs --launcher)\n"
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
   ULong  n;              /* instructions */
   ULong  reads, writes;  /* queued data accesses (--cache-sim=yes) */
} Pending;

/* With --cache-sim=yes, the memory events of the pending instructions,
   simulated in program order at the next flush; the queue is
   Cachegrind's (docs/dev/cachegrind-model.md), so flush points match. */
typedef enum { Ev_Fetch, Ev_Read, Ev_Write } EventKind;

typedef struct {
   EventKind kind;
   HT_Fn*    fn;
   IRExpr*   addr;
   Int       size;
   Addr      instr;    /* the instruction it belongs to */
} Event;

typedef struct {
   IRSB*   sbOut;
   Pending pending[MAX_PENDING];
   Int     n_pending;
   Int     n_instrs;   /* instructions in pending[], all functions */
   Event   events[FLUSH_EVERY];
   Int     n_events;   /* queued events (instructions alone without sim) */
   HT_Fn*  cur_fn;     /* the current instruction's function and address */
   Addr    cur_instr;
   IRType  word_ty;
   /* The I1 lines of the last fetch simulated in this block: both are
      their sets' most recently used lines until another fetch (data
      accesses do not touch I1). */
   Bool    fetch_known;
   UWord   fetch_first, fetch_last;
} SBState;

static UInt min_line_size;

static IRTemp tmp_of(IRSB* sb, IRExpr* e, IRType ty)
{
   IRTemp t = newIRTemp(sb->tyenv, ty);
   addStmtToIRSB(sb, IRStmt_WrTmp(t, e));
   return t;
}

/* Calls the simulator for one access.  On 64-bit guests the helper is
   skipped inline when the access lies within one line that is already the
   most recently used of its set (a hit that changes nothing), which is
   most of them. */
static void emit_sim_call(IRSB* sb, IRType word_ty, EventKind kind,
                          HT_Fn* fn, IRExpr* addr, Int size, IRExpr* guard,
                          Bool counted)
{
   void*        fnp;
   const HChar* name;
   IRDirty*     d;
   switch (kind) {
      case Ev_Fetch: fnp = &HT_(sim_fetch); name = "hotgrind_sim_fetch"; break;
      case Ev_Read:
         fnp  = counted ? (void*)&HT_(sim_read_counted) : (void*)&HT_(sim_read);
         name = "hotgrind_sim_read"; break;
      default:
         fnp  = counted ? (void*)&HT_(sim_write_counted) : (void*)&HT_(sim_write);
         name = "hotgrind_sim_write"; break;
   }
   d = unsafeIRDirty_0_N(3, name, VG_(fnptr_to_fnentry)(fnp),
                         mkIRExprVec_3(mkIRExpr_HWord((HWord)fn), addr,
                                       mkIRExpr_HWord((HWord)size)));
   if (guard) {
      d->guard = guard;
   } else if (kind == Ev_Fetch && addr->tag == Iex_Const) {
      /* The address is known now: so are its line and set. */
      UWord* tags; UInt bits, assoc; UWord mask;
      Addr   a = (Addr)(word_ty == Ity_I64 ? addr->Iex.Const.con->Ico.U64
                                           : addr->Iex.Const.con->Ico.U32);
      UWord  first, last;
      HT_(sim_layout)(False, &tags, &bits, &mask, &assoc);
      first = a >> bits;
      last  = (a + size - 1) >> bits;
      if (first == last && word_ty == Ity_I64) {
         IRTemp mru = tmp_of(sb, IRExpr_Load(HT_ENDIAN, Ity_I64,
                         mkIRExpr_HWord((HWord)&tags[(first & mask) * assoc])),
                         Ity_I64);
         d->guard = IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_CmpNE64,
                       IRExpr_RdTmp(mru), IRExpr_Const(IRConst_U64(first))),
                       Ity_I1));
      }
   } else if (word_ty == Ity_I64) {
      UWord* tags; UInt bits, assoc; UWord mask;
      IRTemp first, last, set_off, mru, not_mru, spans, maybe_miss;
      HT_(sim_layout)(kind != Ev_Fetch, &tags, &bits, &mask, &assoc);
      first = tmp_of(sb, IRExpr_Binop(Iop_Shr64, addr, IRExpr_Const(IRConst_U8(bits))), Ity_I64);
      last = tmp_of(sb, IRExpr_Binop(Iop_Shr64,
                IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_Add64, addr,
                   IRExpr_Const(IRConst_U64((ULong)size - 1))), Ity_I64)),
                IRExpr_Const(IRConst_U8(bits))), Ity_I64);
      {
         /* The set's byte offset: a shift when the set size is a power
            of two (it usually is), which is cheaper than a multiply. */
         ULong   set_bytes = (ULong)assoc * sizeof(UWord);
         UInt    shift = 0;
         IRExpr* set_no = IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_And64,
                             IRExpr_RdTmp(first), IRExpr_Const(IRConst_U64(mask))),
                             Ity_I64));
         while (shift < 63 && (1ULL << shift) < set_bytes) shift++;
         set_off = tmp_of(sb, (1ULL << shift) == set_bytes
            ? IRExpr_Binop(Iop_Shl64, set_no, IRExpr_Const(IRConst_U8(shift)))
            : IRExpr_Binop(Iop_Mul64, set_no,
                           IRExpr_Const(IRConst_U64(set_bytes))), Ity_I64);
      }
      mru = tmp_of(sb, IRExpr_Load(HT_ENDIAN, Ity_I64,
               IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_Add64,
                  IRExpr_RdTmp(set_off), IRExpr_Const(IRConst_U64((HWord)tags))),
                  Ity_I64))), Ity_I64);
      not_mru = tmp_of(sb, IRExpr_Binop(Iop_CmpNE64, IRExpr_RdTmp(mru),
                                        IRExpr_RdTmp(first)), Ity_I1);
      spans = tmp_of(sb, IRExpr_Binop(Iop_CmpNE64, IRExpr_RdTmp(last),
                                      IRExpr_RdTmp(first)), Ity_I1);
      maybe_miss = tmp_of(sb, IRExpr_Binop(Iop_Or1, IRExpr_RdTmp(not_mru),
                                           IRExpr_RdTmp(spans)), Ity_I1);
      d->guard = IRExpr_RdTmp(maybe_miss);
   }
   addStmtToIRSB(sb, IRStmt_Dirty(d));
}

/* Whether fetch 'e' is known, at translation time, to hit the most
   recently used line of its I1 set: it lies in one line, which the
   previous fetch simulated in this block also touched.  Only a fetch
   changes I1, and events are simulated in program order (a side exit
   taken skips the later ones, never an earlier one), so that line is still
   its set's MRU line, and the hit changes nothing: the check is left out,
   as the inline check would skip the helper at run time anyway.  Most
   instructions share a line with the one before. */
static Bool fetch_is_mru_hit(SBState* s, const Event* e)
{
   UWord* tags; UInt bits, assoc; UWord mask;
   UWord  first, last;
   Bool   hit;
   HT_(sim_layout)(False, &tags, &bits, &mask, &assoc);
   first = (UWord)e->instr >> bits;
   last  = ((UWord)e->instr + (UWord)e->size - 1) >> bits;
   hit   = s->fetch_known && first == last
           && (first == s->fetch_first || first == s->fetch_last);
   if (!hit) {
      s->fetch_known = True;
      s->fetch_first = first;
      s->fetch_last  = last;
   }
   return hit;
}

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

/* While collection is stopped nothing is counted; otherwise the
   per-function counts advance, and so does the clock (the running
   totals) when it runs inline (HT_(clock_inline): marks, zones, thread
   events; without them it is summed from the functions when needed, which
   saves one load/add/store per flush). */
static void flush_pending(SBState* s)
{
   Int   i;
   ULong reads = 0, writes = 0;
   if (HT_(collecting)) {
      for (i = 0; i < s->n_pending; i++) {
         Pending* p = &s->pending[i];
         add_to_counter(s->sbOut, &p->fn->ir, p->n);
         if (p->reads)  add_to_counter(s->sbOut, &p->fn->cache[HT_Dr], p->reads);
         if (p->writes) add_to_counter(s->sbOut, &p->fn->cache[HT_Dw], p->writes);
         reads += p->reads;
         writes += p->writes;
      }
      if (HT_(clock_inline) && s->n_instrs > 0)
         add_to_counter(s->sbOut, &HT_(total_ir), (ULong)s->n_instrs);
      if (HT_(clock_inline) && reads > 0)
         add_to_counter(s->sbOut, &HT_(cache_total)[HT_Dr], reads);
      if (HT_(clock_inline) && writes > 0)
         add_to_counter(s->sbOut, &HT_(cache_total)[HT_Dw], writes);
      if (clo_cache_sim)
         for (i = 0; i < s->n_events; i++) {
            Event* e = &s->events[i];
            if (e->kind == Ev_Fetch && fetch_is_mru_hit(s, e))
               continue;
            emit_sim_call(s->sbOut, s->word_ty, e->kind, e->fn, e->addr,
                          e->size, NULL, False);
         }
   }
   s->n_pending = 0;
   s->n_instrs  = 0;
   s->n_events  = 0;
}

/* The pending entry of 'fn', created if needed. */
static Pending* pending_of(SBState* s, HT_Fn* fn)
{
   Int i;
   for (i = 0; i < s->n_pending; i++)
      if (s->pending[i].fn == fn) return &s->pending[i];
   s->pending[s->n_pending].fn = fn;
   s->pending[s->n_pending].n = 0;
   s->pending[s->n_pending].reads = 0;
   s->pending[s->n_pending].writes = 0;
   return &s->pending[s->n_pending++];
}

static void queue_event(SBState* s, EventKind kind, IRExpr* addr, Int size)
{
   Event* e;
   if (s->n_events == FLUSH_EVERY) flush_pending(s);
   e = &s->events[s->n_events++];
   e->kind = kind; e->fn = s->cur_fn; e->addr = addr; e->size = size;
   e->instr = s->cur_instr;
   /* The current instruction is pending (a flush above re-adds it). */
   pending_of(s, s->cur_fn)->reads  += kind == Ev_Read;
   pending_of(s, s->cur_fn)->writes += kind == Ev_Write;
}

static Bool same_atom(const IRExpr* a, const IRExpr* b)
{
   if (a->tag == Iex_RdTmp && b->tag == Iex_RdTmp)
      return a->Iex.RdTmp.tmp == b->Iex.RdTmp.tmp;
   if (a->tag == Iex_Const && b->tag == Iex_Const)
      return eqIRConst(a->Iex.Const.con, b->Iex.Const.con);
   return False;
}

static void queue_read(SBState* s, IRExpr* addr, Int size)
{
   if (!clo_cache_sim) return;
   queue_event(s, Ev_Read, addr, size);
}

/* A write right after a read of the same address and size by the same
   instruction is one read-modify-write, which Cachegrind counts as the
   read alone. */
static void queue_write(SBState* s, IRExpr* addr, Int size)
{
   Event* last;
   if (!clo_cache_sim) return;
   last = s->n_events > 0 ? &s->events[s->n_events - 1] : NULL;
   if (last && last->kind == Ev_Read && last->instr == s->cur_instr
       && last->size == size && same_atom(last->addr, addr))
      return;
   queue_event(s, Ev_Write, addr, size);
}

/* Guarded accesses are simulated at once, only when the guard holds. */
static void guarded_access(SBState* s, EventKind kind, IRExpr* addr,
                           Int size, IRExpr* guard)
{
   if (!clo_cache_sim) return;
   flush_pending(s);
   if (HT_(collecting))
      emit_sim_call(s->sbOut, s->word_ty, kind, s->cur_fn, addr, size,
                    guard, True);
}

static Int clamp_to_line(Int size)
{
   return size > (Int)min_line_size ? (Int)min_line_size : size;
}

static void count_instruction(SBState* s, HT_Fn* fn, Addr a, Int len)
{
   if (s->n_events == FLUSH_EVERY) flush_pending(s);
   s->n_instrs++;
   s->cur_fn = fn;
   s->cur_instr = a;
   if (clo_cache_sim) {
      s->events[s->n_events].kind  = Ev_Fetch;
      s->events[s->n_events].fn    = fn;
      s->events[s->n_events].addr  = mkIRExpr_HWord((HWord)a);
      s->events[s->n_events].size  = len;
      s->events[s->n_events].instr = a;
   }
   s->n_events++;
   pending_of(s, fn)->n++;
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
   s.n_events  = 0;
   s.cur_fn    = NULL;
   s.cur_instr = 0;
   s.word_ty   = gWordTy;
   s.fetch_known = False;

   for (i = 0; i < sbIn->stmts_used; i++) {
      IRStmt* st = sbIn->stmts[i];
      switch (st->tag) {
         case Ist_IMark: {
            Bool   is_entry;
            HT_Fn* fn = HT_(fn_at)((Addr)st->Ist.IMark.addr, &is_entry);
            if (is_entry && (fn->marked || fn->observe != HT_Obs_None)) {
               /* The clock must be exact when the activation starts. */
               flush_pending(&s);
               HT_(emit_entry_call)(s.sbOut, layout, gWordTy, fn);
            }
            count_instruction(&s, fn, (Addr)st->Ist.IMark.addr,
                              st->Ist.IMark.len ? (Int)st->Ist.IMark.len
                                                : VG_MIN_INSTR_SZB);
            break;
         }
         case Ist_WrTmp:
            if (st->Ist.WrTmp.data->tag == Iex_Load)
               queue_read(&s, st->Ist.WrTmp.data->Iex.Load.addr,
                          sizeofIRType(st->Ist.WrTmp.data->Iex.Load.ty));
            break;
         case Ist_Store:
            queue_write(&s, st->Ist.Store.addr,
                        sizeofIRType(typeOfIRExpr(sbIn->tyenv,
                                                  st->Ist.Store.data)));
            break;
         case Ist_StoreG: {
            IRStoreG* sg = st->Ist.StoreG.details;
            guarded_access(&s, Ev_Write, sg->addr,
                           sizeofIRType(typeOfIRExpr(sbIn->tyenv, sg->data)),
                           sg->guard);
            break;
         }
         case Ist_LoadG: {
            IRLoadG* lg = st->Ist.LoadG.details;
            IRType   wide, ty;
            typeOfIRLoadGOp(lg->cvt, &wide, &ty);
            guarded_access(&s, Ev_Read, lg->addr, sizeofIRType(ty), lg->guard);
            break;
         }
         case Ist_Dirty: {
            IRDirty* d = st->Ist.Dirty.details;
            if (d->mFx != Ifx_None) {
               Int size = clamp_to_line(d->mSize);
               if (d->mFx == Ifx_Read || d->mFx == Ifx_Modify)
                  queue_read(&s, d->mAddr, size);
               if (d->mFx == Ifx_Write || d->mFx == Ifx_Modify)
                  queue_write(&s, d->mAddr, size);
            }
            break;
         }
         case Ist_CAS: {
            IRCAS* cas = st->Ist.CAS.details;
            Int    size = sizeofIRType(typeOfIRExpr(sbIn->tyenv, cas->dataLo));
            if (cas->dataHi) size *= 2;
            size = clamp_to_line(size);
            queue_read(&s, cas->addr, size);
            queue_write(&s, cas->addr, size);
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
            if (st->Ist.LLSC.storedata == NULL) {
               queue_read(&s, st->Ist.LLSC.addr,
                          sizeofIRType(typeOfIRTemp(sbIn->tyenv,
                                                    st->Ist.LLSC.result)));
               flush_pending(&s);
            } else {
               queue_write(&s, st->Ist.LLSC.addr,
                           sizeofIRType(typeOfIRExpr(sbIn->tyenv,
                                                     st->Ist.LLSC.storedata)));
            }
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
   if (sbIn->next->tag != Iex_Const || sbIn->jumpkind == Ijk_Ret)
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
         /* Zones read the clock at every begin and end: run it inline
            from now on. */
         if (HT_(clock_start_inline)())
            discard_all_translations();
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
   HT_(heap_init)();
   HT_(threads_init)();
   HT_(collecting) = clo_collect_atstart;
   /* Marks and thread events read the clock at every call they track. */
   HT_(clock_inline) = HT_(n_marks)() > 0 || HT_(thread_events);
#if defined(VGA_amd64) || defined(VGA_x86)
   /* A custom allocator is usually called directly from the same object,
      so VEX may chase the call into the same superblock and drop a
      register write that the allocator overwrites before its first
      branch: the entry helper would read a stale size.  Keeping all
      registers exact at memory accesses (the call's push is one) keeps
      the arguments; the standard allocators are reached through the PLT,
      which ends the superblock, so they do not need this. */
   if (HT_(n_custom_allocators)() > 0)
      VG_(clo_vex_control).iropt_register_updates_default
         = VG_(clo_px_file_backed)
         = VexRegUpdAllregsAtMemAccess;
#endif
   if (clo_cache_sim) {
      if (clo_geometry_host) {
         const HChar* problem;
         use_host_geometry();
         if ((problem = HT_(cache_geometry_problem)(&clo_LL)) != NULL
             || (problem = HT_(cache_geometry_problem)(&clo_I1)) != NULL
             || (problem = HT_(cache_geometry_problem)(&clo_D1)) != NULL) {
            VG_(fmsg)("hotgrind: the host's cache geometry cannot be "
                      "simulated: %s; give --I1/--D1/--LL\n", problem);
            VG_(exit)(1);
         }
      }
      min_line_size = clo_I1.line < clo_D1.line ? clo_I1.line : clo_D1.line;
      if (clo_LL.line < min_line_size) min_line_size = clo_LL.line;
      /* An access wider than a line could span three lines, which the
         model (like Cachegrind's) does not simulate. */
      if ((Int)min_line_size < VG_(machine_get_size_of_largest_guest_register)()) {
         VG_(fmsg)("hotgrind: --cache-sim=yes needs cache lines of at least "
                   "%d bytes on this CPU (its widest register); the smallest "
                   "given is %u (--I1/--D1/--LL)\n",
                   VG_(machine_get_size_of_largest_guest_register)(),
                   min_line_size);
         VG_(exit)(1);
      }
      HT_(sim_init)(&clo_I1, &clo_D1, &clo_LL);
   }
   if (n_run_settings > 0 && clo_launcher == NULL) {
      VG_(fmsg)("hotgrind: --run-setting needs --launcher=NAME: the "
                "settings are the launcher's\n");
      VG_(exit)(1);
   }
   HT_(report_check_path)(clo_out_file);
}

static void ht_fini(Int exitcode)
{
   UInt    n;
   ULong   total;
   HT_Fn** fns;

   HT_(callstack_fini)();
   HT_(fn_restore_end)();
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
   /* As DHAT: blocks libc and libstdc++ keep until exit are freed before
      the end, so "live at exit" is what the program leaked.  What freeres
      executes is not counted (ht_callstack.c: program_end). */
   VG_(needs_libc_freeres)();
   VG_(needs_cxx_freeres)();
   HT_(callstack_register)();
   HT_(threads_register)();
}

VG_DETERMINE_INTERFACE_VERSION(ht_pre_clo_init)
