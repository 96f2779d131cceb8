// Bundles the server into dist/server.js for `npm start`: production runs plain JavaScript, not
// TypeScript through a development loader. The workspace's own packages (@marquee/contract, whose
// entry is TypeScript) go into the bundle; everything from node_modules stays an import, so native
// modules (argon2, sharp), pino's transport workers and embedded PostgreSQL load as they are.
import { build } from 'esbuild';

const external = {
  name: 'node_modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@marquee/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [new URL('../src/server.ts', import.meta.url).pathname],
  outfile: new URL('../dist/server.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [external],
});
