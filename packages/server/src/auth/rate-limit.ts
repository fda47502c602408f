import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { keyedError } from '../core/errors.js';
import { queryRows } from '../db/sql.js';
import { revokeToken } from './tokens.js';

/**
 * Sign-in guessing limits, counted in the database (so they hold across API nodes) with one
 * atomic statement per counter: an attempt takes its number before the password is checked, so
 * parallel guesses cannot slip past the limit.
 *
 * - account + address: `perUser` attempts a window; only that address is held back, so the owner
 *   signing in from elsewhere is not locked out by someone guessing;
 * - address: `perAddress` attempts a window, over every account;
 * - account: past `accountCeiling` attempts a window from anywhere, that account's attempts are
 *   spaced `accountSpacingSeconds` apart: guessing slows to a crawl. The first attempt of an
 *   address with no other attempt in the window (the owner on a new network, say) is not spaced:
 *   attackers who already guessed queue for the slot among themselves, and the owner gets in.
 *
 * Refused attempts count like others against the pair and the address (an attacker hammering
 * a spaced account uses up its own address), but not against the account. A successful sign-in
 * forgets its pair and gives its attempt back to the address and the account; the account's
 * count does not start again, so someone guessing gains nothing from the owner signing in.
 */
export type AttemptKeys = { pair: string; address: string; account: string };

export function attemptKeys(domain: number | string, username: string, ip: string): AttemptKeys {
  const account = `user:${domain}/${username.toLowerCase()}`;
  return { pair: `${account}|${ip}`, address: `ip:${ip}`, account };
}

const tooMany = (wait: number) =>
  keyedError(429, 'app.auth.too_many_attempts', 'tooManyAttempts', { seconds: wait }, undefined, {
    'retry-after': String(wait),
  });

/** Takes the next number of a counter within its window; answers it and the seconds the window has left. */
async function take(ctx: AppContext, key: string): Promise<{ count: number; left: number }> {
  const window = ctx.config.loginLimit.windowSeconds;
  const [row] = await queryRows<{ count: number; left: number }>(
    ctx.db,
    sql`insert into login_counters as c (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when c.window_start < now() - make_interval(secs => ${window}) then 1 else c.count + 1 end,
          window_start = case when c.window_start < now() - make_interval(secs => ${window}) then now() else c.window_start end
        returning count, greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${window}) - now()))))::int as left`,
  );
  return row;
}

async function giveBack(ctx: AppContext, keys: string[]) {
  await ctx.db.execute(sql`update login_counters set count = greatest(count - 1, 0) where key in ${keys}`);
}

/**
 * Reserves one sign-in attempt, or refuses it with 429 and Retry-After. Call `attemptSucceeded`
 * once the credentials were right.
 */
export async function reserveAttempt(ctx: AppContext, keys: AttemptKeys): Promise<void> {
  const { perUser, perAddress, accountCeiling, accountSpacingSeconds } = ctx.config.loginLimit;
  const pair = await take(ctx, keys.pair);
  const address = await take(ctx, keys.address);
  if (pair.count > perUser) throw tooMany(pair.left);
  if (address.count > perAddress) throw tooMany(address.left);
  const account = await take(ctx, keys.account);
  if (account.count <= accountCeiling || address.count === 1) return;
  // Past the ceiling: one attempt per spacing for the account, whoever makes it.
  const spaced = await queryRows<{ key: string }>(
    ctx.db,
    sql`update login_counters set last_at = now()
        where key = ${keys.account}
          and (last_at is null or last_at < now() - make_interval(secs => ${accountSpacingSeconds}))
        returning key`,
  );
  if (!spaced.length) {
    await giveBack(ctx, [keys.account]);
    throw tooMany(accountSpacingSeconds);
  }
}

/** Right credentials: this pair starts again; the attempt is given back to the address and the account. */
export async function attemptSucceeded(ctx: AppContext, keys: AttemptKeys): Promise<void> {
  await ctx.db.execute(sql`delete from login_counters where key = ${keys.pair}`);
  await giveBack(ctx, [keys.address, keys.account]);
}

/**
 * Wrong current passwords on a password change count on the session that sends them, never on
 * the account's sign-in (a stolen session must not lock the owner out): past `perUser` within the
 * window the session ends (401), and whoever holds it must sign in, under the sign-in limits.
 */
export async function reserveSessionAttempt(ctx: AppContext, tokenId: number): Promise<void> {
  const { count } = await take(ctx, `token:${tokenId}`);
  if (count <= ctx.config.loginLimit.perUser) return;
  await revokeToken(ctx, tokenId);
  throw keyedError(401, 'app.auth.session_ended', 'sessionEndedGuessing');
}

export async function sessionAttemptSucceeded(ctx: AppContext, tokenId: number): Promise<void> {
  await ctx.db.execute(sql`delete from login_counters where key = ${`token:${tokenId}`}`);
}
