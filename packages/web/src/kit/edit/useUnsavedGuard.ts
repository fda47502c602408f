import { useCallback, useEffect } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

/**
 * Leaving an item with unsaved changes asks first: inside the console through the router's
 * blocker (the caller shows the question), and on reload or tab close through the browser's own.
 * The flag is read from a ref so a save followed at once by a navigation is not blocked.
 */
export function useUnsavedGuard(dirtyRef: { current: boolean }, dirty: boolean) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
    [dirtyRef],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return blocker;
}
