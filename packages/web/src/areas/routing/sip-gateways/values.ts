import { type Ref, SIP_REGISTER_EXPIRES, type SipAclProtocol, sipGatewayProblems } from '@switchboard/model';
import type { FieldError } from '../../../kit/edit/form';

export type AclRowValues = { ip: string; proto: SipAclProtocol; port: number | null };

/** A SIP gateway as the form holds it; the variant is fixed by the editor's path. */
export type SipGatewayValues = {
  name: string;
  register: boolean;
  enable: boolean;
  proxy: string;
  usage: string;
  description: string;
  schema: Ref | null;
  account: string;
  username: string;
  password: string;
  expires: number;
  registrar: string;
  host: string;
  ipacl: AclRowValues[];
  /** A password is stored: the field may stay empty. */
  passwordSet: boolean;
};

export const emptySipGateway = (register: boolean): SipGatewayValues => ({
  name: '',
  register,
  enable: true,
  proxy: '',
  usage: '',
  description: '',
  schema: null,
  account: '',
  username: '',
  password: '',
  expires: SIP_REGISTER_EXPIRES,
  registrar: '',
  host: '',
  ipacl: [],
  passwordSet: false,
});

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function sipGatewayFromItem(item: Record<string, unknown>): SipGatewayValues {
  return {
    name: text(item.name),
    register: item.register === true,
    enable: item.enable !== false,
    proxy: text(item.proxy),
    usage: text(item.usage),
    description: text(item.description),
    schema: (item.schema as Ref | null) ?? null,
    account: text(item.account),
    username: text(item.username),
    password: '',
    expires: typeof item.expires === 'number' ? item.expires : SIP_REGISTER_EXPIRES,
    registrar: text(item.registrar),
    host: text(item.host),
    ipacl: Array.isArray(item.ipacl) ? (item.ipacl as AclRowValues[]) : [],
    passwordSet: item.passwordSet === true,
  };
}

/** The body: an empty password is not sent (the stored one stays). */
export function sipGatewayToInput(values: SipGatewayValues): Record<string, unknown> {
  const { password, passwordSet: _set, schema, ...rest } = values;
  return { ...rest, schema: schema ? { id: schema.id } : null, ...(password ? { password } : {}) };
}

export const checkSipGateway = (values: SipGatewayValues): FieldError[] =>
  sipGatewayProblems(values, values.passwordSet);
