import type { Ref } from '@switchboard/model';
import { messages } from '@switchboard/model';
import type { FieldError, FormCodec } from '../../../kit/edit/form';
import type { KeyValue } from '../../../kit/fields/keyValue';

/** A user as the form holds it: variables as rows, licenses as ids. */
export type UserValues = {
  name: string;
  email: string;
  username: string;
  password: string;
  extension: string;
  roles: Ref[];
  device: Ref | null;
  license: number[];
  devices: Ref[];
  profile: KeyValue[];
  dnd: boolean;
  /** Active account: an inactive user cannot sign in. */
  state: boolean;
};

export const emptyUser = (): UserValues => ({
  name: '',
  email: '',
  username: '',
  password: '',
  extension: '',
  roles: [],
  device: null,
  license: [],
  devices: [],
  profile: [],
  dnd: false,
  state: true,
});

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const refs = (v: unknown): Ref[] => (Array.isArray(v) ? (v as Ref[]) : []);

export function userFromItem(item: Record<string, unknown>): UserValues {
  const profile = item.profile && typeof item.profile === 'object' ? (item.profile as Record<string, string>) : {};
  return {
    name: text(item.name),
    email: text(item.email),
    username: text(item.username),
    password: '',
    extension: text(item.extension),
    roles: refs(item.roles),
    device: (item.device as Ref | null) ?? null,
    license: (Array.isArray(item.license) ? (item.license as { id: number }[]) : []).map((l) => l.id),
    devices: refs(item.devices),
    profile: Object.entries(profile).map(([key, value]) => ({ key, value })),
    dnd: item.dnd === true,
    // Only an explicit false deactivates: an item without the field is an active user.
    state: item.state !== false,
  };
}

/** The body the API takes: variables go as the map `profile`; an empty password is not sent. */
export function userToInput(values: UserValues): Record<string, unknown> {
  const { password, profile, ...rest } = values;
  return {
    ...rest,
    ...(password ? { password } : {}),
    profile: Object.fromEntries(profile.map((row) => [row.key.trim(), row.value])),
  };
}

/** Each variable needs both a key and a value (the map cannot say which row is wrong). */
export function checkUser(values: UserValues): FieldError[] {
  return values.profile.flatMap((row, index) => [
    ...(row.key.trim() ? [] : [{ field: `profile.${index}.key`, message: messages.required }]),
    ...(row.value ? [] : [{ field: `profile.${index}.value`, message: messages.required }]),
  ]);
}

/** The user form: a new user, read, sent and checked. */
export const userCodec: FormCodec<UserValues> = {
  empty: emptyUser,
  fromItem: userFromItem,
  toInput: userToInput,
  check: checkUser,
};
