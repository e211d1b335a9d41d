import type { PermisosRol } from '@/api/roles';
import type { Permisos } from '@/lib/session';

/** Spanish names of the permission groups, in the form's order (backoffice §3). */
export const GRUPOS: Readonly<Record<string, string>> = {
  dashboard: 'Dashboard',
  pasajes: 'Pasajes',
  clientes: 'Clientes',
  caja: 'Caja',
  validacion: 'Validación',
  reportes: 'Reportes',
  usuarios: 'Usuarios',
  empresas: 'Empresas',
  configuracion: 'Configuración',
  whatsapp: 'WhatsApp',
  email: 'Email',
  impresion: 'Impresión',
};

/** Spanish names of the flags. */
export const FLAGS: Readonly<Record<string, string>> = {
  ver: 'Ver', crear: 'Crear', editar: 'Editar', eliminar: 'Eliminar', sistema: 'Sistema', exportar: 'Exportar',
  avanzados: 'Avanzados', anular: 'Anular', imprimir: 'Imprimir', abrir: 'Abrir', cerrar: 'Cerrar',
  movimientos: 'Movimientos', embarque: 'Embarque', desembarque: 'Desembarque', configurar: 'Configurar',
  enviar: 'Enviar', ver_estado: 'Ver estado', ver_esperado: 'Ver esperado', ticket_80mm: 'Ticket 80 mm', ticket_a4: 'Ticket A4', batch: 'Lotes',
  sobreventa: 'Sobreventa',
};

/** The dashboards a role may see (dashboard.tipo). */
export const TIPOS_DASHBOARD = ['super_admin', 'admin', 'supervisor', 'vendedor', 'lancha', 'pasajero'] as const;

/** The groups of the catalogue in the form's order, each with its flags. */
export function gruposDe(catalogo: Record<string, string[]>): [string, string[]][] {
  return Object.keys(GRUPOS).filter((g) => catalogo[g]).map((g) => [g, catalogo[g]]);
}

/** A role's stored permissions as the form's matrix: every flag of the catalogue, on only when exactly true. */
export function matrizDe(permisos: Permisos, catalogo: Record<string, string[]>): PermisosRol {
  const matriz: Record<string, Record<string, boolean | string>> = {};
  for (const [grupo, flags] of Object.entries(catalogo)) {
    matriz[grupo] = Object.fromEntries(flags.map((f) => [f, permisos[grupo]?.[f] === true]));
  }
  const tipo = permisos.dashboard?.tipo;
  matriz.dashboard = { ...matriz.dashboard, tipo: typeof tipo === 'string' ? tipo : 'vendedor' };
  return matriz as unknown as PermisosRol;
}
