import type { ReactNode } from 'react';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { useSessionProfile } from '../session/session-profile';

/**
 * Administrator screens: anyone else sees the not-found page (the server refuses their calls anyway;
 * this only spares them a screen of errors).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const profile = useSessionProfile();
  return profile.role === 'ADMIN' ? children : <NotFoundMessage />;
}
