/* hotgrind regression tests: a shared library (libhtlib.so) whose
   functions mark_plt calls through the PLT.  GPL-2.0-or-later */

/* Built with -fPIC -shared and the default (interposable) visibility, so
   htlib_twice's calls of htlib_add go through the library's own PLT too
   (mark_plt.sh looks at the disassembly).  htlib_add is a leaf without
   branches: every call executes the same instructions. */

unsigned long htlib_add(unsigned long a, unsigned long b);
unsigned long htlib_twice(unsigned long a);

/* htlib_twice's calls of htlib_add, counted next to them, for mark_plt's
   count of calls per caller. */
unsigned long htlib_twice_add_calls;

unsigned long htlib_add(unsigned long a, unsigned long b)
{
   return a + b;
}

unsigned long htlib_twice(unsigned long a)
{
   htlib_twice_add_calls += 2;
   return htlib_add(htlib_add(a, 1), 2) * 3;
}
