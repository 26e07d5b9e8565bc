# hotgrind bench: a deterministic pure-Python workload (bench/run.sh).
# GPL-2.0-or-later
#
# Usage: python3 workload.py [SCALE]      (default 1)
#
# The kind of code Python programs spend their time in, from the standard
# library only and with no input: integer arithmetic in loops (a
# xorshift32 generator), building and sorting lists, dicts of words,
# string splitting and joining, a small class hierarchy with method
# calls, recursion, a regular expression, and a JSON round trip.  What it
# computes depends on SCALE only (no time, no environment, no hash
# order: the printed checksum uses sorted keys), so every run executes the
# same Python code; run it with PYTHONHASHSEED=0 for identical
# instruction counts too.

import json
import re
import sys

WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet "
         "kilo lima mike november oscar papa quebec romeo sierra tango "
         "uniform victor whiskey xray yankee zulu").split()


class Rng:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x


class Shape:
    def area(self):
        raise NotImplementedError

    def describe(self):
        return "%s:%d" % (type(self).__name__, self.area())


class Rect(Shape):
    def __init__(self, w, h):
        self.w, self.h = w, h

    def area(self):
        return self.w * self.h


class Square(Rect):
    def __init__(self, s):
        super().__init__(s, s)


class Tri(Shape):
    def __init__(self, b, h):
        self.b, self.h = b, h

    def area(self):
        return self.b * self.h // 2


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def text(rng, n):
    return " ".join(WORDS[rng.next() % len(WORDS)] if rng.next() % 7
                    else str(rng.next() % 1000) for _ in range(n))


def main():
    scale = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    rng = Rng(2463534242)
    check = 0

    # lists and sorting
    nums = [rng.next() % 100000 for _ in range(20000 * scale)]
    nums.sort()
    check += sum(nums[::97])
    pairs = sorted((x % 101, -x) for x in nums[:5000 * scale])
    check += pairs[len(pairs) // 2][1]

    # dicts and strings
    counts = {}
    for word in text(rng, 30000 * scale).split():
        counts[word] = counts.get(word, 0) + 1
    check += sum(len(k) * v for k, v in sorted(counts.items()))
    check += len(",".join(w.upper()[::-1] for w in sorted(counts)))

    # objects and method calls
    shapes = []
    for i in range(6000 * scale):
        r = rng.next()
        kind = r % 3
        shapes.append(Rect(r % 17 + 1, r % 13 + 1) if kind == 0 else
                      Square(r % 11 + 1) if kind == 1 else
                      Tri(r % 19 + 1, r % 7 + 1))
    check += sum(s.area() for s in shapes)
    check += len("".join(s.describe() for s in shapes[:2000]))

    # recursion
    check += fib(18 + min(scale, 4))

    # regular expressions
    pat = re.compile(r"\b([a-e]\w+) (\d+)\b")
    check += sum(int(m.group(2)) for m in pat.finditer(text(rng, 10000 * scale)))

    # JSON round trip
    doc = {"shapes": [{"kind": type(s).__name__, "area": s.area()}
                      for s in shapes[:3000]],
           "counts": counts}
    back = json.loads(json.dumps(doc, sort_keys=True))
    check += len(back["shapes"]) + sum(back["counts"].values())

    print(check)


main()
