import type { Right } from '@switchboard/model';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from './session';

type Props = { cls: string | null; right?: Right; children: ReactNode };

/** Shows its children only when the scope holds the right on the class; else the 403 page. */
export function RequireAccess({ cls, right = 'r', children }: Props) {
  const { can } = useSession();
  if (!can(cls, right)) return <Navigate to="/access-denied" replace />;
  return children;
}
