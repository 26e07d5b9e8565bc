/*--------------------------------------------------------------------*/
/*--- hotgrind: inlined functions as rows of their own. ht_inline.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* --inline=yes.  Each instruction is attributed, at translation time,
   to the innermost inlined call covering its address according to the
   DWARF inline information Valgrind reads, and that function gets a row
   of its own: an HT_Fn with the inlined function's name, flagged with
   the real (outermost) function it was inlined into, whose object, file
   and line it has: that is where its code is, and DWARF's declaration
   line of an inlined function is not among what Valgrind keeps (the
   row's --lines=yes lines say where in the source its code is).  One row
   per (inlined function, real function): every call site of it in that
   real function adds to the same row.

   Calls.  An inlined call site ("site") is the inlined function, the
   source position it was inlined at and the site it sits in (NULL: the
   real function's own code).  Entering a site from code outside it is a
   call of its function; a jump within it, a loop back-edge or the
   return of a real callee to it is not.  Within a superblock the
   previous instruction is known at translation time, so such an entry
   costs one inline add to the function's call counter.  Across blocks
   the tool keeps, at run time, the site of the last instruction
   executed (HT_(inline_last), stored before each side exit and at the
   block end, only when it changed since the last store of the block or
   the helper's, which leaves it at the site it was called for),
   or a marker saying that block ended in a call or a return; a block
   whose first instruction is in a site compares it with its own and
   calls a helper only when they differ.

   Valgrind reads inline information only with its core option
   --read-inline-info=yes, off by default for every tool but memcheck,
   helgrind, drd, massif and dhat.  The tool's post_clo_init runs
   before Valgrind loads the debug info of the program and its
   libraries (coregrind/m_main.c), so --inline=yes switches it on there;
   an explicit --read-inline-info=no with --inline=yes is an error
   rather than a report whose inlined rows are silently missing. */

#include "pub_tool_basics.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_xarray.h"

#include "ht_include.h"

/* One inlined call site.  Starts with HT_PairNode's fields, keyed by
   (fn, parent); the call position completes the identity. */
typedef struct _HT_InlineSite {
   struct _HT_InlineSite* next;
   HT_Fn*                 fn;       /* the inlined function's row */
   struct _HT_InlineSite* parent;   /* the site it is inlined in; NULL:
                                       directly in fn->inlined_into */
   const HChar*           call_file;   /* "dir/file" as Valgrind gives it */
   UInt                   call_line;
   struct _HT_InlineMark* mark;     /* fn's activations when it is marked,
                                       else NULL */
} HT_InlineSite;

/* A marked inlined function's open activations, per thread: how many
   of its inlined calls are open (nested copies, recursion) and the
   thread's clock when the outermost opened. */
typedef struct _HT_InlineMark {
   struct _HT_InlineMark* next;     /* all of them, for thread exits */
   HT_Fn*                 fn;
   UInt*                  depth;       /* [VG_N_THREADS] */
   HT_Costs*              at_entry;    /* [VG_N_THREADS] */
} HT_InlineMark;

static HT_InlineMark* marks;

/* Values of HT_(inline_last) besides a site or NULL (plain code): the
   last block ended in a call (everything the next block is in is
   entered) or a return (the callee went back into the site it was
   called from: nothing is entered). */
#define SITE_CALLING  ((HT_InlineSite*)1)
#define SITE_RETURNED ((HT_InlineSite*)2)

void* HT_(inline_last) = NULL;
static void** last_of_thread;   /* [VG_N_THREADS] */

static HT_PairTable sites;

/* The block being instrumented: the previous instruction's site, and
   what the block last stored into HT_(inline_last). */
static Bool           at_block_start;
static HT_InlineSite* prev_site;
static Bool           prev_has_lines;   /* its real function has line info */
/* The previous instruction stored or put its own return address (the
   address after it): a call, even one VEX chased into its callee in
   the same block. */
static Bool           prev_is_call;
static Bool           stored_known;
static HT_InlineSite* stored_site;

/*------------------------------------------------------------*/
/*--- Set-up                                               ---*/
/*------------------------------------------------------------*/

/* Whether the user gave the core option --read-inline-info=no. */
static Bool inline_info_refused(void)
{
   Int  i;
   Bool refused = False;
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_valgrind)); i++) {
      const HChar* arg = *(HChar**)VG_(indexXA)(VG_(args_for_valgrind), i);
      if (VG_(strcmp)(arg, "--read-inline-info=no") == 0) refused = True;
      if (VG_(strcmp)(arg, "--read-inline-info=yes") == 0) refused = False;
   }
   return refused;
}

void HT_(inline_post_clo_init)(void)
{
   if (!HT_(clo).inlined) return;
   /* The call graph's rules (every function has activations, and its
      calls are the sum of its callers' edges) do not hold for inlined
      calls, which are counted without activations. */
   if (HT_(clo).call_graph) {
      VG_(fmsg)("hotgrind: --inline=yes cannot be combined with "
                "--call-graph=yes yet\n");
      VG_(exit)(1);
   }
   if (inline_info_refused()) {
      VG_(fmsg)("hotgrind: --inline=yes needs Valgrind's inline "
                "information; it cannot be combined with "
                "--read-inline-info=no\n");
      VG_(exit)(1);
   }
   /* Before the initial debug-info load (see the comment at the top). */
   VG_(clo_read_inline_info) = True;
   last_of_thread = VG_(calloc)("hotgrind.inline.last", VG_N_THREADS,
                                sizeof(void*));
}

/*------------------------------------------------------------*/
/*--- Sites from Valgrind's inline cursor                  ---*/
/*------------------------------------------------------------*/

/* One level of the inline cursor: the function running there and the
   source position given for it. */
typedef struct {
   HChar* name;
   HChar* file;
   UInt   line;
   SizeT  name_cap, file_cap;   /* sizes of the buffers, kept for reuse */
} Level;

/* The levels of the instruction being resolved, innermost first.  The
   buffers live across instructions: resolving runs for every instruction
   of code with inline information, and allocating and freeing at each
   was a tenth of the tool's own translation time. */
static Level* levels;
static Word   levels_cap;

static void copy_into(HChar** buf, SizeT* cap, const HChar* s, SizeT n)
{
   if (n + 1 > *cap) {
      *cap = n + 1 > 64 ? n + 1 : 64;
      *buf = VG_(realloc)("hotgrind.inline.level", *buf, *cap);
   }
   VG_(memcpy)(*buf, s, n);
   (*buf)[n] = '\0';
}

/* One level of VG_(describe_IP)'s text, "0xADDR: NAME (DIR/FILE:LINE)",
   "0xADDR: NAME (in OBJECT)" or "0xADDR: NAME", into 'lv': the name
   (which may contain spaces and parentheses: the location is the last
   " (" part, and a location always ends in ":LINE)" or starts with
   "in "), and the location when it is a source position (file ""
   otherwise). */
static void split_description(const HChar* d, Level* lv)
{
   const HChar* start = VG_(strstr)(d, ": ");
   const HChar* end = d + VG_(strlen)(d);
   const HChar* loc = NULL;
   const HChar* p;
   start = start ? start + 2 : d;
   lv->line = 0;
   if (end > start && end[-1] == ')')
      for (p = end - 2; p > start; p--)
         if (p[0] == ' ' && p[1] == '(') { loc = p; break; }
   copy_into(&lv->name, &lv->name_cap, start,
             loc ? (SizeT)(loc - start) : (SizeT)(end - start));
   copy_into(&lv->file, &lv->file_cap, "", 0);
   if (loc && VG_(strncmp)(loc + 2, "in ", 3) != 0) {
      const HChar* colon = NULL;
      const HChar* q;
      UInt         value = 0;
      for (q = end - 2; q > loc + 2 && *q >= '0' && *q <= '9'; q--) ;
      if (*q == ':' && q < end - 2) colon = q;
      if (colon) {
         for (q = colon + 1; q < end - 1; q++)
            value = value * 10 + (UInt)(*q - '0');
         copy_into(&lv->file, &lv->file_cap, loc + 2,
                   (SizeT)(colon - (loc + 2)));
         lv->line = value;
      }
   }
}

static HT_InlineMark* mark_of(HT_Fn* fn)
{
   HT_InlineMark* m;
   for (m = marks; m; m = m->next)
      if (m->fn == fn) return m;
   m = VG_(malloc)("hotgrind.inline.mark", sizeof(HT_InlineMark));
   m->fn = fn;
   m->depth = VG_(calloc)("hotgrind.inline.mark", VG_N_THREADS, sizeof(UInt));
   m->at_entry = VG_(calloc)("hotgrind.inline.mark", VG_N_THREADS,
                             sizeof(HT_Costs));
   if (!fn->percall) fn->percall = HT_(percall_new)();
   m->next = marks;
   marks = m;
   return m;
}

static HT_InlineSite* site_get(HT_Fn* fn, HT_InlineSite* parent,
                               const HChar* call_file, UInt call_line)
{
   HT_PairNode*   node;
   HT_InlineSite* s;
   for (node = HT_(pair_chain)(&sites, fn, parent); node; node = node->next) {
      s = (HT_InlineSite*)node;
      if (s->fn == fn && s->parent == parent && s->call_line == call_line
          && VG_(strcmp)(s->call_file, call_file) == 0)
         return s;
   }
   s = VG_(malloc)("hotgrind.inline.site", sizeof(HT_InlineSite));
   s->fn = fn;
   s->parent = parent;
   s->call_file = VG_(strdup)("hotgrind.inline.site.file", call_file);
   s->call_line = call_line;
   s->mark = fn->marked ? mark_of(fn) : NULL;
   HT_(pair_add)(&sites, (HT_PairNode*)s);
   return s;
}

/* The innermost inlined call covering 'a', in real function 'real';
   NULL when none does.  The cursor goes from the innermost level out:
   level i names the function running there, and level i + 1's location
   is where level i's function was inlined. */
static HT_InlineSite* resolve_site(DiEpoch ep, HT_Fn* real, Addr a)
{
   InlIPCursor*   iipc;
   HT_InlineSite* site = NULL;
   Word           n = 0, i;
   /* Inline information comes with line information: a function whose
      entry has none (code without debug info, as most of a Debian
      system's libraries) is not looked up, which saves a debug-info
      search per instruction. */
   if (real->file[0] == '\0') return NULL;
   iipc = VG_(new_IIPC)(ep, a);
   if (iipc == NULL) return NULL;
   do {
      if (n == levels_cap) {
         Word old = levels_cap;
         levels_cap = levels_cap ? 2 * levels_cap : 8;
         levels = VG_(realloc)("hotgrind.inline.levels", levels,
                               levels_cap * sizeof(Level));
         VG_(memset)(&levels[old], 0, (levels_cap - old) * sizeof(Level));
      }
      split_description(VG_(describe_IP)(ep, a, iipc), &levels[n++]);
   } while (VG_(next_IIPC)(iipc));
   VG_(delete_IIPC)(iipc);
   /* The last level is the real function itself; build the chain from
      the outermost inlined call in. */
   for (i = n - 2; i >= 0; i--)
      site = site_get(HT_(fn_inlined)(levels[i].name, real), site,
                      levels[i + 1].file, levels[i + 1].line);
   return site;
}

/*------------------------------------------------------------*/
/*--- Calls                                                ---*/
/*------------------------------------------------------------*/

static Bool site_within(const HT_InlineSite* s, const HT_InlineSite* outer)
{
   for (; s; s = s->parent)
      if (s == outer) return True;
   return False;
}

/* Whether going from 'from' (a site, NULL or SITE_CALLING) to 'to'
   enters or leaves a marked function's inlined call (translation time:
   the transition then needs the clock, so a flush, and the helper). */
static Bool marked_transition(const HT_InlineSite* from,
                              const HT_InlineSite* to)
{
   const HT_InlineSite* s;
   Bool                 called = from == SITE_CALLING;
   if (!called)
      for (s = from; s; s = s->parent)
         if (s->mark && !site_within(to, s)) return True;
   for (s = to; s; s = s->parent)
      if (s->mark && (called || !site_within(from, s))) return True;
   return False;
}

static void close_activation(HT_InlineMark* m, ThreadId tid)
{
   HT_Costs now;
   HT_(thread_clock)(tid, &now);
   HT_(add_cost_difference)(&m->fn->incl, &now, &m->at_entry[tid]);
   HT_(percall_add)(m->fn->percall, now.ir - m->at_entry[tid].ir);
}

/* Control went from 'from' (an HT_(inline_last) value, or the previous
   instruction's site) to an instruction in 'to' (a site or NULL): each
   site 'to' is in that 'from' is not in is entered (a call), each site
   'from' is in that 'to' is not in is left.  A marked function's
   outermost activation on the thread adds its clock difference to the
   function's inclusive costs. */
static VG_REGPARM(2) void transition(void* from, HT_InlineSite* to)
{
   HT_InlineSite* s;
   ThreadId       tid;
   /* Where control is now: a block that entered 'to' need not store it
      (emit_block_entry). */
   HT_(inline_last) = to;
   if (!HT_(collecting) || from == SITE_RETURNED
       || HT_(program_state) == HT_Ended)
      return;
   tid = VG_(get_running_tid)();
   tl_assert(HT_VALID_TID(tid));
   if (from != SITE_CALLING)
      for (s = from; s; s = s->parent)
         if (s->mark && !site_within(to, s) && s->mark->depth[tid] > 0
             && --s->mark->depth[tid] == 0)
            close_activation(s->mark, tid);
   for (s = to; s; s = s->parent) {
      if (from != SITE_CALLING && site_within(from, s)) continue;
      s->fn->calls++;
      if (s->mark && s->mark->depth[tid]++ == 0)
         HT_(thread_clock)(tid, &s->mark->at_entry[tid]);
   }
}

void HT_(inline_thread_exit)(ThreadId tid)
{
   HT_InlineMark* m;
   for (m = marks; m; m = m->next)
      if (m->depth[tid] > 0) {
         m->depth[tid] = 0;
         close_activation(m, tid);
      }
}

/* "*counter += 1" inline. */
static void emit_increment(IRSB* sb, ULong* counter)
{
   IRTemp old = newIRTemp(sb->tyenv, Ity_I64);
   IRTemp sum = newIRTemp(sb->tyenv, Ity_I64);
   addStmtToIRSB(sb, IRStmt_WrTmp(old, IRExpr_Load(HT_ENDIAN, Ity_I64,
                                     mkIRExpr_HWord((HWord)counter))));
   addStmtToIRSB(sb, IRStmt_WrTmp(sum, IRExpr_Binop(Iop_Add64,
                    IRExpr_RdTmp(old), IRExpr_Const(IRConst_U64(1)))));
   addStmtToIRSB(sb, IRStmt_Store(HT_ENDIAN, mkIRExpr_HWord((HWord)counter),
                                  IRExpr_RdTmp(sum)));
}

/* The transition helper, called now or (guard not NULL) when the guard
   holds. */
static void emit_transition(IRSB* sb, IRExpr* from, HT_InlineSite* to,
                            IRExpr* guard)
{
   IRDirty* d = unsafeIRDirty_0_N(2, "hotgrind_inline_transition",
                                  VG_(fnptr_to_fnentry)(&transition),
                                  mkIRExprVec_2(from,
                                                mkIRExpr_HWord((HWord)to)));
   if (guard) d->guard = guard;
   addStmtToIRSB(sb, IRStmt_Dirty(d));
}

/* The check at a block's first instruction, in site 'to'. */
static void emit_block_entry(IRSB* sb, HT_InlineSite* to)
{
   IRType   wt = sizeof(HWord) == 8 ? Ity_I64 : Ity_I32;
   IRTemp   last = newIRTemp(sb->tyenv, wt);
   IRTemp   differs = newIRTemp(sb->tyenv, Ity_I1);
   addStmtToIRSB(sb, IRStmt_WrTmp(last, IRExpr_Load(HT_ENDIAN, wt,
                    mkIRExpr_HWord((HWord)&HT_(inline_last)))));
   addStmtToIRSB(sb, IRStmt_WrTmp(differs, IRExpr_Binop(
                    wt == Ity_I64 ? Iop_CmpNE64 : Iop_CmpNE32,
                    IRExpr_RdTmp(last), mkIRExpr_HWord((HWord)to))));
   emit_transition(sb, IRExpr_RdTmp(last), to, IRExpr_RdTmp(differs));
   /* Either it was 'to' already or the helper made it so. */
   stored_known = True;
   stored_site = to;
}

static void emit_store_last(IRSB* sb, HT_InlineSite* value)
{
   if (stored_known && stored_site == value) return;
   addStmtToIRSB(sb, IRStmt_Store(HT_ENDIAN,
                    mkIRExpr_HWord((HWord)&HT_(inline_last)),
                    mkIRExpr_HWord((HWord)value)));
   stored_known = True;
   stored_site = value;
}

/*------------------------------------------------------------*/
/*--- Instrumentation hooks                                ---*/
/*------------------------------------------------------------*/

void HT_(inline_block_start)(void)
{
   at_block_start = True;
   prev_site = NULL;
   prev_has_lines = False;
   prev_is_call = False;
   stored_known = False;
   stored_site = NULL;
}

/* The site of the instruction HT_(inline_attribute) is called for next,
   resolved by HT_(inline_needs_clock). */
static HT_Fn*         next_real;
static Addr           next_addr;
static HT_InlineSite* next_site;

static HT_InlineSite* site_for(HT_Fn* real, Addr a)
{
   if (next_real != real || next_addr != a) {
      next_site = resolve_site(VG_(current_DiEpoch)(), real, a);
      next_real = real;
      next_addr = a;
   }
   return next_site;
}

/* Where control comes from, at translation time: the previous
   instruction's site, or the call marker after a call. */
static HT_InlineSite* translated_from(void)
{
   return prev_is_call ? SITE_CALLING : prev_site;
}

Bool HT_(inline_needs_clock)(HT_Fn* real, Addr a)
{
   return !at_block_start && HT_(collecting)
          && marked_transition(translated_from(), site_for(real, a));
}

void HT_(inline_note_stmt)(const IRStmt* st, Addr instr, Int len,
                           Int offset_ip)
{
   /* Not the program counter, which VEX sets to the next instruction's
      address on its own. */
   const IRExpr* data = st->tag == Ist_Store ? st->Ist.Store.data
                        : st->tag == Ist_Put && st->Ist.Put.offset != offset_ip
                        ? st->Ist.Put.data : NULL;
   const IRConst* c;
   if (data == NULL || data->tag != Iex_Const) return;
   c = data->Iex.Const.con;
   if ((c->tag == Ico_U64 && c->Ico.U64 == (ULong)(instr + len))
       || (c->tag == Ico_U32 && c->Ico.U32 == (UInt)(instr + len)))
      prev_is_call = True;
}

HT_Fn* HT_(inline_attribute)(IRSB* sb, HT_Fn* real, Addr a)
{
   HT_InlineSite* site = site_for(real, a);
   HT_InlineSite* s;
   Bool           has_lines = real->file[0] != '\0';
   next_real = NULL;
   if (HT_(collecting)) {
      if (at_block_start) {
         /* With marks, leaving a marked function's inlined call for
            plain code is seen here too. */
         if (site || (has_lines && HT_(n_marks)() > 0))
            emit_block_entry(sb, site);
      } else if (marked_transition(translated_from(), site)) {
         emit_transition(sb, mkIRExpr_HWord((HWord)translated_from()), site,
                         NULL);
         stored_known = True;
         stored_site = site;
      } else if (prev_is_call || site != prev_site) {
         for (s = site; s; s = s->parent)
            if (prev_is_call || !site_within(prev_site, s))
               emit_increment(sb, &s->fn->calls);
      }
   }
   at_block_start = False;
   prev_is_call = False;
   prev_site = site;
   prev_has_lines = has_lines;
   return site ? site->fn : real;
}

/* Code of a function without line info has no inlined calls (see
   resolve_site) and reaches another function's only by a call, a return
   or a jump to its entry: it stores nothing but the call and return
   markers, which saves a store per block of such code. */
void HT_(inline_before_exit)(IRSB* sb)
{
   if (prev_has_lines) emit_store_last(sb, prev_site);
}

void HT_(inline_block_end)(IRSB* sb, IRJumpKind jk)
{
   /* A return from inside inlined calls leaves them (the counts of the
      block are flushed already). */
   if (jk == Ijk_Ret && HT_(collecting) && marked_transition(prev_site, NULL))
      emit_transition(sb, mkIRExpr_HWord((HWord)prev_site), NULL, NULL);
   if (jk == Ijk_Call)     emit_store_last(sb, SITE_CALLING);
   else if (jk == Ijk_Ret) emit_store_last(sb, SITE_RETURNED);
   else if (prev_has_lines) emit_store_last(sb, prev_site);
}

void HT_(inline_thread_switch)(ThreadId from, ThreadId to)
{
   tl_assert(HT_VALID_TID(to));
   if (HT_VALID_TID(from)) last_of_thread[from] = HT_(inline_last);
   HT_(inline_last) = last_of_thread[to];
}
