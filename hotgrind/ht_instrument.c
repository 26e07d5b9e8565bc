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
#include "pub_tool_aspacemgr.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_options.h"
#include "libvex_guest_amd64.h"
#include "libvex_guest_x86.h"
#include "libvex_guest_arm64.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
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
   --lines=yes its source line's only (Ir into the line's dense count,
   HT_(line_ir_count)).  Per-line records alone, the functions' made as
   their sums at the end (HT_(fn_snapshot_end)), rather than both
   counted: a flush then adds to one counter per pending record, not
   two, and a helper gets one pointer; --lines=yes then costs only the
   extra pending records (a block's instructions span more lines than
   functions), which keeps it near an Ir-only run. */
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
   /* A data access's address as base + offset (address_parts). */
   IRExpr*   base;
   Long      offset;
} Event;

/* What the simulated L1 caches are known to hold at a point of the block,
   at translation time.  The I1 lines of the last fetch simulated: both
   are their sets' most recently used lines until another fetch (data
   accesses do not touch I1).  The bytes of the last data access
   simulated, as base + [data_lo, data_hi): until another data access they
   lie in their sets' most recently used D1 lines. */
typedef struct {
   Bool    fetch_known;
   UWord   fetch_first, fetch_last;
   Bool    data_known;
   IRExpr* data_base;
   Long    data_lo, data_hi;
} Known;

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
   Known   known;
   IRSB*   sbIn;
   Int     cur_stmt;   /* the input statement being accounted */
   /* The last instruction whose input helper (rdtsc, rdrand) was
      swapped (ht_inputs.c), if any. */
   Bool    swapped_any;
   Addr    swapped_instr;
   Bool    sp_exact;   /* translated with every PUT of SP kept */
   Bool    tier1;      /* the branch predictor as calls (ht_tier.c) */
   HT_TierCell* count; /* where the next predictor call counts the
                          block's run (--tier=auto), NULL once one does */
   Int     n_imarks;   /* IMarks accounted so far (index in imark_fns) */
} SBState;

/* The function of each instruction of the block being translated, looked
   up once (HT_(fn_at) is a debug-info search, a name with its offset
   printed and parsed, and a hash probe): on amd64 and x86
   block_has_stale_entry and account_stmt both need them.  Grown as
   needed; one translation at a time. */
typedef struct {
   HT_Fn* fn;
   Bool   is_entry;
} InstrFn;

static InstrFn* imark_fns;
static Int      imark_fns_size;

static void look_up_instr_fns(const IRSB* sb)
{
   Int i, n = 0;
   for (i = 0; i < sb->stmts_used; i++)
      if (sb->stmts[i]->tag == Ist_IMark) n++;
   if (n > imark_fns_size) {
      imark_fns_size = n > 2 * imark_fns_size ? n : 2 * imark_fns_size;
      imark_fns = VG_(realloc)("hotgrind.imark_fns", imark_fns,
                               imark_fns_size * sizeof(InstrFn));
   }
   for (i = 0, n = 0; i < sb->stmts_used; i++)
      if (sb->stmts[i]->tag == Ist_IMark) {
         imark_fns[n].fn = HT_(fn_at)((Addr)sb->stmts[i]->Ist.IMark.addr,
                                      &imark_fns[n].is_entry);
         n++;
      }
}

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

/* mru_guard for the caches its one compare does not fit (one set, or a
   set of tags larger than a line): both tests, or'ed. */
static IRExpr* mru_guard_general(IRSB* sb, IRExpr* addr, Int size,
                                 UWord* tags, UInt bits, UWord mask,
                                 ULong set_bytes)
{
   IRTemp first, last, set_off, mru, not_mru, spans, maybe_miss;
   first = tmp_of(sb, IRExpr_Binop(Iop_Shr64, addr,
                                   IRExpr_Const(IRConst_U8(bits))), Ity_I64);
   last = tmp_of(sb, IRExpr_Binop(Iop_Shr64,
             IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_Add64, addr,
                IRExpr_Const(IRConst_U64((ULong)size - 1))), Ity_I64)),
             IRExpr_Const(IRConst_U8(bits))), Ity_I64);
   {
      /* The set's byte offset: a shift when the set size is a power
         of two (it usually is), which is cheaper than a multiply. */
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

/* The shift that turns a D1 or I1 address into the byte offset of its
   set's tags when one shift and one mask do (two sets or more, a power
   of two bytes of tags per set, no larger than a line: the usual 8-way
   cache with 64-byte lines needs the mask alone): the line bits minus
   log2 of the set's bytes.  -1 when they do not. */
static Int set_offset_shift(UWord mask, UInt bits, UInt assoc)
{
   ULong set_bytes = (ULong)assoc * sizeof(UWord);
   UInt  set_shift = 0;
   while (set_shift < 63 && (1ULL << set_shift) < set_bytes) set_shift++;
   if (mask == 0 || (1ULL << set_shift) != set_bytes || set_shift > bits)
      return -1;
   return (Int)(bits - set_shift);
}

/* The tags of the set of 'addr' (64-bit) start with its most recently
   used block: that block, loaded (set_offset_shift >= 0). */
static IRExpr* load_mru(IRSB* sb, IRExpr* addr, UWord* tags, UInt bits,
                        UWord mask, Int shift)
{
   IRExpr* off = shift == 0 ? addr
                 : IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_Shr64, addr,
                      IRExpr_Const(IRConst_U8(shift))), Ity_I64));
   off = IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_And64, off,
            IRExpr_Const(IRConst_U64((ULong)mask << (bits - shift)))),
            Ity_I64));
   return IRExpr_RdTmp(tmp_of(sb, IRExpr_Load(HT_ENDIAN, Ity_I64,
             IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_Add64, off,
                IRExpr_Const(IRConst_U64((HWord)tags))), Ity_I64))),
             Ity_I64));
}

/* 'addr' + 'n' as an atom (64-bit). */
static IRExpr* plus(IRSB* sb, IRExpr* addr, Long n)
{
   if (n == 0) return addr;
   return IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_Add64, addr,
             IRExpr_Const(IRConst_U64((ULong)n))), Ity_I64));
}

/* Whether the block of 'addr' differs from the one loaded as 'mru'. */
static IRExpr* block_differs(IRSB* sb, IRExpr* mru, IRExpr* addr, UInt bits)
{
   IRExpr* block = IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_Shr64, addr,
                      IRExpr_Const(IRConst_U8(bits))), Ity_I64));
   return IRExpr_RdTmp(tmp_of(sb, IRExpr_Binop(Iop_CmpNE64, mru, block),
                              Ity_I1));
}

/* The guard of an access at a computed address, on 64-bit guests: it
   spans two lines, or its line is not its set's MRU one.  With two sets
   or more one compare tests both: the MRU tag of the FIRST byte's set
   against the LAST byte's block.  Every tag a set holds belongs to that
   set (or is the initial 0, which no block of a spanning access is), and
   a spanning access's last block lies in the next set, so they are equal
   exactly when the access is within one line that is its set's MRU one. */
static IRExpr* mru_guard(IRSB* sb, EventKind kind, IRExpr* addr, Int size)
{
   UWord* tags; UInt bits, assoc; UWord mask;
   Int    shift;
   HT_(sim_layout)(kind != Ev_Fetch, &tags, &bits, &mask, &assoc);
   shift = set_offset_shift(mask, bits, assoc);
   if (shift < 0)
      return mru_guard_general(sb, addr, size, tags, bits, mask,
                               (ULong)assoc * sizeof(UWord));
   return block_differs(sb, load_mru(sb, addr, tags, bits, mask, shift),
                        plus(sb, addr, size - 1), bits);
}

/* The guard of a group of data accesses within 'span' bytes from
   'base' + 'lo' (span at most a line, so one or two lines): the first or
   the last of those lines is not its set's MRU one.  When both are, every
   access of the group hits an MRU line and changes nothing.  NULL when
   the cache's layout does not allow it. */
static IRExpr* group_guard(IRSB* sb, IRExpr* base, Long lo, Long span)
{
   UWord*  tags; UInt bits, assoc; UWord mask;
   Int     shift;
   IRExpr* first;
   HT_(sim_layout)(True, &tags, &bits, &mask, &assoc);
   shift = set_offset_shift(mask, bits, assoc);
   if (shift < 0 || span > (1L << bits)) return NULL;
   first = base ? plus(sb, base, lo) : IRExpr_Const(IRConst_U64((ULong)lo));
   return block_differs(sb, load_mru(sb, first, tags, bits, mask, shift),
                        plus(sb, first, span - 1), bits);
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
   void*        sized;
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
   sized = kind == Ev_Fetch ? HT_(sim_fetch_sized)(size)
           : !counted ? HT_(sim_sized)(kind == Ev_Write, size, &name)
           : NULL;
   if (sized)
      d = unsafeIRDirty_0_N(2, name, VG_(fnptr_to_fnentry)(sized),
                            mkIRExprVec_2(mkIRExpr_HWord((HWord)costs), addr));
   else
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
   instructions share a line with the one before.  'k' follows. */
static Bool fetch_is_mru_hit(Known* k, const Event* e)
{
   UWord* tags; UInt bits, assoc; UWord mask;
   UWord  first, last;
   Bool   hit;
   HT_(sim_layout)(False, &tags, &bits, &mask, &assoc);
   first = (UWord)e->instr >> bits;
   last  = ((UWord)e->instr + (UWord)e->size - 1) >> bits;
   hit   = k->fetch_known && first == last
           && (first == k->fetch_first || first == k->fetch_last);
   if (!hit) {
      k->fetch_known = True;
      k->fetch_first = first;
      k->fetch_last  = last;
   }
   return hit;
}

static Bool same_atom(const IRExpr* a, const IRExpr* b)
{
   if (a->tag == Iex_RdTmp && b->tag == Iex_RdTmp)
      return a->Iex.RdTmp.tmp == b->Iex.RdTmp.tmp;
   if (a->tag == Iex_Const && b->tag == Iex_Const)
      return eqIRConst(a->Iex.Const.con, b->Iex.Const.con);
   return False;
}

/* Whether two address bases (address_parts) are the same. */
static Bool same_base(const IRExpr* a, const IRExpr* b)
{
   return a == NULL || b == NULL ? a == b : same_atom(a, b);
}

/* Whether data access 'e' is known, at translation time, to hit only
   most recently used D1 lines: its bytes lie within those of the last
   data access simulated in this block (same base temporary, offsets
   contained), and only fetches, which do not touch D1, came between.
   After that access each of its lines (one, or two in adjacent sets) is
   its set's MRU line, so 'e' hits them and changes nothing; its call and
   its check are left out.  A read, then a write of the same variable by
   a later instruction (x = x + 1) is the common case.  'k' follows. */
static Bool data_is_mru_hit(Known* k, const Event* e)
{
   Bool hit = k->data_known && same_base(k->data_base, e->base)
              && e->offset >= k->data_lo
              && e->offset + e->size <= k->data_hi;
   if (!hit) {
      k->data_known = True;
      k->data_base  = e->base;
      k->data_lo    = e->offset;
      k->data_hi    = e->offset + e->size;
   }
   return hit;
}

static Bool is_mru_hit(Known* k, const Event* e)
{
   return e->kind == Ev_Fetch ? fetch_is_mru_hit(k, e) : data_is_mru_hit(k, e);
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

/* Bump allocation of the groups' descriptors: they live as long as the
   translations that use them, which are discarded rarely (and then the
   few bytes stay). */
static HT_SimGroup* new_group(UInt n)
{
   static UChar* chunk;
   static SizeT  left;
   SizeT         bytes = sizeof(HT_SimGroup) + n * sizeof(HT_SimGroupAccess);
   HT_SimGroup*  g;
   bytes = (bytes + 15) & ~(SizeT)15;
   if (bytes > left) {
      left  = bytes > 65536 ? bytes : 65536;
      chunk = VG_(malloc)("hotgrind.sim_groups", left);
   }
   g = (HT_SimGroup*)chunk;
   chunk += bytes;
   left  -= bytes;
   g->n = n;
   return g;
}

/* Events i..j of the batch as one group, or -1: the data accesses after
   event i that share its address base, up to the first data access that
   does not (fetches in between do not touch D1) or the first fetch that
   calls the simulator (LL sees fetches and data in program order),
   within one line's bytes of it.  One guard checks all of them
   (group_guard); when it fails, one call (HT_(sim_group)) simulates
   them in order, instead of a check and a call each.  Two accesses or
   more that the simulator must see: a push sequence, a structure's
   fields, a stack frame's spills.  Event i has passed is_mru_hit. */
static Int emit_group(SBState* s, Int i)
{
   UWord*  tags; UInt bits, assoc; UWord mask;
   Event*  e = &s->events[i];
   Long    lo = e->offset, hi = e->offset + e->size;
   Int     j, last = i;
   UInt    n = 1;
   Known   k = s->known;
   IRExpr* guard;
   HT_SimGroup* g;
   IRDirty*     d;
   HT_(sim_layout)(True, &tags, &bits, &mask, &assoc);
   for (j = i + 1; j < s->n_events; j++) {
      Event* m = &s->events[j];
      Long   mlo, mhi;
      if (m->kind == Ev_Fetch) {
         if (fetch_is_mru_hit(&k, m)) continue;
         break;
      }
      if (!same_base(m->base, e->base)) break;
      mlo = lo < m->offset ? lo : m->offset;
      mhi = hi > m->offset + m->size ? hi : m->offset + m->size;
      if (mhi - mlo > (1L << bits)) break;
      lo = mlo; hi = mhi; last = j;
      if (!data_is_mru_hit(&k, m)) n++;
   }
   if (n < 2) return -1;
   guard = group_guard(s->sbOut, e->base, lo, hi - lo);
   if (!guard) return -1;
   g = new_group(n);
   n = 0;
   for (j = i; j <= last; j++) {
      Event* m = &s->events[j];
      if (j > i && is_mru_hit(&s->known, m)) continue;
      if (m->kind == Ev_Fetch) continue;
      g->access[n].c      = m->costs;
      g->access[n].offset = m->offset;
      g->access[n].size   = (UWord)m->size;
      g->access[n].write  = m->kind == Ev_Write;
      n++;
   }
   tl_assert(n == g->n);
   d = unsafeIRDirty_0_N(2, "hotgrind_sim_group",
                         VG_(fnptr_to_fnentry)(&HT_(sim_group)),
                         mkIRExprVec_2(mkIRExpr_HWord((HWord)g),
                                       e->base ? e->base
                                               : mkIRExpr_HWord(0)));
   d->guard = guard;
   addStmtToIRSB(s->sbOut, IRStmt_Dirty(d));
   return last;
}

/* The simulator calls of the queued events, in program order; the
   checks known to pass at translation time are left out. */
static void emit_events(SBState* s)
{
   Int i, last;
   for (i = 0; i < s->n_events; i++) {
      Event* e = &s->events[i];
      if (is_mru_hit(&s->known, e)) continue;
      if (e->kind != Ev_Fetch && s->word_ty == Ity_I64
          && (last = emit_group(s, i)) >= 0) {
         i = last;
         continue;
      }
      emit_sim_call(s->sbOut, s->word_ty, e->kind, e->costs, e->addr,
                    e->size, NULL, False);
   }
}

/* While collection is stopped nothing is counted; otherwise the
   per-function counts advance, and so does the clock (the running
   totals) when it runs inline (HT_(clock_inline): marks, zones, thread
   events; without them it is summed from the functions, or the lines,
   when needed, which saves one load/add/store per flush). */
static void flush_pending(SBState* s)
{
   Int   i;
   ULong reads = 0, writes = 0;
   if (HT_(collecting)) {
      for (i = 0; i < s->n_pending; i++) {
         Pending* p = &s->pending[i];
         add_to_counter(s->sbOut, HT_(clo).lines ? HT_(line_ir_count)(p->costs)
                                                 : &p->costs->ir, p->n);
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
      if (HT_(clo).cache_sim) emit_events(s);
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

/* The statement that defines temporary 't' in 'sb', or -1. */
static Int definition_of(const IRSB* sb, IRTemp t, Int before)
{
   Int i;
   for (i = before - 1; i >= 0; i--)
      if (sb->stmts[i]->tag == Ist_WrTmp && sb->stmts[i]->Ist.WrTmp.tmp == t)
         return i;
   return -1;
}

/* A data address as base + offset, for data_is_mru_hit: a temporary
   defined in the input block as another temporary plus or minus a
   constant (VEX's usual "t8 = Add64(t9, 0xFF..A8)" for -88(%rsp)) is that
   temporary and the constant; a constant address is offset alone (base
   NULL); any other atom is itself, offset 0. */
static void address_parts(const SBState* s, IRExpr* addr, IRExpr** base,
                          Long* offset)
{
   Int d, depth, at;
   *base = addr;
   *offset = 0;
   if (addr->tag == Iex_Const) {
      *base = NULL;
      *offset = (Long)HT_(const_address)(addr->Iex.Const.con);
      return;
   }
   if (addr->tag != Iex_RdTmp || s->word_ty != Ity_I64) return;
   /* Pushes chain: t27 = t25 - 8, t25 = t3 - 8, ... (a bounded walk). */
   for (depth = 0, at = s->cur_stmt; depth < 16; depth++) {
      const IRExpr* e;
      Long          c;
      d = definition_of(s->sbIn, (*base)->Iex.RdTmp.tmp, at);
      if (d < 0) return;
      e = s->sbIn->stmts[d]->Ist.WrTmp.data;
      if (e->tag != Iex_Binop
          || (e->Iex.Binop.op != Iop_Add64 && e->Iex.Binop.op != Iop_Sub64)
          || e->Iex.Binop.arg1->tag != Iex_RdTmp
          || e->Iex.Binop.arg2->tag != Iex_Const
          || e->Iex.Binop.arg2->Iex.Const.con->tag != Ico_U64)
         return;
      c = (Long)e->Iex.Binop.arg2->Iex.Const.con->Ico.U64;
      *base = e->Iex.Binop.arg1;
      *offset += e->Iex.Binop.op == Iop_Add64 ? c : -c;
      at = d;
   }
}

static void queue_event(SBState* s, EventKind kind, IRExpr* addr, Int size)
{
   Event* e;
   if (s->n_events == FLUSH_EVERY) flush_pending(s);
   tl_assert(s->n_events < FLUSH_EVERY);
   e = &s->events[s->n_events++];
   e->kind = kind; e->costs = s->cur_costs; e->addr = addr; e->size = size;
   e->instr = s->cur_instr;
   address_parts(s, addr, &e->base, &e->offset);
   /* The current instruction is pending (a flush above re-adds it). */
   pending_of(s, s->cur_costs)->reads  += kind == Ev_Read;
   pending_of(s, s->cur_costs)->writes += kind == Ev_Write;
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
   /* It may or may not happen: what D1 holds is no longer known. */
   s->known.data_known = False;
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
   if (s->n_events == FLUSH_EVERY
       || (HT_(clo).inlined && HT_(inline_needs_clock)(fn, a)))
      flush_pending(s);
   tl_assert(s->n_events < FLUSH_EVERY);
   s->n_instrs++;
   if (HT_(clo).inlined) fn = HT_(inline_attribute)(s->sbOut, fn, a);
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
   'from''s activation.  Its jump kind says nothing here (is_direct_jump):
   VEX 3.19 ends an arm64 `b` with Ijk_Call, and a call into the middle
   of a function starts no activation either. */
static void note_direct_transfer(HT_Fn* from, Addr target)
{
   Bool   is_entry;
   HT_Fn* to;
   if (!HT_(clo).call_graph || from == NULL || from->self.no_symbol) return;
   if (from->inlined_into) from = from->inlined_into;
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

/* A transfer that note_direct_transfer looks at: a plain jump or a call.
   arm64's `b` is Ijk_Call in VEX 3.19 (glibc's _setjmp is `mov x1, #0;
   b __sigsetjmp+4`): with --vex-guest-chase=no the only sign that
   _setjmp's activation runs __sigsetjmp's code is that block end. */
static Bool is_direct_jump(IRJumpKind jk)
{
   return jk == Ijk_Boring || jk == Ijk_Call;
}

/* Whether guest-state bytes [off, off + size) overlap the register at
   [reg, reg + reg_size). */
static Bool overlaps_reg(Int off, Int size, Int reg, Int reg_size)
{
   return off < reg + reg_size && reg < off + size;
}

/* Whether guest-state bytes [off, off + size) overlap SP. */
static Bool overlaps_sp(const VexGuestLayout* layout, Int off, Int size)
{
   return overlaps_reg(off, size, layout->offset_SP, layout->sizeof_SP);
}

/* Whether 'st' makes VEX keep every earlier write of the register at
   [reg, reg + reg_size): its first optimisation pass, which runs before
   instrumentation, drops a write that a later one overwrites with none
   of these in between (iropt's redundant-PUT removal): a read of the
   register, a way out of the block, and, when the policy keeps the
   register exact at memory accesses ('memory_keeps', SP under the
   default policy), a memory access. */
static Bool keeps_reg_writes(const IRStmt* st, Int reg, Int reg_size,
                             Bool memory_keeps)
{
   switch (st->tag) {
      case Ist_Exit: case Ist_Dirty: case Ist_CAS: case Ist_LLSC:
      case Ist_MBE: case Ist_AbiHint:
         return True;
      case Ist_Store: case Ist_StoreG: case Ist_LoadG:
         return memory_keeps;
      case Ist_WrTmp: {
         const IRExpr* e = st->Ist.WrTmp.data;
         return (memory_keeps && e->tag == Iex_Load)
                || (e->tag == Iex_Get
                    && overlaps_reg(e->Iex.Get.offset,
                                    sizeofIRType(e->Iex.Get.ty),
                                    reg, reg_size));
      }
      case Ist_NoOp: case Ist_IMark: case Ist_Put: case Ist_PutI:
         return False;
      default:
         /* A statement kind this VEX did not have: decide it here. */
         ppIRStmt(st);
         tl_assert(0);
   }
}

static Bool keeps_sp_writes(const IRStmt* st, const VexGuestLayout* layout)
{
   return keeps_reg_writes(st, layout->offset_SP, layout->sizeof_SP, True);
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

/* Whether the guest state may hold a stale SP at the function entry whose
   IMark is statement 'at' of the block VEX's first optimisation pass
   returned.  That pass drops a PUT of SP when a later PUT of SP (the same
   offset and size) overwrites it with nothing in between that needs the
   write (an exit, a memory access, a dirty call, a fence, a CAS, a GET of
   SP: iropt's redundant-PUT removal under the policies below
   VexRegUpdAllregsAtEachInsn).  So a write before the entry can be
   missing from the state only if, from the entry on, a PUT of SP comes
   before any such statement.  This is conservative: later passes remove
   dead loads, GETs and exits, never add them, so the statements between
   seen here are at most those the pass saw; and nothing is assumed
   about what the instructions before the entry were (a dropped PUT
   leaves no trace). */
static Bool sp_may_be_stale(const IRSB* sb, Int at,
                            const VexGuestLayout* layout)
{
   Int w;
   for (w = at + 1; w < sb->stmts_used; w++) {
      const IRStmt* st = sb->stmts[w];
      if (keeps_sp_writes(st, layout)) return False;
      if (st->tag == Ist_Put && st->Ist.Put.offset == layout->offset_SP
          && sizeofIRType(typeOfIRExpr(sb->tyenv, st->Ist.Put.data))
             == layout->sizeof_SP)
         return True;
   }
   return False;
}

#if defined(VGA_arm64)
/* Whether the guest state may hold a stale X30 at the entry whose IMark
   is statement 'at' (as sp_may_be_stale for SP).  VEX's first pass also
   drops a write of X30 (a chased `bl`'s) that a later one (the callee's
   own chased `bl`) overwrites with nothing in between that reads X30 or
   leaves the block: the callee's `stp x29, x30` stores the value the
   pass forwarded, not a GET.  Memory accesses keep only SP
   (VexRegUpdSpAtMemAccess). */
static Bool lr_may_be_stale(const IRSB* sb, Int at)
{
   Int lr = offsetof(VexGuestARM64State, guest_X30);
   Int w;
   for (w = at + 1; w < sb->stmts_used; w++) {
      const IRStmt* st = sb->stmts[w];
      if (keeps_reg_writes(st, lr, 8, False)) return False;
      if (st->tag == Ist_PutI) return True;
      if (st->tag == Ist_Put
          && overlaps_reg(st->Ist.Put.offset,
                          sizeofIRType(typeOfIRExpr(sb->tyenv,
                                                    st->Ist.Put.data)),
                          lr, 8))
         return True;
   }
   return False;
}
#endif

#if defined(VGA_amd64) || defined(VGA_x86) || defined(VGA_arm64)
/* Superblocks whose entries may see a stale SP are translated again with
   every register exact at each instruction (VexRegUpdAllregsAtEachInsn),
   which keeps every PUT: the entry helper's GET of SP is then the
   guest's SP at the entry, whatever the instructions before it and after
   it were.  The core takes the policy of a translation whose code is all
   in file-backed mappings from VG_(clo_px_file_backed), read at each
   translation (m_translate.c, needs_self_check).  So the first
   translation of such a block is replaced by a stub that raises that
   policy (raise_policy) and leaves through Ijk_InvalICache, which
   discards the stub; the next translation, of the same address, gets the
   raised policy, and HT_(instrument) puts the policy back as it starts.
   A run meets few such blocks, so the rest of the program keeps VEX's
   default policy (docs/performance.md). */
#  if defined(VGA_amd64)
#    define HT_GUEST_CMSTART offsetof(VexGuestAMD64State, guest_CMSTART)
#    define HT_GUEST_CMLEN   offsetof(VexGuestAMD64State, guest_CMLEN)
#  elif defined(VGA_arm64)
#    define HT_GUEST_CMSTART offsetof(VexGuestARM64State, guest_CMSTART)
#    define HT_GUEST_CMLEN   offsetof(VexGuestARM64State, guest_CMLEN)
#  else
#    define HT_GUEST_CMSTART offsetof(VexGuestX86State, guest_CMSTART)
#    define HT_GUEST_CMLEN   offsetof(VexGuestX86State, guest_CMLEN)
#  endif
#  define HT_RETRANSLATE 1

/* The policy before raise_policy, VexRegUpd_INVALID when not raised. */
static VexRegisterUpdates px_saved = VexRegUpd_INVALID;
/* Every translation from now on is exact at each instruction: a block
   was sent back too often (see retranslate_count). */
static Bool px_all_exact = False;

HT_RetranslateStats HT_(retranslate_stats);

static VG_REGPARM(0) void raise_policy(void)
{
   if (px_saved == VexRegUpd_INVALID)
      px_saved = VG_(clo_px_file_backed);
   VG_(clo_px_file_backed) = VexRegUpdAllregsAtEachInsn;
}

/* Whether the core gives VG_(clo_px_file_backed) to a translation of
   these extents: all of them in file-backed mappings, as
   needs_self_check tests. */
static Bool all_file_backed(const VexGuestExtents* vge)
{
   UInt i;
   for (i = 0; i < vge->n_used; i++) {
      Addr  a   = vge->base[i];
      SizeT len = vge->len[i];
      NSegment const* seg = VG_(am_find_nsegment)(a);
      if (seg == NULL || seg->kind != SkFileC || seg->start > a
          || (len != 0 && a + len > seg->end + 1))
         return False;
   }
   return True;
}

/* How many stubs each block address got.  Blocks that chased into each
   other's first instruction discard each other's translation with their
   stubs (a discard covers every translation holding the address); past
   a few rounds every translation is made exact instead, which ends it. */
typedef struct { struct RetransNode* next; UWord key; UInt n; } RetransNode;
static VgHashTable* retrans_count = NULL;
#  define HT_MAX_STUBS_PER_BLOCK 8

static UInt retranslate_count(Addr a)
{
   RetransNode* n;
   if (retrans_count == NULL)
      retrans_count = VG_(HT_construct)("hotgrind.retranslate");
   n = VG_(HT_lookup)(retrans_count, a);
   if (n == NULL) {
      n = VG_(malloc)("hotgrind.retranslate.1", sizeof *n);
      n->key = a;
      n->n   = 0;
      VG_(HT_add_node)(retrans_count, n);
   }
   return ++n->n;
}

/* A block that does nothing but have itself translated again, exactly:
   raise_policy, then discard the translations holding its first byte
   and go back to its address. */
static IRSB* retranslation_stub(const IRSB* sbIn, VgCallbackClosure* closure,
                                const VexGuestLayout* layout, IRType word_ty)
{
   IRSB*    sb = deepCopyIRSBExceptStmts(sbIn);
   IRDirty* d  = unsafeIRDirty_0_N(0, "hotgrind_raise_policy",
                                   VG_(fnptr_to_fnentry)(&raise_policy),
                                   mkIRExprVec_0());
   addStmtToIRSB(sb, IRStmt_Dirty(d));
   addStmtToIRSB(sb, IRStmt_Put(HT_GUEST_CMSTART,
                                mkIRExpr_HWord((HWord)closure->readdr)));
   addStmtToIRSB(sb, IRStmt_Put(HT_GUEST_CMLEN, mkIRExpr_HWord(1)));
   sb->next     = word_ty == Ity_I64
                  ? IRExpr_Const(IRConst_U64((ULong)closure->nraddr))
                  : IRExpr_Const(IRConst_U32((UInt)closure->nraddr));
   sb->jumpkind = Ijk_InvalICache;
   sb->offsIP   = layout->offset_IP;
   return sb;
}

/* Whether some tracked entry of the block may see a stale SP. */
static Bool block_has_stale_entry(const IRSB* sb, const VexGuestLayout* layout)
{
   Int  i, k = 0;
   for (i = 0; i < sb->stmts_used; i++) {
      Bool   is_entry;
      HT_Fn* fn;
      if (sb->stmts[i]->tag != Ist_IMark) continue;
      fn = imark_fns[k].fn;
      is_entry = imark_fns[k].is_entry;
      if (k++ == 0) continue;   /* the first: the block's own entry */
      if (is_entry && (fn->marked || fn->observe != HT_Obs_None
                       || HT_(clo).call_graph)
          && (sp_may_be_stale(sb, i, layout)
#  if defined(VGA_arm64)
              || lr_may_be_stale(sb, i)
#  endif
              ))
         return True;
   }
   return False;
}
#endif

/* The accounting for one statement of the input block, before it is
   copied: an instruction is counted (and a marked or observed function's
   entry tracked), memory accesses are queued or simulated, and pending
   counts are flushed where control may leave the block. */
static void account_stmt(SBState* s, IRSB* sbIn, Int index,
                         const VexGuestLayout* layout, IRType gWordTy)
{
   /* (VEX's first optimisation pass returns flat IR; the core checks the
      instrumented block's flatness after its cleanup pass, so a per
      statement check here would only repeat that work.) */
   IRStmt* st = sbIn->stmts[index];
   if (HT_(clo).inlined)
      HT_(inline_note_stmt)(st, s->cur_instr, s->cur_len, layout->offset_IP);
   s->cur_stmt = index;
   switch (st->tag) {
      case Ist_IMark: {
         Bool   is_entry = imark_fns[s->n_imarks].is_entry;
         HT_Fn* fn = imark_fns[s->n_imarks].fn;
         s->n_imarks++;
         /* Within a superblock VEX chased a direct jump into. */
         if (s->prev_fn != NULL && fn != s->prev_fn && !is_entry)
            note_direct_transfer(s->prev_fn, (Addr)st->Ist.IMark.addr);
         s->prev_fn = fn;
         if (is_entry && (fn->marked || fn->observe != HT_Obs_None
                          || HT_(clo).call_graph)) {
            /* The clock must be exact when the activation starts. */
            IRExpr* sp = s->sp_exact ? NULL
                         : sp_if_state_stale(sbIn, index, layout);
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
         Bool     note_only = False;
         IRDirty* swapped = HT_(input_helper_swap)(
                               d, s->cur_fn,
                               s->swapped_any && s->swapped_instr == s->cur_instr,
                               &note_only);
         if (swapped != NULL) {
            s->swapped_any = True;
            s->swapped_instr = s->cur_instr;
            /* rdtsc, rdrand...: answered by ht_clock.c or ht_random.c,
               with the clock exact at the instruction; or only noted
               (the core's virtual time or the host answers). */
            flush_pending(s);
            if (note_only) {
               addStmtToIRSB(s->sbOut, IRStmt_Dirty(swapped));
            } else {
               sbIn->stmts[index] = IRStmt_Dirty(swapped);
               d = swapped;
            }
         }
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
         if (HT_(clo).inlined) HT_(inline_before_exit)(s->sbOut);
         if (HT_(clo).branch_sim && HT_(collecting))
            HT_(branch_emit_exit)(s->sbOut, s->word_ty, s->cur_costs,
                                  s->cur_instr, s->cur_len, st, s->tier1,
                                  &s->count);
         if (is_direct_jump(st->Ist.Exit.jk))
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
      case Ist_NoOp: case Ist_AbiHint: case Ist_Put: case Ist_PutI:
      case Ist_MBE:
         /* No instruction, no memory access, no exit. */
         break;
      default:
         /* A statement kind this VEX did not have: account for it here
            rather than pass it through uncounted. */
         ppIRStmt(st);
         tl_assert(0);
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
   /* arm keeps every register exact at each instruction (ht_main.c):
      no PUT of SP is ever dropped there. */
#if defined(VGA_arm)
   s.sp_exact = True;
#else
   s.sp_exact = False;
#endif

   look_up_instr_fns(sbIn);

#if defined(HT_RETRANSLATE)
   {
      /* Whether this translation keeps every write of SP. */
      Bool exact = px_all_exact && all_file_backed(vge);
      if (px_saved != VexRegUpd_INVALID) {   /* raised by a stub */
         exact = all_file_backed(vge);
         if (!px_all_exact) VG_(clo_px_file_backed) = px_saved;
         px_saved = VexRegUpd_INVALID;
      }
      if (exact) {
         s.sp_exact = True;
         HT_(retranslate_stats).exact++;
      } else if (block_has_stale_entry(sbIn, layout)
                 && all_file_backed(vge)) {
         /* (Code outside file-backed mappings, JIT code, cannot be made
            exact: its entries get sp_if_state_stale's repair.) */
         if (retranslate_count(closure->nraddr) > HT_MAX_STUBS_PER_BLOCK
             && !px_all_exact) {
            px_all_exact = True;
            VG_(clo_px_file_backed) = VexRegUpdAllregsAtEachInsn;
            HT_(retranslate_stats).all_exact_from = HT_(retranslate_stats).stubs;
         }
         HT_(retranslate_stats).stubs++;
         return retranslation_stub(sbIn, closure, layout, gWordTy);
      }
   }
#endif

   s.sbOut     = deepCopyIRSBExceptStmts(sbIn);
   s.tier1     = HT_(tier_choose)(closure->nraddr, closure->readdr, &s.count);
   s.n_imarks  = 0;
   s.n_pending = 0;
   s.n_instrs  = 0;
   s.n_events  = 0;
   s.cur_fn    = NULL;
   s.cur_instr = 0;
   s.cur_len   = 0;
   s.prev_fn   = NULL;
   s.cur_costs = NULL;
   s.word_ty   = gWordTy;
   if (HT_(clo).inlined) HT_(inline_block_start)();
   s.known.fetch_known = False;
   s.known.data_known  = False;
   s.sbIn        = sbIn;
   s.cur_stmt    = 0;
   s.swapped_any = False;
   s.swapped_instr = 0;

   for (i = 0; i < sbIn->stmts_used; i++) {
      account_stmt(&s, sbIn, i, layout, gWordTy);
      addStmtToIRSB(s.sbOut, sbIn->stmts[i]);
   }
   flush_pending(&s);
   if (HT_(clo).inlined) HT_(inline_block_end)(s.sbOut, sbIn->jumpkind);
   if (HT_(clo).branch_sim && HT_(collecting))
      HT_(branch_emit_end)(s.sbOut, s.cur_costs, s.cur_instr, sbIn->next,
                           sbIn->jumpkind);
   if (sbIn->next->tag == Iex_Const && is_direct_jump(sbIn->jumpkind))
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
