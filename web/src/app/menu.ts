import { IconLayoutDashboard, IconShieldLock, type Icon } from '@tabler/icons-react';
import type { Role } from '../lib/session';

/** One sidebar entry. */
export interface MenuEntry {
  label: string;
  path: string;
  icon: Icon;
  /** Roles that see the entry. Menus are per role: super_admin is not added implicitly. */
  roles: readonly Role[];
  /** Collapsible group the entry is listed under. */
  group: string;
}

/** A group of entries, in menu order. */
export interface MenuGroup {
  group: string;
  entries: MenuEntry[];
}

const STAFF: readonly Role[] = ['super_admin', 'admin', 'supervisor', 'vendedor', 'lancha'];

/** THE sidebar menu. Add an entry when its screen exists (see app/routes.tsx). */
export const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', path: '/admin/dashboard', icon: IconLayoutDashboard, roles: STAFF, group: 'General' },
  { label: 'Gestión de Roles', path: '/admin/gestion-roles', icon: IconShieldLock, roles: ['super_admin'], group: 'Sistema' },
];

/** The menu of a role, grouped, keeping the order of MENU. */
export function menuFor(role: string | null, menu: readonly MenuEntry[] = MENU): MenuGroup[] {
  const groups = new Map<string, MenuEntry[]>();
  for (const entry of menu) {
    if (!role || !entry.roles.includes(role as Role)) continue;
    groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  }
  return [...groups].map(([group, entries]) => ({ group, entries }));
}
