import { afterEach, describe, expect, it } from 'vitest';
import { downloadFile, filenameFrom } from './download-file';
import { configureHttp, HttpError } from './http';

afterEach(() => configureHttp({}));

function serve(response: () => Response) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  configureHttp({
    baseUrls: ['http://api.test'],
    getToken: () => 'token-abc',
    fetch: async (input, init) => {
      calls.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers).entries()) });
      return response();
    },
  });
  return calls;
}

describe('filenameFrom', () => {
  it('reads the plain and the RFC 5987 forms, and falls back without one', () => {
    expect(filenameFrom('attachment; filename="orders.csv"', 'x')).toBe('orders.csv');
    expect(filenameFrom('attachment; filename="a.csv"; filename*=UTF-8\'\'caf%C3%A9.csv', 'x')).toBe(
      'café.csv',
    );
    expect(filenameFrom(null, 'orders.xlsx')).toBe('orders.xlsx');
  });
});

describe('downloadFile', () => {
  it("sends the console's headers and the query, and counts no rows in a zipped file", async () => {
    const calls = serve(
      () =>
        new Response(new Uint8Array([80, 75, 10, 10, 3]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'x-total-rows': '12',
          },
        }),
    );
    const seen: (number | null)[] = [];
    const file = await downloadFile(
      '/api/v1/organizer/export',
      { kind: 'orders', format: 'xlsx', status: undefined },
      { fallbackName: 'orders.xlsx', onProgress: (p) => seen.push(p.rows) },
    );
    expect(calls[0]?.url).toBe('http://api.test/api/v1/organizer/export?kind=orders&format=xlsx');
    expect(calls[0]?.headers).toMatchObject({ accesstoken: 'token-abc', platform: 'WEB' });
    expect(calls[0]?.headers.authorization).toMatch(/^Basic /);
    expect(file.filename).toBe('orders.xlsx');
    expect(file.blob.size).toBe(5);
    expect(seen.every((rows) => rows === null)).toBe(true);
  });

  it("turns an error answer into the API's message", async () => {
    serve(() => new Response(JSON.stringify({ message: 'Choose an event' }), { status: 400 }));
    const failure = await downloadFile('/api/v1/organizer/export', {}, { fallbackName: 'x.csv' }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe('Choose an event');
  });
});
