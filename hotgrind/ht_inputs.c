/*--------------------------------------------------------------------*/
/*--- hotgrind: what the program read that could move its counts.  ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* The inputs a program reads from outside that can change what it
   executes from run to run: OS randomness (ht_random.c), the clocks
   (ht_clock.c) and the number of CPUs (ht_cpus.c).  Each read is
   recorded here by (kind, source, calling function, object), with whether
   the tool pinned what the program got; the report lists them as
   <inputs> (ht_report.c), `hotgrind run --repeat` names the unpinned ones
   as causes, and at exit unpinned randomness and clock reads are
   reported on stderr.

   This file also routes the system calls those parts answer: the one
   post-syscall hook (registered by ht_threads.c) calls
   HT_(inputs_post_syscall). */

#include "pub_tool_basics.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_stacktrace.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"

#include "ht_include.h"

/* One (kind, source, function, object) and what it read. */
struct _HT_Input {
   struct _HT_Input* next;       /* hash chain */
   HT_InputKind      kind;
   const HChar*      source;     /* a static string */
   const HChar*      function;   /* interned */
   const HChar*      object;     /* an HT_Object's name */
   ULong             calls;
   ULong             bytes;      /* HT_Input_Random only */
   Bool              pinned;
   UInt              hash;
};

#define N_BUCKETS 64
static HT_Input* buckets[N_BUCKETS];
static UInt      n_inputs;

/* Frames that are the C library's (or the Rust standard library's)
   wrapper of the call itself, not the code that wanted the value: the
   first frame below them names the reader.  Compared without a symbol
   version. */
static const HChar* const wrapper_names[] = {
   "getrandom", "__getrandom", "__GI___getrandom", "__getrandom_nocancel",
   "getentropy", "__getentropy", "__GI_getentropy", "arc4random",
   "__arc4random", "arc4random_buf", "__arc4random_buf", "arc4random_uniform",
   "syscall", "__syscall", "__GI_syscall",
   "read", "__read", "__libc_read", "__GI___libc_read", "__read_nocancel",
   "__GI___read_nocancel", "pread", "pread64", "__libc_pread",
   "__libc_pread64", "__pread64", "__GI___pread64", "readv", "__readv",
   "__GI___readv", "preadv", "preadv64",
   "_IO_file_read", "_IO_new_file_underflow", "_IO_file_underflow",
   "__GI__IO_file_underflow", "_IO_default_uflow", "__GI__IO_default_uflow",
   "__uflow", "__GI___uflow", "__underflow", "_IO_file_xsgetn",
   "_IO_new_file_xsgetn", "__GI__IO_file_xsgetn", "_IO_sgetn",
   "__GI__IO_sgetn", "fread", "_IO_fread", "fread_unlocked",
   "__fread_unlocked", "_IO_getline_info", "_IO_getline", "fgets",
   "_IO_fgets", "getc", "_IO_getc", "fgetc", "__getdelim", "getdelim",
   "getline",
   "clock_gettime", "__clock_gettime", "__clock_gettime64",
   "__GI___clock_gettime", "gettimeofday", "__gettimeofday",
   "__gettimeofday64", "__GI___gettimeofday", "time", "__time",
   "clock", "timespec_get", "clock_getres", "__clock_getres",
   "__clock_getres64",
   "sched_getaffinity", "__sched_getaffinity", "__sched_getaffinity_new",
   "__GI___sched_getaffinity_new", "pthread_getaffinity_np",
   "__pthread_getaffinity_np",
   "open", "open64", "__open", "__libc_open64", "__open64_nocancel",
   "__GI___open64_nocancel", "__open_nocancel", "__GI___open_nocancel",
   "openat", "openat64", "__libc_openat64", "__openat64_nocancel",
   "fopen", "fopen64", "_IO_new_fopen", "__fopen_internal",
   "_IO_file_open", "__GI__IO_file_open", "_IO_file_fopen",
   "_IO_new_file_fopen", "__GI__IO_file_fopen",
   "__gettimeofday_syscall", "time_syscall", "__clock_gettime_syscall",
   NULL
};

static Bool is_wrapper(const HChar* name)
{
   SizeT len = 0;
   UInt  i;
   while (name[len] != '\0' && name[len] != '@') len++;
   for (i = 0; wrapper_names[i] != NULL; i++)
      if (VG_(strncmp)(wrapper_names[i], name, len) == 0
          && wrapper_names[i][len] == '\0')
         return True;
   return False;
}

/* Frames of the stack a read is attributed by. */
#define N_FRAMES 12

/* The function that asked, given the n frames ips of its stack: the
   innermost frame that is not a wrapper of the call; its name
   (Valgrind's, demangled; valid until the next debug-info change or
   name look-up) and object. */
static void reader_of(DiEpoch ep, const Addr* ips, UInt n,
                      const HChar** function, const HChar** object)
{
   UInt         i;
   const HChar* name;

   *function = "???";
   *object = "???";
   for (i = 0; i < n; i++) {
      if (!VG_(get_fnname)(ep, ips[i], &name) || name[0] == '\0')
         continue;
      if (is_wrapper(name) && i + 1 < n)
         continue;
      *function = name;
      *object = HT_(object_at)(ep, ips[i])->name;
      return;
   }
}

/* The row each recent stack was counted in: a program that reads the
   clock in a loop reads it from the same stack every time, and naming
   the frames (symbol look-ups, the wrapper list) cost ten times the
   work of the rest of such a run.  The same frames in the same
   debug-info epoch name the same reader, so the row is reused; a
   different stack that lands in the same slot replaces it. */
#define N_STACK_MEMOS 64
typedef struct {
   HT_InputKind kind;
   const HChar* source;     /* a static string: compared by address */
   UInt         epoch;
   UInt         n;
   Addr         ips[N_FRAMES];
   HT_Input*    in;         /* NULL: an empty slot */
} StackMemo;
static StackMemo stack_memos[N_STACK_MEMOS];

static StackMemo* stack_memo_slot(HT_InputKind kind, const HChar* source,
                                  DiEpoch ep, const Addr* ips, UInt n)
{
   UWord h = (UWord)kind * 31 + (UWord)source + ep.n * 17 + n;
   UInt  i;
   for (i = 0; i < n; i++)
      h = h * 1000003 ^ ips[i];
   return &stack_memos[(h ^ (h >> 17)) % N_STACK_MEMOS];
}

static Bool stack_memo_matches(const StackMemo* m, HT_InputKind kind,
                               const HChar* source, DiEpoch ep,
                               const Addr* ips, UInt n)
{
   UInt i;
   if (m->in == NULL || m->kind != kind || m->source != source
       || m->epoch != ep.n || m->n != n)
      return False;
   for (i = 0; i < n; i++)
      if (m->ips[i] != ips[i])
         return False;
   return True;
}

HT_Input* HT_(input_of)(HT_InputKind kind, const HChar* source,
                        const HChar* function, const HChar* object,
                        Bool pinned)
{
   UInt      h = HT_(hash_str)(HT_(hash_str)(HT_(hash_str)(
                     HT_HASH_START ^ (UInt)kind, source), function), object);
   HT_Input* in;

   for (in = buckets[h % N_BUCKETS]; in; in = in->next)
      if (in->hash == h && in->kind == kind
          && VG_(strcmp)(in->source, source) == 0
          && VG_(strcmp)(in->function, function) == 0
          && VG_(strcmp)(in->object, object) == 0)
         break;
   if (in == NULL) {
      in = VG_(calloc)("hotgrind.input", 1, sizeof *in);
      in->kind = kind;
      in->source = source;
      in->function = VG_(strdup)("hotgrind.input.fn", function);
      in->object = object;
      in->hash = h;
      in->pinned = pinned;
      in->next = buckets[h % N_BUCKETS];
      buckets[h % N_BUCKETS] = in;
      n_inputs++;
   }
   /* A source is pinned for the whole run or not at all. */
   tl_assert(in->pinned == pinned);
   return in;
}

void HT_(input_count)(HT_Input* in, ULong bytes)
{
   in->calls++;
   in->bytes += bytes;
}

void HT_(input_note)(ThreadId tid, HT_InputKind kind, const HChar* source,
                     ULong bytes, Bool pinned)
{
   Addr         ips[N_FRAMES];
   DiEpoch      ep = VG_(current_DiEpoch)();
   UInt         n = VG_(get_StackTrace)(tid, ips, N_FRAMES, NULL, NULL, 0);
   StackMemo*   memo = stack_memo_slot(kind, source, ep, ips, n);
   const HChar* function;
   const HChar* object;

   if (!stack_memo_matches(memo, kind, source, ep, ips, n)) {
      reader_of(ep, ips, n, &function, &object);
      memo->kind = kind;
      memo->source = source;
      memo->epoch = ep.n;
      memo->n = n;
      VG_(memcpy)(memo->ips, ips, n * sizeof ips[0]);
      memo->in = HT_(input_of)(kind, source, function, object, pinned);
   }
   /* A source is pinned for the whole run or not at all. */
   tl_assert(memo->in->pinned == pinned);
   HT_(input_count)(memo->in, bytes);
}

static Int cmp_inputs(const void* pa, const void* pb)
{
   const HT_Input* a = *(const HT_Input* const*)pa;
   const HT_Input* b = *(const HT_Input* const*)pb;
   Int c;
   if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
   if ((c = VG_(strcmp)(a->source, b->source)) != 0) return c;
   if ((c = VG_(strcmp)(a->object, b->object)) != 0) return c;
   return VG_(strcmp)(a->function, b->function);
}

HT_Input** HT_(inputs_sorted)(UInt* n_out)
{
   HT_Input** all = VG_(malloc)("hotgrind.inputs",
                                (n_inputs ? n_inputs : 1) * sizeof *all);
   UInt       b, n = 0;
   HT_Input*  in;
   for (b = 0; b < N_BUCKETS; b++)
      for (in = buckets[b]; in; in = in->next)
         all[n++] = in;
   tl_assert(n == n_inputs);
   VG_(ssort)(all, n, sizeof *all, cmp_inputs);
   *n_out = n;
   return all;
}

const HChar* HT_(input_kind_name)(HT_InputKind kind)
{
   switch (kind) {
      case HT_Input_Random:   return "random";
      case HT_Input_Clock:    return "clock";
      case HT_Input_CpuCount: return "cpu-count";
   }
   tl_assert(0);
   return NULL;
}

void HT_(input_fields)(const HT_Input* in, HT_InputKind* kind,
                       const HChar** source, const HChar** function,
                       const HChar** object, ULong* calls, ULong* bytes,
                       Bool* pinned)
{
   *kind = in->kind;
   *source = in->source;
   *function = in->function;
   *object = in->object;
   *calls = in->calls;
   *bytes = in->bytes;
   *pinned = in->pinned;
}

/* At most this many rows of a kind are named in the exit note (the
   rest summed in one line): the report's <inputs> has them all. */
#define NOTE_ROWS 10

/* Whether 'object' is the dynamic loader (ld-linux-x86-64.so.2,
   ld-linux-aarch64.so.1, ld.so, ld64.so.2). */
static Bool is_loader(const HChar* object)
{
   return VG_(strncmp)(object, "ld-linux", 8) == 0
          || VG_(strncmp)(object, "ld.so", 5) == 0
          || VG_(strncmp)(object, "ld64.so", 7) == 0;
}

/* Whether the exit note names row 'in' of 'kind': unpinned, and not the
   dynamic loader's own clock reads.  glibc's loader reads the time stamp
   counter at start-up in every program (rtld's timing, which only
   LD_DEBUG=statistics prints): the same instructions whatever it reads,
   so a note about them would be on every run and mean nothing.  The
   report's <inputs> keeps them. */
static Bool noted(const HT_Input* in, HT_InputKind kind)
{
   return in->kind == kind && !in->pinned
          && !(kind == HT_Input_Clock && is_loader(in->object));
}

/* How many reads of 'kind' among 'all' the exit note names. */
static ULong unpinned_calls(HT_Input** all, UInt n, HT_InputKind kind)
{
   UInt  i;
   ULong calls = 0;
   for (i = 0; i < n; i++)
      if (noted(all[i], kind))
         calls += all[i]->calls;
   return calls;
}

/* The exit note's lines for the unpinned rows of 'kind', then 'tail'. */
static void print_unpinned(HT_Input** all, UInt n, HT_InputKind kind,
                           const HChar* tail)
{
   UInt  i, shown = 0;
   ULong rest = 0;
   for (i = 0; i < n; i++) {
      const HT_Input* in = all[i];
      if (!noted(in, kind)) continue;
      if (++shown > NOTE_ROWS)
         rest += in->calls;
      else if (kind == HT_Input_Random)
         VG_(umsg)("hotgrind:   %llu bytes through %s from %s (%s), "
                   "%llu call%s\n", in->bytes, in->source, in->function,
                   in->object, in->calls, in->calls == 1 ? "" : "s");
      else
         VG_(umsg)("hotgrind:   %s from %s (%s), %llu call%s\n",
                   in->source, in->function, in->object, in->calls,
                   in->calls == 1 ? "" : "s");
   }
   if (shown > NOTE_ROWS)
      VG_(umsg)("hotgrind:   and %u more, %llu call%s (the report's "
                "<inputs> lists them)\n", shown - NOTE_ROWS, rest,
                rest == 1 ? "" : "s");
   VG_(umsg)("hotgrind: %s\n", tail);
}

void HT_(inputs_print_note)(void)
{
   UInt       n;
   HT_Input** all = HT_(inputs_sorted)(&n);
   ULong      clock_reads = unpinned_calls(all, n, HT_Input_Clock);

   if (unpinned_calls(all, n, HT_Input_Random) > 0) {
      VG_(umsg)("hotgrind: the program read OS randomness that "
                "--det-random=no leaves unpinned:\n");
      print_unpinned(all, n, HT_Input_Random, "its counts may differ from "
                     "run to run; --det-random=yes pins it");
   }
   /* A clock is unpinned when neither --det-clock=yes nor the patched
      core's virtual time answered it (ht_clock.c): a program that seeds
      a hash from time() (Lua) or loops by it moves between runs. */
   if (clock_reads > 0) {
      VG_(umsg)("hotgrind: the program read the clock %llu time%s outside "
                "virtual time (--det-clock=no, no --det-sched=yes):\n",
                clock_reads, clock_reads == 1 ? "" : "s");
      print_unpinned(all, n, HT_Input_Clock, "its counts may differ from "
                     "run to run; --det-clock=yes (or --det-sched=yes's "
                     "virtual time) answers the clock from the instruction "
                     "count, and `hotgrind run --repeat` tells whether the "
                     "counts move");
   }
   VG_(free)(all);
}

/*------------------------------------------------------------*/
/*--- Descriptors                                          ---*/
/*------------------------------------------------------------*/

Bool HT_(fd_path)(Int fd, HChar* buf, SizeT size)
{
   HChar  link[32];
   SSizeT n;
   VG_(sprintf)(link, "/proc/self/fd/%d", fd);
   n = VG_(readlink)(link, buf, size - 1);
   if (n <= 0 || (SizeT)n >= size - 1) return False;
   buf[n] = '\0';
   return True;
}

HChar* HT_(read_text_file)(const HChar* path, SizeT limit)
{
   SysRes r = VG_(open)(path, VKI_O_RDONLY, 0);
   HChar* text;
   SizeT  len = 0, cap = 4096;
   Int    got;
   if (sr_isError(r)) return NULL;
   text = VG_(malloc)("hotgrind.inputs.text", cap + 1);
   while (limit == 0 || len < limit) {
      if (cap - len < 4096) {
         cap *= 2;
         text = VG_(realloc)("hotgrind.inputs.text", text, cap + 1);
      }
      if ((got = VG_(read)(sr_Res(r), text + len, 4096)) <= 0) break;
      len += got;
   }
   VG_(close)(sr_Res(r));
   text[len] = '\0';
   return text;
}

Int HT_(text_file)(const HChar* part_of_name, const HChar* text, SizeT len)
{
   HChar* name = VG_(malloc)("hotgrind.inputs.tmpname",
                    VG_(mkstemp_fullname_bufsz)(VG_(strlen)(part_of_name)));
   Int    fd = VG_(mkstemp)(part_of_name, name);
   if (fd >= 0 && VG_(write)(fd, text, len) != (Int)len) {
      VG_(close)(fd);
      fd = -1;
   }
   if (fd >= 0) VG_(unlink)(name);
   VG_(free)(name);
   return fd;
}

Bool HT_(show_text_file)(Int fd, Int text_fd, Bool cloexec)
{
   HChar  again[32];
   SysRes r;
   Bool   done;
   /* A description of its own (its own offset), in the program's
      descriptor. */
   VG_(sprintf)(again, "/proc/self/fd/%d", text_fd);
   r = VG_(open)(again, VKI_O_RDONLY, 0);
   if (sr_isError(r)) return False;
   done = !sr_isError(VG_(dup2)(sr_Res(r), fd));
   if (done && cloexec)
      VG_(fcntl)(fd, VKI_F_SETFD, VKI_FD_CLOEXEC);
   VG_(close)(sr_Res(r));
   return done;
}

/*------------------------------------------------------------*/
/*--- System calls                                         ---*/
/*------------------------------------------------------------*/

/* A descriptor the program opened (open, openat, openat2): 'fd' names
   'path' (the kernel's name for it, through /proc/self/fd). */
static void opened(ThreadId tid, Int fd, Bool cloexec)
{
   HChar path[256];
   if (!HT_(fd_path)(fd, path, sizeof path)) {
      HT_(random_fd_closed)(fd, fd);
      return;
   }
   HT_(random_fd_opened)(tid, fd, path);
   HT_(cpus_fd_opened)(tid, fd, path, cloexec);
   HT_(maps_fd_opened)(tid, fd, path, cloexec);
}

/* open(2)'s O_CLOEXEC: not in every vki header; 02000000 on x86, amd64,
   arm and arm64. */
#define O_CLOEXEC_FLAG 02000000

/* Keeps track of which descriptors name what, for ht_random.c (the
   random devices), ht_cpus.c (the files that tell the CPU count) and
   ht_maps.c (the address map). */
static void track_descriptors(ThreadId tid, UInt sysno, UWord* args,
                              SysRes res)
{
   switch (sysno) {
#  if defined(__NR_open)
      case __NR_open:
         opened(tid, (Int)sr_Res(res), (args[1] & O_CLOEXEC_FLAG) != 0);
         break;
#  endif
      case __NR_openat:
         opened(tid, (Int)sr_Res(res), (args[2] & O_CLOEXEC_FLAG) != 0);
         break;
#  if defined(__NR_openat2)
      case __NR_openat2:
         opened(tid, (Int)sr_Res(res), False);
         break;
#  endif
      case __NR_close:
         HT_(random_fd_closed)((Int)args[0], (Int)args[0]);
         break;
#  if defined(__NR_close_range)
      case __NR_close_range:
         if (!(args[2] & 4))   /* not CLOSE_RANGE_CLOEXEC */
            HT_(random_fd_closed)((Int)args[0],
                                  args[1] > 0x7fffffff ? 0x7fffffff
                                                       : (Int)args[1]);
         break;
#  endif
      case __NR_dup:
         HT_(random_fd_dup)((Int)args[0], (Int)sr_Res(res));
         break;
#  if defined(__NR_dup2)
      case __NR_dup2:
#  endif
      case __NR_dup3:
         if (args[0] != args[1])
            HT_(random_fd_dup)((Int)args[0], (Int)sr_Res(res));
         break;
      case __NR_fcntl:
         if (args[1] == VKI_F_DUPFD || args[1] == VKI_F_DUPFD_CLOEXEC)
            HT_(random_fd_dup)((Int)args[0], (Int)sr_Res(res));
         break;
      default:
         break;
   }
}

void HT_(inputs_post_syscall)(ThreadId tid, UInt sysno, UWord* args,
                              UInt n, SysRes res)
{
   if (sr_isError(res)) return;
   track_descriptors(tid, sysno, args, res);
   HT_(random_post_syscall)(tid, sysno, args, n, sr_Res(res));
   HT_(clock_post_syscall)(tid, sysno, args, n, sr_Res(res));
   HT_(cpus_post_syscall)(tid, sysno, args, n, sr_Res(res));
}

/*------------------------------------------------------------*/
/*--- Reads by instructions (rdtsc, rdrand)                ---*/
/*------------------------------------------------------------*/

/* A read by an instruction: the function is the one the instruction is
   in, known at translation time; the record is found at the first
   execution, so an instruction translated but never run notes nothing. */
struct _HT_InputSite {
   HT_InputKind  kind;
   const HChar*  source;
   const HT_Fn*  fn;
   Bool          pinned;
   /* The second helper call of one instruction (a 64-bit RDRAND asks
      VEX's helper for 32 bits twice): its bytes count, not a call. */
   Bool          continuation;
   HT_Input*     input;   /* NULL until first executed */
};

HT_InputSite* HT_(input_site)(HT_InputKind kind, const HChar* source,
                              const HT_Fn* fn, Bool pinned)
{
   HT_InputSite* site = VG_(malloc)("hotgrind.input.site", sizeof *site);
   site->kind = kind;
   site->source = source;
   site->fn = fn;
   site->pinned = pinned;
   site->continuation = False;
   site->input = NULL;
   return site;
}

void HT_(input_site_count)(HT_InputSite* site, ULong bytes)
{
   if (site->input == NULL)
      site->input = HT_(input_of)(site->kind, site->source,
                                  site->fn ? site->fn->name : "???",
                                  site->fn ? site->fn->object : "???",
                                  site->pinned);
   if (site->continuation)
      site->input->bytes += bytes;
   else
      HT_(input_count)(site->input, bytes);
}

/* A read that is only noted (the helper itself stays). */
static void note_site(HT_InputSite* site)
{
   HT_(input_site_count)(site, 0);
}

IRDirty* HT_(input_helper_swap)(const IRDirty* d, const HT_Fn* fn,
                                Bool continuation, Bool* note_only)
{
   const HChar*  source;
   const HChar*  new_name;
   void*         new_fn;
   HT_InputKind  kind;
   Bool          pinned;
   HT_InputSite* site;
   IRDirty*      nd;
   IRExpr**      args;
   Int           n_args = 0, i;

   if (d->cee == NULL) return NULL;
   if (HT_(random_helper)(d->cee->name, &source, &new_name, &new_fn)) {
      kind = HT_Input_Random;
      pinned = HT_(clo).det_random;
   } else if (HT_(clock_helper)(d->cee->name, &source, &new_name, &new_fn)) {
      kind = HT_Input_Clock;
      pinned = HT_(clock_is_virtual)();
   } else {
      return NULL;
   }
   site = HT_(input_site)(kind, source, fn, pinned);
   site->continuation = continuation;
   *note_only = new_fn == NULL;
   if (*note_only)
      return unsafeIRDirty_0_N(0, "ht_note_site", note_site,
                               mkIRExprVec_1(mkIRExpr_HWord((HWord)site)));
   /* The same call with the site as one more argument. */
   while (d->args[n_args] != NULL) n_args++;
   args = LibVEX_Alloc(sizeof(IRExpr*) * (n_args + 2));
   for (i = 0; i < n_args; i++) args[i] = d->args[i];
   args[n_args] = mkIRExpr_HWord((HWord)site);
   args[n_args + 1] = NULL;
   nd = emptyIRDirty();
   *nd = *d;
   nd->cee = mkIRCallee(0, new_name, new_fn);
   nd->args = args;
   return nd;
}
