/* hotgrind regression tests: a C program compared with Cachegrind.
   GPL-2.0-or-later */

/* Built with -O2 -g.  Its counts are not known in advance: the test checks
   that every function's self Ir and the total equal Cachegrind's
   (--cache-sim=no).  It exercises what makes attribution hard: recursion
   (fib, tree insertion and walk), calls through a function pointer
   (qsort's comparator), libc and ld.so (printf, malloc, free, strlen,
   memcpy, snprintf, lazy PLT binding on first calls), small functions
   the compiler may inline or turn into tail calls, and a loop that
   leaves early.

   Usage: oracle_c [N]  (default 2000).  Output depends only on N. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "xorshift.h"

struct node {
   char*        key;
   unsigned     count;
   struct node* left;
   struct node* right;
};

static unsigned long fib(unsigned n)
{
   return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static const char* const syllables[] = {
   "ka", "lo", "mi", "nu", "pe", "ra", "si", "to", "vu", "ze", "an", "or",
};

static char* make_word(unsigned* seed)
{
   char     buf[32];
   unsigned n = 1 + next_rand(seed) % 4, i;
   size_t   len = 0;
   for (i = 0; i < n; i++) {
      const char* s = syllables[next_rand(seed) % 12];
      memcpy(buf + len, s, 2);
      len += 2;
   }
   buf[len] = '\0';
   char* w = malloc(len + 1);
   memcpy(w, buf, len + 1);
   return w;
}

static struct node* insert(struct node* t, char* key)
{
   int c;
   if (!t) {
      t = calloc(1, sizeof *t);
      t->key = key;
      t->count = 1;
      return t;
   }
   c = strcmp(key, t->key);
   if (c == 0) {
      t->count++;
      free(key);
   } else if (c < 0)
      t->left = insert(t->left, key);
   else
      t->right = insert(t->right, key);
   return t;
}

static unsigned depth(const struct node* t)
{
   unsigned l, r;
   if (!t) return 0;
   l = depth(t->left);
   r = depth(t->right);
   return 1 + (l > r ? l : r);
}

static size_t flatten(struct node* t, struct node** out, size_t i)
{
   if (!t) return i;
   i = flatten(t->left, out, i);
   out[i++] = t;
   return flatten(t->right, out, i);
}

static void free_tree(struct node* t)
{
   if (!t) return;
   free_tree(t->left);
   free_tree(t->right);
   free(t->key);
   free(t);
}

static int by_count_then_key(const void* a, const void* b)
{
   const struct node* x = *(const struct node* const*)a;
   const struct node* y = *(const struct node* const*)b;
   if (x->count != y->count) return x->count < y->count ? 1 : -1;
   return strcmp(x->key, y->key);
}

static int cmp_int(const void* a, const void* b)
{
   int x = *(const int*)a, y = *(const int*)b;
   return (x > y) - (x < y);
}

/* Index of the first element >= v, scanning from the start: leaves its
   loop early. */
static size_t first_at_least(const int* a, size_t n, int v)
{
   size_t i;
   for (i = 0; i < n; i++)
      if (a[i] >= v) break;
   return i;
}

int main(int argc, char** argv)
{
   unsigned      n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 2000;
   unsigned      seed = 2463534242u, i;
   struct node*  tree = NULL;
   struct node** sorted;
   size_t        distinct, hits = 0;
   int*          numbers;
   char          line[64];

   if (n == 0) {
      fprintf(stderr, "N must be at least 1\n");
      return 2;
   }
   for (i = 0; i < n; i++)
      tree = insert(tree, make_word(&seed));

   sorted = malloc(n * sizeof *sorted);
   distinct = flatten(tree, sorted, 0);
   qsort(sorted, distinct, sizeof *sorted, by_count_then_key);
   printf("%zu distinct words of %u, tree depth %u\n",
          distinct, n, depth(tree));
   for (i = 0; i < 5 && i < distinct; i++) {
      snprintf(line, sizeof line, "%-10s %u", sorted[i]->key,
               sorted[i]->count);
      printf("%s (%zu chars)\n", line, strlen(line));
   }

   numbers = malloc(n * sizeof *numbers);
   for (i = 0; i < n; i++)
      numbers[i] = (int)(next_rand(&seed) % 100000);
   qsort(numbers, n, sizeof *numbers, cmp_int);
   for (i = 0; i < 50; i++)
      hits += first_at_least(numbers, n, (int)(i * 2000));
   printf("median %d, scan total %zu\n", numbers[n / 2], hits);

   printf("fib(20) = %lu\n", fib(20));

   free(numbers);
   free(sorted);
   free_tree(tree);
   return 0;
}
