import type { TestServer } from '../harness.js';
import { unique } from './helpers.js';

type Body = Record<string, unknown>;

async function post(s: TestServer, token: string, path: string, body: Body): Promise<number> {
  const res = await s.request('POST', path, { token, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A trunking SIP gateway in the token's domain. */
export const makeGateway = (s: TestServer, token: string) =>
  post(s, token, '/api/sip/gateways', {
    name: unique('fixture gw '),
    register: false,
    host: 'sbc.example.com',
    proxy: '10.0.0.1',
  });

/** A phone communication type in the token's domain. */
export const makeCommunication = (s: TestServer, token: string) =>
  post(s, token, '/api/call_center/communication_type', {
    name: unique('fixture phone '),
    code: unique('ph'),
    channel: 'phone',
  });

/** A resource in the token's domain, on a new gateway unless one is given. */
export async function makeResource(s: TestServer, token: string, gateway?: number): Promise<number> {
  const gatewayId = gateway ?? (await makeGateway(s, token));
  return post(s, token, '/api/call_center/resources', { name: unique('fixture res '), gateway: { id: gatewayId } });
}

/** A resource group in the token's domain, on a new communication type. */
export async function makeGroup(s: TestServer, token: string): Promise<number> {
  const communication = await makeCommunication(s, token);
  return post(s, token, '/api/call_center/resource_group', {
    name: unique('fixture group '),
    communication: { id: communication },
  });
}
