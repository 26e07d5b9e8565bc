/* hotgrind regression test (det_random.sh): a program that reads the
   operating system's randomness every way the tool pins
   (--det-random=yes), prints every byte it got in hex, and branches on
   them, so that its instruction count moves when the bytes do.
   GPL-2.0-or-later

   What it asks for, in this order, and where each request's bytes come
   from in the generator's streams (the documented SplitMix64 streams;
   det_random_ref.py recomputes them, and says the same):

     stream 1 (getrandom):
       the first malloc: glibc 2.36 draws its
       tcache key, getrandom 8 GRND_NONBLOCK  bytes 0-7
       getrandom 5 bytes, then 11 bytes       bytes 8-12, 13-23
       getentropy 8 bytes (glibc: getrandom)  bytes 24-31
     stream 2 (/dev/urandom and /dev/random, one stream):
       open /dev/urandom, read 7, read 9      bytes 0-6, 7-15
       readv of 3 + 5 bytes on it             bytes 16-18, 19-23
       fopen /dev/urandom with a 64-byte
       stdio buffer (setvbuf), fread 10       read(2) of 64: bytes 24-87;
                                              the program sees 24-33
       open /dev/random, read 6               bytes 88-93
     stream 3: getauxval(AT_RANDOM)'s 16 bytes  bytes 0-15
     stream 4 (x86-64, when CPUID says RDRAND):
       rdrand 16-bit, 32-bit, 64-bit          bytes 0-3 (low 16 bits),
                                              4-7, 8-15 (little-endian)
     stream 5 (when CPUID says RDSEED): the same three forms.

   (main mallocs first, so that glibc's own draw, which natively strace
   shows at the first malloc, comes first whatever the program does.)
   So the report's <inputs> must say: getrandom 32 bytes in 4 calls
   (2 of them, 16 bytes, from from_getrandom), /dev/urandom 7+9+8+64 = 88 bytes in 4 reads,
   /dev/random 6 bytes in 1 read, rdrand 4+4+8 = 16 bytes in 3
   instructions (and rdseed the same).

   Output, one line per request: NAME HEX (the bytes in the order
   received; for rdrand/rdseed the value as a number, 4, 8 or 16 hex
   digits), "rdrand absent"/"rdseed absent" when CPUID says so, then
   "sum S" (the sum of every byte printed) and "loop L": a loop that runs
   S times, whose result depends on every byte.                          */

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/random.h>
#include <sys/uio.h>
#include <unistd.h>
#if defined(__x86_64__)
#  include <cpuid.h>
#endif

static unsigned long sum;

static void show(const char *name, const unsigned char *b, size_t n)
{
   printf("%s ", name);
   for (size_t i = 0; i < n; i++) {
      printf("%02x", b[i]);
      sum += b[i];
   }
   printf("\n");
}

static void show_value(const char *name, uint64_t v, int digits)
{
   printf("%s %0*llx\n", name, digits, (unsigned long long)v);
   for (int i = 0; i < digits / 2; i++)
      sum += (v >> (8 * i)) & 0xff;
}

static void must_read(int fd, unsigned char *b, size_t n, const char *what)
{
   ssize_t got = read(fd, b, n);
   if (got != (ssize_t)n) {
      fprintf(stderr, "%s: read %zd of %zu bytes\n", what, got, n);
      exit(1);
   }
}

__attribute__((noinline)) static void from_getrandom(void)
{
   unsigned char a[5], b[11];
   if (getrandom(a, sizeof a, 0) != sizeof a ||
       getrandom(b, sizeof b, 0) != sizeof b) {
      perror("getrandom");
      exit(1);
   }
   show("getrandom5", a, sizeof a);
   show("getrandom11", b, sizeof b);
}

__attribute__((noinline)) static void from_getentropy(void)
{
   unsigned char a[8];
   if (getentropy(a, sizeof a) != 0) {
      perror("getentropy");
      exit(1);
   }
   show("getentropy8", a, sizeof a);
}

__attribute__((noinline)) static void from_devices(void)
{
   unsigned char a[7], b[9], c[3], d[5], e[10], f[6];
   int fd = open("/dev/urandom", O_RDONLY);
   if (fd < 0) {
      perror("/dev/urandom");
      exit(1);
   }
   must_read(fd, a, sizeof a, "/dev/urandom");
   must_read(fd, b, sizeof b, "/dev/urandom");
   struct iovec iov[2] = { { c, sizeof c }, { d, sizeof d } };
   if (readv(fd, iov, 2) != sizeof c + sizeof d) {
      perror("readv /dev/urandom");
      exit(1);
   }
   close(fd);
   show("urandom_read7", a, sizeof a);
   show("urandom_read9", b, sizeof b);
   show("urandom_readv3", c, sizeof c);
   show("urandom_readv5", d, sizeof d);

   /* stdio fills its whole buffer: one read(2) of 64 bytes. */
   static char buf[64];
   FILE *s = fopen("/dev/urandom", "r");
   if (s == NULL || setvbuf(s, buf, _IOFBF, sizeof buf) != 0 ||
       fread(e, 1, sizeof e, s) != sizeof e) {
      perror("fread /dev/urandom");
      exit(1);
   }
   fclose(s);
   show("urandom_fread10", e, sizeof e);

   fd = open("/dev/random", O_RDONLY);
   if (fd < 0) {
      perror("/dev/random");
      exit(1);
   }
   must_read(fd, f, sizeof f, "/dev/random");
   close(fd);
   show("random_read6", f, sizeof f);
}

static void from_auxv(void)
{
   const unsigned char *r = (const unsigned char *)getauxval(AT_RANDOM);
   if (r == NULL) {
      fprintf(stderr, "no AT_RANDOM\n");
      exit(1);
   }
   show("at_random16", r, 16);
}

#if defined(__x86_64__)
/* One RDRAND or RDSEED into VAR, retried while the carry flag says no
   value came (as Intel's manual says to). */
#define DRAW(insn, var)                                                   \
   do {                                                                   \
      unsigned char ok_;                                                  \
      do                                                                  \
         __asm__ volatile(insn " %0; setc %1"                             \
                          : "=r"(var), "=qm"(ok_) :: "cc");               \
      while (!ok_);                                                       \
   } while (0)

/* The three forms of RDRAND (seed = 0) or RDSEED (seed = 1). */
__attribute__((noinline)) static void from_instructions(int seed)
{
   uint16_t v16;
   uint32_t v32;
   uint64_t v64;
   const char *n = seed ? "rdseed" : "rdrand";
   char name[16];
   if (seed) {
      DRAW("rdseed", v16);
      DRAW("rdseed", v32);
      DRAW("rdseed", v64);
   } else {
      DRAW("rdrand", v16);
      DRAW("rdrand", v32);
      DRAW("rdrand", v64);
   }
   snprintf(name, sizeof name, "%s16", n);
   show_value(name, v16, 4);
   snprintf(name, sizeof name, "%s32", n);
   show_value(name, v32, 8);
   snprintf(name, sizeof name, "%s64", n);
   show_value(name, v64, 16);
}

static void instructions(void)
{
   unsigned a, b, c, d;
   int rdrand = 0, rdseed = 0;
   if (__get_cpuid(1, &a, &b, &c, &d))
      rdrand = (c >> 30) & 1;
   if (__get_cpuid_max(0, NULL) >= 7) {
      __cpuid_count(7, 0, a, b, c, d);
      rdseed = (b >> 18) & 1;
   }
   if (rdrand)
      from_instructions(0);
   else
      printf("rdrand absent\n");
   if (rdseed)
      from_instructions(1);
   else
      printf("rdseed absent\n");
}
#else
static void instructions(void) { }
#endif

int main(void)
{
   void *volatile first = malloc(16);  /* glibc's tcache key: stream 1's */
   free(first);                        /* bytes 0-7 */
   from_getrandom();
   from_getentropy();
   from_devices();
   from_auxv();
   instructions();

   /* A loop whose trip count is the bytes' sum: the Ir follows them. */
   volatile unsigned long x = 0;
   for (unsigned long i = 0; i < sum; i++)
      x = x * 31 + i;
   printf("sum %lu\nloop %lu\n", sum, (unsigned long)x);
   return 0;
}
