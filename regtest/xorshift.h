/* hotgrind regression tests: the test programs' pseudo-random numbers.
   GPL-2.0-or-later */
#ifndef HT_XORSHIFT_H
#define HT_XORSHIFT_H

/* xorshift32: the same sequence on every machine and compiler. */
static inline unsigned next_rand(unsigned* s)
{
   unsigned x = *s;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   return *s = x;
}

#endif
