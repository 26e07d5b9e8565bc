# hotgrind regression tests: what tiers.sh, tiers_det.sh and
# arm64_tiers.sh share.  Sourced after lib.sh.
# GPL-2.0-or-later

# tier_stats NAME: the -v line of run NAME's stderr, as three numbers:
# translations in tier 1, in tier 2, promoted.
tier_stats() {
   sed -n 's/.*hotgrind: \([0-9]*\) translations in tier 1, \([0-9]*\) in tier 2, \([0-9]*\) of them of blocks promoted from tier 1$/\1 \2 \3/p' \
      "$1.stderr"
}

# tiers_same NAME KIND [VALGRIND-OPTIONS...] -- PROG [ARGS...]: the command
# under --tier=2, --tier=1 and --tier=auto --tier-threshold=2 (hg, or
# whatever TIERS_RUN names: a helper with hg's arguments), three
# byte-identical reports.  KIND says what the -v statistics must show:
# "sims", tier 1 alone under --tier=1, tier 2 alone under --tier=2, and
# blocks promoted under auto; "none" (no --branch-sim=yes), tier 2 alone
# in all three.
tiers_same() {
   _tn=$1 _tk=$2 _tsum=; shift 2
   "${TIERS_RUN:-hg}" "$_tn.t2.xml" --tier=2 -v "$@"
   "${TIERS_RUN:-hg}" "$_tn.t1.xml" --tier=1 -v "$@"
   "${TIERS_RUN:-hg}" "$_tn.auto.xml" --tier=auto --tier-threshold=2 -v "$@"
   for _tt in t2 t1 auto; do
      _ts=$(tier_stats "$_tn.$_tt.xml")
      test -n "$_ts" || fail "$_tn: no tier statistics in $_tn.$_tt.xml.stderr"
      # shellcheck disable=SC2086  # three numbers
      set -- $_ts
      case $_tk.$_tt in
         sims.t2|none.*)
            test "$1" = 0 && test "$2" -gt 0 ||
               fail "$_tn --tier=$_tt: $1 translations in tier 1, $2 in tier 2 (expected tier 2 alone)" ;;
         sims.t1)
            test "$1" -gt 0 && test "$2" = 0 ||
               fail "$_tn --tier=1: $1 translations in tier 1, $2 in tier 2 (expected tier 1 alone)" ;;
         sims.auto)
            test "$1" -gt 0 && test "$3" -gt 0 ||
               fail "$_tn --tier=auto: $1 translations in tier 1, $3 promoted (expected both)" ;;
      esac
      _tsum="$_tsum, --tier=${_tt#t} $1/$2/$3"
   done
   cmp "$_tn.t2.xml" "$_tn.t1.xml" ||
      fail "$_tn: --tier=1 gave another report than --tier=2"
   cmp "$_tn.t2.xml" "$_tn.auto.xml" ||
      fail "$_tn: --tier=auto with promotions gave another report than --tier=2"
   pass "$_tn: identical reports, total Ir $(total_ir "$_tn.t2.xml"); translations in tier 1/tier 2/promoted$_tsum"
}
