import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** The top of every route: scrolling resets to the top on every navigation. */
export function Root() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}
