/* hotgrind regression tests: a shared library (libnosym.so) that
   nosym.sh strips as distributions do, so that the code of its static
   function has no symbol.  GPL-2.0-or-later */

unsigned long nosym_outer(unsigned long n);

/* static and not inlined: after stripping only the dynamic symbols are
   left, and this function is not one of them. */
static __attribute__((noinline)) unsigned long nosym_inner(unsigned long n)
{
   unsigned long s = 0;
   for (unsigned long i = 0; i < n; i++)
      s += i ^ (s >> 3);
   return s;
}

unsigned long nosym_outer(unsigned long n)
{
   return nosym_inner(n) + nosym_inner(n / 2);
}
