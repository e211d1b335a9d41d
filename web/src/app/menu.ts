import {
  IconCashRegister,
  IconCreditCard,
  IconLayoutDashboard,
  IconListCheck,
  IconMapPin,
  IconQrcode,
  IconReceipt2,
  IconRoute,
  IconSettings,
  IconShieldLock,
  IconShip,
  IconTicket,
  type Icon,
} from '@tabler/icons-react';
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
/** Roles that sell at the counter and run their own register. */
const SELLERS: readonly Role[] = ['admin', 'supervisor', 'vendedor'];

/** THE sidebar menu. Add an entry when its screen exists (see app/routes.tsx). */
export const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', path: '/admin/dashboard', icon: IconLayoutDashboard, roles: STAFF, group: 'General' },
  { label: 'Vender Pasajes', path: '/admin/venta-pasajes', icon: IconTicket, roles: SELLERS, group: 'Ventas' },
  { label: 'Mi Caja', path: '/admin/gestion-caja', icon: IconCashRegister, roles: SELLERS, group: 'Ventas' },
  { label: 'Validar Pasajes', path: '/admin/validador', icon: IconQrcode, roles: ['lancha', 'admin'], group: 'Embarque' },
  { label: 'Validador', path: '/admin/validador', icon: IconQrcode, roles: ['supervisor'], group: 'Embarque' },
  { label: 'Pasajeros Embarcados', path: '/admin/lista-pasajeros', icon: IconListCheck, roles: ['lancha', 'admin'], group: 'Embarque' },
  { label: 'Estado de Viajes', path: '/admin/estado-viajes', icon: IconShip, roles: ['lancha', 'admin'], group: 'Embarque' },
  { label: 'Rutas Activas', path: '/admin/rutas', icon: IconRoute, roles: ['lancha', 'admin'], group: 'Embarque' },
  { label: 'Gestión de Roles', path: '/admin/gestion-roles', icon: IconShieldLock, roles: ['super_admin'], group: 'Sistema' },
  { label: 'Configuración', path: '/admin/configuracion', icon: IconSettings, roles: ['admin'], group: 'Configuración' },
  { label: 'Secciones', path: '/admin/configuracion/secciones', icon: IconMapPin, roles: ['admin'], group: 'Configuración' },
  { label: 'Tipos de viaje', path: '/admin/configuracion/tipos-viaje', icon: IconTicket, roles: ['admin'], group: 'Configuración' },
  { label: 'Medios de pago', path: '/admin/configuracion/medios-pago', icon: IconCreditCard, roles: ['admin'], group: 'Configuración' },
  { label: 'Tarifas', path: '/admin/configuracion/precios', icon: IconReceipt2, roles: ['admin'], group: 'Configuración' },
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
