import { DEMO_ACCOUNTS } from './db/seed.js';
import { DEMO_MEMBER } from './db/seed-organizations.js';

export interface BannerFacts {
  url: string;
  /** Where the embedded cluster lives, or undefined on DATABASE_URL. */
  clusterDir?: string;
  /** The channels that go to the development outbox instead of out. */
  outboxChannels: string[];
  outboxPage: boolean;
  /** Demo accounts: 'created' on this start, 'existing' when seeding found users, undefined when off. */
  demo?: 'created' | 'existing';
  requestLogs: 'quiet' | 'all';
  /** Development stand-ins a production server runs on (start-warnings.ts), each with what to set. */
  warnings?: string[];
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (l: string, m: string, r: string) =>
    `  ${l}${widths.map((w) => '─'.repeat(w + 2)).join(m)}${r}`;
  const row = (cells: string[]) => `  │${cells.map((c, i) => ` ${c.padEnd(widths[i] ?? 0)} `).join('│')}│`;
  const [head, ...body] = rows;
  return [line('┌', '┬', '┐'), row(head ?? []), line('├', '┼', '┤'), ...body.map(row), line('└', '┴', '┘')];
}

/** What a person at a terminal needs after `npm start`: where to go, how to sign in, where mail goes. */
export function startBanner(facts: BannerFacts): string {
  const lines = [
    '',
    '  Marquee is up',
    '',
    `  Console    ${facts.url}`,
    `  API docs   ${facts.url}/api/docs`,
    `  Database   ${facts.clusterDir ? `embedded PostgreSQL in ${facts.clusterDir}` : 'DATABASE_URL'}`,
  ];
  if (facts.outboxChannels.length > 0) {
    const what = facts.outboxChannels.join(' and ');
    lines.push(
      facts.outboxPage
        ? `  Outbox     ${what} are not sent: sign in as an administrator and open ${facts.url}/dev-outbox`
        : `  Outbox     ${what} are not sent: they are kept in the database (table outbox_messages)`,
    );
  }
  lines.push(
    `  Logs       ${facts.requestLogs === 'quiet' ? 'warnings, errors and slow requests; LOG_LEVEL=debug logs every request' : 'every request'}`,
  );
  if (facts.demo) {
    lines.push(
      '',
      facts.demo === 'created'
        ? '  Demo accounts (created now)'
        : '  Demo accounts (as created on the first start, unless changed since)',
      ...table([
        ['email', 'password', 'who'],
        ...[...DEMO_ACCOUNTS, DEMO_MEMBER].map((a) => [a.email, a.password, a.note]),
      ]),
    );
  }
  for (const [i, warning] of (facts.warnings ?? []).entries()) {
    lines.push(...(i === 0 ? [''] : []), `  Warning    ${warning}`);
  }
  lines.push('', '  Stop with Ctrl+C.', '');
  return lines.join('\n');
}
