/*--------------------------------------------------------------------*/
/*--- hotgrind: deterministic per-function instruction counts.     ---*/
/*---                                                   ht_main.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Tool registration, options (every one is read here into HT_(clo)),
   client requests, and start-up and exit.  The instrumentation pass is
   ht_instrument.c. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_xarray.h"
#include "pub_tool_options.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_transtab.h"
#include "pub_tool_vki.h"

#include "hotgrind.h"

#include "ht_include.h"

/*------------------------------------------------------------*/
/*--- Options                                              ---*/
/*------------------------------------------------------------*/

static Int start_pid;   /* the process the tool started in (exec) */

HT_Clo HT_(clo) = {
   .out_file        = "hotgrind.out.%p",
   .host_info       = False,
   .collect_atstart = True,
   .cache_sim       = False,
   .branch_sim      = False,
   .cost_model      = HT_Cost_L1LLMiss,
   .I1              = { 32768, 8, 64 },
   .D1              = { 32768, 8, 64 },
   .LL              = { 8388608, 16, 64 },
   .geometry_host   = False,
   .heap            = True,
   .thread_events   = False,
   .call_graph      = False,
   .lines           = False,
   .inlined         = False,
   .max_contexts    = 100000,
   .launcher        = NULL,
   .det_random      = True,
   .random_seed     = 0,
   .det_clock       = False,
   .cpus            = 0,
   .debug_corrupt_graph = HT_Corrupt_None,
   .tier            = HT_Tier_Auto,
   .tier_threshold  = HT_TIER_THRESHOLD,
};

static const VexCache* host_cache(const VexCacheInfo* ci, VexCacheKind kind,
                                  UInt level)
{
   UInt i;
   for (i = 0; i < ci->num_caches; i++)
      if (ci->caches[i].level == level && ci->caches[i].kind == kind)
         return &ci->caches[i];
   return NULL;
}

/* The host's last-level cache, adjusted as Cachegrind adjusts it so its
   model can simulate it: the size is made a whole number of sets, and a
   set count that is not a power of two goes down to the power of two
   below it, with proportionally more ways.  A size, associativity or line
   of zero (or too few bytes for one set) is left as it is, for
   HT_(cache_geometry_problem) to refuse. */
static HT_CacheGeometry adjusted_host_ll(const VexCache* ll)
{
   HT_CacheGeometry g = { ll->sizeB, ll->assoc, ll->line_sizeB };
   ULong            sets, pow2 = 1;
   if (g.size == 0 || g.assoc == 0 || g.line == 0)
      return g;
   sets = (ULong)g.size / ((ULong)g.line * g.assoc);
   if (sets == 0)
      return g;
   while (pow2 * 2 <= sets) pow2 *= 2;
   if (pow2 != sets)
      g.assoc = (UInt)(0.5 + (double)sets / (double)pow2 * (double)g.assoc);
   g.size = (UInt)(pow2 * g.line * g.assoc);
   return g;
}

/* --cache-geometry=host: the caches the host reports, picked as
   Cachegrind picks them (L1 instruction and data, and the unified cache
   of the last level), so the figures equal a default Cachegrind run on the
   same machine. */
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
      HT_(clo).geometry_host = False;
      return;
   }
   if (!HT_(clo).given_I1)
      HT_(clo).I1 = (HT_CacheGeometry){ i1->sizeB, i1->assoc, i1->line_sizeB };
   if (!HT_(clo).given_D1)
      HT_(clo).D1 = (HT_CacheGeometry){ d1->sizeB, d1->assoc, d1->line_sizeB };
   if (!HT_(clo).given_LL)
      HT_(clo).LL = adjusted_host_ll(ll);
}

/* Reads the decimal digits at *P into *V and leaves *P at the first
   other character.  Digits only, read here rather than with
   VG_(strtoll10) (and so VG_BINT_CLO), which wraps silently on long
   numbers and takes an empty value as 0.  Returns whether the number is
   above LIMIT; *V is then LIMIT + 1 (LIMIT is below 2^32 here, so *V * 10
   cannot wrap). */
static Bool read_decimal(const HChar** p, ULong limit, ULong* v)
{
   Bool too_large = False;
   *v = 0;
   for (; **p >= '0' && **p <= '9'; (*p)++) {
      if (!too_large)
         *v = *v * 10 + (ULong)(**p - '0');
      if (*v > limit) { too_large = True; *v = limit + 1; }
   }
   return too_large;
}

/* The value of the integer option ARG (NAME=VALUE): a whole number
   from LO to HI.  Anything else (empty, a sign, other characters, too
   many digits) is refused naming the option, exit 1, before the program
   runs.  Every integer option of the tool is read here. */
static ULong whole_number(const HChar* arg, const HChar* name,
                          const HChar* value, ULong lo, ULong hi)
{
   const HChar* p = value;
   ULong        v;
   Bool         too_large = read_decimal(&p, hi, &v);
   if (*value == '\0')
      VG_(fmsg_bad_option)(arg, "'%s' argument is empty: give a whole "
                           "number between %llu and %llu\n", name,
                           lo, hi);
   if (p == value || *p != '\0')
      VG_(fmsg_bad_option)(arg, "'%s' argument is not a whole number: "
                           "give one between %llu and %llu\n", name, lo, hi);
   if (too_large || v < lo)
      VG_(fmsg_bad_option)(arg, "'%s' argument must be between %llu and "
                           "%llu\n", name, lo, hi);
   return v;
}

/* --I1=size,assoc,line and the like; refuses what the model cannot
   simulate, with Cachegrind's rules. */
static void parse_cache_option(const HChar* arg, const HChar* value,
                               HT_CacheGeometry* g, Bool* given)
{
   static const HChar* const what[3] = { "SIZE", "ASSOC", "LINE" };
   const HChar* p = value;
   ULong        v[3];
   Int          i;
   const HChar* problem;
   for (i = 0; i < 3; i++) {
      const HChar* start = p;
      Bool         too_large = read_decimal(&p, 0x7fffffffULL, &v[i]);
      if (p == start || (i < 2 && *p != ',') || (i == 2 && *p != '\0'))
         VG_(fmsg_bad_option)(arg, "expected SIZE,ASSOC,LINE in bytes, "
                              "ways and bytes, e.g. 32768,8,64\n");
      /* Well-formed but out of range: say which number, and the limit. */
      if (too_large) {
         HChar num[32];
         SizeT n = (SizeT)(p - start) < sizeof num ? (SizeT)(p - start)
                                                   : sizeof num - 4;
         VG_(memcpy)(num, start, n);
         VG_(strcpy)(num + n, (SizeT)(p - start) > n ? "..." : "");
         VG_(fmsg_bad_option)(arg, "%s %s is too large (at most "
                              "2147483647)\n", what[i], num);
      }
      if (v[i] == 0)
         VG_(fmsg_bad_option)(arg, "%s must be at least 1\n", what[i]);
      p++;
   }
   g->size = (UInt)v[0]; g->assoc = (UInt)v[1]; g->line = (UInt)v[2];
   problem = HT_(cache_geometry_problem)(g);
   if (problem)
      VG_(fmsg_bad_option)(arg, "%s\n", problem);
   *given = True;
}

static void add_run_setting(const HChar* arg, const HChar* value)
{
   const HChar* eq = VG_(strchr)(value, '=');
   if (eq == NULL || eq == value)
      VG_(fmsg_bad_option)(arg, "expected KEY=VALUE with a non-empty KEY\n");
   HT_(clo).run_settings
      = VG_(realloc)("hotgrind.run_settings", HT_(clo).run_settings,
                     (HT_(clo).n_run_settings + 1)
                     * sizeof *HT_(clo).run_settings);
   HT_(clo).run_settings[HT_(clo).n_run_settings++] = value;
}

/* --random-seed: decimal, or hexadecimal after 0x, 64 bits. */
static Bool parse_seed(const HChar* text, ULong* out)
{
   ULong v = 0;
   UInt  base = 10, digit;
   if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
      base = 16;
      text += 2;
   }
   if (*text == '\0') return False;
   for (; *text != '\0'; text++) {
      if (*text >= '0' && *text <= '9') digit = *text - '0';
      else if (base == 16 && *text >= 'a' && *text <= 'f') digit = *text - 'a' + 10;
      else if (base == 16 && *text >= 'A' && *text <= 'F') digit = *text - 'A' + 10;
      else return False;
      if (v > (~0ULL - digit) / base) return False;   /* overflow */
      v = v * base + digit;
   }
   *out = v;
   return True;
}

static Bool ht_process_cmd_line_option(const HChar* arg)
{
   HT_Clo*      c = &HT_(clo);
   const HChar* value = NULL;
   if VG_STR_CLO(arg, "--hotgrind-out-file", c->out_file) {
      if (c->out_file[0] == '\0') {
         VG_(fmsg_bad_option)(arg, "the report file name is empty\n");
      }
   }
   else if VG_BOOL_CLO(arg, "--host-info", c->host_info) {}
   else if VG_BOOL_CLO(arg, "--collect-atstart", c->collect_atstart) {}
   else if VG_BOOL_CLO(arg, "--cache-sim", c->cache_sim) {}
   else if VG_BOOL_CLO(arg, "--branch-sim", c->branch_sim) {}
   else if VG_XACT_CLO(arg, "--cost-model=l1-ll-miss", c->cost_model,
                       HT_Cost_L1LLMiss) {}
   else if VG_XACT_CLO(arg, "--cost-model=l1-ll-branch-miss", c->cost_model,
                       HT_Cost_L1LLBranchMiss) {}
   else if VG_STR_CLO(arg, "--cost-model", value)
      VG_(fmsg_bad_option)(arg, "the cost models are l1-ll-miss and "
                           "l1-ll-branch-miss\n");
   else if VG_STR_CLO(arg, "--I1", value)
      parse_cache_option(arg, value, &c->I1, &c->given_I1);
   else if VG_STR_CLO(arg, "--D1", value)
      parse_cache_option(arg, value, &c->D1, &c->given_D1);
   else if VG_STR_CLO(arg, "--LL", value)
      parse_cache_option(arg, value, &c->LL, &c->given_LL);
   else if VG_STR_CLO(arg, "--launcher", c->launcher) {
      if (c->launcher[0] == '\0')
         VG_(fmsg_bad_option)(arg, "the launcher's name is empty\n");
   }
   else if VG_STR_CLO(arg, "--run-setting", value)
      add_run_setting(arg, value);
   else if VG_BOOL_CLO(arg, "--heap", c->heap) {}
   else if VG_BOOL_CLO(arg, "--thread-events", c->thread_events) {}
   else if VG_BOOL_CLO(arg, "--call-graph", c->call_graph) {}
   else if VG_BOOL_CLO(arg, "--lines", c->lines) {}
   else if VG_BOOL_CLO(arg, "--inline", c->inlined) {}
   else if VG_STR_CLO(arg, "--max-contexts", value) {
      c->max_contexts = (UInt)whole_number(arg, "--max-contexts", value,
                                             0, 100000000);
      c->given_max_contexts = True;
   }
   else if VG_XACT_CLO(arg, "--cache-geometry=fixed", c->geometry_host, False) {}
   else if VG_XACT_CLO(arg, "--cache-geometry=host", c->geometry_host, True) {}
   else if VG_STR_CLO(arg, "--mark", value)
      HT_(add_pattern)(HT_Pat_Mark, value, "--mark");
   else if VG_STR_CLO(arg, "--alloc-fn", value)
      HT_(add_pattern)(HT_Pat_AllocFn, value, "--alloc-fn");
   else if VG_STR_CLO(arg, "--free-fn", value)
      HT_(add_pattern)(HT_Pat_FreeFn, value, "--free-fn");
   else if VG_STR_CLO(arg, "--dead-mark-exitcode", value)
      c->dead_mark_exitcode = (Int)whole_number(arg, "--dead-mark-exitcode",
                                                  value, 0, 255);
   else if VG_BOOL_CLO(arg, "--det-random", c->det_random) {}
   else if VG_STR_CLO(arg, "--random-seed", value) {
      if (!parse_seed(value, &c->random_seed))
         VG_(fmsg_bad_option)(arg, "the seed is a whole number from 0 to "
                              "18446744073709551615 (decimal, or hex with "
                              "0x)\n");
   }
   else if VG_BOOL_CLO(arg, "--det-clock", c->det_clock) {}
   else if VG_STR_CLO(arg, "--cpus", value)
      c->cpus = (UInt)whole_number(arg, "--cpus", value, 1, 64);
   /* Tests only (regtest/graph_self_check.sh), so not in --help. */
   else if VG_XACT_CLO(arg, "--debug-corrupt-graph=calls",
                       c->debug_corrupt_graph, HT_Corrupt_Calls) {}
   else if VG_XACT_CLO(arg, "--debug-corrupt-graph=inclusive",
                       c->debug_corrupt_graph, HT_Corrupt_Inclusive) {}
   else if VG_STR_CLO(arg, "--debug-corrupt-graph", value)
      VG_(fmsg_bad_option)(arg, "the values are calls and inclusive\n");
   else if VG_XACT_CLO(arg, "--tier=auto", c->tier, HT_Tier_Auto) {}
   else if VG_XACT_CLO(arg, "--tier=1", c->tier, HT_Tier_1) {}
   else if VG_XACT_CLO(arg, "--tier=2", c->tier, HT_Tier_2) {}
   else if VG_STR_CLO(arg, "--tier", value)
      VG_(fmsg_bad_option)(arg, "the tiers are auto, 1 and 2\n");
   else if VG_STR_CLO(arg, "--tier-threshold", value)
      c->tier_threshold = (UWord)whole_number(arg, "--tier-threshold", value,
                                              1, 1000000000);
   else if VG_STR_CLO(arg, "--mark-file", value) {
      if (c->n_mark_files == HT_MAX_MARK_FILES)
         VG_(fmsg_bad_option)(arg, "too many --mark-file options\n");
      c->mark_files[c->n_mark_files++] = value;
   }
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
"                                glob PATTERN (* and ?), if OBJ is given only\n"
"                                in objects whose file name or soname\n"
"                                matches the glob OBJ (libz.so.1, libz.so*):\n"
"                                report calls, inclusive Ir and per-call\n"
"                                distribution (repeatable)\n"
"    --mark-file=FILE            read mark patterns from FILE, one a line,\n"
"                                '#' starts a comment\n"
"    --dead-mark-exitcode=N      exit with status N (1 to 255) when the\n"
"                                program exited with 0 but a mark pattern\n"
"                                was never entered; the report is written\n"
"                                first [0: off]\n"
"    --collect-atstart=no|yes    count from the start, or only after\n"
"                                HOTGRIND_START_INSTRUMENTATION [yes]\n"
"    --cache-sim=no|yes          simulate I1, D1 and LL caches as Cachegrind\n"
"                                does: Dr Dw I1mr ILmr D1mr DLmr D1mw DLmw [no]\n"
"    --branch-sim=no|yes         simulate branch prediction as Cachegrind\n"
"                                does: Bc Bcm Bi Bim [no]\n"
"    --cost-model=l1-ll-miss|l1-ll-branch-miss\n"
"                                how cycles are estimated: Ir + 10 x L1\n"
"                                misses + 100 x LL misses, or that + 10 x\n"
"                                (Bcm + Bim), which needs --cache-sim=yes\n"
"                                and --branch-sim=yes [l1-ll-miss]\n"
"    --lines=no|yes              also count self costs per source line [no]\n"
"    --inline=no|yes             give inlined functions rows of their own,\n"
"                                with their calls (switches Valgrind's\n"
"                                --read-inline-info on) [no]\n"
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
"    --call-graph=no|yes         report every function's calls and\n"
"                                inclusive costs, and its calls of each\n"
"                                other function with their inclusive\n"
"                                costs [no]\n"
"    --max-contexts=N            with --call-graph=yes, the calling-context\n"
"                                tree's size cap: past N nodes a call that\n"
"                                needs a new context goes to its function's\n"
"                                truncated root; 0: no context tree [100000]\n"
"    --launcher=NAME             the program that started Valgrind to make\n"
"                                the run reproducible (`hotgrind run` gives\n"
"                                it), recorded in <run><launcher>\n"
"    --run-setting=KEY=VALUE     one thing that launcher fixed, recorded as\n"
"                                a <setting> (repeatable; needs --launcher)\n"
"    --det-random=no|yes         give the program seeded bytes for getrandom,\n"
"                                /dev/urandom, /dev/random, AT_RANDOM, RDRAND\n"
"                                and RDSEED, so hash tables seeded from them\n"
"                                do the same work every run (the bytes are\n"
"                                predictable: not secret), and the address\n"
"                                map without the gdbserver file named with\n"
"                                the process ID [yes]\n"
"    --random-seed=N             the generator's seed (0 to 2^64-1) [0]\n"
"    --det-clock=no|yes          answer clock reads (clock_gettime,\n"
"                                gettimeofday, time, rdtsc) from the\n"
"                                instruction count, 1 ns an instruction;\n"
"                                sleeps stay real [no; hotgrind run: yes]\n"
"    --cpus=N                    tell the program it has N CPUs (1 to 64):\n"
"                                sched_getaffinity, /sys/devices/system/cpu,\n"
"                                /proc/cpuinfo, /proc/stat, cgroup quotas\n"
"                                [the host's; hotgrind run: 4]\n"
   );
}

/* For diagnosis: the counts are the same whatever these say
   (regtest/tiers.sh). */
static void ht_print_debug_usage(void)
{
   VG_(printf)(
"    --tier=auto|1|2             how --branch-sim=yes predicts conditional\n"
"                                branches: 1, a helper call each (quick to\n"
"                                translate); 2, inline code (quick to run);\n"
"                                auto, 1 until a block has run\n"
"                                --tier-threshold times, then 2 [auto]\n"
"    --tier-threshold=N          runs of a block in tier 1 before it is\n"
"                                translated again in tier 2 [%d]\n",
      HT_TIER_THRESHOLD);
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

/* Readability is checked once per page touched, so a string that ends
   before an unmapped page is read whole. */
Bool HT_(read_client)(Addr a, void* buf, SizeT size, Bool string)
{
   HChar* out = buf;
   SizeT  i;
   for (i = 0; i < size; i++) {
      if (string && i + 1 == size) {
         out[i] = '\0';
         break;
      }
      if ((i == 0 || ((a + i) & (VKI_PAGE_SIZE - 1)) == 0)
          && !VG_(am_is_valid_for_client)(a + i, 1, VKI_PROT_READ))
         return False;
      out[i] = *(const HChar*)(a + i);
      if (string && out[i] == '\0')
         break;
   }
   return True;
}

/* The tool API has no strerror (the core's VG_(strerror) is not
   exported).  These are the failures a report or mark file meets; any
   other is given by number, so a reason is always printed. */
const HChar* HT_(strerror)(Int err)
{
   static HChar other[32];
   switch (err) {
      case VKI_EPERM:        return "Operation not permitted";
      case VKI_ENOENT:       return "No such file or directory";
      case VKI_EIO:          return "Input/output error";
      case VKI_ENXIO:        return "No such device or address";
      case VKI_EACCES:       return "Permission denied";
      case VKI_EBUSY:        return "Device or resource busy";
      case VKI_EEXIST:       return "File exists";
      case VKI_EXDEV:        return "Invalid cross-device link";
      case VKI_ENOTDIR:      return "Not a directory";
      case VKI_EISDIR:       return "Is a directory";
      case VKI_EINVAL:       return "Invalid argument";
      case VKI_ENFILE:       return "Too many open files in system";
      case VKI_EMFILE:       return "Too many open files";
      case VKI_ETXTBSY:      return "Text file busy";
      case VKI_EFBIG:        return "File too large";
      case VKI_ENOSPC:       return "No space left on device";
      case VKI_EROFS:        return "Read-only file system";
      case VKI_ELOOP:        return "Too many levels of symbolic links";
#if defined(VGO_linux)
      /* Linux's numbers; the VKI headers lack these two. */
      case 36:               return "File name too long";
      case 122:              return "Disk quota exceeded";
#endif
      default:
         VG_(snprintf)(other, sizeof other, "error %d", err);
         return other;
   }
}

/* A name cut at 'len' bytes (its limit) must not end in part of a UTF-8
   character, which the report would write as \xHH escapes: drops such a
   trailing part. */
static void cut_at_character(HChar* name, SizeT len)
{
   SizeT start = len, need;
   UChar lead;
   while (start > 0 && len - start < 4
          && ((UChar)name[start - 1] & 0xC0) == 0x80)
      start--;
   if (start == 0) return;
   lead = (UChar)name[start - 1];
   need = (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3
        : (lead & 0xF8) == 0xF0 ? 4 : 1;
   if (need > 1 && len - (start - 1) < need)
      name[start - 1] = '\0';
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
         if (args[1] == 0 || !HT_(read_client)(args[1], name, sizeof name, True)
             || name[0] == '\0') {
            VG_(umsg)("hotgrind: warning: HOTGRIND_ZONE_BEGIN with no "
                      "readable name; using \"?\"\n");
            VG_(strcpy)(name, "?");
         }
         if (VG_(strlen)(name) == sizeof name - 1)
            cut_at_character(name, sizeof name - 1);
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
            HT_(callstack_collection_started)();
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

/* --cache-sim=yes: the caches, checked as a whole, and the simulator. */
static void cache_post_clo_init(void)
{
   HT_Clo* c = &HT_(clo);
   UInt    min_line;
   if (c->geometry_host) {
      const HChar* problem;
      use_host_geometry();
      if ((problem = HT_(cache_geometry_problem)(&c->LL)) != NULL
          || (problem = HT_(cache_geometry_problem)(&c->I1)) != NULL
          || (problem = HT_(cache_geometry_problem)(&c->D1)) != NULL) {
         VG_(fmsg)("hotgrind: the host's cache geometry cannot be "
                   "simulated: %s; give --I1/--D1/--LL\n", problem);
         VG_(exit)(1);
      }
   }
   min_line = c->I1.line < c->D1.line ? c->I1.line : c->D1.line;
   if (c->LL.line < min_line) min_line = c->LL.line;
   /* An access wider than a line could span three lines, which the
      model (like Cachegrind's) does not simulate. */
   if ((Int)min_line < VG_(machine_get_size_of_largest_guest_register)()) {
      VG_(fmsg)("hotgrind: --cache-sim=yes needs cache lines of at least "
                "%d bytes on this CPU (its widest register); the smallest "
                "given is %u (--I1/--D1/--LL)\n",
                VG_(machine_get_size_of_largest_guest_register)(), min_line);
      VG_(exit)(1);
   }
   HT_(instrument_init)(min_line);
   HT_(sim_init)(&c->I1, &c->D1, &c->LL);
}

/* The core sizes each translation-cache sector for this many bytes of
   host code a translation (VG_(init_tt_tc), which runs after this
   function).  With a simulator hotgrind's translations are about twice
   those of an Ir count (--stats=yes on Debian's python3 -S: about 220
   bytes a translation counting Ir, 270 with the call graph, 370 with
   --branch-sim=yes, 460 with --cache-sim=yes, 560 with all of them), so
   at the start-up default of 300 bytes a short run's code overflowed
   the first sector by size and paid for a second one's tables (about
   6 MB written) while most of its entries were still free. */
static void translation_size_post_clo_init(void)
{
   UInt bytes = 300;
   if (HT_(clo).cache_sim) bytes += 250;
   if (HT_(clo).branch_sim) bytes += 100;
   if (HT_(clo).call_graph || HT_(n_marks)() > 0 || HT_(clo).thread_events)
      bytes += 50;
   VG_(details_avg_translation_sizeB)(bytes);
}

static void ht_post_clo_init(void)
{
   start_pid = VG_(getpid)();
   /* A model whose inputs are not counted would price them at zero. */
   if (HT_(clo).cost_model == HT_Cost_L1LLBranchMiss
       && !(HT_(clo).cache_sim && HT_(clo).branch_sim)) {
      VG_(fmsg)("hotgrind: --cost-model=l1-ll-branch-miss prices cache "
                "misses and branch mispredictions: it needs --cache-sim=yes "
                "and --branch-sim=yes\n");
      VG_(exit)(1);
   }
   HT_(mark_post_clo_init)();
   HT_(inline_post_clo_init)();
   HT_(fn_init)();
   HT_(callstack_init)();
   HT_(context_init)();
   HT_(heap_init)();
   HT_(threads_init)();
   HT_(random_init)();
   HT_(clock_init)();
   HT_(collecting) = HT_(clo).collect_atstart;
   /* Marks, thread events and the call graph read the clock at every
      call they track.  With --lines=yes the clock is otherwise the sum
      of the lines' Ir counts, which sit in dense arrays (ht_line.c) so a
      thread switch's sum is cheap; with a cache simulation it would
      also read every line record's Dr and Dw, so the clock runs inline
      then (docs/performance.md, "Per-line costs"). */
   HT_(clock_inline) = HT_(n_marks)() > 0 || HT_(clo).thread_events
                       || HT_(clo).call_graph
                       || (HT_(clo).lines && HT_(clo).cache_sim);
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
   /* The call graph keeps VEX's default register-update policy: keeping
      every register exact at each instruction made the generated code
      about 0.3-0.5 s slower on xz -1 of 4 MB (docs/performance.md).  Only
      a superblock with an entry that may read a stale SP is translated
      again with that policy (ht_instrument.c, retranslation_stub), which
      raises VG_(clo_px_file_backed) for that one translation. */
   if (HT_(clo).cache_sim)
      cache_post_clo_init();
   translation_size_post_clo_init();
   if (HT_(clo).n_run_settings > 0 && HT_(clo).launcher == NULL) {
      VG_(fmsg)("hotgrind: --run-setting needs --launcher=NAME: the "
                "settings are the launcher's\n");
      VG_(exit)(1);
   }
   HT_(report_check_path)();
}

/* Ends the program's counting and writes the report: at exit, or
   before an exec replaces the process image.  False if no report could
   be written (after saying why).  *graph_ok: False if the call graph
   failed the tool's own check (HT_(graph_self_check)). */
static Bool end_and_write_report(Bool* graph_ok)
{
   static Bool warned = False;
   UInt    n;
   ULong   total;
   HT_Fn** fns;
   Bool    ok;

   HT_(callstack_fini)();
   HT_(fn_restore_end)();
   /* Built and sorted once, for the summary and the report. */
   fns = HT_(fn_sorted)(&n, &total);
   if (!warned) HT_(warn_unused_marks)();   /* once, if an exec failed */
   warned = True;

   HT_(print_summary)(fns, n, total);
   HT_(graph_debug_corrupt)(fns, n);
   ok = HT_(report_write)(fns, n, total);
   /* No silent breach: a broken identity is named where a user's bug
      report will carry it.  The report keeps the figures, for the bug
      report; every hotgrind command refuses it (cli/rules.c checks the
      same identities), and ht_fini fails the run.  (Nothing counts after
      this.) */
   *graph_ok = HT_(graph_self_check)(fns, n);
   VG_(free)(fns);
   return ok;
}

/* Whether Valgrind runs an exec'd program under the tool too
   (--trace-children=yes, the last one given); the tool API does not
   export the option itself. */
static Bool tracing_children(void)
{
   Bool  yes = False;
   Word  i;
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_valgrind)); i++) {
      const HChar* a = *(HChar**)VG_(indexXA)(VG_(args_for_valgrind), i);
      if (VG_(strcmp)(a, "--trace-children=yes") == 0) yes = True;
      else if (VG_(strcmp)(a, "--trace-children=no") == 0) yes = False;
   }
   return yes;
}

/* execve is about to replace the process image, whose counts would be
   lost with it (fini never runs): the report is written now, as at exit,
   with <exit how="exec"/>.  Returns False if it was not (the exec will
   fail, so the program goes on and its report is written at exit). */
Bool HT_(before_exec)(const HChar* path)
{
   struct vg_stat st;
   /* The new program's exit status is its own: a wrong call graph is
      only named on stderr here (and refused by every hotgrind command). */
   Bool graph_ok;
   /* Only the process the tool started with: a forked child's counts up
      to the fork are its parent's, and a child that execs (system(),
      popen(), posix_spawn) would otherwise write one report per
      command it runs. */
   if (VG_(getpid)() != start_pid)
      return False;
   /* Valgrind itself refuses an exec of what is not an executable
      regular file; without this check, execvp's search of PATH (one
      failing execve per folder) would end the counting at the first. */
   if (path != NULL
       && (sr_isError(VG_(stat)(path, &st)) || !VKI_S_ISREG(st.mode)
           || (st.mode & (VKI_S_IXUSR | VKI_S_IXGRP | VKI_S_IXOTH)) == 0))
      return False;
   VG_(umsg)("hotgrind: execve(%s): writing the report of the program "
             "it replaces\n", path ? path : "(by descriptor)");
   if (tracing_children())
      VG_(umsg)("hotgrind: warning: with --trace-children=yes the new "
                "program's report will replace it at the same name (the "
                "pid does not change)\n");
   if (!end_and_write_report(&graph_ok))
      VG_(umsg)("hotgrind: error: no report was written for the program "
                "that execve replaces\n");
   return True;
}

void HT_(exec_failed)(void)
{
   VG_(umsg)("hotgrind: warning: execve failed after the report was "
             "written: nothing the program does from now on is counted\n");
}

/* --dead-mark-exitcode=N: a benchmark whose marked functions never ran
   measured nothing, and must not pass in CI.  Only a program that exited
   with 0 gets N: a failure or a fatal signal of its own says more, and
   stands.  The core has no hook for a tool to choose the exit status
   (its --error-exitcode counts errors of error-reporting tools), so the
   process ends here with VG_(exit), after the report and the summary are
   written; what the core would still do after the tool's fini is print
   --stats and make the client's exit status the process's, both of which
   this replaces. */
static void exit_if_dead_marks(void)
{
   UInt dead, status;
   if (HT_(clo).dead_mark_exitcode == 0
       || HT_(how_ended)(&status) != HT_Exit_Status || status != 0)
      return;
   dead = HT_(dead_marks)();
   if (dead == 0) return;
   VG_(umsg)("hotgrind: %u mark pattern%s never entered: exiting with "
             "status %d (--dead-mark-exitcode)\n", dead, dead == 1 ? " was"
             : "s were", HT_(clo).dead_mark_exitcode);
   VG_(exit)(HT_(clo).dead_mark_exitcode);
}

/* A report whose call graph failed the tool's own check must not pass
   as right in a CI job that only runs the program: a run whose program
   exited with 0 exits with 1 (a failure or a fatal signal of the
   program's own stands, as for --dead-mark-exitcode). */
static void exit_if_graph_wrong(Bool graph_ok)
{
   UInt status;
   if (graph_ok || HT_(how_ended)(&status) != HT_Exit_Status || status != 0)
      return;
   VG_(umsg)("hotgrind: the call graph failed the tool's own check: exiting "
             "with status 1\n");
   VG_(exit)(1);
}

static void ht_fini(Int exitcode)
{
   Bool graph_ok;
   /* A CI job must not pass on a run whose report is missing, so this
      overrides the client's own exit status. */
   if (!end_and_write_report(&graph_ok)) {
      VG_(umsg)("hotgrind: no report was written; exiting with status 1\n");
      VG_(exit)(1);
   }
   HT_(inputs_print_note)();
   exit_if_graph_wrong(graph_ok);
   exit_if_dead_marks();
#if defined(VGA_amd64) || defined(VGA_x86) || defined(VGA_arm64)
   if (VG_(clo_verbosity) > 1)
      VG_(umsg)("hotgrind: %llu superblocks translated again with SP exact "
                "at each instruction (%llu exact translations)%s\n",
                HT_(retranslate_stats).stubs, HT_(retranslate_stats).exact,
                HT_(retranslate_stats).all_exact_from
                   ? ", all of them exact from then on" : "");
#endif
   if (VG_(clo_verbosity) > 1)
      VG_(umsg)("hotgrind: %llu translations in tier 1, %llu in tier 2, "
                "%llu of them of blocks promoted from tier 1\n",
                HT_(tier_stats).tier1, HT_(tier_stats).tier2,
                HT_(tier_stats).promoted);
}

/* Whenever the scheduler is about to run client code: outside any
   translated block, so blocks can be discarded here. */
static void start_client_code(ThreadId tid, ULong blocks_dispatched)
{
   HT_(tier_promote_due)();
   HT_(thread_switch)(tid, blocks_dispatched);
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
#if defined(VGA_arm)
   /* The entry helper reads SP and LR with GETs added after VEX's first
      iropt pass, which drops a PUT that a later instruction of the same
      superblock overwrites: a chased `bl`'s PUT of LR goes when the
      target calls again within the superblock.  arm64 translates only
      such superblocks again with every register exact (ht_instrument.c,
      retranslation_stub) and keeps Cachegrind's policy elsewhere, as
      keeping every register exact everywhere kept loads that Cachegrind
      does not count (a load whose register is overwritten before it is
      read: regtest/arm64_dead_load.S); 32-bit arm, never checked against
      Cachegrind, keeps every register exact at each instruction. */
   VG_(clo_vex_control).iropt_register_updates_default
      = VG_(clo_px_file_backed)
      = VexRegUpdAllregsAtEachInsn;
#endif

   VG_(basic_tool_funcs)(ht_post_clo_init, HT_(instrument), ht_fini);
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
   VG_(track_start_client_code)(start_client_code);
   HT_(threads_register)();
}

VG_DETERMINE_INTERFACE_VERSION(ht_pre_clo_init)
