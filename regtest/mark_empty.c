/* hotgrind regression test (mark_empty.sh): one marked function that
   does almost nothing a call, one that does the program's work.
   GPL-2.0-or-later

   tiny: 100 calls, each a handful of instructions (an add and a return
   at -O2 with noinline): under 100 Ir a call whatever the compiler.
   work: 1 call, a loop of 500,000 iterations of several instructions
   each: far over 100 Ir a call, most of the run, and over the 1,000,000
   Ir the tool wants outside the marks before it says they missed the
   work. */
volatile unsigned sink;

__attribute__((noinline)) unsigned tiny(unsigned x)
{
   return x + 1;
}

__attribute__((noinline)) unsigned work(unsigned n)
{
   unsigned h = 0;
   for (unsigned i = 0; i < n; i++)
      h = h * 31 + i;
   return h;
}

int main(void)
{
   unsigned s = 0;
   for (unsigned i = 0; i < 100; i++)
      s += tiny(i);
   sink = s + work(500000);
   return 0;
}
