#!/bin/sh
# hotgrind regression tests: `hotgrind run` with an arm64 program, under
# qemu on three CPU models.  GPL-2.0-or-later
#
# The launcher pins what it can on arm64 (glibc.cpu.name=generic, no memory
# tagging, the common tunables; cmd-run.c's arm64 profile).  arm64_cpu.c
# says what it runs.  Checked, with the arm64 tool (arm64_lib.sh) launched
# by `hotgrind run --valgrind=vg-qemu`, HT_QEMU_CPU choosing qemu's -cpu:
#   1. neoverse-n1 and a64fx (an SVE CPU with its own memcpy in glibc):
#      byte-identical reports;
#   2. cortex-a53 (ARMv8.0, no LSE atomics): the platform fingerprint says
#      so (no "atomics" in hwcaps, so diff and check warn), both marked
#      functions' inclusive Ir are the same, and every function whose self
#      Ir differs is ld.so's (its hwcaps search) or one of libgcc's
#      outline-atomics helpers __aarch64_*.
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

HOTGRIND_CLI=$top_builddir/cli/hotgrind
test -x "$HOTGRIND_CLI" || skip "no hotgrind command here (a build without cli/)"
a64_build
a64_cc arm64_cpu -O2 arm64_cpu.c -pthread

# run_on CPU: REPORT arm64.CPU.xml, through hotgrind run.
run_on() {
   HT_QEMU_CPU=$1 VALGRIND_LIB=$A64_BUILD/.in_place \
      "$HOTGRIND_CLI" run --valgrind="$A64_BUILD/vg-qemu" --keep-env=HT_QEMU_CPU \
      -o "arm64.$1.xml" --mark=copy_work --mark=lock_work -- ./arm64_cpu \
      >"arm64.$1.xml.stdout" 2>"arm64.$1.xml.stderr" ||
      fail "hotgrind run on $1 exited with $? (see $WORK/arm64.$1.xml.stderr)"
   check_report "arm64.$1.xml" "arm64.$1.xml.stderr"
   test "$(xpath "arm64.$1.xml" 'string(/hotgrind/run/launcher/setting[@name="glibc-tunables"]/@value)')" = arm64-generic ||
      fail "arm64.$1.xml: the launcher did not pick its arm64 profile"
   # 500 * 1024 + (0 + ... + 499) from copy_work, 1000 from lock_work
   test "$(cat "arm64.$1.xml.stdout")" = 637750 ||
      fail "arm64_cpu printed $(cat "arm64.$1.xml.stdout") on $1"
}
for cpu in neoverse-n1 a64fx cortex-a53; do
   run_on $cpu
done

cmp arm64.neoverse-n1.xml arm64.a64fx.xml ||
   fail "neoverse-n1 and a64fx gave different reports under hotgrind run"
pass "neoverse-n1 and a64fx: identical reports"

hw() { xpath "$1" 'string(/hotgrind/run/platform/@hwcaps)'; }
case "-$(hw arm64.neoverse-n1.xml)-" in *-atomics-*) ;; *)
   fail "neoverse-n1's hwcaps '$(hw arm64.neoverse-n1.xml)' do not say atomics";; esac
case "-$(hw arm64.cortex-a53.xml)-" in *-atomics-*)
   fail "cortex-a53's hwcaps '$(hw arm64.cortex-a53.xml)' say atomics";; esac

"$PYTHON3" - arm64.neoverse-n1.xml arm64.cortex-a53.xml >cpu-diff.txt <<'PY' ||
import sys, xml.etree.ElementTree as ET
def load(path):
    fns = ET.parse(path).getroot().find("functions")
    self_ir = {(f.get("name"), f.get("object")): int(f.find("self").get("Ir")) for f in fns}
    incl = {f.get("name"): int(f.find("inclusive").get("Ir")) for f in fns
            if f.get("marked") == "yes"}
    return self_ir, incl
(s1, i1), (s2, i2) = load(sys.argv[1]), load(sys.argv[2])
bad, helpers = [], 0
for key in sorted(set(s1) | set(s2)):
    d = s2.get(key, 0) - s1.get(key, 0)
    if d == 0:
        continue
    name, obj = key
    if obj == "ld-linux-aarch64.so.1":
        continue
    if name.startswith("__aarch64_"):
        helpers += d
        continue
    bad.append(f"{name} ({obj}): {s1.get(key, 0)} -> {s2.get(key, 0)}")
if bad:
    print("differ outside ld.so and the outline-atomics helpers: " + "; ".join(bad))
    sys.exit(1)
for fn in ("copy_work", "lock_work"):
    if i1[fn] != i2[fn]:
        print(f"{fn} inclusive Ir {i1[fn]} -> {i2[fn]}")
        sys.exit(1)
print(f"copy_work {i1['copy_work']} and lock_work {i1['lock_work']} inclusive Ir "
      f"on both; outside them ld.so and the __aarch64_* helpers ({helpers:+d}) differ")
PY
   fail "neoverse-n1 against cortex-a53: $(cat cpu-diff.txt)"
pass "neoverse-n1 against cortex-a53: $(cat cpu-diff.txt)"
