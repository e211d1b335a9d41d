import type { Icon } from '@tabler/icons-react';
import type { Role } from '@/lib/session';
import { SCREENS, type Screen } from './screens';

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

/** The menu entries of `screens`, in their order. */
export function menuOf(screens: readonly Screen[]): MenuEntry[] {
  return screens.flatMap(({ path, menu = [] }) => menu.map((item) => ({ ...item, path })));
}

/** THE sidebar menu, derived from the screens table (app/screens.tsx). */
export const MENU: readonly MenuEntry[] = menuOf(SCREENS);

/** The menu of a role, grouped, keeping the order of MENU. */
export function menuFor(role: string | null, menu: readonly MenuEntry[] = MENU): MenuGroup[] {
  const groups = new Map<string, MenuEntry[]>();
  for (const entry of menu) {
    if (!role || !entry.roles.includes(role as Role)) continue;
    groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  }
  return [...groups].map(([group, entries]) => ({ group, entries }));
}
