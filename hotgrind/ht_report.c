/*--------------------------------------------------------------------*/
/*--- hotgrind: the XML report writer.                ht_report.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* The report is the contract with the host command and with CI, so it is
   byte-for-byte reproducible: no pid, time or absolute path unless the
   user asks for the separate <host> element, and a fixed order.  It is
   written to "<name>.<pid>.tmp" and renamed, so a report that exists is
   complete.  The schema is docs/hotgrind.xsd; the format is explained in
   docs/report-format.md. */

#include "pub_tool_basics.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

#include "ht_include.h"

/*------------------------------------------------------------*/
/*--- Buffered output with error tracking                  ---*/
/*------------------------------------------------------------*/

typedef struct {
   Int   fd;
   Bool  failed;
   UInt  used;
   HChar buf[65536];
} Out;

static void out_flush(Out* o)
{
   UInt done = 0;
   while (!o->failed && done < o->used) {
      Int n = VG_(write)(o->fd, o->buf + done, o->used - done);
      if (n <= 0) o->failed = True;
      else done += (UInt)n;
   }
   o->used = 0;
}

static void out_char(Out* o, HChar c)
{
   if (o->used == sizeof o->buf) out_flush(o);
   o->buf[o->used++] = c;
}

static void out_str(Out* o, const HChar* s)
{
   for (; *s; s++) out_char(o, *s);
}

static void out_u64(Out* o, ULong v)
{
   HChar tmp[24];
   VG_(sprintf)(tmp, "%llu", v);
   out_str(o, tmp);
}

/* Length of the UTF-8 sequence starting at s if it encodes a character
   XML 1.0 allows, else 0: no overlong forms, no surrogates (U+D800..DFFF),
   nothing above U+10FFFF, and not U+FFFE or U+FFFF. */
static Int utf8_len(const UChar* s)
{
   UInt cp, min;
   Int  n, i;
   if (s[0] < 0x80) return 1;
   if ((s[0] & 0xE0) == 0xC0)      { n = 2; cp = s[0] & 0x1F; min = 0x80; }
   else if ((s[0] & 0xF0) == 0xE0) { n = 3; cp = s[0] & 0x0F; min = 0x800; }
   else if ((s[0] & 0xF8) == 0xF0) { n = 4; cp = s[0] & 0x07; min = 0x10000; }
   else return 0;
   for (i = 1; i < n; i++) {
      if ((s[i] & 0xC0) != 0x80) return 0;
      cp = (cp << 6) | (s[i] & 0x3F);
   }
   if (cp < min || cp > 0x10FFFF) return 0;
   if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
   if (cp == 0xFFFE || cp == 0xFFFF) return 0;
   return n;
}

/* Whether the byte at p is written as \xHH: a byte XML 1.0 cannot carry
   (a control character but TAB, LF, CR; broken or overlong UTF-8). */
static Bool needs_hex(const UChar* p)
{
   if (*p < 0x20)
      return *p != '\t' && *p != '\n' && *p != '\r';
   return utf8_len(p) == 0;
}

/* Escaped text for attributes and content, losslessly: two different
   names never come out the same (they are keys: zone names must be
   unique), and the original bytes can be recovered (report-format.md,
   "Names and text").
   - '<' '>' '&' '"' '\'' are entities;
   - TAB, LF, CR are character references: written raw, an XML reader
     turns them into spaces in attributes (and CR into LF in text);
   - a byte XML cannot carry is \xHH (upper-case hex);
   - so that this stays reversible, a '\' of the text is written as \\
     when what follows it could read as an escape: a '\', an 'x', or a
     byte written as \xHH.  Any other '\' is written as it is, so names
     that have no such bytes are written exactly as before. */
static void out_esc(Out* o, const HChar* s)
{
   static const HChar hex[] = "0123456789ABCDEF";
   const UChar* p = (const UChar*)s;
   while (*p) {
      Int n;
      switch (*p) {
         case '<':  out_str(o, "&lt;");   p++; continue;
         case '>':  out_str(o, "&gt;");   p++; continue;
         case '&':  out_str(o, "&amp;");  p++; continue;
         case '"':  out_str(o, "&quot;"); p++; continue;
         case '\'': out_str(o, "&apos;"); p++; continue;
         case '\t': out_str(o, "&#9;");   p++; continue;
         case '\n': out_str(o, "&#10;");  p++; continue;
         case '\r': out_str(o, "&#13;");  p++; continue;
         case '\\':
            out_char(o, '\\');
            if (p[1] == '\\' || p[1] == 'x' || (p[1] && needs_hex(p + 1)))
               out_char(o, '\\');
            p++;
            continue;
         default: break;
      }
      if (needs_hex(p)) {
         out_char(o, '\\');
         out_char(o, 'x');
         out_char(o, hex[*p >> 4]);
         out_char(o, hex[*p & 15]);
         p++;
         continue;
      }
      n = utf8_len(p);
      while (n-- > 0) out_char(o, (HChar)*p++);
   }
}

static void out_attr(Out* o, const HChar* name, const HChar* value)
{
   out_char(o, ' ');
   out_str(o, name);
   out_str(o, "=\"");
   out_esc(o, value);
   out_char(o, '"');
}

static void out_attr_u64(Out* o, const HChar* name, ULong value)
{
   out_char(o, ' ');
   out_str(o, name);
   out_str(o, "=\"");
   out_u64(o, value);
   out_char(o, '"');
}

/*------------------------------------------------------------*/
/*--- Report sections                                      ---*/
/*------------------------------------------------------------*/

/* The CPU Valgrind presents: glibc chooses string and memory routines
   from it, so it explains counts that differ between machines. */
static void write_platform(Out* o)
{
   VexArch     arch;
   VexArchInfo info;
   VG_(machine_get_VexArchInfo)(&arch, &info);
   out_str(o, "    <platform");
   out_attr(o, "hwcaps", LibVEX_ppVexHwCaps(arch, info.hwcaps));
   out_str(o, "/>\n");
}

/* Variables whose values choose code paths; only their values are
   written (LD_PRELOAD and the like hold Valgrind's own absolute paths). */
static const HChar* const path_choosing_vars[] = {
   "GLIBC_TUNABLES", "LD_BIND_NOW"
};

/* Every variable costs ld.so and libc work at start-up, so the count and
   size of the program's environment (as it started) are recorded. */
static void write_environment(Out* o)
{
   HChar** env = VG_(client_envp);
   ULong   n = 0, bytes = 0;
   UInt    i;
   for (; env && *env; env++) {
      n++;
      bytes += VG_(strlen)(*env) + 1;
   }
   out_str(o, "    <environment");
   out_attr_u64(o, "variables", n);
   out_attr_u64(o, "bytes", bytes);
   out_str(o, ">\n");
   for (i = 0; i < sizeof path_choosing_vars / sizeof path_choosing_vars[0];
        i++) {
      const HChar* value = VG_(getenv)(path_choosing_vars[i]);
      if (!value) continue;
      out_str(o, "      <var");
      out_attr(o, "name", path_choosing_vars[i]);
      out_attr(o, "value", value);
      out_str(o, "/>\n");
   }
   out_str(o, "    </environment>\n");
}

/* The version after the banner's key: digits, and dots each followed by
   a digit ("2.36" of "2.36."), at most size - 1 characters, reading no
   byte at or after 'end'. */
static void copy_version(const HChar* v, const HChar* end, HChar* out,
                         SizeT size)
{
   SizeT n = 0;
   while (n + 1 < size && v + n < end
          && ((v[n] >= '0' && v[n] <= '9')
              || (v[n] == '.' && v + n + 1 < end
                  && v[n + 1] >= '0' && v[n + 1] <= '9'))) {
      out[n] = v[n];
      n++;
   }
   out[n] = '\0';
}

/* glibc's version, from the banner every libc.so.6 carries ("... release
   version 2.36."), read from the file the program actually loaded.  An
   empty result when there is no glibc (static or musl programs). */
static void glibc_version(HChar* out, SizeT size)
{
   static const HChar key[] = "release version ";
   const Int          key_len = (Int)sizeof key - 1;
   /* Bytes a match needs after its start: the key, the longest version
      kept, and the byte that may end it. */
   const Int          span = key_len + (Int)size;
   const Int          cap = 65536;
   const DebugInfo*   di;
   out[0] = '\0';
   for (di = VG_(next_DebugInfo)(NULL); di; di = VG_(next_DebugInfo)(di)) {
      const HChar* so = VG_(DebugInfo_get_soname)(di);
      const HChar* path = VG_(DebugInfo_get_filename)(di);
      HChar*       buf;
      Int          fd, got, keep = 0;
      SysRes       r;
      if (!so || VG_(strcmp)(so, "libc.so.6") != 0 || !path) continue;
      r = VG_(open)(path, VKI_O_RDONLY, 0);
      if (sr_isError(r)) return;
      fd = (Int)sr_Res(r);
      buf = VG_(malloc)("hotgrind.libc", cap);
      /* A match is taken only with 'span' bytes read after its start
         (or at the end of the file), and each chunk keeps the last
         span - 1 bytes of the previous one, so the banner is found whole
         wherever it falls. */
      for (;;) {
         Int len, last, i;
         got = VG_(read)(fd, buf + keep, cap - keep);
         len = keep + (got > 0 ? got : 0);
         last = got > 0 ? len - span : len - key_len;
         for (i = 0; i <= last; i++) {
            if (VG_(memcmp)(buf + i, key, key_len) == 0) {
               copy_version(buf + i + key_len, buf + len, out, size);
               break;
            }
         }
         if (out[0] || got <= 0) break;
         keep = len < span - 1 ? len : span - 1;
         VG_(memmove)(buf, buf + len - keep, keep);
      }
      VG_(free)(buf);
      VG_(close)(fd);
      return;
   }
}

static void write_libc(Out* o)
{
   HChar version[32];
   glibc_version(version, sizeof version);
   if (version[0] == '\0') return;
   out_str(o, "    <libc");
   out_attr(o, "name", "glibc");
   out_attr(o, "version", version);
   out_str(o, "/>\n");
}

/* The cycle estimate's models (--cost-model).  l1-ll-miss's weights are
   Cachegrind's documented rule of thumb; l1-ll-branch-miss adds a price
   for each mispredicted branch, 10 cycles as in Callgrind's and
   KCachegrind's cycle estimate (CEst).  Changing a weight is a new
   version, so reports say which. */
#define COST_MODEL_NAME        "l1-ll-miss"
#define COST_MODEL_BRANCH_NAME "l1-ll-branch-miss"
#define COST_MODEL_VERSION     1
#define COST_L1_MISS           10
#define COST_LL_MISS           100
#define COST_MISPREDICT        10

/* The cache figures of --cache-sim=yes, in Cachegrind's order after Ir,
   then the cycle estimate computed from them and, with the model that
   prices mispredictions, from 'branch'; NULL for an element without
   branch figures, which then gets no estimate under that model. */
static void out_cache_attrs(Out* o, ULong ir, const ULong cache[HT_N_CACHE],
                            const ULong branch[HT_N_BRANCH])
{
   static const HChar* const names[HT_N_CACHE] = {
      "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw"
   };
   Bool  prices_branches = HT_(clo).cost_model == HT_Cost_L1LLBranchMiss;
   ULong cycles;
   Int   i;
   if (!HT_(clo).cache_sim) return;
   for (i = 0; i < HT_N_CACHE; i++)
      out_attr_u64(o, names[i], cache[i]);
   if (prices_branches && branch == NULL) return;
   cycles = ir
      + COST_L1_MISS * (cache[HT_I1mr] + cache[HT_D1mr] + cache[HT_D1mw])
      + COST_LL_MISS * (cache[HT_ILmr] + cache[HT_DLmr] + cache[HT_DLmw]);
   if (prices_branches)
      cycles += COST_MISPREDICT * (branch[HT_Bcm] + branch[HT_Bim]);
   out_attr_u64(o, "cycles", cycles);
}

/* The branch figures of --branch-sim=yes, in Cachegrind's order. */
static void out_branch_attrs(Out* o, const ULong branch[HT_N_BRANCH])
{
   static const HChar* const names[HT_N_BRANCH] = {
      "Bc", "Bcm", "Bi", "Bim"
   };
   Int i;
   if (!HT_(clo).branch_sim) return;
   for (i = 0; i < HT_N_BRANCH; i++)
      out_attr_u64(o, names[i], branch[i]);
}

/* Self costs: Ir, then the cache and branch figures the run counts;
   a function's <self> and each of its <line>s. */
static void out_self_attrs(Out* o, const HT_SelfCosts* c)
{
   out_attr_u64(o, "Ir", c->ir);
   out_cache_attrs(o, c->ir, c->cache, c->branch);
   out_branch_attrs(o, c->branch);
}

static void write_cache_geometry(Out* o)
{
   const HT_CacheGeometry* g[3] = { &HT_(clo).I1, &HT_(clo).D1,
                                    &HT_(clo).LL };
   const HChar*            names[3] = { "I1", "D1", "LL" };
   Bool                    prices_branches
      = HT_(clo).cost_model == HT_Cost_L1LLBranchMiss;
   HChar                   tmp[64];
   Int                     i;
   if (!HT_(clo).cache_sim) return;
   out_str(o, "    <cost-model");
   out_attr(o, "name", prices_branches ? COST_MODEL_BRANCH_NAME
                                       : COST_MODEL_NAME);
   out_attr_u64(o, "version", COST_MODEL_VERSION);
   out_attr_u64(o, "l1-miss", COST_L1_MISS);
   out_attr_u64(o, "ll-miss", COST_LL_MISS);
   if (prices_branches) out_attr_u64(o, "mispredict", COST_MISPREDICT);
   out_str(o, "/>\n");
   out_str(o, "    <cache");
   for (i = 0; i < 3; i++) {
      VG_(sprintf)(tmp, "%u,%u,%u", g[i]->size, g[i]->assoc, g[i]->line);
      out_attr(o, names[i], tmp);
   }
   out_attr(o, "source", HT_(clo).geometry_host ? "host" : "fixed");
   out_str(o, "/>\n");
}

static void write_option(Out* o, const HChar* name, const HChar* value)
{
   out_str(o, "      <option");
   out_attr(o, "name", name);
   out_attr(o, "value", value);
   out_str(o, "/>\n");
}

/* The value of the core option --NAME as given on the command line (the
   last one wins, as in the core), or NULL. */
const HChar* HT_(core_option_value)(const HChar* name)
{
   const HChar* value = NULL;
   SizeT        len = VG_(strlen)(name);
   Word         i;

   for (i = 0; i < VG_(sizeXA)(VG_(args_for_valgrind)); i++) {
      const HChar* arg = *(HChar**)VG_(indexXA)(VG_(args_for_valgrind), i);
      if (arg[0] == '-' && arg[1] == '-'
          && VG_(strncmp)(arg + 2, name, len) == 0
          && arg[2 + len] == '=' && arg[3 + len] != '\0')
         value = arg + 3 + len;
   }
   return value;
}

/* Is virtual time on?  patches/0003 turns it on with --det-sched=yes
   unless --virtual-time=no is given. */
Bool HT_(virtual_time_on)(void)
{
   const HChar* det = HT_(core_option_value)("det-sched");
   const HChar* vt = HT_(core_option_value)("virtual-time");
   return det != NULL && VG_(strcmp)(det, "yes") == 0
          && (vt == NULL || VG_(strcmp)(vt, "no") != 0);
}

/* The core's options that move counts, listed when given, so diff and
   merge see them: the scheduler ones decide how threads interleave
   (det-quantum: the instructions in a timeslice under --det-sched=yes),
   virtual-time what the program's clocks say, and --vex-guest-chase=no
   stops VEX from joining the two tests of an `a && b` into one
   superblock, whose second test's instructions are then no longer
   counted when they did not run (Callgrind forces it off;
   docs/manual.md, "Where Callgrind counts fewer").  virtual-time is
   written whenever it is on, given or not, so a run that relied on the
   default compares equal with one that said yes. */
static void write_core_options(Out* o)
{
   static const HChar* const names[] = {
      "fair-sched", "det-sched", "det-quantum", "virtual-time",
      "vex-guest-chase"
   };
   UInt n;

   for (n = 0; n < sizeof names / sizeof names[0]; n++) {
      const HChar* value = HT_(core_option_value)(names[n]);
      if (VG_(strcmp)(names[n], "virtual-time") == 0)
         value = HT_(virtual_time_on)() ? "yes" : value;
      if (value != NULL)
         write_option(o, names[n], value);
   }
}

/* <clock>: under virtual time (the patched core's, or --det-clock=yes's
   on any core: the same clock, ht_clock.c), where the program's clocks
   start and how fast they run (patches/0003's constants;
   docs/threads.md): the realtime clock starts at 2000-01-01T00:00:00Z,
   the monotonic one at 1000 s, and both advance 1 ns per guest
   instruction. */
static void write_clock(Out* o)
{
   if (!HT_(clock_is_virtual)()) return;
   out_str(o, "    <clock kind=\"virtual\" realtime-start=\"946684800\""
              " monotonic-start=\"1000\" ns-per-instruction=\"1\"/>\n");
}

/* <inputs>: what the program read that can move its counts, and
   whether the tool pinned it (ht_inputs.c), in report order. */
static void write_inputs(Out* o)
{
   HT_Input**   all;
   UInt         n, i;
   HChar        tmp[24];
   HT_InputKind kind;
   const HChar  *source, *function, *object;
   ULong        calls, bytes;
   Bool         pinned;

   all = HT_(inputs_sorted)(&n);
   if (n > 0) out_str(o, "    <inputs>\n");
   for (i = 0; i < n; i++) {
      HT_(input_fields)(all[i], &kind, &source, &function, &object, &calls,
                        &bytes, &pinned);
      out_str(o, "      <input");
      out_attr(o, "kind", HT_(input_kind_name)(kind));
      out_attr(o, "source", source);
      out_attr(o, "function", function);
      out_attr(o, "object", object);
      VG_(sprintf)(tmp, "%llu", calls);
      out_attr(o, "calls", tmp);
      if (kind == HT_Input_Random) {
         VG_(sprintf)(tmp, "%llu", bytes);
         out_attr(o, "bytes", tmp);
      }
      out_attr(o, "pinned", pinned ? "yes" : "no");
      out_str(o, "/>\n");
   }
   if (n > 0) out_str(o, "    </inputs>\n");
   VG_(free)(all);
}

/* The options that pin what the program reads (ht_random.c,
   ht_clock.c, ht_cpus.c): det-random always, the others when they pin
   something. */
static void write_input_options(Out* o)
{
   HChar tmp[24];
   write_option(o, "det-random", HT_(clo).det_random ? "yes" : "no");
   if (HT_(clo).det_random) {
      VG_(sprintf)(tmp, "%llu", HT_(clo).random_seed);
      write_option(o, "random-seed", tmp);
   }
   if (HT_(clo).det_clock) write_option(o, "det-clock", "yes");
   if (HT_(clo).cpus > 0) {
      VG_(sprintf)(tmp, "%u", HT_(clo).cpus);
      write_option(o, "cpus", tmp);
   }
}

/* <launcher>: what the program that started Valgrind (`hotgrind run`)
   fixed, one <setting> per --run-setting=KEY=VALUE, in the order given. */
static void write_launcher(Out* o)
{
   UInt i;
   if (HT_(clo).launcher == NULL) return;
   out_str(o, "    <launcher");
   out_attr(o, "name", HT_(clo).launcher);
   if (HT_(clo).n_run_settings == 0) {
      out_str(o, "/>\n");
      return;
   }
   out_str(o, ">\n");
   for (i = 0; i < HT_(clo).n_run_settings; i++) {
      const HChar* text = HT_(clo).run_settings[i];
      const HChar* eq = VG_(strchr)(text, '=');
      HChar*       name = VG_(strdup)("hotgrind.setting", text);
      name[eq - text] = '\0';
      out_str(o, "      <setting");
      out_attr(o, "name", name);
      out_attr(o, "value", eq + 1);
      out_str(o, "/>\n");
      VG_(free)(name);
   }
   out_str(o, "    </launcher>\n");
}

/* <exit>: how the program ended, so that a report of a killed or
   crashed run cannot pass for a complete one. */
static void write_exit(Out* o)
{
   UInt        v;
   HT_ExitKind k = HT_(how_ended)(&v);
   out_str(o, "    <exit");
   out_attr(o, "how", k == HT_Exit_Status ? "status"
                      : k == HT_Exit_Exec ? "exec" : "signal");
   if (k == HT_Exit_Status)
      out_attr_u64(o, "status", v);
   else if (k == HT_Exit_Signal)
      out_attr_u64(o, "signal", v);
   out_str(o, "/>\n");
}

static void write_run(Out* o)
{
   Word i;
   out_str(o, "  <run>\n");
   out_str(o, "    <tool");
   out_attr(o, "name", "hotgrind");
   out_attr(o, "version", HT_VERSION);
   out_str(o, "/>\n    <valgrind");
   out_attr(o, "version", HT_VG_VERSION);
   out_str(o, "/>\n    <arch>" HT_ARCH "</arch>\n");
   write_platform(o);
   write_libc(o);
   out_str(o, "    <command>\n      <exe>");
   out_esc(o, VG_(args_the_exename) ? VG_(args_the_exename) : "");
   out_str(o, "</exe>\n");
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_client)); i++) {
      out_str(o, "      <arg>");
      out_esc(o, *(HChar**)VG_(indexXA)(VG_(args_for_client), i));
      out_str(o, "</arg>\n");
   }
   out_str(o, "    </command>\n");
   /* Options that change what is counted. */
   out_str(o, "    <options>\n");
   write_option(o, "collect-atstart", HT_(clo).collect_atstart ? "yes" : "no");
   write_option(o, "heap", HT_(clo).heap ? "yes" : "no");
   write_option(o, "thread-events", HT_(clo).thread_events ? "yes" : "no");
   if (HT_(clo).call_graph) write_option(o, "call-graph", "yes");
   if (HT_(clo).lines) write_option(o, "lines", "yes");
   if (HT_(clo).inlined) write_option(o, "inline", "yes");
   if (HT_(clo).branch_sim) write_option(o, "branch-sim", "yes");
   /* Only where it can change the report. */
   if (HT_(clo).call_graph && HT_(clo).given_max_contexts) {
      HChar tmp[16];
      VG_(sprintf)(tmp, "%u", HT_(clo).max_contexts);
      write_option(o, "max-contexts", tmp);
   }
   write_input_options(o);
   write_core_options(o);
   for (i = 0; i < (Word)HT_(n_custom_allocators)(); i++) {
      Bool         is_free;
      const HChar* text = HT_(custom_allocator_text)((UInt)i, &is_free);
      write_option(o, is_free ? "free-fn" : "alloc-fn", text);
   }
   out_str(o, "    </options>\n");
   write_environment(o);
   write_launcher(o);
   write_clock(o);
   write_inputs(o);
   write_cache_geometry(o);
   write_exit(o);
   out_str(o, "  </run>\n");
}

/* Opt-in, and kept apart so a diff or a hash of the report can drop it. */
static void write_host(Out* o)
{
   HChar tmp[24];
   out_str(o, "  <host");
   VG_(sprintf)(tmp, "%d", VG_(getpid)());
   out_attr(o, "pid", tmp);
   VG_(sprintf)(tmp, "%d", VG_(getppid)());
   out_attr(o, "ppid", tmp);
   out_attr(o, "cwd", VG_(get_startup_wd)());
   out_str(o, "/>\n");
}

/* sum / n rounded half up to two decimals, without forming sum * 100
   (which could overflow for a long recursive run). */
static void out_attr_mean(Out* o, ULong sum, ULong n)
{
   HChar tmp[48];
   ULong whole = n ? sum / n : 0;
   ULong frac  = n ? ((sum % n) * 100 + n / 2) / n : 0;
   if (frac == 100) { whole++; frac = 0; }
   VG_(sprintf)(tmp, "%llu.%02llu", whole, frac);
   out_attr(o, "mean", tmp);
}


/* The four per-function heap figures (--heap=yes). */
static void out_heap_attrs(Out* o, const ULong heap[HT_N_HEAP])
{
   if (!HT_(clo).heap) return;
   out_attr_u64(o, "allocs", heap[HT_Allocs]);
   out_attr_u64(o, "alloc-bytes", heap[HT_AllocBytes]);
   out_attr_u64(o, "frees", heap[HT_Frees]);
   out_attr_u64(o, "free-bytes", heap[HT_FreeBytes]);
}

/* <inclusive>, and <per-call> of a marked function or a zone ('pc' NULL:
   a function that is not marked, with --call-graph=yes). */
static void write_inclusive(Out* o, const HT_Costs* incl, HT_PerCall* pc,
                            const HChar* indent)
{
   HT_PerCallSummary sum;
   out_str(o, indent);
   out_str(o, "<inclusive");
   out_attr_u64(o, "Ir", incl->ir);
   out_cache_attrs(o, incl->ir, incl->cache, NULL);
   out_heap_attrs(o, incl->heap);
   out_str(o, "/>\n");
   if (pc == NULL) return;
   HT_(percall_summary)(pc, &sum);
   if (sum.n == 0) return;
   out_str(o, indent);
   out_str(o, "<per-call");
   out_attr_u64(o, "min", sum.min);
   out_attr_u64(o, "max", sum.max);
   out_attr_mean(o, sum.sum, sum.n);
   out_attr_u64(o, "p50", sum.p50);
   out_attr_u64(o, "p95", sum.p95);
   out_attr_u64(o, "p99", sum.p99);
   out_str(o, "/>\n");
}

static void write_zones(Out* o)
{
   UInt      n, i;
   HT_Zone** zones = HT_(zones_sorted)(&n);
   if (n > 0) {
      out_str(o, "  <zones>\n");
      for (i = 0; i < n; i++) {
         out_str(o, "    <zone");
         out_attr(o, "name", zones[i]->name);
         out_attr_u64(o, "calls", zones[i]->calls);
         out_str(o, ">\n");
         write_inclusive(o, &zones[i]->incl, zones[i]->percall, "      ");
         out_str(o, "    </zone>\n");
      }
      out_str(o, "  </zones>\n");
   }
   VG_(free)(zones);
}

static void write_marks(Out* o)
{
   UInt i, functions, entered;
   if (HT_(n_marks)() == 0) return;
   out_str(o, "  <marks>\n");
   for (i = 0; i < HT_(n_marks)(); i++) {
      HT_(mark_stats)(i, &functions, &entered);
      out_str(o, "    <mark");
      out_attr(o, "pattern", HT_(mark_text)(i));
      out_attr_u64(o, "functions", functions);
      out_attr_u64(o, "entered", entered);
      out_str(o, "/>\n");
   }
   out_str(o, "  </marks>\n");
}

/* --call-graph=yes: a function's <no-symbol> and <callees>; 'edges'
   points at its first edge in the sorted array, and advances past its
   last. */
static void write_call_graph(Out* o, HT_Fn* f, HT_Edge** edges, UInt n_edges,
                             UInt* next_edge)
{
   UInt first = *next_edge, i;
   if (f->no_sym.ir > 0) {
      out_str(o, "      <no-symbol");
      out_attr_u64(o, "Ir", f->no_sym.ir);
      out_cache_attrs(o, f->no_sym.ir, f->no_sym.cache, NULL);
      out_str(o, "/>\n");
   }
   while (*next_edge < n_edges && edges[*next_edge]->caller == f)
      (*next_edge)++;
   if (*next_edge == first) return;
   out_str(o, "      <callees>\n");
   for (i = first; i < *next_edge; i++) {
      HT_Edge* e = edges[i];
      tl_assert(e->callee->report_id > 0);
      out_str(o, "        <call");
      out_attr_u64(o, "callee", e->callee->report_id);
      out_attr_u64(o, "calls", e->calls);
      out_attr_u64(o, "Ir", e->incl.ir);
      out_cache_attrs(o, e->incl.ir, e->incl.cache, NULL);
      out_heap_attrs(o, e->incl.heap);
      out_str(o, "/>\n");
   }
   out_str(o, "      </callees>\n");
}

/* --lines=yes: the function's self costs per source line, lines with
   no instruction counted (run only after the end) left out. */
static void write_lines(Out* o, const HT_Fn* f)
{
   UInt      i, n;
   HT_Line** lines = HT_(lines_sorted)(f, &n);
   out_str(o, "      <lines>\n");
   for (i = 0; i < n; i++) {
      if (lines[i]->self.ir == 0) continue;
      out_str(o, "        <line");
      out_attr(o, "file", lines[i]->file);
      if (lines[i]->dir[0] != '\0') out_attr(o, "dir", lines[i]->dir);
      out_attr_u64(o, "line", lines[i]->line);
      out_self_attrs(o, &lines[i]->self);
      out_str(o, "/>\n");
   }
   out_str(o, "      </lines>\n");
   if (lines) VG_(free)(lines);
}

static void write_functions(Out* o, HT_Fn** fns, UInt n)
{
   UInt      i, n_edges = 0, next_edge = 0;
   HT_Edge** edges = NULL;
   Bool      graph = HT_(clo).call_graph;
   if (graph) {
      for (i = 0; i < n; i++) fns[i]->report_id = i + 1;
      edges = HT_(edges_sorted)(&n_edges);
      /* Edges of callers that are not listed (report_id 0: entered
         while collection was off and never counted) sort first. */
      while (next_edge < n_edges && edges[next_edge]->caller->report_id == 0)
         next_edge++;
   }
   out_str(o, "  <functions>\n");
   for (i = 0; i < n; i++) {
      HT_Fn* f = fns[i];
      out_str(o, "    <function");
      out_attr(o, "name", f->name);
      out_attr(o, "object", f->object);
      out_attr(o, "file", f->file);
      out_attr_u64(o, "line", f->line);
      if (f->dir[0] != '\0') out_attr(o, "dir", f->dir);
      if (f->marked)
         out_attr(o, "marked", "yes");
      if (f->inlined_into) {
         out_attr(o, "inlined", "yes");
         out_attr(o, "inlined-into", f->inlined_into->name);
      }
      if (f->marked || graph || f->inlined_into)
         out_attr_u64(o, "calls", f->calls);
      if (graph) {
         out_attr_u64(o, "id", f->report_id);
         if (f->outside_calls > 0)
            out_attr_u64(o, "outside-calls", f->outside_calls);
         if (f->recursive)
            out_attr(o, "recursive", "yes");
         if (f->mid_jump)
            out_attr(o, "mid-jump", "yes");
      }
      out_str(o, ">\n      <self");
      out_self_attrs(o, &f->self);
      out_str(o, "/>\n");
      if (HT_(clo).lines)
         write_lines(o, f);
      if (HT_(clo).heap && (f->heap[HT_Allocs] || f->heap[HT_Frees])) {
         out_str(o, "      <heap");
         out_heap_attrs(o, f->heap);
         out_str(o, "/>\n");
      }
      /* An inlined function's activations are tracked only when it is
         marked (docs/manual.md). */
      if (f->marked || (graph && !f->inlined_into))
         write_inclusive(o, &f->incl, f->percall, "      ");
      if (graph)
         write_call_graph(o, f, edges, n_edges, &next_edge);
      out_str(o, "    </function>\n");
   }
   out_str(o, "  </functions>\n");
   if (edges) VG_(free)(edges);
}

/* <objects>: each object a listed function names (but "???"), by name,
   with its soname and build id when it has them, so a reader can tell
   which library, and which build of it, the functions ran in. */
static void write_objects(Out* o, HT_Fn** fns, UInt n)
{
   UInt        n_all, i, listed = 0;
   HT_Object** all = HT_(objects_sorted)(&n_all);
   for (i = 0; i < n_all; i++) all[i]->listed = False;
   for (i = 0; i < n; i++) fns[i]->obj->listed = True;
   for (i = 0; i < n_all; i++) {
      if (!all[i]->listed) continue;
      if (listed++ == 0) out_str(o, "  <objects>\n");
      out_str(o, "    <object");
      out_attr(o, "name", all[i]->name);
      if (all[i]->soname) out_attr(o, "soname", all[i]->soname);
      if (all[i]->build_id) out_attr(o, "build-id", all[i]->build_id);
      out_str(o, "/>\n");
   }
   if (listed > 0) out_str(o, "  </objects>\n");
   VG_(free)(all);
}

/* One figure set of a context: Ir and the cache figures, and the heap
   figures when asked ('heap'). */
static void write_context_costs(Out* o, const HChar* element,
                                const HT_Costs* c, Bool heap)
{
   out_str(o, "      <");
   out_str(o, element);
   out_attr_u64(o, "Ir", c->ir);
   out_cache_attrs(o, c->ir, c->cache, NULL);
   if (heap) out_heap_attrs(o, c->heap);
   out_str(o, "/>\n");
}

/* <contexts> (--call-graph=yes, --max-contexts > 0): <outside>, what ran
   while no counted activation was on its thread's stack (the totals
   less the roots' inclusive costs), then the calling-context tree in
   pre-order (ht_context.c).  Needs the functions' report_ids. */
static void write_contexts(Out* o, UInt n_fns, ULong total,
                           const ULong cache_total[HT_N_CACHE])
{
   UInt           n, i, j;
   HT_ContextRow* rows;
   HT_Costs       roots, outside;
   if (!HT_(contexts_on)) return;
   rows = HT_(contexts_sorted)(&n, n_fns);
   HT_(contexts_roots_total)(&roots);
   VG_(memset)(&outside, 0, sizeof outside);
   tl_assert(roots.ir <= total);
   outside.ir = total - roots.ir;
   for (j = 0; j < HT_N_CACHE; j++) outside.cache[j] = cache_total[j];
   for (j = 0; j < HT_N_CACHE; j++) {
      tl_assert(roots.cache[j] <= outside.cache[j]);
      outside.cache[j] -= roots.cache[j];
   }
   for (j = 0; j < HT_N_HEAP; j++) {
      tl_assert(roots.heap[j] <= HT_(heap_total)[j]);
      outside.heap[j] = HT_(heap_total)[j] - roots.heap[j];
   }
   out_str(o, "  <contexts");
   out_attr_u64(o, "max", HT_(clo).max_contexts);
   out_attr_u64(o, "count", n);
   if (HT_(contexts_truncated)()) out_attr(o, "truncated", "yes");
   out_str(o, ">\n");
   out_str(o, "    <outside");
   out_attr_u64(o, "Ir", outside.ir);
   out_cache_attrs(o, outside.ir, outside.cache, NULL);
   out_heap_attrs(o, outside.heap);
   out_str(o, "/>\n");
   for (i = 0; i < n; i++) {
      const HT_Context* c = rows[i].node;
      HT_Costs          self, incl, nosym;
      HT_(context_costs)(rows, i, &self, &incl);
      out_str(o, "    <context");
      out_attr_u64(o, "id", i + 1);
      if (rows[i].parent_id) out_attr_u64(o, "parent", rows[i].parent_id);
      out_attr_u64(o, "function", c->fn->report_id);
      out_attr_u64(o, "calls", c->calls);
      if (c->truncated) out_attr(o, "truncated", "yes");
      out_str(o, ">\n");
      write_context_costs(o, "self", &self, True);
      write_context_costs(o, "inclusive", &incl, True);
      HT_(context_no_symbol_costs)(c, &nosym);
      if (nosym.ir > 0)
         write_context_costs(o, "no-symbol", &nosym, False);
      out_str(o, "    </context>\n");
   }
   out_str(o, "  </contexts>\n");
   VG_(free)(rows);
}

/* Ends the <totals> start tag: empty, or holding <heap>. */
static void write_heap_totals(Out* o)
{
   HT_HeapTotals t;
   if (!HT_(clo).heap) {
      out_str(o, "/>\n");
      return;
   }
   HT_(heap_totals)(&t);
   out_str(o, ">\n    <heap");
   out_attr_u64(o, "allocs", t.allocs);
   out_attr_u64(o, "alloc-bytes", t.alloc_bytes);
   out_attr_u64(o, "frees", t.frees);
   out_attr_u64(o, "free-bytes", t.free_bytes);
   out_attr_u64(o, "peak-bytes", t.peak_bytes);
   out_attr_u64(o, "peak-blocks", t.peak_blocks);
   out_attr_u64(o, "exit-bytes", t.exit_bytes);
   out_attr_u64(o, "exit-blocks", t.exit_blocks);
   out_str(o, "/>\n  </totals>\n");
}

static void write_threads(Out* o)
{
   UInt i;
   out_str(o, "  <threads>\n");
   for (i = 1; i <= HT_(n_threads)(); i++) {
      HT_Thread* t = HT_(thread_by_id)(i);
      out_str(o, "    <thread");
      out_attr_u64(o, "id", t->id);
      if (t->name) out_attr(o, "name", t->name);
      if (t->parent) out_attr_u64(o, "parent", t->parent);
      out_attr(o, "status", t->exited ? "exited" : "running");
      out_attr_u64(o, "Ir", t->costs.ir);
      /* The part of Ir spent inside synchronisation calls: the part that
         moves with scheduling (docs/threads.md). */
      if (HT_(clo).thread_events) out_attr_u64(o, "sync-Ir", t->sync_ir);
      out_heap_attrs(o, t->costs.heap);
      out_str(o, "/>\n");
   }
   out_str(o, "  </threads>\n");
}

static void write_mutexes(Out* o)
{
   UInt i;
   if (!HT_(clo).thread_events || HT_(n_mutexes)() == 0) return;
   out_str(o, "  <mutexes>\n");
   for (i = 1; i <= HT_(n_mutexes)(); i++) {
      const HT_Mutex* m = HT_(mutex_by_id)(i);
      out_str(o, "    <mutex");
      out_attr_u64(o, "id", m->id);
      if (m->name) out_attr(o, "name", m->name);
      out_attr_u64(o, "acquisitions", m->acquisitions);
      out_attr_u64(o, "contended", m->contended);
      out_str(o, "/>\n");
   }
   out_str(o, "  </mutexes>\n");
}

static void write_events(Out* o)
{
   static const HChar* const kinds[] = {
      "create", "exit", "join", "lock", "unlock", "cond-wait",
      "cond-signal", "cond-broadcast"
   };
   UInt i;
   if (!HT_(clo).thread_events) return;
   out_str(o, "  <events>\n");
   for (i = 0; i < HT_(n_events)(); i++) {
      const HT_Event* e = HT_(event)(i);
      out_str(o, "    <event");
      out_attr_u64(o, "Ir", e->ir);
      out_attr_u64(o, "thread", e->thread);
      out_attr(o, "kind", kinds[e->kind]);
      switch (e->kind) {
         case HT_Ev_Create: case HT_Ev_Join:
            out_attr_u64(o, "child", e->a);
            break;
         case HT_Ev_Lock:
            out_attr_u64(o, "mutex", e->a);
            out_attr(o, "waited", e->waited ? "yes" : "no");
            break;
         case HT_Ev_Unlock:
            out_attr_u64(o, "mutex", e->a);
            break;
         case HT_Ev_CondWait:
            out_attr_u64(o, "cond", e->a);
            out_attr_u64(o, "mutex", e->b);
            break;
         case HT_Ev_CondSignal: case HT_Ev_CondBroadcast:
            out_attr_u64(o, "cond", e->a);
            break;
         default:
            break;
      }
      out_str(o, "/>\n");
   }
   out_str(o, "  </events>\n");
}

/*------------------------------------------------------------*/
/*--- Files                                                ---*/
/*------------------------------------------------------------*/

/* Where a report is written: "NAME.PID.tmp" in the report's folder,
   renamed to NAME when complete, so NAME only ever holds a complete
   report.  When NAME.PID.tmp could exceed the file-name limit (a legal
   NAME of 244 to 255 bytes), the temporary name is
   ".hotgrind-HASH.PID.tmp" in the same folder instead (HASH of NAME's
   last component), so the rename stays within one file system.

   Only a regular file, or a name that does not exist yet, can be the
   report: opening a FIFO waits for a reader (the run hung at exit,
   deaf to SIGTERM), and a device or socket is no place for a file that
   is renamed into place. */
typedef struct {
   HChar* name;       /* expanded --hotgrind-out-file */
   HChar* dir;        /* its folder, "." if none, for stale temporaries */
   HChar* prefix;     /* the temporary name's last component, up to PID */
   HChar* write_to;   /* the temporary name */
   Int    fd;         /* open descriptor, or -errno */
} Target;

#define HT_NAME_MAX     255   /* NAME_MAX of Linux's file systems */
#define HT_ENAMETOOLONG 36    /* Linux's; the VKI headers lack it */

static Int open_for_writing(const HChar* path)
{
   SysRes r = VG_(open)(path, VKI_O_WRONLY | VKI_O_CREAT | VKI_O_TRUNC,
                        VKI_S_IRUSR | VKI_S_IWUSR | VKI_S_IRGRP
                        | VKI_S_IROTH);
   return sr_isError(r) ? -(Int)sr_Err(r) : (Int)sr_Res(r);
}

/* Sets name, dir, prefix; fd is -errno when the name cannot be a report
   (write_to is NULL then). */
static void target_name(Target* t, const HChar* out_file_option)
{
   const HChar*   base;
   struct vg_stat st;
   SizeT          dlen;
   t->name = VG_(expand_file_name)("--hotgrind-out-file", out_file_option);
   t->write_to = NULL;
   t->fd = 0;
   base = VG_(strrchr)(t->name, '/');
   base = base ? base + 1 : t->name;
   /* The folder without its last '/' ("/" for the root). */
   dlen = (SizeT)(base - t->name);
   if (dlen > 1) dlen--;
   t->dir = VG_(malloc)("hotgrind.tmpname", dlen + 2);
   if (dlen == 0)
      VG_(strcpy)(t->dir, ".");
   else {
      VG_(memcpy)(t->dir, t->name, dlen);
      t->dir[dlen] = '\0';
   }
   t->prefix = VG_(malloc)("hotgrind.tmpname", VG_(strlen)(base) + 32);
   /* 12 = ".PID.tmp" with the longest pid Linux gives (7 digits). */
   if (VG_(strlen)(base) + 1 + 7 + 4 <= HT_NAME_MAX)
      VG_(sprintf)(t->prefix, "%s.", base);
   else
      VG_(sprintf)(t->prefix, ".hotgrind-%08x.",
                   HT_(hash_str)(HT_HASH_START, base));
   if (VG_(strlen)(base) > HT_NAME_MAX)
      t->fd = -HT_ENAMETOOLONG;
   else if (base[0] == '\0')
      t->fd = -VKI_EISDIR;
   else if (!sr_isError(VG_(stat)(t->name, &st))) {
      if (VKI_S_ISDIR(st.mode))
         t->fd = -VKI_EISDIR;
      else if (!VKI_S_ISREG(st.mode))
         t->fd = -1;   /* not a regular file: see target_problem */
   }
}

/* Why the report cannot be written at 'name', from target_name's fd. */
static const HChar* target_problem(Int fd)
{
   return fd == -1 ? "not a regular file (a FIFO, device or socket "
                     "would block or be replaced)"
                   : HT_(strerror)(-fd);
}

static void target_open(Target* t, const HChar* out_file_option)
{
   target_name(t, out_file_option);
   if (t->fd < 0) return;
   t->write_to = VG_(malloc)("hotgrind.tmpname",
                             VG_(strlen)(t->dir) + VG_(strlen)(t->prefix)
                             + 32);
   VG_(sprintf)(t->write_to, "%s%s%s%d.tmp", t->dir,
                VG_(strcmp)(t->dir, "/") == 0 ? "" : "/", t->prefix,
                VG_(getpid)());
   t->fd = open_for_writing(t->write_to);
}

static void target_free(Target* t)
{
   if (t->write_to) VG_(free)(t->write_to);
   VG_(free)(t->prefix);
   VG_(free)(t->dir);
   VG_(free)(t->name);
}

/* Temporaries of this report name left by runs that were killed while
   writing (SIGKILL leaves NAME.PID.tmp behind): removed when PID is no
   longer a process here (/proc/PID is gone).  A temporary of a process
   that is alive, or of another pid namespace that shares the folder
   and whose pid happens to be live here, is left alone. */
static void remove_stale_temporaries(const Target* t)
{
   SysRes r = VG_(open)(t->dir, VKI_O_RDONLY, 0);
   SizeT  plen = VG_(strlen)(t->prefix);
   HChar  buf[4096];
   Int    fd, n;
   if (sr_isError(r)) return;
   fd = (Int)sr_Res(r);
   while ((n = VG_(getdents64)(fd, (struct vki_dirent64*)buf, sizeof buf))
          > 0) {
      Int off;
      for (off = 0; off < n; ) {
         struct vki_dirent64* d = (struct vki_dirent64*)(buf + off);
         const HChar*         e = d->d_name;
         const HChar*         p = e + plen;
         Int                  pid = 0;
         off += d->d_reclen;
         if (VG_(strncmp)(e, t->prefix, plen) != 0) continue;
         for (; *p >= '0' && *p <= '9' && pid < 100000000; p++)
            pid = pid * 10 + (*p - '0');
         if (p == e + plen || VG_(strcmp)(p, ".tmp") != 0
             || pid == VG_(getpid)())
            continue;
         {
            HChar          proc[32], path[4096 + 256];
            struct vg_stat st;
            VG_(sprintf)(proc, "/proc/%d", pid);
            if (!sr_isError(VG_(stat)(proc, &st))
                || sr_isError(VG_(stat)("/proc/self", &st)))
               continue;   /* alive, or no /proc to ask */
            if (VG_(strlen)(t->dir) + VG_(strlen)(e) + 2 > sizeof path)
               continue;
            VG_(sprintf)(path, "%s%s%s", t->dir,
                         VG_(strcmp)(t->dir, "/") == 0 ? "" : "/", e);
            if (VG_(unlink)(path) == 0 && VG_(clo_verbosity) > 1)
               VG_(umsg)("hotgrind: removed '%s', left by process %d\n",
                         path, pid);
         }
      }
   }
   VG_(close)(fd);
}

void HT_(report_check_path)(void)
{
   Target t;
   target_open(&t, HT_(clo).out_file);
   if (t.fd < 0) {
      VG_(fmsg)("cannot create the hotgrind report file '%s': %s\n",
                t.name, target_problem(t.fd));
      VG_(fmsg)("choose a writable path with "
                "--hotgrind-out-file=FILE\n");
      VG_(exit)(1);
   }
   VG_(close)(t.fd);
   VG_(unlink)(t.write_to);
   remove_stale_temporaries(&t);
   target_free(&t);
}

Bool HT_(report_write)(HT_Fn** fns, UInt n, ULong total)
{
   Target  t;
   Out*    o;
   Bool    ok;
   ULong   cache_total[HT_N_CACHE], branch_total[HT_N_BRANCH];

   target_open(&t, HT_(clo).out_file);
   if (t.fd < 0) {
      VG_(umsg)("hotgrind: error: cannot create '%s': %s\n",
                t.write_to ? t.write_to : t.name, target_problem(t.fd));
      target_free(&t);
      return False;
   }
   o = VG_(malloc)("hotgrind.out", sizeof(Out));
   o->fd = t.fd; o->failed = False; o->used = 0;

   out_str(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
   out_str(o, "<hotgrind");
   out_attr_u64(o, "format", HT_REPORT_FORMAT);
   out_str(o, ">\n");
   write_run(o);
   if (HT_(clo).host_info) write_host(o);
   out_str(o, "  <totals");
   out_attr_u64(o, "Ir", total);
   HT_(fn_sum_figures)(fns, n, cache_total, branch_total);
   out_cache_attrs(o, total, cache_total, branch_total);
   out_branch_attrs(o, branch_total);
   write_heap_totals(o);
   write_functions(o, fns, n);
   write_objects(o, fns, n);
   write_contexts(o, n, total, cache_total);
   write_zones(o);
   write_marks(o);
   write_threads(o);
   write_mutexes(o);
   write_events(o);
   out_str(o, "</hotgrind>\n");
   out_flush(o);
   VG_(close)(t.fd);

   ok = !o->failed;
   if (!ok)
      VG_(umsg)("hotgrind: error: writing '%s' failed (disk full?)\n",
                t.write_to);
   else if (VG_(rename)(t.write_to, t.name) != 0) {
      /* VG_(rename) gives no errno: the usual causes are the folder
         removed or made read-only, or NAME made a directory. */
      VG_(umsg)("hotgrind: error: cannot rename '%s' to '%s' (was the "
                "folder, or the name, changed while the program ran?)\n",
                t.write_to, t.name);
      ok = False;
   }
   if (!ok) VG_(unlink)(t.write_to);
   VG_(free)(o);
   target_free(&t);
   return ok;
}
