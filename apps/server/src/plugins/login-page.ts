import zlib from 'node:zlib';
import { SOCIAL_PROVIDERS_BLOCK_ID, type SocialLoginProviderInfo } from '@marquee/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonForHtml } from '../lib/templates.js';

/** The sign-in page with one list of providers in it, and its compressed copies once asked for. */
interface LoginPage {
  providers: string;
  html: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Sends the sign-in page as the web build rendered it (login.html), with the social login providers this
 * server offers as a data block (`SOCIAL_PROVIDERS_BLOCK_ID`): the page shows their buttons, or knows
 * there are none, without a call, so a server with none has the sign-in page load no zod, no contract
 * schemas and ask nothing after the form works (docs/performance.md, "The bench, seventh round"). The
 * list comes from the configuration and is read per request (cheap); the page is made and compressed
 * again only when it changes.
 */
export function loginPageSender(rendered: string, providers: () => SocialLoginProviderInfo[]) {
  let page: LoginPage | undefined;
  const current = (): LoginPage => {
    const list = jsonForHtml(providers());
    if (page?.providers === list) return page;
    const block = `<script type="application/json" id="${SOCIAL_PROVIDERS_BLOCK_ID}">${list}</script>`;
    const html = rendered.includes('</body>')
      ? rendered.replace('</body>', () => `  ${block}\n  </body>`)
      : `${rendered}${block}`;
    page = { providers: list, html: Buffer.from(html) };
    return page;
  };
  return (request: FastifyRequest, reply: FastifyReply) => {
    const sent = current();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    // ~3 kB: compressed once, synchronously, at the first request for this list.
    if (/\bbr\b/.test(accepts)) {
      sent.br ??= zlib.brotliCompressSync(sent.html);
      return reply.header('content-encoding', 'br').send(sent.br);
    }
    if (/\bgzip\b/.test(accepts)) {
      sent.gzip ??= zlib.gzipSync(sent.html);
      return reply.header('content-encoding', 'gzip').send(sent.gzip);
    }
    return reply.send(sent.html);
  };
}
