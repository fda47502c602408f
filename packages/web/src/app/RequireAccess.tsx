import type { Permission, Right } from '@switchboard/model';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from './session';

type Props = { cls: string | null; right?: Right; permission?: Permission; children: ReactNode };

/**
 * Shows its children only when the scope holds the right on the class, or, for a screen guarded
 * by a global permission instead of a class (objects, change logs), when the user holds it; else
 * the 403 page.
 */
export function RequireAccess({ cls, right = 'r', permission, children }: Props) {
  const { can, user } = useSession();
  const allowed = permission ? (user?.permissions.includes(permission) ?? false) : can(cls, right);
  if (!allowed) return <Navigate to="/access-denied" replace />;
  return children;
}
