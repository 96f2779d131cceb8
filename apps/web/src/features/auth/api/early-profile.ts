import { earlyCallUrl, startEarlyCall, takeCameEarlyCall, takeEarlyCall } from '../../../lib/early-call';

/**
 * The signed-in user's profile asked for as soon as the admin area's route matches (lib/early-call.ts),
 * alongside the session guard's and the screen's code instead of once they have arrived and rendered:
 * every screen of the admin area renders only once the profile has loaded (docs/performance.md, "The
 * dashboard's first paint"). The guard's query (get-user-detail.ts) takes it over and checks it.
 */

/** `getUserDetail.path` of the contract (a test keeps them the same). */
export const PROFILE_PATH = '/api/v1/user/get-user-detail';

export const startProfile = () => startEarlyCall(PROFILE_PATH);
export const takeCameProfile = () => takeCameEarlyCall(earlyCallUrl(PROFILE_PATH));
export const takeProfile = () => takeEarlyCall(earlyCallUrl(PROFILE_PATH));
