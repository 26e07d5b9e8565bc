/* hotgrind regression tests: what the benchmarks whose count follows an
   input, audit_clock.c and audit_random.c (run_audit.sh), share.
   GPL-2.0-or-later

   spin(LOOPS) is the loop of the function whose count moves with the
   input; it is always inlined, so that its instructions are that
   function's own.  steady_work loops a fixed number of times: its count
   never moves, and the audit's verdict must not name it. */

static volatile unsigned sink;

static inline __attribute__((always_inline)) void spin(unsigned loops)
{
    unsigned i;
    for (i = 0; i < loops; i++)
        sink += i;
}

__attribute__((noinline)) static void steady_work(void)
{
    spin(5000);
}
