/* hotgrind regression tests: functions whose names need escaping.
   GPL-2.0-or-later

   Usage: names CALLS -- calls each of ht_odd_names[] CALLS times. */
#include <stdio.h>
#include <stdlib.h>
#include "hand.h"

#ifdef HT_HAVE_HAND_ASM
int main(int argc, char** argv)
{
   unsigned calls = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 0;
   volatile int sum = 0;
   for (unsigned i = 0; i < calls; i++)
      sum += ht_odd_names[0]((int)i) + ht_odd_names[1]((int)i);
   printf("%d\n", sum);
   return 0;
}
#else
int main(void) { return 77; }
#endif
