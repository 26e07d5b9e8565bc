#!/bin/sh
# Every subcommand's options and --format values, as `hotgrind CMD --help`
# gives them (suite's and history's actions each), against its row of the
# command table in docs/manual.md ("The hotgrind command") and the option
# table of its cli/builtin/ file, both ways (help_manual_check.py).
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND, HG_TEST_DATA (cli/tests/data) and
# HG_SCHEMA_DIR (the docs folder) in the environment.

. "$(dirname "$0")/lib.sh"
: "${HG_SCHEMA_DIR:?set HG_SCHEMA_DIR to docs/}"
tests=$(cd "$(dirname "$0")" && pwd)
checks=$((checks + 1))
if ! /usr/bin/python3 "$tests/help_manual_check.py" "$HOTGRIND" \
     "$HG_SCHEMA_DIR/manual.md" "$tests/../builtin" >"$scratch/problems" 2>&1; then
  echo "FAIL: the manual's command table, the commands' --help and their option tables disagree:"
  sed 's/^/  /' "$scratch/problems"
  failures=$((failures + 1))
fi
finish
