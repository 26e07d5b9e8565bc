/* hotgrind regression tests: many small allocations, for the heap totals
   against DHAT (heap_dhat.sh).  GPL-2.0-or-later */

/* Usage: heap_many N
   Makes N allocations into a table of 8192 slots, sizes and choices from
   xorshift32 (xorshift.h) with a fixed seed, so every run makes the same
   calls:
      - the slot is (r >> 7) % 8192 of one number r;
      - a second number q gives the kind (q & 15) and the size:
        kind 0: 0 bytes (malloc(0): 1 byte for DHAT and the spec);
        kind 1: 256 + (q >> 4) % 2048 bytes; otherwise 1 + (q >> 4) % 64;
      - an empty slot gets malloc(size), or calloc(1, size) for kind 2;
      - a full slot is realloc'ed to max(size, 1) bytes for kinds 3 to 5
        (one allocation, no free: the block keeps its identity), and for
        the other kinds is freed and gets malloc(size).
   At the end the even slots are freed and the odd ones kept.

   The program counts what it does the way the spec counts (each call
   above one allocation of max(size, 1) bytes; each free one free of the
   block's current size) and prints it:
      heap_many N allocs A bytes B frees F free-bytes FB live L live-bytes LB
   heap_dhat.sh checks that DHAT's totals for N minus those for N = 0 (the
   start-up's) are A and B, and its blocks and bytes at the end L and LB
   more; and hotgrind's figures equal DHAT's. */

#include <stdio.h>
#include <stdlib.h>
#include "xorshift.h"

#define SLOTS 8192

static void*  slot[SLOTS];
static size_t slot_size[SLOTS];
static unsigned long allocs, alloc_bytes, frees, free_bytes, failures;

static size_t counted(size_t n)
{
   return n ? n : 1;
}

int main(int argc, char** argv)
{
   unsigned long n, i, live = 0, live_bytes = 0;
   unsigned      seed = 2463534242u;

   if (argc != 2) {
      fprintf(stderr, "usage: %s N\n", argv[0]);
      return 2;
   }
   n = strtoul(argv[1], NULL, 10);
   for (i = 0; i < n; i++) {
      unsigned r = next_rand(&seed), q = next_rand(&seed);
      unsigned k = (r >> 7) % SLOTS, kind = q & 15;
      size_t   size = kind == 0 ? 0 : kind == 1 ? 256 + (q >> 4) % 2048
                                              : 1 + (q >> 4) % 64;
      void*    p;

      if (slot[k] && kind >= 3 && kind <= 5) {
         p = realloc(slot[k], counted(size));
         if (!p) {
            failures++;
            continue;
         }
         slot[k] = p;
         slot_size[k] = counted(size);
         allocs++;
         alloc_bytes += counted(size);
         continue;
      }
      if (slot[k]) {
         free(slot[k]);
         frees++;
         free_bytes += slot_size[k];
      }
      p = kind == 2 ? calloc(1, size) : malloc(size);
      if (!p) {
         failures++;
         slot[k] = NULL;
         continue;
      }
      ((volatile char*)p)[0] = (char)i;
      slot[k] = p;
      slot_size[k] = counted(size);
      allocs++;
      alloc_bytes += counted(size);
   }
   for (i = 0; i < SLOTS; i++) {
      if (!slot[i])
         continue;
      if (i % 2 == 0) {
         free(slot[i]);
         frees++;
         free_bytes += slot_size[i];
      } else {
         live++;
         live_bytes += slot_size[i];
      }
   }
   if (failures) {
      printf("heap_many: %lu allocations failed\n", failures);
      return 1;
   }
   printf("heap_many %lu allocs %lu bytes %lu frees %lu free-bytes %lu "
          "live %lu live-bytes %lu\n",
          n, allocs, alloc_bytes, frees, free_bytes, live, live_bytes);
   return 0;
}
