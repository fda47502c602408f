import { describe, expect, it } from 'vitest';
import { sipNodeAddress, splitAddress } from './sip-nodes.js';

const sip = { port: 5060, host: '0.0.0.0', rpcPort: 5061, bin: 'kamailio', dir: '/tmp', cacheSeconds: 3 };
const config = { ...sip, maxAuthFailures: 10, blockSeconds: 300, children: 4 };

describe('SIP node addresses', () => {
  it('names a node by the address the others reach it at, with its SIP port', () => {
    expect(sipNodeAddress(config)).toBe('127.0.0.1:5060');
    expect(sipNodeAddress({ ...config, host: '10.1.2.3' })).toBe('10.1.2.3:5060');
    expect(sipNodeAddress({ ...config, nodeHost: '192.0.2.7' })).toBe('192.0.2.7:5060');
    expect(sipNodeAddress({ ...config, nodeHost: '2001:db8::1' })).toBe('[2001:db8::1]:5060');
  });

  it('splits an address back into host and port', () => {
    expect(splitAddress('127.0.0.1:5060')).toEqual({ host: '127.0.0.1', port: 5060 });
    expect(splitAddress('[2001:db8::1]:5070')).toEqual({ host: '2001:db8::1', port: 5070 });
  });
});
