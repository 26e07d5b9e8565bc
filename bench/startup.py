# hotgrind bench: a short, start-up-bound Python script (bench/run.sh's
# py-json workload).  GPL-2.0-or-later
#
# About 40 ms natively, most of it interpreter start-up and imports: the
# kind of run many CI benchmarks time, where translating code costs more
# than running it.  A dict of generated records, sorted, serialised to
# JSON and read back; deterministic (no time, no environment, sorted keys).

import json


def main():
    x = 2463534242
    records = {}
    for i in range(6000):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        records["k%05d" % (x % 100000)] = {"n": i, "v": x % 1000,
                                          "tag": "t%d" % (x % 7)}
    text = json.dumps(records, sort_keys=True)
    back = json.loads(text)
    print(len(text), sum(r["v"] for r in back.values()))


main()
