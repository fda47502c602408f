import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { type ErrorKey, type ErrorParams, errorDetail, type LicensePayload, licensePayload } from '@switchboard/model';

/**
 * A license document is one line of text: `SB1.<payload>.<signature>`, both parts base64url. The
 * payload is the JSON of the license fields; the signature is Ed25519 over the exact payload bytes,
 * so verification never depends on how JSON was laid out. Whitespace anywhere (a wrapped paste) is
 * ignored.
 */
const PREFIX = 'SB1';

/** What is wrong with a document: its reason, and the keyed message saying it. */
export class LicenseDocumentError extends Error {
  constructor(
    readonly reason: 'malformed' | 'signature' | 'fields',
    readonly key: ErrorKey,
    readonly params: ErrorParams = {},
  ) {
    super(errorDetail(key, params));
  }
}

/** Reads a public key given as PEM or as base64 of its DER (SPKI); it must be Ed25519. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.includes('-----BEGIN')
      ? createPublicKey(trimmed.replace(/\\n/g, '\n'))
      : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new Error('LICENSE_PUBLIC_KEY must be an Ed25519 public key, as PEM or as base64 DER (SPKI)');
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`LICENSE_PUBLIC_KEY must be an Ed25519 key (got ${key.asymmetricKeyType ?? 'unknown'})`);
  }
  return key;
}

export function parsePrivateKey(text: string): KeyObject {
  let key: KeyObject;
  try {
    key = text.includes('-----BEGIN')
      ? createPrivateKey(text)
      : createPrivateKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('The private key must be an Ed25519 private key, as PEM or as base64 DER (PKCS#8)');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('The private key must be an Ed25519 key');
  return key;
}

/** A new Ed25519 key pair as PEM texts (`npm run admin -- license-keys`). */
export function newKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Signs license fields into a document. */
export function signLicense(payload: LicensePayload, privateKey: KeyObject): string {
  const fields = licensePayload.parse(payload);
  const bytes = Buffer.from(JSON.stringify(fields), 'utf8');
  const signature = sign(null, bytes, privateKey);
  return `${PREFIX}.${bytes.toString('base64url')}.${signature.toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Checks a document's signature and fields; throws LicenseDocumentError saying what is wrong. */
export function verifyLicense(text: string, publicKey: KeyObject): LicensePayload {
  const compact = text.replace(/\s+/g, '');
  const parts = compact.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX || !BASE64URL.test(parts[1]) || !BASE64URL.test(parts[2])) {
    throw new LicenseDocumentError('malformed', 'licenseMalformed');
  }
  const bytes = Buffer.from(parts[1], 'base64url');
  const signature = Buffer.from(parts[2], 'base64url');
  let valid = false;
  try {
    valid = signature.length === 64 && verify(null, bytes, publicKey, signature);
  } catch {
    valid = false;
  }
  if (!valid) {
    throw new LicenseDocumentError('signature', 'licenseSignature');
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new LicenseDocumentError('malformed', 'licenseUnreadable');
  }
  const parsed = licensePayload.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new LicenseDocumentError('fields', 'licenseField', { name: first?.path.join('.') || 'content' });
  }
  if (Date.parse(parsed.data.not_after) <= Date.parse(parsed.data.not_before)) {
    throw new LicenseDocumentError('fields', 'licenseEndsFirst');
  }
  return parsed.data;
}
