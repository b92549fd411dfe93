/**
 * Who may act on what another user made: its creator, or an admin. Researchers share corpora,
 * campaigns and mining results, but a waiting upload, a running or stopped mining run and a user
 * measure are someone's work in progress: previewing, starting, cancelling, dismissing, resuming,
 * re-targeting, replacing or deleting it is its creator's or an admin's (as deleting a corpus or a
 * campaign is: lib/tidy/tidy-rules.ts). A resource without a creator (made by the command line,
 * or whose creator's account was deleted) is the admins'.
 */
import type { RoleName } from './roles';

export function isCreatorOrAdmin(user: { id: number; role: RoleName }, createdById: number | null): boolean {
  return user.role === 'ADMIN' || (createdById !== null && createdById === user.id);
}
