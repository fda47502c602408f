import { RIGHTS, rightBit } from '@switchboard/model';

/**
 * The rights a change touches: those whose mode (forbidden, allow, manage) differs between the
 * grantee's old and new bits.
 */
export function changedRights(oldBits: number, newBits: number): string[] {
  const out: string[] = [];
  for (const r of RIGHTS) {
    const b = rightBit(r);
    const mask = b | (b << 4);
    if ((oldBits & mask) !== (newBits & mask)) out.push(r);
  }
  return out;
}

/** Rights among `rights` that the holder's bits do not manage (delegate). */
export function unmanaged(heldBits: number, rights: string[]): string[] {
  return rights.filter((r) => (heldBits & (rightBit(r as (typeof RIGHTS)[number]) << 4)) === 0);
}
