import { chatplan } from '@switchboard/model';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';

/** `/routing/chatplan/new` and `/{id}`: which chat flow serves outgoing chats. */
export const ChatplanEdit = () => <ResourceEdit def={chatplan} />;
