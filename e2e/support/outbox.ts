import { devOutboxList, type OutboxMessage } from '@marquee/contract';
import { apiCall } from './api.js';

/**
 * The newest email to `to` (whose subject starts with `subject`, when given) in the development outbox,
 * read by the administrator. Messages leave through the durable queue a moment after the change that
 * sends them, longer on a busy machine, so it is waited for (up to a minute), not read once.
 */
export async function waitForEmail(
  baseUrl: string,
  adminToken: string,
  to: string,
  subject = '',
): Promise<OutboxMessage> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const page = await apiCall<{ items: OutboxMessage[] }>(baseUrl, 'GET', devOutboxList.path, {
      query: { limit: '50', channel: 'EMAIL' },
      headers: { accesstoken: adminToken },
    });
    const found = page.items.find((m) => m.to === to && (m.subject ?? '').startsWith(subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no ${subject ? `"${subject}" ` : ''}email to ${to} in the dev outbox`);
}
