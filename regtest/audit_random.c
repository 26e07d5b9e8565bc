/* hotgrind regression tests: a benchmark whose count follows OS
   randomness, for `hotgrind run --repeat` (run_audit.sh).
   GPL-2.0-or-later

   spin_by_random reads 4 bytes with getrandom and loops as many times as
   their low 17 bits say: with the kernel's bytes two runs execute the
   same number of instructions in it about once in 131,072; with
   --det-random=yes (hotgrind run's default) always.  steady_work
   (audit_common.h) loops a fixed number of times. */
#include <sys/random.h>

#include "audit_common.h"

__attribute__((noinline)) static void spin_by_random(void)
{
    unsigned char b[4] = { 0, 0, 0, 0 };
    if (getrandom(b, sizeof b, 0) != (long)sizeof b)
        return;
    spin(1000 + ((b[0] | b[1] << 8 | (unsigned)b[2] << 16) & 0x1ffff));
}

int main(void)
{
    steady_work();
    spin_by_random();
    return 0;
}
