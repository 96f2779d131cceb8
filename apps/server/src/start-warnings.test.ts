import { describe, expect, it } from 'vitest';
import { startBanner } from './banner.js';
import { loadConfig } from './config.js';
import { productionWarnings } from './start-warnings.js';

const real = {
  STRIPE_SECRET_KEY: 'sk_live_marquee',
  STRIPE_WEBHOOK_SECRET: 'whsec_marquee_endpoint',
  CLIENT_ID: 'console-prod',
  CLIENT_SECRET: 'a client secret of this installation',
  SECRET_KEY: 'a secret key of this installation',
};

describe('what a production start says about development stand-ins', () => {
  it('names the sandbox payments and the development client credentials, with what to set', () => {
    const warnings = productionWarnings(loadConfig({ NODE_ENV: 'production' }));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/sandbox provider: no card is charged/);
    expect(warnings[0]).toContain('Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    expect(warnings[1]).toContain(
      'development credentials are in use (CLIENT_ID, CLIENT_SECRET, SECRET_KEY not set)',
    );
    expect(warnings[1]).toContain('Set CLIENT_ID, CLIENT_SECRET and SECRET_KEY');

    const banner = startBanner({
      url: 'http://localhost:3000',
      outboxChannels: [],
      outboxPage: false,
      requestLogs: 'quiet',
      warnings,
    });
    for (const warning of warnings) expect(banner).toContain(`  Warning    ${warning}`);
  });

  it('names only what is still a development value', () => {
    const { CLIENT_SECRET: _, ...rest } = real;
    const warnings = productionWarnings(loadConfig({ NODE_ENV: 'production', ...rest }));
    expect(warnings).toEqual([expect.stringContaining('(CLIENT_SECRET not set)')]);
    const noWebhooks = productionWarnings(
      loadConfig({ NODE_ENV: 'production', ...real, STRIPE_WEBHOOK_SECRET: '' }),
    );
    expect(noWebhooks).toEqual([expect.stringContaining('Set STRIPE_WEBHOOK_SECRET')]);
  });

  it('says nothing with real settings, nor outside production', () => {
    expect(productionWarnings(loadConfig({ NODE_ENV: 'production', ...real }))).toEqual([]);
    expect(productionWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
    expect(productionWarnings(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
    expect(
      startBanner({
        url: 'http://localhost:3000',
        outboxChannels: [],
        outboxPage: false,
        requestLogs: 'quiet',
      }),
    ).not.toContain('Warning');
  });
});
