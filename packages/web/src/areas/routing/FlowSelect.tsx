import type { Ref } from '@switchboard/model';
import { RefSelect } from '../../kit/fields/RefSelect';

/** Flows live at /routing/schema (the routing area's flows). */
export const FLOWS_PATH = '/routing/schema';

type Props = {
  label: string;
  value: Ref | null;
  onChange: (value: Ref | null) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** Only flows of this type (a chat gateway runs a chat flow). */
  type?: 'chat' | 'voice' | 'service' | 'processing';
};

/** A flow chosen from the flows list (GET /routing/schema), searched as the user types. */
export function FlowSelect({ type, ...props }: Props) {
  return <RefSelect path={FLOWS_PATH} query={type ? { type } : undefined} {...props} />;
}
