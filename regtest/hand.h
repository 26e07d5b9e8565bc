/* hotgrind regression tests: the hand-counted functions (asm_<arch>.S).
   GPL-2.0-or-later */
#ifndef HT_HAND_H
#define HT_HAND_H

#if defined(__x86_64__)
#  define HT_HAVE_HAND_ASM 1
#endif

#ifdef __cplusplus
extern "C" {
#endif
void     ht_loop_n(unsigned n);                 /* self Ir = 2n + 2 */
unsigned ht_leaf3(unsigned a, unsigned b);      /* self Ir = 3 per call */
unsigned ht_scan(unsigned n, unsigned k);       /* 5n + 2, or 5k + 4 if k < n */
/* Two functions with names C cannot spell (odd_names.s, made by
   gen_odd_names.sh): 2 instructions per call each. */
extern int (*const ht_odd_names[2])(int);
#ifdef __cplusplus
}
#endif

#endif
