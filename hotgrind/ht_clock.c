/*--------------------------------------------------------------------*/
/*--- hotgrind: the clocks on the instruction count.               ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* --det-clock=yes: what the program reads from the clocks follows the
   instructions it has executed, on a stock Valgrind.  Under Valgrind
   glibc's clock reads are system calls (the vDSO is hidden), so the
   answer is written over the kernel's after the call; rdtsc and arm64's
   CNTVCT_EL0/CNTFRQ_EL0 are helper calls in VEX's IR, which
   ht_instrument.c swaps for the ones here.  The clock is the det-sched
   patch's virtual time (patches/0003): the same epochs and 1 ns an
   instruction, so a report's <clock> means the same under both; when
   that patch's virtual time is on (--det-sched=yes) the core answers
   and this file only notes the reads.

   Only reads are virtual: sleeps and timed waits take real time, as
   only the patched core's scheduler can complete them on the virtual
   clock (docs/manual.md).  Each read is noted (ht_inputs.c). */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_machine.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"
#include "libvex_guest_amd64.h"
#include "libvex_guest_x86.h"

#include "ht_include.h"

/* patches/0003's constants (docs/threads.md, section 5). */
#define REALTIME_EPOCH_S  946684800ULL  /* 2000-01-01T00:00:00Z */
#define MONOTONIC_EPOCH_S 1000ULL
#define NS_PER_S          1000000000ULL
/* Not in every vki header; the same on every Linux. */
#define CLOCK_MONOTONIC_RAW      4
#define CLOCK_REALTIME_COARSE    5
#define CLOCK_MONOTONIC_COARSE   6
#define CLOCK_BOOTTIME           7
#define CLOCK_REALTIME_ALARM     8
#define CLOCK_BOOTTIME_ALARM     9
#define CLOCK_TAI                11

/* Does the tool answer the clocks?  Decided in post_clo_init. */
static Bool answering = False;
/* Are the program's clocks virtual (here or in the patched core)? */
static Bool pinned = False;

void HT_(clock_init)(void)
{
   Bool core = HT_(virtual_time_on)();
   answering = HT_(clo).det_clock && !core;
   pinned = HT_(clo).det_clock || core;
}

Bool HT_(clock_is_virtual)(void)
{
   return pinned;
}

/* The virtual clock: instructions counted so far, all threads. */
static ULong vnow(void)
{
   return HT_(clock_ir)();
}

/* What clock 'id' reads now, in ns; False for a clock that is not
   virtual (another process's or thread's CPU clock) or not valid. */
static Bool clock_now_ns(ThreadId tid, Int id, ULong* ns)
{
   HT_Costs c;
   switch (id) {
      case VKI_CLOCK_REALTIME: case CLOCK_REALTIME_COARSE:
      case CLOCK_REALTIME_ALARM: case CLOCK_TAI:
         *ns = REALTIME_EPOCH_S * NS_PER_S + vnow();
         return True;
      case VKI_CLOCK_MONOTONIC: case CLOCK_MONOTONIC_RAW:
      case CLOCK_MONOTONIC_COARSE: case CLOCK_BOOTTIME:
      case CLOCK_BOOTTIME_ALARM:
         *ns = MONOTONIC_EPOCH_S * NS_PER_S + vnow();
         return True;
      case VKI_CLOCK_PROCESS_CPUTIME_ID:
         *ns = vnow();
         return True;
      case VKI_CLOCK_THREAD_CPUTIME_ID:
         HT_(thread_clock)(tid, &c);
         *ns = c.ir;
         return True;
      default:
         return False;
   }
}

static void write_timespec(Addr a, ULong ns)
{
   struct vki_timespec* ts = (struct vki_timespec*)a;
   ts->tv_sec  = ns / NS_PER_S;
   ts->tv_nsec = ns % NS_PER_S;
}

#if defined(__NR_time)
/* Sets the system call's result register of tid to 'value' (for
   time(2), which arm64 does not have). */
static void set_result(ThreadId tid, UWord value)
{
#  if defined(VGA_amd64)
   VG_(set_shadow_regs_area)(tid, 0, offsetof(VexGuestAMD64State, guest_RAX),
                             sizeof value, (const UChar*)&value);
#  elif defined(VGA_x86)
   VG_(set_shadow_regs_area)(tid, 0, offsetof(VexGuestX86State, guest_EAX),
                             sizeof value, (const UChar*)&value);
#  else
   /* time(2) on another architecture: its result register is not
      written here yet. */
   tl_assert(0);
#  endif
}
#endif

void HT_(clock_post_syscall)(ThreadId tid, UInt sysno, UWord* args,
                             UInt n, UWord result)
{
   ULong        ns;
   const HChar* source;

   switch (sysno) {
      case __NR_clock_gettime:
         source = "clock_gettime";
         if (answering && clock_now_ns(tid, (Int)args[0], &ns))
            write_timespec(args[1], ns);
         break;
      case __NR_clock_getres:
         source = "clock_getres";
         if (answering && args[1] != 0 && clock_now_ns(tid, (Int)args[0], &ns))
            write_timespec(args[1], 1);   /* every virtual clock ticks in ns */
         break;
      case __NR_gettimeofday:
         source = "gettimeofday";
         if (answering && args[0] != 0) {
            struct vki_timeval* tv = (struct vki_timeval*)args[0];
            ns = REALTIME_EPOCH_S * NS_PER_S + vnow();
            tv->tv_sec  = ns / NS_PER_S;
            tv->tv_usec = (ns % NS_PER_S) / 1000;
         }
         break;
#  if defined(__NR_time)
      case __NR_time:
         source = "time";
         if (answering) {
            ns = REALTIME_EPOCH_S * NS_PER_S + vnow();
            if (args[0] != 0)
               *(vki_time_t*)args[0] = ns / NS_PER_S;
            set_result(tid, ns / NS_PER_S);
         }
         break;
#  endif
      default:
         return;
   }
   HT_(input_note)(tid, HT_Input_Clock, source, 0, pinned);
}

/*------------------------------------------------------------*/
/*--- Time stamp counters                                  ---*/
/*------------------------------------------------------------*/

/* The counters read the virtual clock: one tick a ns. */
#if defined(VGA_amd64)
static ULong ht_rdtsc(HT_InputSite* site)
{
   HT_(input_site_count)(site, 0);
   return vnow();
}

static void ht_rdtscp(VexGuestAMD64State* st,
                                    HT_InputSite* site)
{
   ULong now = vnow();
   HT_(input_site_count)(site, 0);
   st->guest_RAX = now & 0xFFFFFFFFULL;
   st->guest_RDX = now >> 32;
   st->guest_RCX = 0;   /* TSC_AUX: processor 0 */
}
#endif
#if defined(VGA_arm64)
static ULong ht_cntvct(HT_InputSite* site)
{
   HT_(input_site_count)(site, 0);
   return vnow();
}

static ULong ht_cntfrq(HT_InputSite* site)
{
   return NS_PER_S;
}
#endif

Bool HT_(clock_helper)(const HChar* name, const HChar** source,
                       const HChar** new_name, void** new_fn)
{
   /* Not answering (--det-clock=no, or the patched core's virtual time
      answers): the read is only noted, *new_fn NULL. */
#if defined(VGA_amd64)
   if (VG_(strcmp)(name, "amd64g_dirtyhelper_RDTSC") == 0) {
      *source = "rdtsc";
      *new_name = "ht_rdtsc";
      *new_fn = answering ? (void*)ht_rdtsc : NULL;
      return True;
   }
   if (VG_(strcmp)(name, "amd64g_dirtyhelper_RDTSCP") == 0) {
      *source = "rdtscp";
      *new_name = "ht_rdtscp";
      *new_fn = answering ? (void*)ht_rdtscp : NULL;
      return True;
   }
#endif
#if defined(VGA_arm64)
   if (VG_(strcmp)(name, "arm64g_dirtyhelper_MRS_CNTVCT_EL0") == 0) {
      *source = "cntvct_el0";
      *new_name = "ht_cntvct";
      *new_fn = answering ? (void*)ht_cntvct : NULL;
      return True;
   }
   /* The counter's frequency is no input: answered, never noted. */
   if (answering
       && VG_(strcmp)(name, "arm64g_dirtyhelper_MRS_CNTFRQ_EL0") == 0) {
      *source = "cntfrq_el0";
      *new_name = "ht_cntfrq";
      *new_fn = (void*)ht_cntfrq;
      return True;
   }
#endif
   return False;
}
