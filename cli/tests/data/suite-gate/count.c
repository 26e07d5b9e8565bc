/* The benchmark program of the suite-gate fixtures: tick() is called
   TICKS times, a number fixed when it is built (-DTICKS=N), so that the
   calls the reports count are known by hand.  GPL-2.0-or-later; part of
   hotgrind. */

static volatile unsigned sink;

__attribute__((noinline)) static void tick(unsigned i)
{
    sink += i;
}

int main(void)
{
    unsigned i;
    for (i = 0; i < TICKS; i++)
        tick(i);
    return 0;
}
