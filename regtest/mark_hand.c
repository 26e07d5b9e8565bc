/* hotgrind regression tests: C driver for the hand-counted functions of
   marks and zones (mark_asm_amd64.S, asm_amd64.S).  GPL-2.0-or-later */

/* Usage: mark_hand MODE ARGS...
     loops N...        ht_loop_n(N) for each N (2N + 2 Ir each)
     rec N...          mk_rec(N) for each N (N + 1 entries, 5N + 3 Ir)
     framed N...       mk_rec_framed(N) for each N (N + 1 entries, 7N + 5)
     tail K J          mk_tail_leaf3 K times, ht_leaf3 J times directly
     middle K          mk_enter_middle K times
     zone N R          R times mk_request_pair(ZONE_BEGIN "asm",
                       ZONE_END, N): a zone around ht_loop_n(N)
     nested N R        R times: ZONE_BEGIN "outer" (the hotgrind.h
                       macro), then the "asm" zone twice, ZONE_END
     again N R         R times: ZONE_BEGIN "asm" (the macro), then the
                       "asm" zone of mk_request_pair inside it, ZONE_END:
                       a zone nested in itself
     region N          ht_scan(1000, 1000) (5002 Ir) and ht_leaf3 once,
                       then mk_request_pair(START_INSTRUMENTATION,
                       STOP_INSTRUMENTATION, N), then ht_scan(1000,
                       1000) and ht_leaf3 once more
   The formulas are derived in mark_asm_amd64.S and asm_amd64.S, and
   restated in mark_lib.sh.  This driver's own instructions are not
   hand-counted. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mark.h"

#ifdef HT_HAVE_HAND_ASM

#include "hotgrind.h"

/* The six words of a client request, as valgrind.h's
   VALGRIND_DO_CLIENT_REQUEST builds them: code, then five arguments. */
static unsigned long zone_begin[6] = { VG_USERREQ__HOTGRIND_ZONE_BEGIN };
static unsigned long zone_end[6] = { VG_USERREQ__HOTGRIND_ZONE_END };
static unsigned long start_instr[6] = {
   VG_USERREQ__HOTGRIND_START_INSTRUMENTATION };
static unsigned long stop_instr[6] = {
   VG_USERREQ__HOTGRIND_STOP_INSTRUMENTATION };

static unsigned arg(const char* s)
{
   return (unsigned)strtoul(s, NULL, 10);
}

int main(int argc, char** argv)
{
   const char* mode = argc > 1 ? argv[1] : "";
   unsigned    acc = 0, i, r, n, rounds;

   zone_begin[1] = (unsigned long)"asm";
   if (!strcmp(mode, "loops") || !strcmp(mode, "rec")
       || !strcmp(mode, "framed")) {
      for (i = 2; i < (unsigned)argc; i++) {
         if (mode[0] == 'l')
            ht_loop_n(arg(argv[i]));
         else if (mode[0] == 'r')
            mk_rec(arg(argv[i]));
         else
            mk_rec_framed(arg(argv[i]));
      }
   } else if (!strcmp(mode, "tail") && argc == 4) {
      for (i = 0; i < arg(argv[2]); i++)
         acc = mk_tail_leaf3(acc, i);
      for (i = 0; i < arg(argv[3]); i++)
         acc = ht_leaf3(acc, i);
   } else if (!strcmp(mode, "middle") && argc == 3) {
      for (i = 0; i < arg(argv[2]); i++)
         acc += mk_enter_middle();
      if (acc != 7 * arg(argv[2]))
         return 1;
   } else if (!strcmp(mode, "zone") && argc == 4) {
      for (r = 0; r < arg(argv[3]); r++)
         mk_request_pair(zone_begin, zone_end, arg(argv[2]));
   } else if (!strcmp(mode, "nested") && argc == 4) {
      n = arg(argv[2]);
      rounds = arg(argv[3]);
      for (r = 0; r < rounds; r++) {
         HOTGRIND_ZONE_BEGIN("outer");
         mk_request_pair(zone_begin, zone_end, n);
         mk_request_pair(zone_begin, zone_end, n);
         HOTGRIND_ZONE_END();
      }
   } else if (!strcmp(mode, "again") && argc == 4) {
      n = arg(argv[2]);
      rounds = arg(argv[3]);
      for (r = 0; r < rounds; r++) {
         HOTGRIND_ZONE_BEGIN("asm");
         mk_request_pair(zone_begin, zone_end, n);
         HOTGRIND_ZONE_END();
      }
   } else if (!strcmp(mode, "region") && argc == 3) {
      acc += ht_scan(1000, 1000) + ht_leaf3(1, 2);
      mk_request_pair(start_instr, stop_instr, arg(argv[2]));
      acc += ht_scan(1000, 1000) + ht_leaf3(1, 2);
   } else {
      fprintf(stderr, "usage: %s loops|rec|framed|tail|middle|zone|nested|again|region "
              "ARGS...\n", argv[0]);
      return 2;
   }
   printf("%u\n", acc);
   return 0;
}

#else

int main(void)
{
   return 77;   /* no hand-counted functions for this architecture */
}

#endif
