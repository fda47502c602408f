import { sign as edSign, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LicenseDocumentError,
  newKeyPair,
  parsePrivateKey,
  parsePublicKey,
  signLicense,
  verifyLicense,
} from './document.js';

const fields = {
  serial: 'SN-1',
  product: 'CALL_CENTER',
  scope: ['cc_agent', 'cc_queue'],
  limit: 5,
  competitive: false,
  not_before: '2026-01-01T00:00:00.000Z',
  not_after: '2027-01-01T00:00:00.000Z',
  domain: 'main',
};

const pair = newKeyPair();
const priv = parsePrivateKey(pair.privateKey);
const pub = parsePublicKey(pair.publicKey);

function reason(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof LicenseDocumentError) return error.reason;
    throw error;
  }
  return 'none';
}

describe('license documents', () => {
  it('signs and verifies, also when the text is wrapped over lines', () => {
    const text = signLicense(fields, priv);
    expect(text).toMatch(/^SB1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyLicense(text, pub)).toEqual(fields);
    const wrapped = `  ${text.match(/.{1,40}/g)?.join('\n')}\n`;
    expect(verifyLicense(wrapped, pub)).toEqual(fields);
  });

  it('refuses a tampered payload, a tampered signature and another key', () => {
    const text = signLicense(fields, priv);
    const [prefix, payload, signature] = text.split('.');
    const raised = Buffer.from(JSON.stringify({ ...fields, limit: 500 })).toString('base64url');
    expect(reason(() => verifyLicense(`${prefix}.${raised}.${signature}`, pub))).toBe('signature');
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    expect(reason(() => verifyLicense(`${prefix}.${payload}.${flipped}`, pub))).toBe('signature');
    const other = parsePublicKey(newKeyPair().publicKey);
    expect(reason(() => verifyLicense(text, other))).toBe('signature');
  });

  it('refuses text that is not a license document', () => {
    for (const bad of ['', 'hello', 'SB1.abc', 'SB2.abc.def', 'SB1.a+b.c', 'SB1..']) {
      expect(
        reason(() => verifyLicense(bad, pub)),
        bad,
      ).toBe('malformed');
    }
  });

  it('refuses signed content with bad fields or an end before the start', () => {
    const sign = (payload: unknown) => {
      const bytes = Buffer.from(JSON.stringify(payload));
      return `SB1.${bytes.toString('base64url')}.${edSign(null, bytes, priv).toString('base64url')}`;
    };
    expect(reason(() => verifyLicense(sign({ ...fields, limit: 0 }), pub))).toBe('fields');
    expect(reason(() => verifyLicense(sign({ ...fields, product: 'lower' }), pub))).toBe('fields');
    expect(reason(() => verifyLicense(sign('not an object'), pub))).toBe('fields');
    const backwards = { ...fields, not_before: fields.not_after, not_after: fields.not_before };
    expect(reason(() => verifyLicense(sign(backwards), pub))).toBe('fields');
  });

  it('reads public keys as PEM or base64 DER and only Ed25519 ones', () => {
    const der = pub.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(parsePublicKey(der).equals(pub)).toBe(true);
    expect(parsePublicKey(pair.publicKey.replace(/\n/g, '\\n')).equals(pub)).toBe(true);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
    expect(() => parsePublicKey(rsa.toString())).toThrow(/Ed25519/);
    expect(() => parsePublicKey('not a key')).toThrow(/LICENSE_PUBLIC_KEY/);
  });
});
