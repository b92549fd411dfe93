/**
 * How Admin › Users and `paralens user` say that a password reset or a deactivation revoked the
 * account's API tokens (lib/db/accounts/users.ts's updateUser): " and revoked its 2 API tokens", or
 * nothing when it had none. Plain text, no imports: the admin page's client code uses it too.
 */
export function revokedTokensClause(count: number): string {
  if (count <= 0) return '';
  return count === 1 ? ' and revoked its API token' : ` and revoked its ${count} API tokens`;
}
