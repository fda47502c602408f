import { dialplan } from '@switchboard/model';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';

/** `/routing/dialplan/new` and `/{id}`: a rule runs a voice flow for numbers its pattern matches. */
export const DialplanEdit = () => <ResourceEdit def={dialplan} />;
