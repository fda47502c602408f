import { queues } from '@switchboard/model';
import { ResourceList } from '../../../kit/list/ResourceList';

/**
 * `/contact-center/queues`: the generic list of the definition (type, active calls, waiting,
 * team, state; filters; several enabled or disabled at once), with the active calls kept live by
 * the telephony side's queue events (topic `queues`).
 */
export function QueuesList() {
  return <ResourceList def={queues} live="queues" />;
}
