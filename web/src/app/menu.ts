import type { Icon } from '@tabler/icons-react';
import { can, isCustomRole, splitPermiso, type Role, type Usuario } from '@/lib/session';
import { SCREENS, type Screen } from './screens';

/** One sidebar entry. */
export interface MenuEntry {
  label: string;
  path: string;
  icon: Icon;
  /** Roles that see the entry. Menus are per role: super_admin is not added implicitly. */
  roles: readonly Role[];
  /** A custom role sees the entry when its matrix grants this permission. */
  permiso?: string;
  /** A custom role sees the entry whatever its matrix (a screen that needs only a session). */
  rolPersonalizado?: boolean;
  /** The screen's module: the entry leaves the menu when the company lacks it. */
  modulo: Screen['modulo'];
  /** Collapsible group the entry is listed under. */
  group: string;
}

/** A group of entries, in menu order. */
export interface MenuGroup {
  group: string;
  entries: MenuEntry[];
}

/** The menu entries of `screens`, in their order. */
function menuOf(screens: readonly Screen[]): MenuEntry[] {
  return screens.flatMap(({ path, modulo, menu = [] }) => menu.map((item) => ({ ...item, path, modulo })));
}

/** THE sidebar menu, derived from the screens table (app/screens.tsx). */
export const MENU: readonly MenuEntry[] = menuOf(SCREENS);

/**
 * Whether `usuario` sees `entry`: its company has the entry's module (a session without
 * the list: every module), and its role is listed — or, for a custom role, its matrix
 * grants the entry's permission or the entry is for every custom role.
 */
function sees(entry: MenuEntry, role: string, usuario: Usuario | null): boolean {
  if (usuario?.modulos && !usuario.modulos.includes(entry.modulo)) return false;
  if (entry.roles.includes(role as Role)) return true;
  if (!isCustomRole(role)) return false;
  return entry.rolPersonalizado === true || (entry.permiso !== undefined && can(usuario, ...splitPermiso(entry.permiso)));
}

/** The menu of a role (and, when given, of the user: its permissions and modules), grouped, keeping the order of MENU. */
export function menuFor(role: string | null, usuario: Usuario | null = null, menu: readonly MenuEntry[] = MENU): MenuGroup[] {
  const groups = new Map<string, MenuEntry[]>();
  for (const entry of menu) {
    if (!role || !sees(entry, role, usuario)) continue;
    groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  }
  return [...groups].map(([group, entries]) => ({ group, entries }));
}
