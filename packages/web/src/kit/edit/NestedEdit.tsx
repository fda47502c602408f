import { nestedPath, type ResourceDef } from '@switchboard/model';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ResourceEdit } from './ResourceEdit';

/** The generic editor of one record of a nested resource, under the parent id the route names (`:parentId`). */
export function NestedEdit({ def }: { def: ResourceDef }) {
  const params = useParams();
  const parentId = params.parentId ?? '';
  const bound = useMemo(() => ({ ...def, path: nestedPath(def, parentId) }), [def, parentId]);
  return <ResourceEdit def={bound} />;
}
