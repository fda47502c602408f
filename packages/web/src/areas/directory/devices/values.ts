import { checkDeviceAccount, messages, type Ref } from '@switchboard/model';
import type { FieldError, FormCodec } from '../../../kit/edit/form';
import type { KeyValue } from '../../../kit/fields/keyValue';

/** A device as the form holds it: variables as rows. */
export type DeviceValues = {
  name: string;
  account: string;
  password: string;
  user: Ref | null;
  phone: string;
  ip: string;
  brand: string;
  model: string;
  mac: string;
  vars: KeyValue[];
  hotdesk: boolean;
  hotdesks: string[];
};

export const emptyDevice = (hotdesk: boolean) => (): DeviceValues => ({
  name: '',
  account: '',
  password: '',
  user: null,
  phone: '',
  ip: '',
  brand: '',
  model: '',
  mac: '',
  vars: [],
  hotdesk,
  hotdesks: [],
});

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function deviceFromItem(item: Record<string, unknown>): DeviceValues {
  const vars = item.vars && typeof item.vars === 'object' ? (item.vars as Record<string, string>) : {};
  return {
    name: text(item.name),
    account: text(item.account),
    password: '',
    user: (item.user as Ref | null) ?? null,
    phone: text(item.phone),
    ip: text(item.ip),
    brand: text(item.brand),
    model: text(item.model),
    mac: text(item.mac),
    vars: Object.entries(vars).map(([key, value]) => ({ key, value })),
    hotdesk: item.hotdesk === true,
    hotdesks: Array.isArray(item.hotdesks) ? (item.hotdesks as string[]) : [],
  };
}

/**
 * The body the API takes: variables as the map `vars`; an empty password is not sent (spec part 1
 * section 5: a device save drops an empty password); a hotdesk device's account is the server's.
 */
export function deviceToInput(values: DeviceValues): Record<string, unknown> {
  const { password, vars, account, ...rest } = values;
  return {
    ...rest,
    ...(values.hotdesk ? {} : { account }),
    ...(password ? { password } : {}),
    vars: Object.fromEntries(vars.map((row) => [row.key.trim(), row.value])),
  };
}

/** What the schema cannot say: the account unless hotdesk; each variable needs both key and value. */
export function checkDevice(values: DeviceValues): FieldError[] {
  const account = checkDeviceAccount(values);
  return [
    ...(account ? [account] : []),
    ...values.vars.flatMap((row, index) => [
      ...(row.key.trim() ? [] : [{ field: `vars.${index}.key`, message: messages.required }]),
      ...(row.value ? [] : [{ field: `vars.${index}.value`, message: messages.required }]),
    ]),
  ];
}

/** The device form: a new device (a hotdesk or not), read, sent and checked. */
export const deviceCodec = (hotdesk: boolean): FormCodec<DeviceValues> => ({
  empty: emptyDevice(hotdesk),
  fromItem: deviceFromItem,
  toInput: deviceToInput,
  check: checkDevice,
});
