/* hotgrind regression tests: a benchmark whose count follows the clock,
   for `hotgrind run --repeat` (run_audit.sh).  GPL-2.0-or-later

   spin_by_clock reads CLOCK_MONOTONIC and loops as many times as the
   nanoseconds' last five digits say: two runs execute the same number of
   instructions in it about once in 100,000 (with three digits, once in
   1,000: often enough to fail a test now and then).  steady_work loops a fixed number
   of times. */
#include <time.h>

static volatile unsigned sink;

__attribute__((noinline)) static void spin_by_clock(void)
{
    struct timespec now;
    unsigned i, loops;
    clock_gettime(CLOCK_MONOTONIC, &now);
    loops = 1000 + (unsigned)(now.tv_nsec % 100000);
    for (i = 0; i < loops; i++)
        sink += i;
}

__attribute__((noinline)) static void steady_work(void)
{
    unsigned i;
    for (i = 0; i < 5000; i++)
        sink += i;
}

int main(void)
{
    steady_work();
    spin_by_clock();
    return 0;
}
