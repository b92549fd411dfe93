/** The doors an audited change can come through (lib/runtime/audit-channel.ts records which). */
export const AUDIT_CHANNELS = ['web', 'api', 'cli', 'job'] as const;
export type AuditChannel = (typeof AUDIT_CHANNELS)[number];
