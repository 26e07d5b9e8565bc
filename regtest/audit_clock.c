/* hotgrind regression tests: a benchmark whose count follows the clock,
   for `hotgrind run --repeat` (run_audit.sh).  GPL-2.0-or-later

   spin_by_clock reads CLOCK_MONOTONIC and loops as many times as the
   nanoseconds' last five digits say: two runs execute the same number of
   instructions in it about once in 100,000 (with three digits, once in
   1,000: often enough to fail a test now and then).  steady_work
   (audit_common.h) loops a fixed number of times. */
#include <time.h>

#include "audit_common.h"

__attribute__((noinline)) static void spin_by_clock(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    spin(1000 + (unsigned)(now.tv_nsec % 100000));
}

int main(void)
{
    steady_work();
    spin_by_clock();
    return 0;
}
