#!/bin/sh
# hotgrind regression tests: heap figures worked out by hand.
# heap_hand.cpp (built at -O0): self figures of each function that calls
# the allocators (operator new called from a function counts once, for
# it), frees of another function's block, a marked function's inclusive
# figures over two allocating helpers, a marked recursive function, a
# zone around allocations, a bad_alloc thrown out of operator new[],
# --heap=no, and --alloc-fn/--free-fn on a pool allocator that never
# calls malloc and on a wrapper that does.  heap_threads.c: the figures
# of each of two threads, and a zone open in one while the other
# allocates.  heap_busy.c: five threads allocating at the same time.
# Every expected figure is derived in the programs' comments; the totals,
# which hold libc's own allocations, are compared with DHAT's instead.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/heap_lib.sh"

prog_built heap_hand heap_threads heap_busy
need_heap_tool

# The functions the spec observes, and the names Valgrind gives them
# here: whatever they call inside is nested, so none of them is ever the
# function that called the outermost allocator.
ALLOCATORS='@name="malloc" or @name="free" or @name="calloc" or @name="realloc"
   or @name="memalign" or @name="posix_memalign" or @name="aligned_alloc"
   or @name="valloc" or @name="reallocarray"
   or starts-with(@name, "operator new") or starts-with(@name, "operator delete")'
no_allocator_heap() {
   _n=$(xpath "$1" "count(/hotgrind/functions/function[$ALLOCATORS]/heap)")
   expect_eq "$1: allocator functions with a <heap> (nested calls are not counted)" "$_n" 0
   # ... and they are in the report, so that the check means something.
   _n=$(xpath "$1" "count(/hotgrind/functions/function[$ALLOCATORS])")
   test "$_n" -ge 5 || fail "$1: only $_n allocator functions in the report"
}

# The figures every run of heap_hand has, whatever the options, for the
# functions that use only the malloc family and operator new/delete.
expect_common() {
   expect_self "$1" f_malloc_calloc "3 60 1 20"
   expect_self "$1" f_new "2 48 1 8"
   expect_self "$1" f_realloc "4 112 2 32"
   expect_self "$1" f_aligned "4 192 4 192"
   expect_self "$1" f_free_other "0 0 1 10"
   expect_self "$1" helper_a "6 900 3 300"
   expect_self "$1" helper_b "4 200 2 120"
   expect_self "$1" parent "2 2000 2 2000"
   expect_self "$1" rec "8 64 8 64"
   expect_self "$1" main "1 7 1 7"
}

MARKS="--mark=parent --mark=helper_a --mark=rec"

#--------------------------------------------------------------------------
# Default options (--heap=yes), parent, helper_a and rec marked.
#--------------------------------------------------------------------------
# shellcheck disable=SC2086  # options are single words
hgh hand.xml $MARKS -- ../heap_hand
expect_eq "heap_hand's own checks" "$(cat hand.xml.stdout)" "heap_hand ok"
expect_eq "hand.xml: <option name=\"heap\">" "$(option_value hand.xml heap)" yes
expect_common hand.xml
# Without --alloc-fn, pool_* are plain functions, and the malloc and free
# inside wrapped_* are what is counted.
expect_self hand.xml wrapped_alloc "2 136 0 0"
expect_self hand.xml wrapped_free "0 0 1 100"
expect_self hand.xml use_pool "0 0 0 0"
expect_self hand.xml use_wrapped "0 0 0 0"
expect_self hand.xml pool_alloc "0 0 0 0"
no_allocator_heap hand.xml
# Inclusive: parent, 2 calls, 5 allocations of 1400 bytes and 3 frees of
# 1160 each; helper_a, a leaf, its self figures; rec, recursive, its self
# figures too (inner activations are not counted again); the zone,
# main's 7-byte block and one helper_a.
expect_incl_heap hand.xml function parent "10 2800 6 2320 2"
expect_incl_heap hand.xml function helper_a "6 900 3 300 3"
expect_incl_heap hand.xml function rec "8 64 8 64 8"
expect_incl_heap hand.xml zone heapzone "3 307 2 107 1"
# One thread, which made everything.
expect_eq "hand.xml: threads" "$(xpath hand.xml 'count(/hotgrind/threads/thread)')" 1
expect_eq "hand.xml: thread 1 = totals" "$(heap_py thread hand.xml 1)" \
   "$(hg_fig hand.xml allocs) $(hg_fig hand.xml alloc-bytes) $(hg_fig hand.xml frees) $(hg_fig hand.xml free-bytes)"
# Totals: DHAT's.
dhat hand ../heap_hand
same_as_dhat hand.xml hand
# Heap tracking changes no instruction count.
cachegrind_agrees hand ../heap_hand

# Marks change no heap figure: an unmarked run has the same totals and
# self figures.
hgh plain.xml -- ../heap_hand
expect_eq "heap totals with and without marks" "$(heap_py totals plain.xml)" \
   "$(heap_py totals hand.xml)"
expect_common plain.xml
test "$(xpath plain.xml 'count(/hotgrind/functions/function/inclusive)')" = 0 ||
   fail "plain.xml: a function has <inclusive> without marks"
expect_incl_heap plain.xml zone heapzone "3 307 2 107 1"

# A bad_alloc thrown out of operator new[] (heap_hand.cpp's f_throw):
# nothing counted for it, and what follows is counted as usual.
# shellcheck disable=SC2086  # options are single words
hgh throw.xml $MARKS -- ../heap_hand throw
expect_eq "heap_hand's own checks, with the throw" "$(cat throw.xml.stdout)" "heap_hand ok"
expect_self throw.xml f_throw "1 10 1 10"
expect_common throw.xml
no_allocator_heap throw.xml
for d in "allocs 1" "alloc-bytes 10" "frees 1" "free-bytes 10" "peak-bytes 0" \
         "peak-blocks 0" "exit-bytes 0" "exit-blocks 0"; do
   # shellcheck disable=SC2086  # two words: figure, difference
   set -- $d
   expect_eq "throw.xml: totals $1 - those of hand.xml" \
      $(( $(hg_fig throw.xml "$1") - $(hg_fig hand.xml "$1") )) "$2"
done

# reallocarray whose count x size wraps to 0 (heap_hand.cpp's
# f_wrap_kept): it fails and the block stays, so nothing is counted for
# it, and the later free of that block is a free (it was once recorded as
# a free of the block at the reallocarray).
hgh wrap.xml -- ../heap_hand wrap
expect_eq "heap_hand's own checks, with the wrapped reallocarray" \
   "$(cat wrap.xml.stdout)" "heap_hand ok"
expect_self wrap.xml f_wrap_kept "1 24 0 0"
expect_self wrap.xml f_free_kept "0 0 1 24"
expect_common wrap.xml

#--------------------------------------------------------------------------
# --heap=no: no heap figure anywhere, the same instruction counts.
#--------------------------------------------------------------------------
# shellcheck disable=SC2086  # options are single words
hgh noheap.xml --heap=no $MARKS -- ../heap_hand
expect_eq "noheap.xml: <option name=\"heap\">" "$(option_value noheap.xml heap)" no
expect_eq "noheap.xml: <heap> elements" "$(xpath noheap.xml 'count(//heap)')" 0
expect_eq "noheap.xml: heap attributes" \
   "$(xpath noheap.xml 'count(//@allocs | //@alloc-bytes | //@frees | //@free-bytes | //@peak-bytes | //@peak-blocks | //@exit-bytes | //@exit-blocks)')" 0
expect_eq "noheap.xml: totals has no child" "$(xpath noheap.xml 'count(/hotgrind/totals/*)')" 0
oracle noheap.xml hand.cg
expect_eq "total Ir, --heap=no and yes" "$(total_ir noheap.xml)" "$(total_ir hand.xml)"
for f in parent helper_a rec; do
   expect_eq "$f inclusive Ir, --heap=no and yes" "$(fn_incl_ir noheap.xml $f)" "$(fn_incl_ir hand.xml $f)"
   expect_eq "$f calls, --heap=no and yes" "$(fn_calls noheap.xml $f)" "$(fn_calls hand.xml $f)"
done
expect_eq "zone inclusive Ir, --heap=no and yes" "$(zone_attr noheap.xml heapzone inclusive/@Ir)" \
   "$(zone_attr hand.xml heapzone inclusive/@Ir)"

#--------------------------------------------------------------------------
# --alloc-fn / --free-fn.
#--------------------------------------------------------------------------
POOL_OPTS="--alloc-fn=pool_alloc --free-fn=pool_free --alloc-fn=wrapped_alloc --free-fn=wrapped_free"
# shellcheck disable=SC2086
hgh pool.xml $POOL_OPTS $MARKS -- ../heap_hand
expect_eq "pool.xml: alloc-fn options" "$(option_value pool.xml alloc-fn | tr '\n' ' ')" \
   "pool_alloc wrapped_alloc "
expect_eq "pool.xml: free-fn options" "$(option_value pool.xml free-fn | tr '\n' ' ')" \
   "pool_free wrapped_free "
expect_common pool.xml
# The pool's calls are counted (the third pool_alloc returns NULL, the
# second and third pool_free are of no live block); the wrapper's, as
# its arguments say, and not the malloc and free inside.
expect_self pool.xml use_pool "2 150 1 100"
expect_self pool.xml use_wrapped "2 104 1 84"
for f in pool_alloc pool_free wrapped_alloc wrapped_free; do
   expect_self pool.xml $f "0 0 0 0"
done
no_allocator_heap pool.xml
expect_incl_heap pool.xml function parent "10 2800 6 2320 2"
# The totals move by what heap_hand.cpp derives.
for d in "allocs 2" "alloc-bytes 118" "frees 1" "free-bytes 84" "exit-blocks 1" "exit-bytes 34"; do
   # shellcheck disable=SC2086  # two words: figure, difference
   set -- $d
   expect_eq "pool.xml: totals $1 - those of hand.xml" \
      $(( $(hg_fig pool.xml "$1") - $(hg_fig hand.xml "$1") )) "$2"
done
oracle pool.xml hand.cg

# The same functions chosen with OBJ: and glob patterns.
hgh poolobj.xml --alloc-fn=heap_hand:pool_alloc '--free-fn=heap_hand:pool_f*' \
   '--alloc-fn=wrapped_a*' --free-fn=wrapped_free -- ../heap_hand
expect_self poolobj.xml use_pool "2 150 1 100"
expect_self poolobj.xml use_wrapped "2 104 1 84"
expect_eq "heap totals, patterns and plain names" "$(heap_py totals poolobj.xml)" \
   "$(heap_py totals pool.xml)"
# An OBJ: that is not where the function is: nothing chosen.
hgh poolother.xml --alloc-fn=libc.so.6:pool_alloc --free-fn=libc.so.6:pool_free -- ../heap_hand
expect_self poolother.xml use_pool "0 0 0 0"
expect_eq "heap totals, pool in another object" "$(heap_py totals poolother.xml)" \
   "$(heap_py totals plain.xml)"

#--------------------------------------------------------------------------
# Two threads (heap_threads.c).
#--------------------------------------------------------------------------
hgh threads.xml -- ../heap_threads
expect_eq "heap_threads' own checks" "$(cat threads.xml.stdout)" "heap_threads ok"
expect_eq "threads.xml: threads" "$(xpath threads.xml 'count(/hotgrind/threads/thread)')" 2
expect_eq "threads.xml: thread 2's parent" "$(xpath threads.xml 'string(/hotgrind/threads/thread[@id="2"]/@parent)')" 1
expect_thread threads.xml 2 "6 208 3 128"
expect_self threads.xml t2_work "6 208 3 128"
expect_self threads.xml main_before "4 112 0 0"
expect_self threads.xml main_after "0 0 2 64"
# The zone around pthread_join holds none of thread 2's allocations.
incl=$(heap_py inclusive threads.xml zone join) || fail "threads.xml: $incl"
expect_eq "threads.xml: zone join's inclusive allocs, alloc-bytes, calls" \
   "$(echo "$incl" | cut -d' ' -f1,2,5)" "0 0 1"
# Thread 1: the rest of the totals (its own figures include libc's).
t1=$(heap_py thread threads.xml 1)
# shellcheck disable=SC2086
set -- $t1
expect_eq "threads.xml: thread 1 allocs = totals - thread 2's" "$1" $(( $(hg_fig threads.xml allocs) - 6 ))
expect_eq "threads.xml: thread 1 alloc-bytes = totals - thread 2's" "$2" $(( $(hg_fig threads.xml alloc-bytes) - 208 ))
if test "$1" -lt 4 || test "$2" -lt 112 || test "$3" -lt 2 || test "$4" -lt 64; then
   fail "threads.xml: thread 1's figures $t1 are less than main_before's and main_after's"
fi
pass "threads.xml: thread 1 holds main_before's and main_after's ($t1)"
dhat threads ../heap_threads
same_as_dhat threads.xml threads
# No per-function Ir comparison with Cachegrind here: whether main's
# pthread_join has to wait depends on which thread the kernel runs after
# the clone (94 instructions, in Cachegrind too: docs/threads.md), so two
# runs can differ; thread_counts.sh compares a race-free threaded program.
# --heap=no: threads carry no heap figures either (heap invariants).
hgh threads-noheap.xml --heap=no -- ../heap_threads

#--------------------------------------------------------------------------
# Five threads allocating at the same time (heap_busy.c): each thread's
# figures are its own, whichever thread Valgrind switches to in the middle
# of a malloc or free.
#--------------------------------------------------------------------------
K=50000
hgh busy.xml --mark=worker -- ../heap_busy $K
# shellcheck disable=SC2046  # the bytes each thread allocated, threads 1 to 5
set -- $(cat busy.xml.stdout)
test $# = 5 || hard_error "heap_busy printed '$*'"
expect_eq "busy.xml: threads" "$(xpath busy.xml 'count(/hotgrind/threads/thread)')" 5
sum=0 id=1
for b in "$@"; do
   if test $id -gt 1; then
      expect_thread busy.xml $id "$K $b $K $b"
   fi
   sum=$((sum + b)) id=$((id + 1))
done
expect_self busy.xml worker "$((5 * K)) $sum $((5 * K)) $sum"
# worker, marked, is active in five threads at once: its inclusive
# figures are what each thread did inside its own activation, the same.
expect_incl_heap busy.xml function worker "$((5 * K)) $sum $((5 * K)) $sum 5"
t1=$(heap_py thread busy.xml 1)
test "${t1%% *}" -ge $K || fail "busy.xml: thread 1 has $t1, less than its worker's $K allocations"
pass "busy.xml: thread 1 holds its worker's allocations ($t1)"
# Totals: DHAT's, but for the peak (the threads interleave differently
# under the two tools).
dhat busy ../heap_busy $K
cmp -s busy.xml.stdout busy.dhat.stdout ||
   fail "heap_busy printed different output under hotgrind and DHAT"
for fig in allocs alloc-bytes exit-bytes exit-blocks; do
   expect_eq "busy.xml: $fig = DHAT's" "$(hg_fig busy.xml $fig)" "$(dhat_fig busy $fig)"
done

#--------------------------------------------------------------------------
# pvalloc: an allocation of whole pages (a page for 0), freed by free.
# It was not observed, so its blocks were not counted and their frees
# were ignored.  DHAT 3.19 aborts on pvalloc, so the oracle is the same
# program with memalign(PAGE, size rounded up to pages) in its place
# (glibc's pvalloc is exactly that): DHAT's totals of that run must be
# hotgrind's of the pvalloc run.  Self figures by hand: pages() calls
# pvalloc(100), (5000), (0): 1 + 2 + 1 pages; f frees the first two.
#--------------------------------------------------------------------------
cat >pvalloc.c <<'C'
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static int use_pvalloc;
static void* pages(size_t n)
{
   size_t page = (size_t)sysconf(_SC_PAGESIZE);
   if (use_pvalloc) return pvalloc(n);
   return memalign(page, n == 0 ? page : (n + page - 1) / page * page);
}
__attribute__((noinline)) static void* f(void)
{
   void* a = pages(100);
   void* b = pages(5000);
   void* c = pages(0);
   free(a);
   free(b);
   return c;
}
int main(int argc, char** argv)
{
   use_pvalloc = argc > 1 && strcmp(argv[1], "pvalloc") == 0;
   return f() == NULL;
}
C
cc -O0 -o pvalloc pvalloc.c || hard_error "cannot build pvalloc.c"
PAGE=$(getconf PAGESIZE)
hgh pv.xml -- ./pvalloc pvalloc
# At -O0 pages() is a function of its own: it calls the allocators.
expect_self pv.xml pages "3 $((4 * PAGE)) 0 0"
expect_self pv.xml f "0 0 2 $((3 * PAGE))"
dhat pvm ./pvalloc memalign
same_as_dhat pv.xml pvm

#--------------------------------------------------------------------------
# A function cannot be both an allocator and a free function: a
# standard allocator named as the other kind (--alloc-fn=free
# --free-fn=malloc counted frees of blocks never allocated), or a
# pattern given to both options, is refused before the client runs; two
# globs that both match a function that runs stop the run there.
#--------------------------------------------------------------------------
for opts in "--alloc-fn=free" "--free-fn=malloc" "--alloc-fn=free --free-fn=malloc" \
            "--free-fn=operator?new*" "--alloc-fn=realloc" \
            "--alloc-fn=pool_alloc --free-fn=pool_alloc"; do
   # shellcheck disable=SC2086  # the options are words
   st=$(hg_status both $opts -- /bin/echo CLIENT-RAN)
   test "$st" -eq 1 || fail "$opts: exit $st, want 1: $(cat both.stderr)"
   ! grep -q CLIENT-RAN both.stdout || fail "the client ran with $opts"
   grep -q 'hotgrind: .*\(observes as\|both --alloc-fn and --free-fn\)' both.stderr ||
      fail "$opts: no reason given: $(cat both.stderr)"
   pass "$opts: refused ($(grep -o 'hotgrind: .*' both.stderr))"
done
st=$(hg_status bothglob --hotgrind-out-file=bothglob.xml '--alloc-fn=pool_*' \
     '--free-fn=pool_a*' -- ../heap_hand)
test "$st" -eq 1 || fail "pool_alloc matched by both options: exit $st, want 1"
grep -q -F 'pool_alloc in heap_hand matches both --alloc-fn=pool_* and --free-fn=pool_a*' bothglob.stderr ||
   fail "pool_alloc matched by both options: no message: $(cat bothglob.stderr)"
pass "a function matched by both --alloc-fn and --free-fn: the run stops, saying so"

#--------------------------------------------------------------------------
# realloc(p, 0) returning a block (musl, jemalloc and others do; glibc
# frees p and returns NULL): one allocation of 0 bytes, counted as 1 byte
# like malloc(0), so alloc-bytes >= allocs holds.  The program's own
# realloc is observed by its name; the malloc and free it calls are
# nested, so not counted.
#--------------------------------------------------------------------------
cat >realloc0.c <<'C'
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
void *realloc(void *p, size_t n)
{
   void *q;
   size_t old;
   if (p == NULL)
      return malloc(n);
   if ((q = malloc(n)) == NULL)     /* glibc's malloc(0) gives a block */
      return NULL;
   old = malloc_usable_size(p);
   memcpy(q, p, old < n ? old : n);
   free(p);
   return q;
}
__attribute__((noinline)) static void shrink_to_zero(void)
{
   char *p = malloc(1);             /* 1 alloc, 1 byte */
   p = realloc(p, 0);               /* 1 alloc of 0 bytes: 1 byte */
   if (p == NULL)
      abort();
   free(p);                         /* 1 free of the block, now 1 byte */
}
int main(void)
{
   shrink_to_zero();
   puts("realloc0 ok");
   return 0;
}
C
cc -O0 -g -o realloc0 realloc0.c || hard_error "cannot build realloc0.c"
hgh realloc0.xml -- ./realloc0
expect_eq "realloc0's own checks" "$(cat realloc0.xml.stdout)" "realloc0 ok"
expect_self realloc0.xml shrink_to_zero "2 2 1 1"
