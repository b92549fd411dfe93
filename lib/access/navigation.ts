/** The sidebar entries, in order, each tied to the area whose roles may see it. */
import { canUseArea, type Area, type RoleName } from './roles';

export interface NavItem {
  href: string;
  label: string;
  area: Area;
}

const items: NavItem[] = [
  { href: '/annotate', label: 'My campaigns', area: 'annotate' },
  { href: '/corpora', label: 'Corpora', area: 'corpora' },
  { href: '/explore', label: 'Explorer', area: 'explore' },
  { href: '/campaigns', label: 'Campaigns', area: 'campaigns' },
  { href: '/dashboards', label: 'Dashboards', area: 'dashboards' },
  { href: '/mining', label: 'Mining', area: 'mining' },
  { href: '/exports', label: 'Exports', area: 'explore' },
  { href: '/admin/users', label: 'Users', area: 'admin' },
  { href: '/admin/models', label: 'Models', area: 'admin' },
  { href: '/admin/model-endpoints', label: 'Model endpoints', area: 'admin' },
  { href: '/admin/backups', label: 'Backups', area: 'admin' },
  { href: '/admin/audit', label: 'Audit log', area: 'admin' },
];

export function navItemsFor(role: RoleName): NavItem[] {
  return items.filter((item) => canUseArea(role, item.area));
}

/** Where a user lands after signing in. */
export function homePathFor(role: RoleName): string {
  return role === 'ANNOTATOR' ? '/annotate' : '/corpora';
}
