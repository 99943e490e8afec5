// validate_sarif.js [--allow RULE_ID]... FILE.sarif
//
// Validates FILE with Microsoft's SARIF Multitool and fails on anything it
// finds. Two of the Multitool's habits shape this:
//  - `validate` exits 0 whatever it finds, so its verdict is read from its own
//    SARIF log: the run must have succeeded, with no error notification and no
//    result of level error or warning, except warnings of a rule given with
//    --allow (one whose advice pitboss cannot follow, such as linking a tool
//    home page it does not have).
//  - `validate` checks the JSON schema, then runs its correctness rules only
//    if the SDK can load the file as a SarifLog, and says nothing when it
//    cannot (a URI that .NET rejects, say). So the file is also loaded by the
//    SDK (`rewrite`), which exits non-zero when it cannot.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

function usage() {
  console.error('usage: validate_sarif.js [--allow RULE_ID]... FILE.sarif');
  process.exit(2);
}

const allowed = new Set();
const files = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--allow' && i + 1 < args.length) {
    allowed.add(args[++i]);
  } else if (args[i].startsWith('-')) {
    usage();
  } else {
    files.push(args[i]);
  }
}
if (files.length !== 1) usage();
const file = files[0];

// The platform's Multitool executable, as the package's own `sarif-multitool`
// command finds it; run without a shell, so that no path is re-split.
let multitool;
try {
  multitool = require('@microsoft/sarif-multitool');
} catch (e) {
  console.error(`validate_sarif.js: the SARIF Multitool is not installed (${e.message}); run scripts/setup-node.sh`);
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'pitboss-sarif-'));
const problems = [];
let warningsAllowed = 0;
try {
  const log = join(dir, 'validation.sarif');
  const run = spawnSync(multitool, ['validate', file, '--output', log], { encoding: 'utf8' });
  process.stdout.write(run.stdout ?? '');
  process.stderr.write(run.stderr ?? '');
  if (run.error) {
    problems.push(`could not run the Multitool: ${run.error.message}`);
  } else if (run.status !== 0) {
    problems.push(`the Multitool exited with ${run.status ?? run.signal}`);
  }

  let validation = null;
  try {
    validation = JSON.parse(readFileSync(log, 'utf8'));
  } catch (e) {
    problems.push(`the Multitool wrote no readable log: ${e.message}`);
  }
  const rewrite = spawnSync(multitool, ['rewrite', file, '--output', join(dir, 'rewritten.sarif')],
                            { encoding: 'utf8' });
  if (rewrite.error || rewrite.status !== 0) {
    process.stdout.write(rewrite.stdout ?? '');
    process.stderr.write(rewrite.stderr ?? '');
    problems.push(`the SARIF SDK could not load the file (rewrite exited with ${rewrite.status ?? rewrite.error})`);
  }

  for (const r of validation?.runs ?? []) {
    const invocations = r.invocations ?? [];
    if (invocations.length === 0) problems.push('the Multitool log records no invocation');
    for (const invocation of invocations) {
      if (invocation.executionSuccessful !== true) problems.push('the Multitool did not run successfully');
      for (const n of [...(invocation.toolConfigurationNotifications ?? []),
                       ...(invocation.toolExecutionNotifications ?? [])]) {
        if ((n.level ?? 'warning') !== 'note' && n.level !== 'none') {
          problems.push(`${n.level ?? 'warning'} ${n.descriptor?.id ?? ''}: ${n.message?.text ?? ''}`);
        }
      }
    }
    const rules = r.tool?.driver?.rules ?? [];
    for (const result of r.results ?? []) {
      // A result's level defaults to its rule's (SARIF 2.1.0 §3.27.10), then "warning".
      const rule = rules[result.ruleIndex] ?? rules.find((x) => x.id === result.ruleId);
      const level = result.level ?? rule?.defaultConfiguration?.level ?? 'warning';
      if (level === 'note' || level === 'none') continue;
      if (level === 'warning' && allowed.has(result.ruleId)) {
        ++warningsAllowed;
        continue;
      }
      problems.push(`${level} ${result.ruleId}`);
    }
  }
  if (validation !== null && (validation.runs ?? []).length === 0) problems.push('the Multitool log has no run');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.log(`FAIL: ${file} is not valid SARIF 2.1.0:`);
  for (const p of problems) console.log(`  ${p}`);
  process.exit(1);
}
console.log(`${file}: valid SARIF 2.1.0 (${warningsAllowed} allowed warning${warningsAllowed === 1 ? '' : 's'})`);
