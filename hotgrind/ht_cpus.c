/*--------------------------------------------------------------------*/
/*--- hotgrind: the number of CPUs the program is told.            ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* --cpus=N: a program that sizes a thread pool by the CPU count (Rust's
   available_parallelism, rayon, Go, OpenMP, zstd -T0, sysconf) runs
   other code on a 2-core and a 4-core runner.  Everything it can ask
   says N:

   - sched_getaffinity: CPUs 0 to N-1 (the kernel's answer overwritten);
   - /sys/devices/system/cpu/online, possible, present (glibc's
     get_nprocs and get_nprocs_conf): "0-(N-1)";
   - /proc/cpuinfo: N copies of the host's first processor's block,
     numbered; /proc/stat: a cpu line for each (with zero times);
   - the cgroup CPU quota files runtimes read (cpu.max,
     cpu.cfs_quota_us): no quota; cpuset.cpus(.effective): "0-(N-1)".

   A file is replaced after the program opened it: the descriptor is
   made a copy of an unlinked temporary file holding the text (dup2 of a
   new open of it, through /proc/self/fd), so reads, seeks and stat work
   as on a regular file.  Each ask is noted (ht_inputs.c), pinned or
   not. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"

#include "ht_include.h"

typedef enum {
   Text_Range,      /* "0-(N-1)\n" */
   Text_CpuInfo,
   Text_Stat,
   Text_CpuMax,     /* cgroup v2: no quota */
   Text_CfsQuota,   /* cgroup v1: no quota */
   N_TEXTS
} TextKind;

/* The temporary file of each text, kept open in Valgrind's descriptor
   range (-1 until first needed). */
static Int text_fd[N_TEXTS] = { -1, -1, -1, -1, -1 };

/* A growing string. */
typedef struct {
   HChar* s;
   SizeT  len, cap;
} Buf;

static void buf_add(Buf* b, const HChar* s, SizeT n)
{
   if (b->len + n + 1 > b->cap) {
      b->cap = (b->len + n + 1) * 2;
      b->s = VG_(realloc)("hotgrind.cpus.text", b->s, b->cap);
   }
   VG_(memcpy)(b->s + b->len, s, n);
   b->len += n;
   b->s[b->len] = '\0';
}

static void buf_str(Buf* b, const HChar* s)
{
   buf_add(b, s, VG_(strlen)(s));
}

static void buf_range(Buf* b)
{
   HChar tmp[32];
   if (HT_(clo).cpus == 1) VG_(sprintf)(tmp, "0\n");
   else VG_(sprintf)(tmp, "0-%u\n", HT_(clo).cpus - 1);
   buf_str(b, tmp);
}

/* The host's first processor block of /proc/cpuinfo (up to its blank
   line), or "" if unreadable. */
static HChar* host_first_cpu_block(void)
{
   HChar* text = HT_(read_text_file)("/proc/cpuinfo", 256 * 1024);
   HChar* end;
   if (text == NULL) return VG_(strdup)("hotgrind.cpus.text", "");
   if ((end = VG_(strstr)(text, "\n\n")) != NULL) end[1] = '\0';
   return text;
}

/* Whether 'line' is "KEY<spaces or tabs>:..." */
static Bool line_key_is(const HChar* line, const HChar* key)
{
   SizeT n = VG_(strlen)(key);
   if (VG_(strncmp)(line, key, n) != 0) return False;
   line += n;
   while (*line == ' ' || *line == '\t') line++;
   return *line == ':';
}

/* N copies of the host's first block; the fields that number or count
   processors say what N processors of one package would. */
static void cpuinfo_text(Buf* b)
{
   static const struct { const HChar* key; Bool count; } numbered[] = {
      { "processor", False }, { "core id", False }, { "apicid", False },
      { "initial apicid", False }, { "siblings", True },
      { "cpu cores", True }, { "physical id", False },
   };
   HChar* block = host_first_cpu_block();
   UInt   cpu, k;

   for (cpu = 0; cpu < HT_(clo).cpus; cpu++) {
      const HChar* line = block;
      while (*line != '\0') {
         const HChar* nl = VG_(strchr)(line, '\n');
         SizeT        len = nl ? (SizeT)(nl - line) + 1 : VG_(strlen)(line);
         Bool         done = False;
         for (k = 0; k < sizeof numbered / sizeof numbered[0]; k++)
            if (line_key_is(line, numbered[k].key)) {
               const HChar* colon = VG_(strchr)(line, ':');
               HChar        tmp[32];
               buf_add(b, line, colon - line);
               VG_(sprintf)(tmp, ": %u\n",
                            numbered[k].count ? HT_(clo).cpus
                            : VG_(strcmp)(numbered[k].key, "physical id") == 0
                            ? 0 : cpu);
               buf_str(b, tmp);
               done = True;
               break;
            }
         if (!done) buf_add(b, line, len);
         line += len;
      }
      if (block[0] == '\0') {
         HChar tmp[32];
         VG_(sprintf)(tmp, "processor\t: %u\n\n", cpu);
         buf_str(b, tmp);
      }
   }
   VG_(free)(block);
}

static void stat_text(Buf* b)
{
   UInt  cpu;
   HChar tmp[64];
   buf_str(b, "cpu  0 0 0 0 0 0 0 0 0 0\n");
   for (cpu = 0; cpu < HT_(clo).cpus; cpu++) {
      VG_(sprintf)(tmp, "cpu%u 0 0 0 0 0 0 0 0 0 0\n", cpu);
      buf_str(b, tmp);
   }
   buf_str(b, "intr 0\nctxt 0\nbtime 946684800\nprocesses 1\n"
              "procs_running 1\nprocs_blocked 0\n"
              "softirq 0 0 0 0 0 0 0 0 0 0 0\n");
}

/* The descriptor of text 'kind''s temporary file, made on first use;
   -1 (after a warning) if it cannot be. */
static Int text_file(TextKind kind)
{
   Buf    b = { NULL, 0, 0 };
   Int    fd;

   if (text_fd[kind] >= 0) return text_fd[kind];
   buf_str(&b, "");
   switch (kind) {
      case Text_Range:    buf_range(&b); break;
      case Text_CpuInfo:  cpuinfo_text(&b); break;
      case Text_Stat:     stat_text(&b); break;
      case Text_CpuMax:   buf_str(&b, "max 100000\n"); break;
      case Text_CfsQuota: buf_str(&b, "-1\n"); break;
      default:            tl_assert(0);
   }
   fd = HT_(text_file)("hotgrind-cpus", b.s, b.len);
   if (fd < 0)
      VG_(umsg)("hotgrind: warning: --cpus: cannot write a temporary file in "
                "%s; the program sees the host's CPU files\n", VG_(tmpdir)());
   VG_(free)(b.s);
   text_fd[kind] = fd;
   return fd;
}

/* Which text replaces 'path', if any; its source name for the note. */
static Bool text_for(const HChar* path, TextKind* kind, const HChar** source)
{
   static const struct { const HChar* path; TextKind kind; } exact[] = {
      { "/sys/devices/system/cpu/online",  Text_Range },
      { "/sys/devices/system/cpu/possible", Text_Range },
      { "/sys/devices/system/cpu/present", Text_Range },
      { "/proc/cpuinfo", Text_CpuInfo },
      { "/proc/stat", Text_Stat },
   };
   static const struct { const HChar* name; TextKind kind; } cgroup[] = {
      { "cpu.max", Text_CpuMax }, { "cpu.cfs_quota_us", Text_CfsQuota },
      { "cpuset.cpus.effective", Text_Range }, { "cpuset.cpus", Text_Range },
   };
   UInt i;
   for (i = 0; i < sizeof exact / sizeof exact[0]; i++)
      if (VG_(strcmp)(path, exact[i].path) == 0) {
         *kind = exact[i].kind;
         *source = exact[i].path;
         return True;
      }
   if (VG_(strncmp)(path, "/sys/fs/cgroup/", 15) != 0) return False;
   for (i = 0; i < sizeof cgroup / sizeof cgroup[0]; i++)
      if (VG_(strcmp)(VG_(basename)(path), cgroup[i].name) == 0) {
         *kind = cgroup[i].kind;
         *source = cgroup[i].name;
         return True;
      }
   return False;
}

void HT_(cpus_fd_opened)(ThreadId tid, Int fd, const HChar* path,
                         Bool cloexec)
{
   TextKind     kind;
   const HChar* source;
   Int          text;

   if (!text_for(path, &kind, &source)) return;
   HT_(input_note)(tid, HT_Input_CpuCount, source, 0, HT_(clo).cpus > 0);
   if (HT_(clo).cpus == 0 || (text = text_file(kind)) < 0) return;
   HT_(show_text_file)(fd, text, cloexec);
}

void HT_(cpus_post_syscall)(ThreadId tid, UInt sysno, UWord* args, UInt n,
                            UWord result)
{
   UChar* mask;
   UWord  bytes = result, i;

   if (sysno != __NR_sched_getaffinity) return;
   HT_(input_note)(tid, HT_Input_CpuCount, "sched_getaffinity", 0,
                   HT_(clo).cpus > 0);
   if (HT_(clo).cpus == 0) return;
   /* The kernel wrote 'result' bytes of its mask. */
   mask = (UChar*)args[2];
   for (i = 0; i < bytes; i++) {
      UInt first = i * 8, c;
      UChar byte = 0;
      for (c = 0; c < 8; c++)
         if (first + c < HT_(clo).cpus) byte |= (UChar)(1u << c);
      mask[i] = byte;
   }
}
