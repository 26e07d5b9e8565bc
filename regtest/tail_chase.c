/* hotgrind regression tests: the driver of tail_chase_amd64.S
   (tail_chase.sh).  GPL-2.0-or-later

   tail_chase N E: calls each shape's tc_mK N + K times (K = 1 .. 15) and
   tc_even(E) N times, then prints tc_hits, the calls tc_h counted.
   Elsewhere than on x86-64 it exits 77. */
#include <stdio.h>
#include <stdlib.h>

#if defined(__x86_64__)
#define SHAPES 15
extern unsigned long tc_hits;
void tc_m1(void), tc_m2(void), tc_m3(void), tc_m4(void), tc_m5(void),
   tc_m6(void), tc_m7(void), tc_m8(void), tc_m9(void), tc_m10(void),
   tc_m11(void), tc_m12(void), tc_m13(void), tc_m14(void), tc_m15(void);
unsigned long tc_even(unsigned long n);

static void (*const shape[SHAPES])(void) = {
   tc_m1, tc_m2, tc_m3, tc_m4, tc_m5, tc_m6, tc_m7, tc_m8, tc_m9, tc_m10,
   tc_m11, tc_m12, tc_m13, tc_m14, tc_m15
};

int main(int argc, char** argv)
{
   long n, e, i, k;
   if (argc != 3) return 2;
   n = atol(argv[1]);
   e = atol(argv[2]);
   for (k = 0; k < SHAPES; k++)
      for (i = 0; i < n + k + 1; i++)
         shape[k]();
   for (i = 0; i < n; i++)
      tc_even((unsigned long)e);
   printf("%lu\n", tc_hits);
   return 0;
}
#else
int main(void) { return 77; }
#endif
