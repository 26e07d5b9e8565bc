// hotgrind regression tests: C++ driver for hand-counted functions.
// GPL-2.0-or-later

// Usage: hand_cxx TICKS N
// Calls ht::Counter::tick() TICKS times from a loop (defined in asm under
// its mangled name, self Ir = 2 per call) and ht_loop_n(N) once (2N + 2).
// ht::mix() is compiled C++ in a namespace: the test checks its
// demangled name, object, file and line, not its count.

#include <cstdio>
#include <cstdlib>
#include "hand.h"

#ifdef HT_HAVE_HAND_ASM

namespace ht {

class Counter {
public:
   unsigned long n = 0;   // first member: the asm tick() adds to it
   void tick();           // asm_amd64.S: _ZN2ht7Counter4tickEv
};

/* HT_BEGIN ht::mix(unsigned long) */
__attribute__((noinline)) unsigned long mix(unsigned long x)
{
   return x * 2654435761u ^ (x >> 7);
}
/* HT_END ht::mix(unsigned long) */

} // namespace ht

int main(int argc, char** argv)                 /* HT_BEGIN main */
{
   if (argc != 3) {
      std::fprintf(stderr, "usage: %s TICKS N\n", argv[0]);
      return 2;
   }
   unsigned long ticks = std::strtoul(argv[1], nullptr, 10);
   unsigned n = (unsigned)std::strtoul(argv[2], nullptr, 10);
   if (n == 0) {
      std::fprintf(stderr, "N must be at least 1\n");
      return 2;
   }

   ht::Counter c;
   for (unsigned long i = 0; i < ticks; i++)
      c.tick();
   ht_loop_n(n);

   if (c.n != ticks) {
      std::fprintf(stderr, "hand_cxx: tick() counted %lu, not %lu\n", c.n, ticks);
      return 1;
   }
   return ht::mix(c.n) == 1 ? 1 : 0;   // keeps mix() called and its result used
}                                               /* HT_END main */

#else

int main()
{
   return 77;   // no hand-counted functions for this architecture
}

#endif
