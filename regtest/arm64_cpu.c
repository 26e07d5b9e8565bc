/* hotgrind regression test: an arm64 program run under `hotgrind run` on
   three qemu CPU models (arm64_run.sh).  GPL-2.0-or-later

   copy_work: memset, memcpy and strlen on buffers; glibc 2.36 picks these
     routines by the CPU (its name, MIDR, and for a64fx SVE) through
     ifuncs, which the launcher's glibc.cpu.name=generic pins.
   lock_work: pthread_mutex_lock/unlock, whose atomics glibc 2.36 inlines
     (load/store-exclusive), so they do not depend on the CPU either.
   What does differ between a CPU with LSE atomics and one without: ld.so's
   glibc-hwcaps search at start-up and libgcc's outline-atomics helpers
   (__aarch64_cas4_acq, __aarch64_swp4_rel, ...) that libc calls elsewhere:
   they pick LSE instructions when AT_HWCAP says "atomics", a
   load/store-exclusive loop otherwise; no glibc tunable pins that. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char src[4096], dst[4096];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long sink;

__attribute__((noinline)) void copy_work(int rounds)
{
   for (int i = 0; i < rounds; i++) {
      memset(src, 'a' + (i & 15), 1024 + (i & 1023));
      src[1024 + (i & 1023)] = '\0';
      memcpy(dst, src, 2048 + (i & 511));
      sink += strlen(dst);
   }
}

__attribute__((noinline)) void lock_work(int rounds)
{
   for (int i = 0; i < rounds; i++) {
      pthread_mutex_lock(&lock);
      sink++;
      pthread_mutex_unlock(&lock);
   }
}

int main(void)
{
   copy_work(500);
   lock_work(1000);
   printf("%lu\n", sink);
   return 0;
}
