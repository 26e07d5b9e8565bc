/* hotgrind regression tests: the counts a mark program keeps of its own
   calls, per (caller, callee), for the call-graph tests to compare with
   hotgrind's edges (graph_arm64.sh, prog_edges.py).  GPL-2.0-or-later */
#ifndef HT_EDGE_COUNT_H
#define HT_EDGE_COUNT_H

#include <stdio.h>
#include <stdlib.h>

/* One edge, CALLER and CALLEE spelled as hotgrind's report names them
   (C++: demangled, with the parameter types).  A program counts a call
   where it is made (a counter next to the call, in the caller) or in the
   callee when the callee knows its caller (an argument that says who
   called, or a callee only one function can reach).  CALLER "*": the
   callee's calls from everywhere, for a callback whose caller is a
   library's code (qsort's comparator). */
struct ht_edge {
   const char*   caller;
   const char*   callee;
   unsigned long calls;
};

/* When the environment variable HT_EDGE_COUNTS names a file, writes one
   "CALLER<TAB>CALLEE<TAB>CALLS" line per edge to it, else nothing: the
   program's output stays what its other tests read. */
static void ht_edges_write(const struct ht_edge* edges, unsigned n)
{
   const char* path = getenv("HT_EDGE_COUNTS");
   FILE*       out;
   unsigned    i;

   if (path == NULL)
      return;
   out = fopen(path, "w");
   if (out == NULL) {
      perror(path);
      exit(3);
   }
   for (i = 0; i < n; i++)
      fprintf(out, "%s\t%s\t%lu\n", edges[i].caller, edges[i].callee,
              edges[i].calls);
   if (fclose(out) != 0) {
      perror(path);
      exit(3);
   }
}

#endif
