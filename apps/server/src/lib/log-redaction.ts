import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets: link tokens, codes, passwords, keys. */
const SECRET_PARAM = /token|code|password|secret|otp|key|signature/i;
/** Console paths that carry a link token as their last segment. */
const SECRET_PATH = /^(\/(?:reset-link|confirm-email)\/)[^/?#]+/;
const REDACTED = '[redacted]';

/**
 * A URL as it may be written to a log: a token in a link path and the value of every secret-looking
 * query parameter replaced by `[redacted]`. The rest stays readable for tracing a request.
 */
export function redactUrl(url: string): string {
  const [path = '', ...rest] = url.split('?');
  const safePath = path.replace(SECRET_PATH, `$1${REDACTED}`);
  if (rest.length === 0) return safePath;
  const query = rest
    .join('?')
    .split('&')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return value.length > 0 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${query}`;
}

/** Fastify's request serializer with the URL redacted; pass as `logger.serializers`. */
export const redactingLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
