// @vitest-environment node
import { describe, expect, it } from 'vitest';
import viteConfig from '../vite.config';

describe('the production build', () => {
  it('emits no source maps (the server serves the build as it is)', () => {
    expect(viteConfig.build?.sourcemap).toBe(false);
  });
});
