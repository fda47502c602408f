import { blacklistNumbers, blacklistNumbersPath } from '@switchboard/model';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';

/** `/lookups/blacklist/{listId}/new` and `/{listId}/{id}`: one number of a blacklist. */
export function BlacklistNumberEdit() {
  const { listId } = useParams();
  const def = useMemo(() => ({ ...blacklistNumbers, path: blacklistNumbersPath(listId ?? '') }), [listId]);
  return <ResourceEdit def={def} />;
}
