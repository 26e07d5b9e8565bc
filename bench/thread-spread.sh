#!/bin/sh
# hotgrind bench: how much the instruction counts of multithreaded
# programs vary from run to run, under hotgrind and under Callgrind,
# with and without --fair-sched=yes.  GPL-2.0-or-later
#
# Usage: bench/thread-spread.sh [-r RUNS] [-s MB] [-n ITEMS] [-t TOOLS] [-l N] [-S SCHEDS] [-x] [VG_IN_PLACE]
#
#   -r RUNS   runs of each configuration (10)
#   -s MB     size of the text xz compresses (8: three 3 MiB blocks at -1)
#   -n ITEMS  items prodcons passes from producer to consumer (200000)
#   -t TOOLS  "callgrind", "hotgrind" or "callgrind hotgrind" (both; the
#             hotgrind part is left out, saying so, when the tool does
#             not write <threads> yet)
#   -l N      keep N busy loops running meanwhile (a loaded machine, as a
#             shared CI runner is; default 0)
#   -S SCHEDS only these schedulers: any of "no yes det" (default: all
#             the launcher's Valgrind has)
#   -x        instead of the spread: where it comes from.  Runs each
#             program RUNS times under Cachegrind (--cache-sim=no) with
#             --trace-syscalls=yes and --trace-sched=yes and prints, per
#             run, the total Ir, the futex waits and wakes of each
#             thread, sched_yield calls, how many times Valgrind's lock
#             went to another thread (and how many of those at the end
#             of a time slice), then the functions whose Ir differ
#             between the runs with the smallest and the largest total.
#
# Programs (the same command and environment in every run):
#   prodcons  bench/prodcons.c (-O2): a producer thread and a consumer
#             thread around a 64-item queue, one mutex, two condition
#             variables, ITEMS items; main only creates and joins them
#   xz        xz -1 -T2 compressing a generated text of MB megabytes
#             (regtest/gen_input.c): main reads and writes, two worker
#             threads compress blocks
#
# Schedulers: --fair-sched=no, --fair-sched=yes and, when the launcher's
# Valgrind has it (built from source with patches/0003-det-sched.patch:
# tools/build-in-tree.sh), --det-sched=yes ("det" in the table).
#
# For each program, tool and scheduler it prints, over RUNS runs,
# the smallest and largest total Ir and Ir of each thread, and the spread,
# (max - min) / min in percent.  Threads are hotgrind's ids (creation
# order, 1 = main) and Callgrind's thread numbers (Valgrind's thread
# slots; the same here, since no thread ends before the others are
# created).  Callgrind runs with --separate-threads=yes, which gives
# per-thread files and changes nothing in what is counted; its total is
# the "Collected" line of its stderr.  hotgrind runs with
# --thread-events=yes and also prints, per configuration, the range of
# its cond-wait events and contended locks.  Not part of `make check`.

set -eu

runs=10
mb=8
items=200000
tools="callgrind hotgrind"
explain=no
load=0
only_scheds=
usage="usage: $0 [-r RUNS] [-s MB] [-n ITEMS] [-t TOOLS] [-l N] [-S SCHEDS] [-x] [VG_IN_PLACE]"
. "$(dirname "$0")/lib.sh"
bench_opts "r:runs s:mb n:items t:tools l:load S:only_scheds x=explain=yes" "$@"
shift "$opts_shift"

vg=$(find_built "${1:-${VG_IN_PLACE:-}}" vg-in-place)

for p in xz cc python3; do
   command -v $p >/dev/null || { echo "$0: $p is not installed" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/hotgrind-spread.XXXXXX")
hogs=
cleanup() {
   for h in $hogs; do kill "$h" 2>/dev/null || :; done
   rm -rf "$work"
}
trap cleanup EXIT
cd "$work"

cc -O2 -g -pthread -o prodcons "$here/prodcons.c"
cc -O2 -o gen_input "$top/regtest/gen_input.c"
./gen_input text $((mb * 1024 * 1024)) >input.txt
XZ=$(command -v xz)

# The same small environment and cwd for every run.
run() {
   env -i PATH=/usr/bin:/bin LC_ALL=C "$@"
}

# prog_args NAME: the command of program NAME.
prog_args() {
   case $1 in
      prodcons) echo "./prodcons $items 64 20" ;;
      xz) echo "$XZ -1 -T2 -c input.txt" ;;
   esac
}

# sched_opt SCHED: the Valgrind option of scheduler SCHED (no, yes, det).
sched_opt() {
   case $1 in
      det) echo --det-sched=yes ;;
      *) echo --fair-sched="$1" ;;
   esac
}
scheds="no yes"
if "$vg" --tool=none --det-sched=yes true >/dev/null 2>&1; then
   scheds="no yes det"
fi
if test -n "$only_scheds"; then
   for s in $only_scheds; do
      case " $scheds " in
         *" $s "*) ;;
         *) echo "$0: scheduler $s is not one of: $scheds" >&2; exit 2 ;;
      esac
   done
   scheds=$only_scheds
fi

# One line per run in $work/data: TOOL PROG SCHED RUN total=N t1=N t2=N ...
# [cond-waits=N contended=N]; and one per run in $work/times:
# TOOL PROG SCHED MILLISECONDS (wall clock of the whole run).
: >data
: >times

now_ms() {
   echo $(($(date +%s%N) / 1000000))
}

# tool_run TOOL PROG SCHED OUT [OPTIONS...]: program PROG under TOOL with
# scheduler SCHED and OPTIONS, stderr in OUT.stderr; its wall time goes to
# times.  Stops the bench if the run fails.
tool_run() {
   _tr_tool=$1 _tr_prog=$2 _tr_sched=$3 _tr_out=$4; shift 4
   _tr_t0=$(now_ms)
   # shellcheck disable=SC2046
   run "$vg" --tool="$_tr_tool" $(sched_opt "$_tr_sched") "$@" \
      $(prog_args "$_tr_prog") >/dev/null 2>"$_tr_out.stderr" || {
      echo "$0: $_tr_tool failed on $_tr_prog (see $_tr_out.stderr)" >&2
      tail "$_tr_out.stderr" >&2; exit 1; }
   echo "$_tr_tool $_tr_prog $_tr_sched $(($(now_ms) - _tr_t0))" >>times
}

run_callgrind() {
   _p=$1 _f=$2 _i=$3
   _out="$work/clg.$_p.$_f.$_i"
   tool_run callgrind "$_p" "$_f" "$_out" --separate-threads=yes \
      --callgrind-out-file="$_out"
   _tot=$(sed -n 's/^==[0-9]*== Collected : //p' "$_out.stderr")
   _thr=$(for f in "$_out"-*; do
             _t=$(sed -n 's/^thread: //p' "$f")
             _s=$(sed -n 's/^summary: //p' "$f")
             echo "t$_t=$_s"
          done | sort -t= -k1.2n | tr '\n' ' ')
   echo "callgrind $_p $_f $_i total=$_tot $_thr" >>data
   rm -f "$_out" "$_out"-*
}

hotgrind_ready=unknown
run_hotgrind() {
   _p=$1 _f=$2 _i=$3
   _out="$work/hg.$_p.$_f.$_i.xml"
   tool_run hotgrind "$_p" "$_f" "$_out" --thread-events=yes \
      --hotgrind-out-file="$_out"
   _line=$(python3 - "$_out" <<'EOF'
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
th = r.find("threads")
if th is None:
    print("NOTHREADS")
    sys.exit(0)
out = ["total=" + r.find("totals").get("Ir")]
out += [f"t{t.get('id')}={t.get('Ir')}" for t in th.findall("thread")]
ev = r.find("events")
mx = r.find("mutexes")
if ev is not None:
    out.append("cond-waits=%d" % sum(1 for e in ev if e.get("kind") == "cond-wait"))
    out.append("contended=%d" % sum(int(m.get("contended")) for m in (mx if mx is not None else [])))
print(" ".join(out))
EOF
)
   if test "$_line" = NOTHREADS; then
      hotgrind_ready=no
      return 0
   fi
   hotgrind_ready=yes
   echo "hotgrind $_p $_f $_i $_line" >>data
   rm -f "$_out"
}

# table: min, max and spread of every figure of every configuration.
table() {
   awk '
   {
      key = $1 " " $2 " " $3
      if (!(key in seen)) { seen[key] = 1; order[++nk] = key }
      for (i = 5; i <= NF; i++) {
         split($i, kv, "=")
         k = key SUBSEP kv[1]
         if (!(k in n)) { fig[key] = fig[key] " " kv[1]; mn[k] = kv[2]; mx[k] = kv[2] }
         n[k]++
         v = kv[2] + 0
         if (v < mn[k] + 0) mn[k] = kv[2]
         if (v > mx[k] + 0) mx[k] = kv[2]
         if (!((k, kv[2]) in dv)) { dv[k, kv[2]] = 1; nd[k]++ }
      }
   }
   END {
      printf "%-10s %-9s %-5s %-11s %5s %13s %13s %9s %9s\n", "tool", "program",
             "sched", "figure", "runs", "min", "max", "spread%", "distinct"
      for (j = 1; j <= nk; j++) {
         key = order[j]
         m = split(substr(fig[key], 2), f, " ")
         for (i = 1; i <= m; i++) {
            k = key SUBSEP f[i]
            split(key, kk, " ")
            sp = (mn[k] + 0 > 0) ? 100 * (mx[k] - mn[k]) / mn[k] : 0
            name = f[i]; if (name ~ /^t[0-9]+$/) sub(/^t/, "thread ", name)
            if (f[i] ~ /^(cond-waits|contended)$/)
               printf "%-10s %-9s %-5s %-11s %5d %13s %13s %9s %9d\n", kk[1], kk[2],
                      kk[3], name, n[k], mn[k], mx[k], "-", nd[k]
            else
               printf "%-10s %-9s %-5s %-11s %5d %13s %13s %9.4f %9d\n", kk[1], kk[2],
                      kk[3], name, n[k], mn[k], mx[k], sp, nd[k]
         }
      }
   }' data
}

#--------------------------------------------------------------------------
# -x: where the variation comes from
#--------------------------------------------------------------------------

# explain_run PROG FAIR I: one Cachegrind run with the traces; prints a
# summary line and keeps the Cachegrind output as cg.PROG.FAIR.I.
explain_run() {
   _p=$1 _f=$2 _i=$3
   _out="$work/cg.$_p.$_f.$_i"
   # shellcheck disable=SC2046
   run "$vg" --tool=cachegrind --cache-sim=no --fair-sched="$_f" \
      --trace-syscalls=yes --trace-sched=yes \
      --cachegrind-out-file="$_out" $(prog_args "$_p") >/dev/null 2>"$_out.trace" || {
      echo "$0: cachegrind failed on $_p" >&2; exit 1; }
   _tot=$(sed -n 's/^summary: //p' "$_out")
   awk -v tot="$_tot" -v run="$_i" '
   # futex op & 127: 0 WAIT, 9 WAIT_BITSET; 1 WAKE, 10 WAKE_BITSET.
   /^SYSCALL\[[0-9]+,[0-9]+\]\(202\) sys_futex/ {
      split($0, a, /[][,()]/); t = a[3]
      split($0, b, /\( /); split(b[2], c, /, /); op = c[2] % 128
      if (op == 0 || op == 9) fw[t]++
      else if (op == 1 || op == 10) fk[t]++
      threads[t] = 1
   }
   /^SYSCALL\[[0-9]+,[0-9]+\]\(24\) sys_sched_yield/ { yields++ }
   /SCHED\[[0-9]+\]:  acquired lock/ {
      t = $2; gsub(/[^0-9]/, "", t)
      if (last != "" && t != last) { switches++; if ($0 ~ /timeslice/) ts++ }
      last = t
   }
   END {
      s = ""
      for (t = 1; t <= 16; t++) if (t in threads) s = s sprintf(" t%d:%d/%d", t, fw[t], fk[t])
      printf "  run %2d  total %12s  switches %6d (%d at a timeslice)  sched_yield %d  futex wait/wake%s\n",
             run, tot, switches, ts, yields, s
   }' "$_out.trace"
   rm -f "$_out.trace"
}

explain() {
   for p in prodcons xz; do
      for f in no yes; do
         echo "$p, --fair-sched=$f, $runs Cachegrind runs:"
         i=1
         while test $i -le "$runs"; do
            explain_run $p $f $i
            i=$((i + 1))
         done
         # The functions that differ between the smallest and the largest total.
         python3 - "$work" "$p" "$f" "$runs" <<'EOF'
import sys, collections
work, p, f, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
def load(path):
    d = collections.Counter(); fn = None; tot = 0
    for line in open(path):
        if line.startswith("fn="): fn = line[3:].strip()
        elif line.startswith("summary:"): tot = int(line.split()[1])
        elif line[:1].isdigit():
            parts = line.split()
            if len(parts) >= 2: d[fn] += int(parts[1])
    return tot, d
rs = [load(f"{work}/cg.{p}.{f}.{i}") for i in range(1, runs + 1)]
lo = min(range(runs), key=lambda i: rs[i][0]); hi = max(range(runs), key=lambda i: rs[i][0])
(tl, dl), (th, dh) = rs[lo], rs[hi]
print(f"  functions that differ between run {lo + 1} ({tl}) and run {hi + 1} ({th}), difference {th - tl}:")
diff = [(dh[k] - dl[k], k) for k in set(dl) | set(dh) if dh[k] != dl[k]]
diff.sort(key=lambda x: -abs(x[0]))
for dv, k in diff[:14]:
    print(f"    {dv:+10d}  {dl[k]:>12d} -> {dh[k]:>12d}  {k}")
if len(diff) > 14:
    print(f"    ... and {len(diff) - 14} more functions, {sum(d for d, _ in diff[14:]):+d} Ir together")
print(f"  {len(diff)} functions differ; "
      f"{sum(1 for k in set(dl) | set(dh) if dh[k] == dl[k])} are the same")
EOF
         rm -f "$work"/cg.$p.$f.*
      done
   done
}

i=0
while test $i -lt "$load"; do
   sh -c 'while :; do :; done' &
   hogs="$hogs $!"
   i=$((i + 1))
done

echo "hotgrind thread spread: $runs runs per configuration; launcher $vg"
echo "machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"
echo "schedulers: $scheds"
echo "valgrind $("$vg" --version | sed 's/^valgrind-//'); prodcons $items items; xz -1 -T2 on ${mb} MB; $load busy loops meanwhile"
echo

if test "$explain" = yes; then
   explain
   exit 0
fi

for tool in $tools; do
   for p in prodcons xz; do
      for f in $scheds; do
         i=1
         while test $i -le "$runs"; do
            case $tool in
               callgrind) run_callgrind $p $f $i ;;
               hotgrind) run_hotgrind $p $f $i
                  if test "$hotgrind_ready" = no; then
                     echo "note: hotgrind writes no <threads> yet: hotgrind left out" >&2
                     break 3
                  fi ;;
               *) echo "$0: unknown tool $tool" >&2; exit 2 ;;
            esac
            i=$((i + 1))
         done
      done
   done
done
table
echo
# The cost of each scheduler: median wall time of the runs, and its ratio
# to --fair-sched=no's (runs of one tool and program follow each other,
# so drift of the machine does not cancel as in bench/run.sh).
echo "wall time, median of the runs:"
awk '
   { k = $1 " " $2 " " $3; v[k, ++n[k]] = $4; if (!(k in seen)) { seen[k] = 1; order[++nk] = k } }
   END {
      for (j = 1; j <= nk; j++) {
         k = order[j]; m = n[k]
         for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++)
            if (v[k, b] < v[k, a]) { t = v[k, a]; v[k, a] = v[k, b]; v[k, b] = t }
         med[k] = (m % 2) ? v[k, (m + 1) / 2] : (v[k, m / 2] + v[k, m / 2 + 1]) / 2
      }
      printf "  %-10s %-9s %-5s %10s %9s\n", "tool", "program", "sched", "seconds", "vs no"
      for (j = 1; j <= nk; j++) {
         k = order[j]; split(k, kk, " ")
         base = med[kk[1] " " kk[2] " no"]
         printf "  %-10s %-9s %-5s %10.2f %9s\n", kk[1], kk[2], kk[3], med[k] / 1000,
                (base > 0 ? sprintf("%.2f", med[k] / base) : "-")
      }
   }' times
echo
echo "per run:"
sed 's/^/  /' data
