import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useUnsavedChangesBlocker } from '../../components/unsaved-changes';
import { holdLoadingBar, releaseLoadingBar } from '../../lib/loading-bar';

/** Holds the loading bar while the router loads the next screen's code or data. */
function useNavigationLoadingBar() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    holdLoadingBar();
    return releaseLoadingBar;
  }, [busy]);
}

export function RootLayout() {
  useNavigationLoadingBar();
  useUnsavedChangesBlocker();
  return <Outlet />;
}
