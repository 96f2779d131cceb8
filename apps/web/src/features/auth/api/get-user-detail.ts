import { getUserDetail, UserProfile } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, isNoAnswer } from '../../../lib/http';
import { getOfflineProfile, getStoredUserId, saveOfflineProfile } from '../../../lib/storage';
import { takeCameProfile, takeProfile } from './early-profile';
import { sessionKeys } from './keys';

/** The profile's cache entry (the read takes no query), to read, refresh, reset or drop it. */
export const PROFILE_QUERY_KEY = sessionKeys.profile.all;

/** The last loaded profile of the signed-in user, if the device kept one. */
function keptProfile(): UserProfile | null {
  const parsed = UserProfile.safeParse(getOfflineProfile());
  return parsed.success && parsed.data._id === getStoredUserId() ? parsed.data : null;
}

/** The profile in an answer of the call started early (api/early-profile.ts), kept for offline use; undefined if it is not one. */
function checked(body: unknown): UserProfile | undefined {
  const parsed = getUserDetail.response.safeParse(body);
  if (!parsed.success) return undefined;
  saveOfflineProfile(parsed.data.result);
  return parsed.data.result;
}

/**
 * The signed-in user's profile; the admin area renders only once it has loaded. The call the admin
 * area's route started early is taken over when its answer is what the contract says: already come, it
 * is the query's first data (the area renders at once); still under way, the query waits for it;
 * otherwise the query calls itself. With no network the last one loaded stands in (kept until logout),
 * so the console the service worker serves offline opens instead of signing the door out; the server
 * still checks every call once the network is back.
 */
export function profileQueryOptions() {
  let cameAt: number | undefined;
  return queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    initialData: () => {
      const came = takeCameProfile();
      const profile = came && checked(came.body);
      if (profile) cameAt = came.at;
      return profile;
    },
    initialDataUpdatedAt: () => cameAt,
    queryFn: async ({ signal }) => {
      const early = checked(await takeProfile());
      if (early) return early;
      try {
        const profile = (await http(getUserDetail, { signal })).result;
        saveOfflineProfile(profile);
        return profile;
      } catch (error) {
        const kept = isNoAnswer(error) ? keptProfile() : null;
        if (kept) return kept;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
