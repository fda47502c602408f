import { groupResourceProblems, nestedPath, resourceGroupResources } from '@switchboard/model';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';

/**
 * `/contact-center/resource-groups/{groupId}/{id}`: a resource of a group, its reserve and
 * priority; a reserve that is the resource itself is refused before saving, as the server does.
 */
export function GroupResourceEdit() {
  const { parentId = '' } = useParams();
  const bound = useMemo(
    () => ({ ...resourceGroupResources, path: nestedPath(resourceGroupResources, parentId) }),
    [parentId],
  );
  return <ResourceEdit def={bound} check={(values) => groupResourceProblems(values)} />;
}
