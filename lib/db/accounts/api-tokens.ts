/**
 * API tokens: created for a user (the secret is shown once and stored only as its SHA-256), listed
 * without secrets, revoked; a token resolves to its user with the user's current role and state.
 */
import type { Db } from '../client';
import { preparedStatement, type Queryable } from '../sql-pool';
import type { UserDto } from './users';

export interface ApiTokenView {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

const tokenSelect = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
  revokedAt: true,
} as const;

export function createApiTokenRow(
  db: Db,
  data: { userId: number; name: string; tokenHash: string; prefix: string; expiresAt: Date | null },
): Promise<ApiTokenView> {
  return db.apiToken.create({ data, select: tokenSelect });
}

export function listApiTokens(db: Db, userId: number): Promise<ApiTokenView[]> {
  return db.apiToken.findMany({ where: { userId }, orderBy: { id: 'desc' }, select: tokenSelect });
}

/** Revokes a token of that user (their own, or an admin on their behalf); false when the user has no such active token. */
export async function revokeApiToken(db: Db, userId: number, id: number): Promise<boolean> {
  const { count } = await db.apiToken.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count === 1;
}

/** How many usable (not revoked, not expired) tokens each user has: for Admin › Users. */
export async function countUsableApiTokens(db: Db, now = new Date()): Promise<Map<number, number>> {
  const groups = await db.apiToken.groupBy({
    by: ['userId'],
    where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.userId, g._count._all]));
}

export interface ApiTokenListing extends ApiTokenView {
  email: string;
}

/** Every token (or one user's), newest first, with its user's email: for the command line. */
export async function listApiTokensWithUsers(db: Db, userId?: number): Promise<ApiTokenListing[]> {
  const rows = await db.apiToken.findMany({
    where: userId === undefined ? {} : { userId },
    orderBy: { id: 'desc' },
    select: { ...tokenSelect, user: { select: { email: true } } },
  });
  return rows.map(({ user, ...token }) => ({ ...token, email: user.email }));
}

/** Revokes a token whoever owns it (the command line); false when there is no such active token. */
export async function revokeApiTokenById(db: Db, id: number): Promise<boolean> {
  const { count } = await db.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  return count === 1;
}

/** Last use is written at most once a minute per token, so API traffic does not turn into writes. */
const LAST_USED_GRANULARITY_MS = 60_000;

const userColumns = `u."id", u."email", u."name", u."role", u."isActive", u."isDemo", u."lastLoginAt", u."createdAt"`;
const findByHash = preparedStatement(
  'api-token-user',
  `SELECT t."id" AS "tokenId", t."lastUsedAt", ${userColumns}
   FROM "ApiToken" t JOIN "User" u ON u."id" = t."userId"
   WHERE t."tokenHash" = $1 AND t."revokedAt" IS NULL AND (t."expiresAt" IS NULL OR t."expiresAt" > $2) AND u."isActive" AND (NOT u."isDemo" OR $3)`,
);
const touch = preparedStatement('api-token-touch', `UPDATE "ApiToken" SET "lastUsedAt" = $2 WHERE "id" = $1`);

/**
 * The active user behind a token hash, or null (unknown, revoked, expired, the user is inactive,
 * or a demo account's token when `allowDemo` is false). One prepared statement on every API
 * request, on the plain pg pool of the hot path (sql-pool.ts), not through Prisma; a refused
 * token's last use is not touched.
 */
export async function findUserByApiTokenHash(
  db: Queryable,
  tokenHash: string,
  allowDemo: boolean,
  now = new Date(),
): Promise<UserDto | null> {
  const { rows } = await findByHash<UserDto & { tokenId: number; lastUsedAt: Date | null }>(db, [tokenHash, now, allowDemo]);
  const row = rows[0];
  if (!row) return null;
  const { tokenId, lastUsedAt, ...user } = row;
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) await touch(db, [tokenId, now]);
  return user;
}
