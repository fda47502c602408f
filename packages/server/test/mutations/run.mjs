#!/usr/bin/env node
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the mutations are source texts holding `${…}`.
/**
 * Mutation check of the generated suites (not run by CI). Each mutation breaks one rule of the
 * server by an exact text replacement in its source, runs the generated tests that guard the rule
 * (one Vitest, one worker, niced), puts the file back, and prints how many of the resources the
 * mutation touches have a failing test: every one should.
 *
 *   node packages/server/test/mutations/run.mjs [--driver pglite|postgres] [--only a,b] [--baseline]
 *
 * `--driver postgres` needs TEST_DATABASE_URL (as the suites do); `pglite` (the default) runs
 * without it. `--only` picks mutations by key. `--baseline` first runs the same tests unmutated
 * (they must all pass: a failure there would count as a catch). A resource is touched when the
 * run holds a test of it that the mutation concerns (one per resource and suite, named below);
 * it is caught when one of those fails. Run it from the repository root.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../../..');
const SRC = 'packages/server/src';
const TESTS = 'packages/server/test/resources';

/** The resource a test is of: the last describe title, less what the suite puts around it. */
const crudResource = (titles) => titles[1];
const refsResource = (titles) => titles[1]?.split('.')[0];
const accessResource = (prefix) => (titles) => {
  const t = titles.find((x) => x.startsWith(prefix));
  return t?.slice(prefix.length).split(' ')[0];
};

/** The guard's class-right check, and the access tests that answer 403 without `rights`. */
const classRightsCheck = (rights) => ({
  file: `${SRC}/http/guard.ts`,
  from: 'if (!classAllows(principal, guard.class, guard.right)) {',
  runs: [
    {
      file: `${TESTS}/access.test.ts`,
      test: `class rights of .* answers 403 without the ${rights} right`,
      resource: accessResource('class rights of '),
    },
  ],
});

const MUTATIONS = [
  {
    key: 'sort',
    what: "a sort that ignores its field (the list's ORDER BY falls back to id)",
    file: `${SRC}/resources/engine/ops.ts`,
    from: 'text += ` order by ${viewText(c.sortCols.get(sort.field) as string, principal)}${dir}, t.id${dir}`;',
    to: 'text += ` order by t.id${dir}`;',
    runs: [{ file: `${TESTS}/crud.test.ts`, test: 'sorts on every sortable field', resource: crudResource }],
  },
  {
    key: 'parent',
    what: 'a list that drops its parent condition (nested lists)',
    file: `${SRC}/resources/engine/define.ts`,
    from: 'return link && parent !== null ? [link.condition(parent), ...declared] : declared;',
    to: 'return declared;',
    runs: [
      { file: `${TESTS}/crud.test.ts`, test: 'keeps records under their parent', resource: crudResource },
      {
        file: `${TESTS}/access.test.ts`,
        test: 'reaches nothing of .* under a parent',
        resource: accessResource('reaches nothing of '),
      },
    ],
  },
  {
    key: 'domain',
    what: 'a reference resolved without its domain condition',
    file: `${SRC}/resources/engine/refs.ts`,
    from: 'sql`${sql.raw(text)} where r.domain_id = ${principal.domainId} and r.id in ${fresh}`',
    to: 'sql`${sql.raw(text)} where r.id in ${fresh}`',
    runs: [{ file: `${TESTS}/refs.test.ts`, test: 'refuses a record of another domain', resource: refsResource }],
  },
  {
    key: 'lesser',
    what: 'the guard lets a lesser right through (read suffices for create, edit, delete)',
    to: "if (!classAllows(principal, guard.class, 'r')) {",
    ...classRightsCheck('[xwd]'),
  },
  {
    key: 'read',
    what: 'the guard lets a read through without the read right',
    to: "if (guard.right !== 'r' && !classAllows(principal, guard.class, guard.right)) {",
    ...classRightsCheck('r'),
  },
  {
    key: 'permission',
    what: 'the guard forgets a global permission',
    file: `${SRC}/http/guard.ts`,
    from: 'if (guard.permission && !principal.permissions.has(guard.permission)) {',
    to: 'if (false) {',
    runs: [
      {
        file: `${TESTS}/access.test.ts`,
        test: 'permission guard of',
        resource: accessResource('permission guard of '),
      },
    ],
  },
];

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const driver = option('--driver') ?? 'pglite';
const only = option('--only')?.split(',');
const baseline = args.includes('--baseline');
if (driver === 'postgres' && !process.env.TEST_DATABASE_URL) {
  console.error('--driver postgres needs TEST_DATABASE_URL');
  process.exit(2);
}
const env = { ...process.env };
if (driver === 'pglite') delete env.TEST_DATABASE_URL;

const work = mkdtempSync(join(tmpdir(), 'mutations-'));

/** Runs one suite's tests of the driver; answers, by resource, whether any test failed. */
function runSuite(run) {
  const out = join(work, 'report.json');
  rmSync(out, { force: true });
  const pattern = ` on ${driver} .*${run.test}`;
  spawnSync(
    'nice',
    [
      '-n',
      '15',
      'npx',
      'vitest',
      'run',
      '--project',
      'server',
      '--maxWorkers=1',
      run.file,
      '-t',
      pattern,
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  if (!existsSync(out)) throw new Error(`${run.file}: vitest wrote no report`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const byResource = new Map();
  for (const file of report.testResults) {
    for (const t of file.assertionResults) {
      if (t.status !== 'passed' && t.status !== 'failed') continue;
      const name = run.resource(t.ancestorTitles);
      if (!name) continue;
      byResource.set(name, (byResource.get(name) ?? false) || t.status === 'failed');
    }
    // A suite that fails before its tests run (a setup error) reports no test: say so.
    if (file.status === 'failed' && !file.assertionResults.length) throw new Error(`${run.file}: ${file.message}`);
  }
  return byResource;
}

/** The results of every suite of a mutation, by resource: touched, and failed in any suite. */
function runAll(m) {
  const all = new Map();
  for (const run of m.runs) {
    for (const [name, failed] of runSuite(run)) all.set(name, (all.get(name) ?? false) || failed);
  }
  return all;
}

function mutate(m) {
  const path = join(ROOT, m.file);
  const original = readFileSync(path, 'utf8');
  const count = original.split(m.from).length - 1;
  if (count !== 1) throw new Error(`${m.key}: ${m.file} holds the text to replace ${count} times, not once`);
  writeFileSync(path, original.replace(m.from, m.to));
  return () => writeFileSync(path, original);
}

let restore = null;
const stop = () => {
  restore?.();
  process.exit(130);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const rows = [];
try {
  for (const m of MUTATIONS.filter((x) => !only || only.includes(x.key))) {
    if (baseline) {
      const failing = [...runAll(m)].filter(([, failed]) => failed).map(([name]) => name);
      if (failing.length) console.log(`${m.key}: unmutated, these already fail: ${failing.join(', ')}`);
    }
    restore = mutate(m);
    let results;
    try {
      results = runAll(m);
    } finally {
      restore();
      restore = null;
    }
    const touched = [...results.keys()].sort();
    const missed = touched.filter((name) => !results.get(name));
    rows.push({ m, caught: touched.length - missed.length, touched: touched.length, missed });
    console.log(`${m.key} (${m.what}): ${touched.length - missed.length}/${touched.length} caught on ${driver}`);
    if (missed.length) console.log(`  not caught: ${missed.join(', ')}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\nmutation     caught/touched (${driver})`);
for (const r of rows)
  console.log(
    `${r.m.key.padEnd(12)} ${r.caught}/${r.touched}${r.missed.length ? `  missed: ${r.missed.join(', ')}` : ''}`,
  );
