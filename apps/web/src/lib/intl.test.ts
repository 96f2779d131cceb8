// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

// The module reads the zone once per page load, so each case loads it afresh.
const freshIntl = () => import('./intl');

describe('browserZoneName', () => {
  it("names the zone Temporal gives where the browser has it (Chromium's, identical to Intl's)", async () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Australia/Lord_Howe' } });
    const { browserZoneName } = await freshIntl();
    expect(browserZoneName()).toBe('Australia/Lord_Howe');
  });

  it('names the zone Intl resolves where there is no Temporal', async () => {
    vi.stubGlobal('Temporal', undefined);
    const { browserZoneName } = await freshIntl();
    expect(browserZoneName()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
