#!/usr/bin/env node
// `npm start` builds the console and the server only when their sources changed (docs/performance.md,
// "Console"): a stamp (SHA-256 of every input file's path and content, plus the lockfile) is written
// beside each build output; a start whose stamp matches the one on disk skips that build.
//
//   node scripts/build-if-changed.mjs          build what changed
//   node scripts/build-if-changed.mjs --force  build both
//   node scripts/build-if-changed.mjs --only server  the server's bundles alone (`npm run db:migrate`, `npm run seed`,
//                                                   `npm run db:backup`, `npm run db:restore`)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;

/** The inputs of both builds: the workspace's own packages are bundled into each. */
const shared = [
  'package-lock.json',
  'package.json',
  'tsconfig.base.json',
  'packages/contract',
  'packages/time',
];
const targets = [
  {
    name: 'console',
    workspace: 'apps/web',
    stamp: 'apps/web/dist/.build-stamp',
    inputs: [...shared, 'apps/web'],
    skip: ['apps/web/dist'],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    stamp: 'apps/server/dist/.build-stamp',
    inputs: [...shared, 'apps/server/src', 'apps/server/scripts', 'apps/server/package.json'],
    skip: [],
  },
];

const IGNORED = new Set(['node_modules', 'dist', '.artifacts', 'test-results', '.vite']);

function files(entry, skip) {
  const full = path.join(root, entry);
  if (skip.includes(entry) || !fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((d) => !IGNORED.has(d.name))
    .flatMap((d) => files(path.posix.join(entry, d.name), skip))
    .sort();
}

function stampOf(target) {
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node}\n`);
  for (const file of target.inputs.flatMap((entry) => files(entry, target.skip))) {
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

for (const target of targets.filter((t) => only === undefined || t.name === only)) {
  const began = performance.now();
  const stamp = stampOf(target);
  const stampFile = path.join(root, target.stamp);
  const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (!force && current === stamp) {
    console.log(`${target.name}: unchanged, build skipped (${Math.round(performance.now() - began)} ms)`);
    continue;
  }
  console.log(`${target.name}: ${current ? 'sources changed' : 'no build yet'}, building…`);
  execFileSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  // Written only after a successful build, so a failed or interrupted build is retried next time.
  fs.writeFileSync(stampFile, `${stamp}\n`);
}
