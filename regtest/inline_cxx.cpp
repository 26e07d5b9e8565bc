// hotgrind regression test program for --inline=yes on C++ (inline.sh):
// an inline member function and a function template, both inlined at
// -O2 (always_inline), each counting its own calls, which the program
// prints: the oracle for the calls hotgrind counts.  Valgrind names an
// inlined C++ function as the debug information's DW_AT_name does, so
// the rows are "step" and "twice<long unsigned int>".
// GPL-2.0-or-later
#include <cstdio>
#include <cstdlib>

// Keeps an inlined body's code together (see inline_prog.c).
#define FENCE(x) __asm__ volatile("" : "+r"(x) : : "memory")

static volatile unsigned long step_calls, twice_calls;

struct Acc {
   unsigned long sum = 0;
   __attribute__((always_inline)) inline void step(unsigned long x)
   {
      FENCE(x);
      step_calls++;
      sum += x * 3;
      FENCE(sum);
   }
};

template <typename T>
__attribute__((always_inline)) inline T twice(T x)
{
   FENCE(x);
   twice_calls++;
   x = x + x;
   FENCE(x);
   return x;
}

__attribute__((noinline)) unsigned long run(unsigned long n)
{
   Acc a;
   for (unsigned long i = 0; i < n; i++) {
      a.step(i);
      unsigned long t = twice<unsigned long>(a.sum);
      FENCE(t);
      a.sum ^= t;
   }
   return a.sum;
}

int main(int argc, char** argv)
{
   unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 100;
   unsigned long r = run(n);
   std::printf("result %lu\n", r);
   std::printf("calls step %lu\n", step_calls);
   std::printf("calls twice %lu\n", twice_calls);
   return 0;
}
