import type { UserProfile } from '@marquee/contract';
import { createContext, type ReactNode, useContext } from 'react';

const SessionProfileContext = createContext<UserProfile | null>(null);

export function SessionProfileProvider({ profile, children }: { profile: UserProfile; children: ReactNode }) {
  return <SessionProfileContext value={profile}>{children}</SessionProfileContext>;
}

/** The signed-in user's profile; available anywhere inside the guarded admin area. */
export function useSessionProfile(): UserProfile {
  const profile = useContext(SessionProfileContext);
  if (!profile) throw new Error('useSessionProfile is used outside the guarded admin area');
  return profile;
}
