import { getUserDetail, UserProfile } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, isNoAnswer } from '../../../lib/http';
import { getOfflineProfile, getStoredUserId, saveOfflineProfile } from '../../../lib/storage';
import { sessionKeys } from './keys';

/** The profile's cache entry (the read takes no query), to read, refresh, reset or drop it. */
export const PROFILE_QUERY_KEY = sessionKeys.profile.all;

/** The last loaded profile of the signed-in user, if the device kept one. */
function keptProfile(): UserProfile | null {
  const parsed = UserProfile.safeParse(getOfflineProfile());
  return parsed.success && parsed.data._id === getStoredUserId() ? parsed.data : null;
}

/**
 * The signed-in user's profile; the admin area renders only once it has loaded. With no network the
 * last one loaded stands in (kept until logout), so the console the service worker serves offline opens
 * instead of signing the door out; the server still checks every call once the network is back.
 */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: async ({ signal }) => {
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
