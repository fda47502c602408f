import type { TFunction } from 'i18next';
import type { EditTab, FormValues } from '../../../kit/edit/form';

/** The queue editor's members tab (the members list lives at `queues/{id}/members`). */
export function queueMembersTabs(_t: TFunction, _type: number): EditTab<FormValues>[] {
  return [];
}
