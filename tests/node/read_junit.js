// read_junit.js REPORT.xml REPORT.json
//
// Reads pitboss's --format junit report with junit2json, a JUnit reader of its
// own, and fails unless what it reads agrees with the --format json report of
// the same check: one testsuite per input, in order; in each, one testcase per
// violation code found there, carrying one failure whose message counts that
// code's findings and whose text lists them, line by line, in the report's
// order; a passing "no violations" testcase in a clean input; and the totals
// of <testsuites> and each <testsuite> that CI systems display. A code of
// input/* (input that could not be read as rounds) is an <error>, every other
// code a <failure>, and `errors` and `failures` count them apart.
import { readFileSync } from 'node:fs';

import { parse } from 'junit2json';

if (process.argv.length !== 4) {
  console.error('usage: read_junit.js REPORT.xml REPORT.json');
  process.exit(2);
}
const [junitPath, jsonPath] = process.argv.slice(2);
const report = JSON.parse(readFileSync(jsonPath, 'utf8'));
// Read as junit2json reads by default (numeric attributes become numbers, so
// values are compared as text below).
const junit = await parse(readFileSync(junitPath, 'utf8'));

const problems = [];
const expect = (what, got, want) => {
  if (String(got) !== String(want)) problems.push(`${what}: read ${JSON.stringify(got)}, the JSON report says ${JSON.stringify(want)}`);
};

// What the JSON report says, per input: the findings of each code, in order.
const inputs = new Map();
const nameOf = (path) => (path === '' ? 'pitboss' : path === '-' ? '<stdin>' : path);
for (const input of report.inputs) inputs.set(input.path, { input, codes: new Map() });
for (const v of report.violations) {
  if (!inputs.has(v.input)) inputs.set(v.input, { input: null, codes: new Map() });
  const codes = inputs.get(v.input).codes;
  if (!codes.has(v.code)) codes.set(v.code, []);
  codes.get(v.code).push(v);
}

const suites = junit?.testsuite ?? [];
expect('testsuites', suites.length, inputs.size);
let tests = 0;
let failing = 0;
let erring = 0;
const isInputError = (code) => code.startsWith('input/');
let findings = 0;
[...inputs.entries()].forEach(([path, want], i) => {
  const suite = suites[i] ?? {};
  const name = nameOf(path);
  expect(`testsuite ${i + 1} name`, suite.name, name);
  const cases = suite.testcase ?? [];
  tests += cases.length;
  const failed = cases.filter((c) => (c.failure ?? []).length > 0);
  const errored = cases.filter((c) => (c.error ?? []).length > 0);
  failing += failed.length;
  erring += errored.length;
  expect(`${name}: tests`, suite.tests, cases.length);
  expect(`${name}: failures`, suite.failures, failed.length);
  expect(`${name}: errors`, suite.errors, errored.length);
  if (want.input !== null) {
    const props = Object.fromEntries((suite.properties ?? []).map((p) => [p.name, p.value]));
    expect(`${name}: lines`, props.lines, want.input.lines);
    expect(`${name}: rounds`, props.rounds, want.input.rounds);
  }
  if (want.codes.size === 0) {
    expect(`${name}: testcases`, cases.map((c) => `${c.name}${c.failure ? ' (failed)' : ''}`).join(','), 'no violations');
    return;
  }
  expect(`${name}: codes`, cases.map((c) => c.name).sort().join(','), [...want.codes.keys()].sort().join(','));
  for (const c of cases) {
    const list = want.codes.get(c.name) ?? [];
    expect(`${name}: ${c.name} classname`, c.classname, name);
    const element = isInputError(c.name) ? 'error' : 'failure';
    const other = isInputError(c.name) ? 'failure' : 'error';
    const failures = c[element] ?? [];
    expect(`${name}: ${c.name} ${element} elements`, failures.length, 1);
    expect(`${name}: ${c.name} ${other} elements`, (c[other] ?? []).length, 0);
    const f = failures[0] ?? {};
    expect(`${name}: ${c.name} failure type`, f.type, c.name);
    const count = /^(\d+) findings? \((\w+)\)$/.exec(f.message ?? '');
    expect(`${name}: ${c.name} findings in the message`, count?.[1], list.length);
    expect(`${name}: ${c.name} severity in the message`, count?.[2], list[0]?.severity);
    const lines = (f.inner ?? '').split('\n').filter((l) => l !== '');
    expect(`${name}: ${c.name} findings listed`, lines.length, list.length);
    findings += lines.length;
    lines.forEach((l, k) => {
      const v = list[k];
      if (v === undefined) return;
      const where = `line ${v.line}` + (v.round === null ? '' : `, round ${v.round}`);
      if (!l.startsWith(where)) problems.push(`${name}: ${c.name} finding ${k + 1} reads "${l}", expected it to start "${where}"`);
      if (v.clause && !l.includes(`[${v.clause}]`)) problems.push(`${name}: ${c.name} finding ${k + 1} does not cite [${v.clause}]`);
    });
  }
});
expect('<testsuites> tests', junit?.tests, tests);
expect('<testsuites> failures', junit?.failures, failing);
expect('<testsuites> errors', junit?.errors, erring);
expect('findings listed in all', findings, report.summary.violations);

if (problems.length > 0) {
  console.log(`FAIL: ${junitPath} does not read back as ${jsonPath} says:`);
  for (const p of problems) console.log(`  ${p}`);
  process.exit(1);
}
console.log(`${junitPath}: ${suites.length} testsuites, ${tests} testcases, ${failing} failing, ${erring} in error, ` +
            `${findings} findings: as the JSON report says`);
