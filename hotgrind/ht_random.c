/*--------------------------------------------------------------------*/
/*--- hotgrind: OS randomness from a seeded generator.             ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* --det-random=yes (the default): every way a program gets randomness
   from the system gives it bytes of a generator keyed by --random-seed
   instead, so a hash table seeded from them (Rust's HashMap, CPython's
   str hash, Go's maps) does the same work in every run:

   - getrandom(2) (glibc's getrandom, getentropy, arc4random);
   - read, pread64, readv, preadv, preadv2 of a descriptor opened on
     /dev/urandom or /dev/random;
   - the 16 AT_RANDOM bytes of the initial stack (stack protector and
     pointer guard);
   - RDRAND and RDSEED on x86-64: VEX calls a helper for their random
     bits, and ht_instrument.c swaps it for one here.

   The generator is SplitMix64, one stream per source, each taken in the
   order the program asks (docs/manual.md, "OS randomness" gives the
   definition; regtest/det_random_ref.py computes it independently).  The
   system call is made as usual and its result overwritten, so errors,
   blocking and byte counts stay the kernel's.  With --det-random=no the
   bytes are the kernel's; either way each read is noted (ht_inputs.c). */

#include "pub_tool_basics.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"

#include "ht_include.h"

#define AUXV_AT_NULL   0
#define AUXV_AT_RANDOM 25

enum { Stream_Getrandom = 1, Stream_Device = 2, Stream_AtRandom = 3,
       Stream_Rdrand = 4, Stream_Rdseed = 5, N_STREAMS = 6 };

typedef struct {
   ULong state;
   UChar buffered[8];   /* the last output's bytes not yet taken */
   UInt  n_buffered;
} Stream;

static Stream streams[N_STREAMS];

static ULong splitmix_next(ULong* state)
{
   ULong z;
   *state += 0x9E3779B97F4A7C15ULL;
   z = *state;
   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
   z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
   return z ^ (z >> 31);
}

/* The next 'len' bytes of stream 'which' into 'out'. */
static void stream_bytes(UInt which, UChar* out, SizeT len)
{
   Stream* st = &streams[which];
   SizeT   i;
   tl_assert(which > 0 && which < N_STREAMS);
   for (i = 0; i < len; i++) {
      if (st->n_buffered == 0) {
         ULong v = splitmix_next(&st->state);
         UInt  b;
         for (b = 0; b < 8; b++)
            st->buffered[7 - b] = (UChar)(v >> (8 * b));
         st->n_buffered = 8;
      }
      /* buffered[] holds the output's bytes last first: take from the end. */
      out[i] = st->buffered[--st->n_buffered];
   }
}

void HT_(random_init)(void)
{
   UInt s;
   for (s = 1; s < N_STREAMS; s++) {
      streams[s].state = HT_(clo).random_seed
                         ^ ((ULong)s * 0xD1B54A32D192ED03ULL);
      streams[s].n_buffered = 0;
   }
   if (!HT_(clo).det_random || VG_(client_auxv) == NULL) return;
   /* AT_RANDOM: ld.so takes the stack protector's canary and the pointer
      guard from these bytes before any client code runs. */
   {
      UWord* av;
      for (av = VG_(client_auxv); av[0] != AUXV_AT_NULL; av += 2)
         if (av[0] == AUXV_AT_RANDOM && av[1] != 0)
            stream_bytes(Stream_AtRandom, (UChar*)av[1], 16);
   }
}

/*------------------------------------------------------------*/
/*--- Descriptors on the random devices                    ---*/
/*------------------------------------------------------------*/

/* device_of[fd]: 0, or which device fd was opened on (1 /dev/urandom,
   2 /dev/random).  Grown on demand. */
static UChar* device_of;
static Int    n_device_of;

static const HChar* device_name(UChar d)
{
   return d == 1 ? "/dev/urandom" : "/dev/random";
}

static void set_device(Int fd, UChar d)
{
   if (fd < 0) return;
   if (fd >= n_device_of) {
      Int n = n_device_of ? n_device_of : 64;
      if (d == 0) return;
      while (n <= fd) n *= 2;
      device_of = VG_(realloc)("hotgrind.random.fds", device_of, n);
      VG_(memset)(device_of + n_device_of, 0, n - n_device_of);
      n_device_of = n;
   }
   device_of[fd] = d;
}

static UChar device_at(Int fd)
{
   return fd >= 0 && fd < n_device_of ? device_of[fd] : 0;
}

void HT_(random_fd_opened)(ThreadId tid, Int fd, const HChar* path)
{
   UChar d = VG_(strcmp)(path, "/dev/urandom") == 0 ? 1
             : VG_(strcmp)(path, "/dev/random") == 0 ? 2 : 0;
   set_device(fd, d);
}

void HT_(random_fd_closed)(Int first, Int last)
{
   Int fd;
   if (last >= n_device_of) last = n_device_of - 1;
   for (fd = first < 0 ? 0 : first; fd <= last; fd++)
      device_of[fd] = 0;
}

void HT_(random_fd_dup)(Int from, Int to)
{
   set_device(to, device_at(from));
}

/*------------------------------------------------------------*/
/*--- System calls                                         ---*/
/*------------------------------------------------------------*/

/* 'len' bytes the kernel just wrote at client address 'buf' for a read
   of 'source': replaced from 'stream' under --det-random=yes; noted. */
static void random_bytes_read(ThreadId tid, const HChar* source, UInt stream,
                              Addr buf, SizeT len)
{
   if (HT_(clo).det_random && len > 0)
      stream_bytes(stream, (UChar*)buf, len);
   HT_(input_note)(tid, HT_Input_Random, source, len, HT_(clo).det_random);
}

/* The same for a readv-like call: 'total' bytes spread over the
   'n_iov' iovecs at client address 'iov'. */
static void random_iov_read(ThreadId tid, const HChar* source, Addr iov,
                            UWord n_iov, SizeT total)
{
   SizeT left = total;
   UWord i;
   if (HT_(clo).det_random)
      for (i = 0; i < n_iov && left > 0; i++) {
         struct vki_iovec v;
         SizeT            take;
         if (!HT_(read_client)(iov + i * sizeof v, &v, sizeof v, False))
            break;
         take = v.iov_len < left ? v.iov_len : left;
         stream_bytes(Stream_Device, (UChar*)v.iov_base, take);
         left -= take;
      }
   HT_(input_note)(tid, HT_Input_Random, source, total, HT_(clo).det_random);
}

void HT_(random_post_syscall)(ThreadId tid, UInt sysno, UWord* args,
                              UInt n, UWord result)
{
   UChar d;
   if (sysno == __NR_getrandom) {
      random_bytes_read(tid, "getrandom", Stream_Getrandom, args[0], result);
      return;
   }
   switch (sysno) {
      case __NR_read: case __NR_pread64:
      case __NR_readv: case __NR_preadv:
#  if defined(__NR_preadv2)
      case __NR_preadv2:
#  endif
         break;
      default:
         return;
   }
   if ((d = device_at((Int)args[0])) == 0) return;
   if (sysno == __NR_read || sysno == __NR_pread64)
      random_bytes_read(tid, device_name(d), Stream_Device, args[1], result);
   else
      random_iov_read(tid, device_name(d), args[1], args[2], result);
}

/*------------------------------------------------------------*/
/*--- RDRAND and RDSEED                                    ---*/
/*------------------------------------------------------------*/

#if defined(VGA_amd64)
/* VEX's amd64g_dirtyhelper_RDRAND/RDSEED return 32 random bits and the
   carry flag in bit 32; a 64-bit form calls twice (low half first), so
   each call takes 4 bytes, little-endian, and the value of a 64-bit form
   is the stream's 8 bytes little-endian.  'site' notes the read. */
static ULong random_bits(UInt stream, HT_InputSite* site)
{
   UChar b[4];
   HT_(input_site_count)(site, 4);
   stream_bytes(stream, b, 4);
   return (1ULL << 32) | (ULong)b[0] | ((ULong)b[1] << 8)
          | ((ULong)b[2] << 16) | ((ULong)b[3] << 24);
}

static ULong ht_rdrand(HT_InputSite* site)
{
   return random_bits(Stream_Rdrand, site);
}

static ULong ht_rdseed(HT_InputSite* site)
{
   return random_bits(Stream_Rdseed, site);
}

/* With --det-random=no the host's bits, noted. */
extern ULong amd64g_dirtyhelper_RDRAND(void);
extern ULong amd64g_dirtyhelper_RDSEED(void);

static ULong ht_host_rdrand(HT_InputSite* site)
{
   HT_(input_site_count)(site, 4);
   return amd64g_dirtyhelper_RDRAND();
}

static ULong ht_host_rdseed(HT_InputSite* site)
{
   HT_(input_site_count)(site, 4);
   return amd64g_dirtyhelper_RDSEED();
}
#endif

Bool HT_(random_helper)(const HChar* name, const HChar** source,
                        const HChar** new_name, void** new_fn)
{
#if defined(VGA_amd64)
   Bool det = HT_(clo).det_random;
   if (VG_(strcmp)(name, "amd64g_dirtyhelper_RDRAND") == 0) {
      *source = "rdrand";
      *new_name = det ? "ht_rdrand" : "ht_host_rdrand";
      *new_fn = det ? (void*)ht_rdrand : (void*)ht_host_rdrand;
      return True;
   }
   if (VG_(strcmp)(name, "amd64g_dirtyhelper_RDSEED") == 0) {
      *source = "rdseed";
      *new_name = det ? "ht_rdseed" : "ht_host_rdseed";
      *new_fn = det ? (void*)ht_rdseed : (void*)ht_host_rdseed;
      return True;
   }
#endif
   return False;
}
