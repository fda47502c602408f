import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashCost } from '../config.js';

// Algorithm 2 is argon2id; the numeric literal avoids importing a const enum across module kinds.
let options: { algorithm: 2; memoryCost: number; timeCost: number; parallelism: 1 } = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** The cost of the hashes made from now on in this process (the server's configuration); answers the one before. */
export function setPasswordHashCost(cost: PasswordHashCost): PasswordHashCost {
  const before = { memoryKiB: options.memoryCost, passes: options.timeCost };
  options = { ...options, memoryCost: cost.memoryKiB, timeCost: cost.passes };
  return before;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing in particular, verified against when the user is unknown so timing does not tell. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('switchboard-decoy-password');
  return decoy;
}
