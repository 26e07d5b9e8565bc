/*--------------------------------------------------------------------*/
/*--- hotgrind: the instrumentation pass.         ht_instrument.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* For each superblock, the instructions are attributed to functions at
   translation time (ht_fn.c), and before every side exit, before every
   17th instruction and at the end of the block the tool adds the number
   of instructions executed since the previous such point to each
   function's counter (each source line's with --lines=yes) with a
   load/add/store on a constant address, so counting Ir calls no
   helper.  A block left through a side exit counts
   exactly the instructions up to and including that exit -- the same
   instructions Cachegrind counts.  Helpers are called for what needs
   more than an add: the cache simulator (--cache-sim=yes, ht_sim.c,
   skipped inline on a hit of a set's most recently used line), and the
   entries and exits of marked and observed functions (ht_callstack.c). */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_machine.h"
#include "pub_tool_tooliface.h"

#include "ht_include.h"


/* Instructions counted since the last flush point, per function.
   Besides side exits, load-linked statements and the block end, counts
   are also flushed before every 17th instruction, which is where
   Cachegrind (--cache-sim=no) flushes its event buffer (N_EVENTS = 16 in
   cg_main.c): an instruction that faults and never returns to the block
   (SIGSEGV handled with siglongjmp) then loses the same instructions in
   both tools, so even such programs match. */
#define FLUSH_EVERY 16
#define MAX_PENDING FLUSH_EVERY

/* Where counts go: the instruction's function's self costs, or with
   --lines=yes its source line's only.  Per-line records alone, the
   functions' made as their sums at the end (HT_(fn_snapshot_end)),
   rather than both counted: a flush then adds to one counter per
   pending record, not two, and a helper gets one pointer; --lines=yes
   then costs only the extra pending records (a block's instructions
   span more lines than functions) and the inline clock it needs
   (ht_main.c says why), which keeps it near an Ir-only run. */
typedef struct {
   HT_SelfCosts* costs;
   ULong  n;              /* instructions */
   ULong  reads, writes;  /* queued data accesses (--cache-sim=yes) */
} Pending;

/* With --cache-sim=yes, the memory events of the pending instructions,
   simulated in program order at the next flush; the queue is
   Cachegrind's (docs/dev/cachegrind-model.md), so flush points match. */
typedef enum { Ev_Fetch, Ev_Read, Ev_Write } EventKind;

typedef struct {
   EventKind kind;
   HT_SelfCosts* costs;
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
   HT_Fn*  prev_fn;    /* the previous instruction's, NULL at the start */
   HT_SelfCosts* cur_costs;  /* where its counts go (see Pending) */
   Addr    cur_instr;
   Int     cur_len;    /* its length in bytes */
   IRType  word_ty;
   /* The I1 lines of the last fetch simulated in this block: both are
      their sets' most recently used lines until another fetch (data
      accesses do not touch I1). */
   Bool    fetch_known;
   UWord   fetch_first, fetch_last;
} SBState;

/* The smallest line of the three caches (--cache-sim=yes): wider
   accesses of dirty helpers and CASes are simulated as one line. */
static UInt min_line_size;

void HT_(instrument_init)(UInt min_line)
{
   min_line_size = min_line;
}

static IRTemp tmp_of(IRSB* sb, IRExpr* e, IRType ty)
{
   IRTemp t = newIRTemp(sb->tyenv, ty);
   addStmtToIRSB(sb, IRStmt_WrTmp(t, e));
   return t;
}

/* The guard of a fetch from a constant address: the address is known
   now, so are its line and set, and on 64-bit guests an access within one
   line calls the helper only when that line is not its set's MRU one.
   NULL (always call) otherwise. */
static IRExpr* const_fetch_guard(IRSB* sb, IRType word_ty, IRExpr* addr,
                                 Int size)
{
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
      return IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_CmpNE64,
                IRExpr_RdTmp(mru), IRExpr_Const(IRConst_U64(first))),
                Ity_I1));
   }
   return NULL;
}

/* The guard of an access at a computed address, on 64-bit guests: it
   spans two lines, or its line is not its set's MRU one. */
static IRExpr* mru_guard(IRSB* sb, EventKind kind, IRExpr* addr, Int size)
{
   UWord* tags; UInt bits, assoc; UWord mask;
   IRTemp first, last, set_off, mru, not_mru, spans, maybe_miss;
   HT_(sim_layout)(kind != Ev_Fetch, &tags, &bits, &mask, &assoc);
   first = tmp_of(sb, IRExpr_Binop(Iop_Shr64, addr,
                                   IRExpr_Const(IRConst_U8(bits))), Ity_I64);
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
   return IRExpr_RdTmp(maybe_miss);
}

/* Calls the simulator for one access.  On 64-bit guests the helper is
   skipped inline when the access lies within one line that is already the
   most recently used of its set (a hit that changes nothing), which is
   most of them. */
static void emit_sim_call(IRSB* sb, IRType word_ty, EventKind kind,
                          HT_SelfCosts* costs, IRExpr* addr, Int size,
                          IRExpr* guard, Bool counted)
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
                         mkIRExprVec_3(mkIRExpr_HWord((HWord)costs), addr,
                                       mkIRExpr_HWord((HWord)size)));
   if (guard) {
      d->guard = guard;
   } else {
      IRExpr* g = kind == Ev_Fetch && addr->tag == Iex_Const
                  ? const_fetch_guard(sb, word_ty, addr, size)
                  : word_ty == Ity_I64 ? mru_guard(sb, kind, addr, size)
                                       : NULL;
      if (g) d->guard = g;
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

void HT_(emit_add)(IRSB* sb, IRExpr* addr, IRExpr* by)
{
   IRTemp  old  = newIRTemp(sb->tyenv, Ity_I64);
   IRTemp  sum  = newIRTemp(sb->tyenv, Ity_I64);
   addStmtToIRSB(sb, IRStmt_WrTmp(old, IRExpr_Load(HT_ENDIAN, Ity_I64, addr)));
   addStmtToIRSB(sb, IRStmt_WrTmp(sum,
      IRExpr_Binop(Iop_Add64, IRExpr_RdTmp(old), by)));
   addStmtToIRSB(sb, IRStmt_Store(HT_ENDIAN, addr, IRExpr_RdTmp(sum)));
}

/* "*addr += n" for a count known now. */
static void add_at(IRSB* sb, IRExpr* addr, ULong n)
{
   HT_(emit_add)(sb, addr, IRExpr_Const(IRConst_U64(n)));
}

/* "*counter += n", the counter at an address known now. */
static void add_to_counter(IRSB* sb, ULong* counter, ULong n)
{
   add_at(sb, mkIRExpr_HWord((HWord)counter), n);
}

/* "*(*slot + offset) += n": a counter in the struct a global pointer
   points to, for the costs of code without a symbol, which go to the
   innermost activation's function (--call-graph=yes). */
static void add_through_pointer(IRSB* sb, void* slot, HWord offset, ULong n)
{
   IRType  wt    = sizeof(HWord) == 8 ? Ity_I64 : Ity_I32;
   IRTemp  base  = newIRTemp(sb->tyenv, wt);
   IRTemp  addr  = newIRTemp(sb->tyenv, wt);
   addStmtToIRSB(sb, IRStmt_WrTmp(base,
      IRExpr_Load(HT_ENDIAN, wt, mkIRExpr_HWord((HWord)slot))));
   addStmtToIRSB(sb, IRStmt_WrTmp(addr,
      IRExpr_Binop(wt == Ity_I64 ? Iop_Add64 : Iop_Add32, IRExpr_RdTmp(base),
                   mkIRExpr_HWord(offset))));
   add_at(sb, IRExpr_RdTmp(addr), n);
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
         add_to_counter(s->sbOut, &p->costs->ir, p->n);
         if (p->reads)
            add_to_counter(s->sbOut, &p->costs->cache[HT_Dr], p->reads);
         if (p->writes)
            add_to_counter(s->sbOut, &p->costs->cache[HT_Dw], p->writes);
         reads += p->reads;
         writes += p->writes;
         if (p->costs->no_symbol) {
            void* slot = &HT_(innermost_no_symbol);
            add_through_pointer(s->sbOut, slot,
                                offsetof(HT_NoSymbolCosts, ir), p->n);
            if (p->reads)
               add_through_pointer(s->sbOut, slot,
                  offsetof(HT_NoSymbolCosts, cache) + HT_Dr * sizeof(ULong),
                  p->reads);
            if (p->writes)
               add_through_pointer(s->sbOut, slot,
                  offsetof(HT_NoSymbolCosts, cache) + HT_Dw * sizeof(ULong),
                  p->writes);
         }
      }
      if (HT_(clock_inline) && s->n_instrs > 0)
         add_to_counter(s->sbOut, &HT_(total_ir), (ULong)s->n_instrs);
      if (HT_(clock_inline) && reads > 0)
         add_to_counter(s->sbOut, &HT_(cache_total)[HT_Dr], reads);
      if (HT_(clock_inline) && writes > 0)
         add_to_counter(s->sbOut, &HT_(cache_total)[HT_Dw], writes);
      if (HT_(clo).cache_sim)
         for (i = 0; i < s->n_events; i++) {
            Event* e = &s->events[i];
            if (e->kind == Ev_Fetch && fetch_is_mru_hit(s, e))
               continue;
            emit_sim_call(s->sbOut, s->word_ty, e->kind, e->costs, e->addr,
                          e->size, NULL, False);
         }
   }
   s->n_pending = 0;
   s->n_instrs  = 0;
   s->n_events  = 0;
}

/* The pending entry of self costs 'costs', created if needed. */
static Pending* pending_of(SBState* s, HT_SelfCosts* costs)
{
   Int i;
   for (i = 0; i < s->n_pending; i++)
      if (s->pending[i].costs == costs)
         return &s->pending[i];
   /* Every pending record has an instruction since the last flush, and
      a flush comes at least every FLUSH_EVERY instructions. */
   tl_assert(s->n_pending < MAX_PENDING);
   s->pending[s->n_pending].costs = costs;
   s->pending[s->n_pending].n = 0;
   s->pending[s->n_pending].reads = 0;
   s->pending[s->n_pending].writes = 0;
   return &s->pending[s->n_pending++];
}

static void queue_event(SBState* s, EventKind kind, IRExpr* addr, Int size)
{
   Event* e;
   if (s->n_events == FLUSH_EVERY) flush_pending(s);
   tl_assert(s->n_events < FLUSH_EVERY);
   e = &s->events[s->n_events++];
   e->kind = kind; e->costs = s->cur_costs; e->addr = addr; e->size = size;
   e->instr = s->cur_instr;
   /* The current instruction is pending (a flush above re-adds it). */
   pending_of(s, s->cur_costs)->reads  += kind == Ev_Read;
   pending_of(s, s->cur_costs)->writes += kind == Ev_Write;
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
   if (!HT_(clo).cache_sim) return;
   queue_event(s, Ev_Read, addr, size);
}

/* A write right after a read of the same address and size by the same
   instruction is one read-modify-write, which Cachegrind counts as the
   read alone. */
static void queue_write(SBState* s, IRExpr* addr, Int size)
{
   Event* last;
   if (!HT_(clo).cache_sim) return;
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
   if (!HT_(clo).cache_sim) return;
   flush_pending(s);
   if (HT_(collecting))
      emit_sim_call(s->sbOut, s->word_ty, kind, s->cur_costs, addr, size,
                    guard, True);
}

static Int clamp_to_line(Int size)
{
   return size > (Int)min_line_size ? (Int)min_line_size : size;
}

static void count_instruction(SBState* s, HT_Fn* fn, Addr a, Int len)
{
   if (s->n_events == FLUSH_EVERY) flush_pending(s);
   tl_assert(s->n_events < FLUSH_EVERY);
   s->n_instrs++;
   s->cur_fn = fn;
   s->cur_costs = HT_(clo).lines ? &HT_(line_at)(fn, a)->self : &fn->self;
   s->cur_instr = a;
   s->cur_len = len;
   if (HT_(clo).cache_sim) {
      s->events[s->n_events].kind  = Ev_Fetch;
      s->events[s->n_events].costs = s->cur_costs;
      s->events[s->n_events].addr  = mkIRExpr_HWord((HWord)a);
      s->events[s->n_events].size  = len;
      s->events[s->n_events].instr = a;
   }
   s->n_events++;
   pending_of(s, s->cur_costs)->n++;
}

/* --call-graph=yes: a direct transfer from code of 'from' to 'target',
   known at translation time.  One into the middle of another function
   with a symbol flags both (HT_Fn.mid_jump): its code will run inside
   'from''s activation. */
static void note_direct_transfer(HT_Fn* from, Addr target)
{
   Bool   is_entry;
   HT_Fn* to;
   if (!HT_(clo).call_graph || from == NULL || from->self.no_symbol) return;
   to = HT_(fn_at)(target, &is_entry);
   if (to != from && !is_entry && !to->self.no_symbol) {
      from->mid_jump = True;
      to->mid_jump = True;
   }
}

Addr HT_(const_address)(const IRConst* c)
{
   return c->tag == Ico_U64 ? (Addr)c->Ico.U64 : (Addr)c->Ico.U32;
}

/* Whether guest-state bytes [off, off + size) overlap SP. */
static Bool overlaps_sp(const VexGuestLayout* layout, Int off, Int size)
{
   return off < layout->offset_SP + layout->sizeof_SP
          && layout->offset_SP < off + size;
}

/* Whether 'st' makes VEX keep every earlier write of SP: its first
   optimisation pass, which runs before instrumentation, drops a write of
   SP that a later one overwrites with none of these in between (iropt's
   redundant-PUT removal under the default policy, which keeps SP exact
   only at memory accesses). */
static Bool keeps_sp_writes(const IRStmt* st, const VexGuestLayout* layout)
{
   switch (st->tag) {
      case Ist_Exit: case Ist_Dirty: case Ist_CAS: case Ist_LLSC:
      case Ist_MBE: case Ist_AbiHint:
      case Ist_Store: case Ist_StoreG: case Ist_LoadG:
         return True;
      case Ist_WrTmp: {
         const IRExpr* e = st->Ist.WrTmp.data;
         return e->tag == Iex_Load
                || (e->tag == Iex_Get
                    && overlaps_sp(layout, e->Iex.Get.offset,
                                   sizeofIRType(e->Iex.Get.ty)));
      }
      default:
         return False;
   }
}

static Bool writes_sp(const IRSB* sb, const IRStmt* st,
                      const VexGuestLayout* layout)
{
   if (st->tag == Ist_PutI) return True;   /* an array: assume it may */
   return st->tag == Ist_Put
          && overlaps_sp(layout, st->Ist.Put.offset,
                         sizeofIRType(typeOfIRExpr(sb->tyenv,
                                                   st->Ist.Put.data)));
}

/* The statement that defines temporary 't' in 'sb', or -1. */
static Int definition_of(const IRSB* sb, IRTemp t, Int before)
{
   Int i;
   for (i = before - 1; i >= 0; i--)
      if (sb->stmts[i]->tag == Ist_WrTmp && sb->stmts[i]->Ist.WrTmp.tmp == t)
         return i;
   return -1;
}

/* SP at the function entry whose IMark is statement 'at', when the guest
   state may not hold it; NULL when it does.  The state is stale only when
   a write of SP before the entry was dropped, which needs a write of SP
   after it with nothing in between that keeps writes: a tail jump that
   VEX chased into its target right after the caller's last pop (ld.so's
   `pop; jmp strdup`), a few superblocks a run.  The dropped value is the
   one the function's first change of SP starts from: that write is
   "SP = X +/- constant", X computed before the entry. */
static IRExpr* sp_if_state_stale(const IRSB* sb, Int at,
                                 const VexGuestLayout* layout)
{
   Int      i = at - 1, w, d;
   IRExpr*  data;
   IRExpr*  def;
   while (i >= 0 && (sb->stmts[i]->tag == Ist_NoOp
                     || sb->stmts[i]->tag == Ist_IMark))
      i--;
   if (i < 0 || keeps_sp_writes(sb->stmts[i], layout))
      return NULL;
   for (w = at + 1; w < sb->stmts_used; w++) {
      if (keeps_sp_writes(sb->stmts[w], layout)) return NULL;
      if (writes_sp(sb, sb->stmts[w], layout)) break;
   }
   /* (No write of SP after the entry: the last one before it was kept.) */
   if (w == sb->stmts_used || sb->stmts[w]->tag != Ist_Put
       || sb->stmts[w]->Ist.Put.offset != layout->offset_SP)
      return NULL;
   data = sb->stmts[w]->Ist.Put.data;
   if (data->tag != Iex_RdTmp
       || sizeofIRType(typeOfIRExpr(sb->tyenv, data)) != layout->sizeof_SP)
      return NULL;
   d = definition_of(sb, data->Iex.RdTmp.tmp, w);
   if (d <= at) return NULL;
   def = sb->stmts[d]->Ist.WrTmp.data;
   if (def->tag != Iex_Binop
       || (def->Iex.Binop.op != Iop_Add64 && def->Iex.Binop.op != Iop_Sub64
           && def->Iex.Binop.op != Iop_Add32
           && def->Iex.Binop.op != Iop_Sub32)
       || def->Iex.Binop.arg1->tag != Iex_RdTmp
       || def->Iex.Binop.arg2->tag != Iex_Const
       || definition_of(sb, def->Iex.Binop.arg1->Iex.RdTmp.tmp, d) > at)
      return NULL;
   return def->Iex.Binop.arg1;
}

/* The accounting for one statement of the input block, before it is
   copied: an instruction is counted (and a marked or observed function's
   entry tracked), memory accesses are queued or simulated, and pending
   counts are flushed where control may leave the block. */
static void account_stmt(SBState* s, IRSB* sbIn, Int index,
                         const VexGuestLayout* layout, IRType gWordTy)
{
   IRStmt* st = sbIn->stmts[index];
   switch (st->tag) {
      case Ist_IMark: {
         Bool   is_entry;
         HT_Fn* fn = HT_(fn_at)((Addr)st->Ist.IMark.addr, &is_entry);
         /* Within a superblock VEX chased a direct jump into. */
         if (s->prev_fn != NULL && fn != s->prev_fn && !is_entry)
            note_direct_transfer(s->prev_fn, (Addr)st->Ist.IMark.addr);
         s->prev_fn = fn;
         if (is_entry && (fn->marked || fn->observe != HT_Obs_None
                          || HT_(clo).call_graph)) {
            /* The clock must be exact when the activation starts. */
            IRExpr* sp = sp_if_state_stale(sbIn, index, layout);
            flush_pending(s);
            /* The entry call reads SP from the guest state: give it the
               value the dropped write had (the function's own first
               write of SP follows before anything else reads it). */
            if (sp)
               addStmtToIRSB(s->sbOut, IRStmt_Put(layout->offset_SP, sp));
            HT_(emit_entry_call)(s->sbOut, layout, gWordTy, fn);
         }
         count_instruction(s, fn, (Addr)st->Ist.IMark.addr,
                           st->Ist.IMark.len ? (Int)st->Ist.IMark.len
                                             : VG_MIN_INSTR_SZB);
         break;
      }
      case Ist_WrTmp:
         if (st->Ist.WrTmp.data->tag == Iex_Load)
            queue_read(s, st->Ist.WrTmp.data->Iex.Load.addr,
                       sizeofIRType(st->Ist.WrTmp.data->Iex.Load.ty));
         break;
      case Ist_Store:
         queue_write(s, st->Ist.Store.addr,
                     sizeofIRType(typeOfIRExpr(sbIn->tyenv,
                                               st->Ist.Store.data)));
         break;
      case Ist_StoreG: {
         IRStoreG* sg = st->Ist.StoreG.details;
         guarded_access(s, Ev_Write, sg->addr,
                        sizeofIRType(typeOfIRExpr(sbIn->tyenv, sg->data)),
                        sg->guard);
         break;
      }
      case Ist_LoadG: {
         IRLoadG* lg = st->Ist.LoadG.details;
         IRType   wide, ty;
         typeOfIRLoadGOp(lg->cvt, &wide, &ty);
         guarded_access(s, Ev_Read, lg->addr, sizeofIRType(ty), lg->guard);
         break;
      }
      case Ist_Dirty: {
         IRDirty* d = st->Ist.Dirty.details;
         if (d->mFx != Ifx_None) {
            Int size = clamp_to_line(d->mSize);
            if (d->mFx == Ifx_Read || d->mFx == Ifx_Modify)
               queue_read(s, d->mAddr, size);
            if (d->mFx == Ifx_Write || d->mFx == Ifx_Modify)
               queue_write(s, d->mAddr, size);
         }
         break;
      }
      case Ist_CAS: {
         IRCAS* cas = st->Ist.CAS.details;
         Int    size = sizeofIRType(typeOfIRExpr(sbIn->tyenv, cas->dataLo));
         if (cas->dataHi) size *= 2;
         size = clamp_to_line(size);
         queue_read(s, cas->addr, size);
         queue_write(s, cas->addr, size);
         break;
      }
      case Ist_Exit:
         /* Count everything up to and including this instruction
            before control may leave the block. */
         flush_pending(s);
         if (HT_(clo).branch_sim && HT_(collecting))
            HT_(branch_emit_exit)(s->sbOut, s->word_ty, s->cur_costs,
                                  s->cur_instr, s->cur_len, st);
         if (st->Ist.Exit.jk == Ijk_Boring)
            note_direct_transfer(s->cur_fn,
                                 HT_(const_address)(st->Ist.Exit.dst));
         break;
      case Ist_LLSC:
         /* Cachegrind flushes before a load-linked too (arm64's ldxr):
            the same flush points keep faulting programs equal. */
         if (st->Ist.LLSC.storedata == NULL) {
            queue_read(s, st->Ist.LLSC.addr,
                       sizeofIRType(typeOfIRTemp(sbIn->tyenv,
                                                 st->Ist.LLSC.result)));
            flush_pending(s);
         } else {
            queue_write(s, st->Ist.LLSC.addr,
                        sizeofIRType(typeOfIRExpr(sbIn->tyenv,
                                                  st->Ist.LLSC.storedata)));
         }
         break;
      default:
         break;
   }
}

IRSB* HT_(instrument)(VgCallbackClosure* closure,
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
   s.cur_len   = 0;
   s.prev_fn   = NULL;
   s.cur_costs = NULL;
   s.word_ty   = gWordTy;
   s.fetch_known = False;

   for (i = 0; i < sbIn->stmts_used; i++) {
      account_stmt(&s, sbIn, i, layout, gWordTy);
      addStmtToIRSB(s.sbOut, sbIn->stmts[i]);
   }
   flush_pending(&s);
   if (HT_(clo).branch_sim && HT_(collecting))
      HT_(branch_emit_end)(s.sbOut, s.cur_costs, s.cur_instr, sbIn->next,
                           sbIn->jumpkind);
   if (sbIn->next->tag == Iex_Const && sbIn->jumpkind == Ijk_Boring)
      note_direct_transfer(s.cur_fn,
                           HT_(const_address)(sbIn->next->Iex.Const.con));
   /* Every return, longjmp and exception landing is a jump to a computed
      address: only those blocks can end an activation. */
   /* A return's target can be a constant here: when VEX chases an arm64
      `bl` into a leaf within one superblock, iropt folds LR into the
      block's next, and the jump kind still says Ret. */
   if (sbIn->next->tag != Iex_Const || sbIn->jumpkind == Ijk_Ret)
      HT_(emit_exit_check)(s.sbOut, layout, gWordTy, sbIn->next);
   return s.sbOut;
}
