import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { loggerEntries } from '../db/schema.js';
import { issueToken } from './tokens.js';

export const loginAnswer = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresAt: z.string().nullable(),
});

/** Issues a sign-in session and writes the sign-in to the user's log. */
export async function startSession(ctx: AppContext, request: FastifyRequest, userId: number, domainId: number) {
  const { token, row } = await issueToken(ctx, { userId, domainId, kind: 'session', ip: request.ip });
  await ctx.db
    .insert(loggerEntries)
    .values({ domainId, object: 'users', action: 'login', userId, recordId: userId, userIp: request.ip });
  const expiresAt = row.expiresAt ? new Date(row.expiresAt).toISOString() : null;
  return { accessToken: token, tokenType: 'Bearer' as const, expiresAt };
}
