/**
 * Who may use which part of Paralens. Pure policy: the guards in lib/auth read the user's role
 * from the database and ask these functions; navigation uses them to show each role its areas.
 */
export const roles = ['ADMIN', 'RESEARCHER', 'ANNOTATOR'] as const;
export type RoleName = (typeof roles)[number];

export type Area = 'annotate' | 'corpora' | 'campaigns' | 'dashboards' | 'adjudicate' | 'explore' | 'mining' | 'admin';

const areaRoles: Record<Area, readonly RoleName[]> = {
  annotate: ['ADMIN', 'RESEARCHER', 'ANNOTATOR'],
  corpora: ['ADMIN', 'RESEARCHER'],
  explore: ['ADMIN', 'RESEARCHER'],
  campaigns: ['ADMIN', 'RESEARCHER'],
  dashboards: ['ADMIN', 'RESEARCHER'],
  adjudicate: ['ADMIN', 'RESEARCHER'],
  mining: ['ADMIN', 'RESEARCHER'],
  admin: ['ADMIN'],
};

export function canUseArea(role: RoleName, area: Area): boolean {
  return areaRoles[area].includes(role);
}

export function rolesForArea(area: Area): readonly RoleName[] {
  return areaRoles[area];
}

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

export const roleLabels: Record<RoleName, string> = {
  ADMIN: 'Admin',
  RESEARCHER: 'Researcher',
  ANNOTATOR: 'Annotator',
};
