import type { FastifyRequest } from 'fastify';

/**
 * The addresses this server answers on, as origins: PUBLIC_URL's, the loopback names of its port
 * (`localhost`, `127.0.0.1`, `[::1]`) and API_ORIGINS. A console opened on any of them gets links back
 * to that same origin (its session lives there); any other Origin or Host header is ignored.
 */
export function consoleOrigins(config: { publicUrl: string; port: number; apiOrigins: string[] }): string[] {
  const origins = [
    config.publicUrl,
    `http://localhost:${config.port}`,
    `http://127.0.0.1:${config.port}`,
    `http://[::1]:${config.port}`,
    ...config.apiOrigins,
  ].flatMap((value) => {
    try {
      return [new URL(value).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/**
 * Where links for this request's person should point: PUBLIC_URL (with its path) when the request came
 * through it or from anywhere unknown, else the known origin the console was opened on. Emails never
 * use this: they keep PUBLIC_URL.
 */
export function consoleBaseFor(
  request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'> | undefined,
  config: { publicUrl: string; port: number; apiOrigins: string[] },
): string {
  if (!request) return config.publicUrl;
  const allowed = consoleOrigins(config);
  const given = request.headers.origin;
  const candidates = [typeof given === 'string' ? given : undefined, `${request.protocol}://${request.host}`];
  for (const candidate of candidates) {
    if (!candidate) continue;
    let origin: string;
    try {
      origin = new URL(candidate).origin;
    } catch {
      continue;
    }
    if (!allowed.includes(origin)) continue;
    return origin === new URL(config.publicUrl).origin ? config.publicUrl : origin;
  }
  return config.publicUrl;
}
