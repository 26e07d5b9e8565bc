# hotgrind regression tests: what the tests of Valgrind's --det-sched=yes
# (patches/0003-det-sched/) share, sourced after lib.sh.
# GPL-2.0-or-later
#
# det_intree OPTIONS: finds the in-tree Valgrind the variable named by
# det_intree_var (default HOTGRIND_INTREE) names, skipping the test when
# it is not set; sets VG_IN_PLACE and vg_version, and checks that the
# build accepts OPTIONS (--det-sched=yes and whatever the test needs).
det_intree() {
   : "${det_intree_var:=HOTGRIND_INTREE}"
   intree=
   eval "intree=\${$det_intree_var:-}"
   test -n "$intree" ||
      skip "$det_intree_var is not set: no Valgrind built with patches/ (test.sh builds one: tools/build-in-tree.sh)"
   VG_IN_PLACE=$intree/vg-in-place
   test -x "$VG_IN_PLACE" || hard_error "$det_intree_var=$intree has no vg-in-place"
   vg_version=$("$VG_IN_PLACE" --tool=none --version) ||
      hard_error "$VG_IN_PLACE --version failed"
   "$VG_IN_PLACE" --tool=none "$@" true >/dev/null 2>&1 ||
      hard_error "$VG_IN_PLACE ($vg_version) does not accept $* (patches/0003-det-sched not applied?)"
   pass "testing $vg_version, built in tree at $det_intree_var=$intree"
}

# det_build_progs: det_prog.c and bench's prodcons, built natively here.
det_build_progs() {
   cc -O2 -g -pthread -o det_prog "$srcdir/det_prog.c" ||
      hard_error "cannot compile det_prog.c"
   cc -O2 -g -pthread -o prodcons "$top_srcdir/bench/prodcons.c" ||
      hard_error "cannot compile bench/prodcons.c"
}
