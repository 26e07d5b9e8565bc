/* hotgrind regression tests: the hand-counted functions for marks and
   zones (mark_asm_<arch>.S), next to those of hand.h.  GPL-2.0-or-later */
#ifndef HT_MARK_H
#define HT_MARK_H

#include "hand.h"

/* Keeps a function out of the compiler's interprocedural optimisations
   (no inlining, cloning or changed calling convention), so that it is
   in the binary, under its name, and entered by calls or tail jumps. */
#if defined(__GNUC__) && !defined(__clang__)
#  define HT_NOIPA __attribute__((noipa))
#else
#  define HT_NOIPA __attribute__((noinline))
#endif

#ifdef __cplusplus
extern "C" {
#endif
/* Request FIRST, ht_loop_n(n), request SECOND: 2n + 7 Ir between the
   requests (the second one included), self Ir 17 a call. */
void     mk_request_pair(const unsigned long first[6],
                         const unsigned long second[6], unsigned n);
/* Tail jump to ht_leaf3: self 1, inclusive 4 a call. */
unsigned mk_tail_leaf3(unsigned a, unsigned b);
/* Jumps into the middle of mk_skipped_entry (never entered): self 1,
   inclusive 3 a call; mk_skipped_entry self 2 a call. */
unsigned mk_enter_middle(void);
unsigned mk_skipped_entry(void);
/* Recursion n deep: n + 1 entries, 5n + 3 Ir; without a stack frame. */
void     mk_rec(unsigned n);
/* The same with a frame: n + 1 entries, 7n + 5 Ir. */
void     mk_rec_framed(unsigned n);
#ifdef __cplusplus
}
#endif

#endif
