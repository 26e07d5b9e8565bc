/* hotgrind regression tests: the argument count check that the mains of
   the hand-counted programs share.  A macro, not a function: main's code,
   and so the calls, edges and instruction counts the tests work out by
   hand, stay what they were.  Needs <stdio.h>.  GPL-2.0-or-later */
#ifndef HT_USAGE_H
#define HT_USAGE_H

/* Unless main got exactly N arguments, prints "usage: PROGRAM WORDS"
   (WORDS a string literal) and returns 2 from main. */
#define HT_USAGE_UNLESS_ARGS(argc, argv, n, words)                      \
   do {                                                                 \
      if ((argc) != (n) + 1) {                                          \
         fprintf(stderr, "usage: %s " words "\n", (argv)[0]);           \
         return 2;                                                      \
      }                                                                 \
   } while (0)

#endif
