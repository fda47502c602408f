import { z } from 'zod';
import { messages } from '../messages.js';

/**
 * Two-factor sign-in with time-based one-time passwords (RFC 6238): SHA-1, six digits, a new code
 * every 30 seconds, as every common authenticator app expects.
 */
export const TWO_FACTOR = {
  issuer: 'Switchboard',
  digits: 6,
  periodSeconds: 30,
  /** Codes one step before or after the current one are accepted (clock drift of the phone). */
  window: 1,
  recoveryCodes: 10,
  /** Time to enter the code after the password was accepted. */
  challengeSeconds: 300,
  /** Wrong codes for one password challenge before it is spent and the password is asked again. */
  challengeAttempts: 5,
} as const;

const codeText = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(64, { error: messages.twoFactorCode });

/** A six-digit code, or a recovery code (`xxxxx-xxxxx`), when signing in. */
export const twoFactorLogin = z.object({ challenge: z.string().min(1).max(512), code: codeText });

/** Confirming enrolment or turning two-factor sign-in off asks for a current six-digit code. */
export const twoFactorCode = z.object({
  code: codeText.regex(/^\d{6}$/, { error: messages.twoFactorCode }),
});

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** One of the user's roles requires it: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});

export const twoFactorEnrolment = z.object({
  secret: z.string(),
  /** The `otpauth://` address an authenticator app reads from the QR code. */
  uri: z.string(),
});

export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

/** The answer of POST /api/login when a second step is due instead of a session. */
export const loginChallenge = z.object({
  twoFactor: z.enum(['code', 'enrol']),
  challenge: z.string(),
  expiresAt: z.string(),
});
