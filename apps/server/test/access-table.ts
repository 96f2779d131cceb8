/**
 * Prints the access table of docs/security.md from the contract: `npx tsx test/access-table.ts`
 * (in apps/server). Paste its output over the table when routes change.
 */

import type { RouteDef } from '@marquee/contract';
import * as contract from '@marquee/contract';

const routes = (Object.values(contract) as unknown[]).filter(
  (v): v is RouteDef => typeof v === 'object' && v !== null && 'method' in v && 'access' in v,
);

function describe(route: RouteDef): string {
  const access = route.access;
  const base =
    typeof access === 'string'
      ? `\`${access}\``
      : (access.role ? `\`${access.role}\`, then ` : '') +
        Object.entries(access)
          .filter(([k]) => k !== 'from' && k !== 'optional' && k !== 'role')
          .map(([k, v]) => `\`${k}: ${v}\` from \`${access.from}\`${access.optional ? ' (optional)' : ''}`)
          .join('');
  const notes = [
    route.refusal?.status === 404 ? 'refused as 404' : '',
    route.refusal?.message ? `"${route.refusal.message}"` : '',
    route.clientCredentials === false ? 'no client credentials' : '',
  ].filter(Boolean);
  return notes.length ? `${base} (${notes.join('; ')})` : base;
}

console.log('| call | access |\n|---|---|');
for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
  console.log(`| \`${route.method} ${route.path}\` | ${describe(route)} |`);
}
