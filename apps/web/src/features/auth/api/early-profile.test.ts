import { getUserDetail } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { PROFILE_PATH } from './early-profile';

describe('the profile asked for early', () => {
  it("calls the profile's path of the contract", () => {
    expect(PROFILE_PATH).toBe(getUserDetail.path);
  });
});
