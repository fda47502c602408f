import { nestedPath, queueSkillProblems, type ResourceDef } from '@switchboard/model';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';

/** The generic editor of a queue's sub-list record, under the queue the route names (`:parentId`). */
function SubListEdit({ def, check }: { def: ResourceDef; check?: Parameters<typeof ResourceEdit>[0]['check'] }) {
  const { parentId = '' } = useParams();
  const bound = useMemo(() => ({ ...def, path: nestedPath(def, parentId) }), [def, parentId]);
  return <ResourceEdit def={bound} check={check} />;
}

/** A skill of a queue: the capacity range is refused before saving, as the server refuses it. */
export function QueueSkillEdit({ def }: { def: ResourceDef }) {
  return <SubListEdit def={def} check={(values) => queueSkillProblems(values)} />;
}

export function QueueSubListEdit({ def }: { def: ResourceDef }) {
  return <SubListEdit def={def} />;
}
