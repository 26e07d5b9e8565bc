/* hotgrind regression tests: marked functions called through pointers.
   GPL-2.0-or-later */

/* Usage: mark_fnptr N -- for i = 0 .. N-1 calls ops[i % 3](acc, i)
   through a table of three function pointers, then apply(ops[2], ...)
   N times, which calls its argument once.  Prints the calls each
   function counted itself, and a checksum.

   By the loop alone: op_add is called ceil(N/3) = (N + 2) / 3 times,
   op_sub (N + 1) / 3 times, op_mul N / 3 + N times (integer division),
   apply N times.  The three ops are leaves: inclusive Ir = self Ir.
   apply calls only op_mul, whose every call executes the same
   instructions, so apply's inclusive Ir is its self Ir plus N / (N/3 + N)
   of op_mul's self Ir, i.e. N times op_mul's cost per call.

   Its calls per caller (edge_count.h), counted where they are made, by
   the index in ops[] of the function called: main -> op_add, op_sub,
   op_mul, apply; apply -> op_mul. */

#include <stdio.h>
#include <stdlib.h>
#include "edge_count.h"
#include "mark.h"

typedef unsigned long (*op_fn)(unsigned long, unsigned long);

static unsigned long n_add, n_sub, n_mul;

unsigned long op_add(unsigned long a, unsigned long b);
unsigned long op_sub(unsigned long a, unsigned long b);
unsigned long op_mul(unsigned long a, unsigned long b);

/* volatile: the compiler cannot see which function is called. */
static op_fn volatile ops[3] = { op_add, op_sub, op_mul };

/* MAIN_OP + k, APPLY_OP + k: calls of ops[k]. */
enum { MAIN_OP, MAIN_APPLY = MAIN_OP + 3, APPLY_OP, N_EDGES = APPLY_OP + 3 };
static struct ht_edge edges[N_EDGES] = {
   { "main", "op_add", 0 }, { "main", "op_sub", 0 }, { "main", "op_mul", 0 },
   { "main", "apply", 0 },
   { "apply", "op_add", 0 }, { "apply", "op_sub", 0 }, { "apply", "op_mul", 0 },
};

/* HT_BEGIN op_add */
HT_NOIPA unsigned long op_add(unsigned long a, unsigned long b)
{
   n_add++;
   return a + b;
}
/* HT_END op_add */

HT_NOIPA unsigned long op_sub(unsigned long a, unsigned long b)
{
   n_sub++;
   return a - b;
}

HT_NOIPA unsigned long op_mul(unsigned long a, unsigned long b)
{
   n_mul++;
   return a * (b | 1);
}

HT_NOIPA unsigned long apply(op_fn f, unsigned long a, unsigned long b)
{
   unsigned k;
   for (k = 0; k < 3; k++)
      if (ops[k] == f)
         edges[APPLY_OP + k].calls++;
   return f(a, b) + 1;
}

int main(int argc, char** argv)
{
   unsigned long n, i, acc = 1;

   if (argc != 2) {
      fprintf(stderr, "usage: %s N\n", argv[0]);
      return 2;
   }
   n = strtoul(argv[1], NULL, 10);
   for (i = 0; i < n; i++) {
      edges[MAIN_OP + i % 3].calls++;
      acc = ops[i % 3](acc, i);
   }
   for (i = 0; i < n; i++, edges[MAIN_APPLY].calls++)
      acc = apply(ops[2], acc, i);
   printf("%lu %lu %lu %lu\n", n_add, n_sub, n_mul, acc);
   ht_edges_write(edges, N_EDGES);
   return 0;
}
