import type { NavEntry } from '@switchboard/model';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { entryVisible } from './nav';
import { useSession } from './session';

/** Guards a screen by its navigation entry's rule (class read, 'always' or systemSetting). */
export function RequireEntry({ entry, children }: { entry: NavEntry; children: ReactNode }) {
  const { user } = useSession();
  if (!entryVisible(user, entry)) return <Navigate to="/access-denied" replace />;
  return children;
}
