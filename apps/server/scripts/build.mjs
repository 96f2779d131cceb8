// Bundles the server into dist/server.js for `npm start`, and its command-line tools into
// dist/migrate-cli.js (`npm run db:migrate`), dist/seed-cli.js (`npm run seed`), dist/backup-cli.js
// (`npm run db:backup`) and dist/restore-cli.js (`npm run db:restore`): production runs plain
// JavaScript, not TypeScript through a development loader (tsx is a development dependency). The workspace's own packages (@marquee/contract, whose
// entry is TypeScript) go into the bundle; everything from node_modules stays an import, so native
// modules (argon2, sharp), pino's transport workers and embedded PostgreSQL load as they are.
//
// Except a few plain ES-module libraries of many small files: loading drizzle-orm (some 180 files), zod,
// date-fns and @date-fns/tz file by file cost a warm start a few hundred milliseconds of module
// resolution (docs/performance.md, "Warm start"). They are bundled, with the zod type provider, so
// one copy of zod serves the contract and the routes.
import { build } from 'esbuild';

const BUNDLED = ['drizzle-orm', 'zod', 'date-fns', '@date-fns/tz', 'fastify-type-provider-zod'];
const bundled = (specifier) =>
  specifier.startsWith('@marquee/') ||
  BUNDLED.some((name) => specifier === name || specifier.startsWith(`${name}/`));

const external = {
  name: 'node_modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      bundled(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

const entry = (file) => new URL(`../src/${file}`, import.meta.url).pathname;

await build({
  entryPoints: {
    server: entry('server.ts'),
    'migrate-cli': entry('db/migrate-cli.ts'),
    'seed-cli': entry('db/seed-cli.ts'),
    'backup-cli': entry('db/backup-cli.ts'),
    'restore-cli': entry('db/restore-cli.ts'),
  },
  outdir: new URL('../dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [external],
});
