/* hotgrind regression test (det_clock.sh): a single-threaded program that
   reads the clock every way glibc and the CPU offer, prints what it read
   and branches on it, for --det-clock=yes on stock Valgrind (the clock
   answered from the instruction count, as the det-sched patch's virtual
   time answers it).  GPL-2.0-or-later

   It reads, in this order, printing one line each:
     time            time()
     realtime        clock_gettime(CLOCK_REALTIME)          S.NNNNNNNNN
     monotonic       clock_gettime(CLOCK_MONOTONIC)         S.NNNNNNNNN
     gettimeofday    gettimeofday()                         S.UUUUUU
     rdtsc           the time stamp counter (x86-64)
     getres          clock_getres(CLOCK_MONOTONIC)          S.NNNNNNNNN
   then three pairs of back-to-back reads, printing each pair's
   difference in ns (ticks for rdtsc):
     libc_pair       two clock_gettime(CLOCK_MONOTONIC) calls through
                     glibc: what glibc executes between the two system
                     calls; a small positive number.
     raw_pair        two clock_gettime(CLOCK_MONOTONIC) system calls in
                     one asm block (x86-64).  Each read sees the
                     instructions completed before it, its own syscall
                     included, so the difference counts by hand
                         mov $228, %eax; mov $1, %edi; mov REG, %rsi;
                         the second syscall                      = 4.
     rdtsc_pair      rdtsc twice in one asm block (x86-64):
                         shl, or, mov after the first; the second
                         rdtsc                                   = 4.
   Natively each figure differs from run to run.  Last, "loop N": a loop
   run as many times as the sum of every read's last three digits, so the
   program's Ir follows what it read.

   The clock system calls it makes: time 1, clock_gettime 1 + 1 + 2 + 2
   = 6, gettimeofday 1, clock_getres 1; rdtsc instructions 1 + 2 = 3.   */

#include <stdint.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#if defined(__x86_64__)
#  include <x86intrin.h>
#endif

static unsigned long digits;

static void ts_line(const char *name, const struct timespec *t)
{
   printf("%s %lld.%09ld\n", name, (long long)t->tv_sec, t->tv_nsec);
   digits += (unsigned long)(t->tv_nsec % 1000);
}

int main(void)
{
   struct timespec rt, mono, res, a, b;
   struct timeval tv;

   time_t now = time(NULL);
   clock_gettime(CLOCK_REALTIME, &rt);
   clock_gettime(CLOCK_MONOTONIC, &mono);
   gettimeofday(&tv, NULL);
#if defined(__x86_64__)
   uint64_t tsc = __rdtsc();
#endif
   clock_getres(CLOCK_MONOTONIC, &res);

   printf("time %lld\n", (long long)now);
   digits += (unsigned long)(now % 1000);
   ts_line("realtime", &rt);
   ts_line("monotonic", &mono);
   printf("gettimeofday %lld.%06ld\n", (long long)tv.tv_sec, (long)tv.tv_usec);
   digits += (unsigned long)(tv.tv_usec % 1000);
#if defined(__x86_64__)
   printf("rdtsc %llu\n", (unsigned long long)tsc);
   digits += (unsigned long)(tsc % 1000);
#endif
   ts_line("getres", &res);

   clock_gettime(CLOCK_MONOTONIC, &a);
   clock_gettime(CLOCK_MONOTONIC, &b);
   long long d = (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
   printf("libc_pair %lld\n", d);
   digits += (unsigned long)(d % 1000);

#if defined(__x86_64__)
   __asm__ volatile(
      "mov $228, %%eax\n\t"           /* SYS_clock_gettime */
      "mov $1, %%edi\n\t"             /* CLOCK_MONOTONIC */
      "mov %[a], %%rsi\n\t"
      "syscall\n\t"
      "mov $228, %%eax\n\t"
      "mov $1, %%edi\n\t"
      "mov %[b], %%rsi\n\t"
      "syscall"
      : : [a] "r"(&a), [b] "r"(&b)
      : "rax", "rdi", "rsi", "rcx", "r11", "memory");
   d = (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
   printf("raw_pair %lld\n", d);
   digits += (unsigned long)(d % 1000);

   uint64_t t2;
   __asm__ volatile(
      "rdtsc\n\t"
      "shl $32, %%rdx\n\t"
      "or %%rdx, %%rax\n\t"
      "mov %%rax, %%rcx\n\t"
      "rdtsc\n\t"
      "shl $32, %%rdx\n\t"
      "or %%rdx, %%rax\n\t"
      "sub %%rcx, %%rax"
      : "=a"(t2) : : "rdx", "rcx");
   printf("rdtsc_pair %llu\n", (unsigned long long)t2);
   digits += (unsigned long)(t2 % 1000);
#endif

   volatile unsigned long x = 0;
   for (unsigned long i = 0; i < digits; i++)
      x = x * 31 + i;
   printf("loop %lu\n", digits);
   return (int)(x & 0);
}
