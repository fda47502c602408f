import { api } from './server-process.js';

/**
 * What the route benches ask routes about, made through the API: a user with extension 2001 and
 * its phone, a trunking gateway on 127.0.0.1, and `rules` dialplan rules (`^(9000+i)(\d{4,12})$`)
 * whose flows bridge to it with `00$1`. The last rule is matched by `lastRuleNumber`.
 */
export async function seedRouting(base: string, token: string, rules: number) {
  const user = await api<{ id: number }>(base, 'POST', '/api/users', token, {
    username: 'bench-user',
    name: 'Bench user',
    extension: '2001',
    password: 'Bench-user-password-1',
  });
  await api(base, 'POST', '/api/devices', token, {
    name: 'bench-user-phone',
    account: 'bench-user-phone',
    password: 'Bench-sip-user',
    user: { id: user.id },
  });
  const gw = await api<{ id: number }>(base, 'POST', '/api/sip/gateways', token, {
    name: 'bench-carrier',
    register: false,
    host: '127.0.0.1',
    proxy: '127.0.0.1',
  });
  for (let i = 0; i < rules; i++) {
    const flow = await api<{ id: number }>(base, 'POST', '/api/routing/schema', token, {
      name: `bench flow ${i}`,
      schema: [
        { set: { ruleIndex: String(i) } },
        { bridge: { endpoints: [{ type: 'sipGateway', id: gw.id, dialString: '00$1' }] } },
      ],
    });
    await api(base, 'POST', '/api/routing/outbound/calls', token, {
      name: `bench rule ${i}`,
      pattern: `^${9000 + i}(\\d{4,12})$`,
      schema: { id: flow.id },
    });
  }
  return { extension: '2001', lastRuleNumber: `${9000 + rules - 1}12025550100` };
}
