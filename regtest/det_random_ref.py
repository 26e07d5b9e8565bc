#!/usr/bin/env python3
"""hotgrind regression tests: the generator behind --det-random=yes,
recomputed from its documentation (docs/manual: SplitMix64, one stream per
source), without reading a line of the tool.  GPL-2.0-or-later

    det_random_ref.py selftest
        checks next() against SplitMix64's published outputs for state 0
        (Vigna's splitmix64.c: e220a8397b1dcdaf, 6e789e6aa1b965f4,
        06c45d188009454f), so the arithmetic here is right on its own.
    det_random_ref.py bytes SEED STREAM OFFSET COUNT
        COUNT bytes of STREAM from byte OFFSET, in hex.
    det_random_ref.py det_random SEED RDRAND RDSEED
        what det_random.c prints under --det-random=yes --random-seed=SEED
        (RDRAND, RDSEED: yes when the CPU has the instruction, "none"
        on an architecture without either, arm64: no line for them).

The generator, as documented: for seed S and stream s (1 getrandom,
2 /dev/urandom and /dev/random, 3 AT_RANDOM, 4 RDRAND, 5 RDSEED)
    state = S xor (s * 0xD1B54A32D192ED03)              (mod 2^64)
    next(): state += 0x9E3779B97F4A7C15; z = state
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) * 0x94D049BB133111EB
            return z ^ (z >> 31)
A stream's bytes are next()'s outputs, 8 little-endian bytes each; each
request takes the next bytes of its stream.  RDRAND/RDSEED: a 16- or
32-bit form takes 4 bytes (a little-endian u32; the 16-bit form keeps its
low 16 bits), a 64-bit form 8 (a little-endian u64).
"""
import sys

M = (1 << 64) - 1
GETRANDOM, DEVICES, AT_RANDOM, RDRAND, RDSEED = 1, 2, 3, 4, 5


def outputs(state):
    while True:
        state = (state + 0x9E3779B97F4A7C15) & M
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        yield z ^ (z >> 31)


def stream_bytes(seed, stream, offset, count):
    state = (seed ^ (stream * 0xD1B54A32D192ED03)) & M
    out = bytearray()
    for v in outputs(state):
        out += v.to_bytes(8, "little")
        if len(out) >= offset + count:
            return bytes(out[offset:offset + count])


def selftest():
    gen = outputs(0)
    got = [next(gen) for _ in range(3)]
    want = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    if got != want:
        sys.exit("selftest: SplitMix64(0) gave %s, published %s"
                 % ([hex(g) for g in got], [hex(w) for w in want]))
    print("selftest: SplitMix64 from state 0 gives the published "
          "e220a8397b1dcdaf 6e789e6aa1b965f4 06c45d188009454f")


def det_random(seed, rdrand, rdseed):
    """det_random.c's output; its comment lays out the same offsets."""
    lines, total = [], 0

    def show(name, stream, offset, count):
        nonlocal total
        b = stream_bytes(seed, stream, offset, count)
        total += sum(b)
        lines.append("%s %s" % (name, b.hex()))

    def show_value(name, value, digits):
        nonlocal total
        total += sum(value.to_bytes(digits // 2, "little"))
        lines.append("%s %0*x" % (name, digits, value))

    # glibc's malloc takes stream 1's bytes 0-7 (its tcache key) at the
    # program's first malloc, before the program's own requests.
    show("getrandom5", GETRANDOM, 8, 5)
    show("getrandom11", GETRANDOM, 13, 11)
    show("getentropy8", GETRANDOM, 24, 8)
    show("urandom_read7", DEVICES, 0, 7)
    show("urandom_read9", DEVICES, 7, 9)
    show("urandom_readv3", DEVICES, 16, 3)
    show("urandom_readv5", DEVICES, 19, 5)
    # fread of 10 through a 64-byte stdio buffer: one read(2) of 64
    # (bytes 24-87), of which the program sees the first 10.
    show("urandom_fread10", DEVICES, 24, 10)
    show("random_read6", DEVICES, 88, 6)
    show("at_random16", AT_RANDOM, 0, 16)
    for name, stream, present in (("rdrand", RDRAND, rdrand),
                                  ("rdseed", RDSEED, rdseed)):
        if present == "none":
            continue
        if present != "yes":
            lines.append("%s absent" % name)
            continue
        b = stream_bytes(seed, stream, 0, 16)
        show_value(name + "16", int.from_bytes(b[0:4], "little") & 0xFFFF, 4)
        show_value(name + "32", int.from_bytes(b[4:8], "little"), 8)
        show_value(name + "64", int.from_bytes(b[8:16], "little"), 16)
    x = 0
    for i in range(total):
        x = (x * 31 + i) & M
    lines.append("sum %d" % total)
    lines.append("loop %d" % x)
    return "\n".join(lines) + "\n"


def main(argv):
    if argv[1:2] == ["selftest"]:
        selftest()
    elif argv[1:2] == ["bytes"] and len(argv) == 6:
        print(stream_bytes(int(argv[2], 0), int(argv[3]), int(argv[4]),
                           int(argv[5])).hex())
    elif argv[1:2] == ["det_random"] and len(argv) == 5:
        sys.stdout.write(det_random(int(argv[2], 0), argv[3], argv[4]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
