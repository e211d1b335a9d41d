import { IconAlertTriangle, IconUserQuestion } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { StatusPage } from '@/components/StatusPage';
import { useSession } from '@/lib/session';
import { AdminDashboard } from '@/features/dashboard/AdminDashboard';
import { LanchaDashboard } from '@/features/dashboard/LanchaDashboard';
import { SupervisorDashboard } from '@/features/dashboard/SupervisorDashboard';
import { SuperAdminDashboard } from '@/features/dashboard/SuperAdminDashboard';
import { VendedorDashboard } from '@/features/dashboard/VendedorDashboard';

const DASHBOARDS = new Map<string, ReactElement>([
  ['super_admin', <SuperAdminDashboard />],
  ['admin', <AdminDashboard />],
  ['supervisor', <SupervisorDashboard />],
  ['vendedor', <VendedorDashboard />],
  ['lancha', <LanchaDashboard />],
]);

/** /admin/dashboard: the dashboard of the user's role. */
export function DashboardChooser() {
  const { usuario, roleName } = useSession();
  if (!usuario) {
    return (
      <StatusPage
        icon={IconAlertTriangle}
        color="red"
        title="Error: Usuario no autenticado"
        message="Por favor, inicia sesión nuevamente"
      />
    );
  }
  // A custom role sees the dashboard its matrix names (dashboard.tipo).
  const tipo = usuario.rolInfo.permisos.dashboard?.tipo;
  const dashboard = (roleName ? DASHBOARDS.get(roleName) : undefined) ?? (typeof tipo === 'string' ? DASHBOARDS.get(tipo) : undefined);
  if (!dashboard) {
    return (
      <StatusPage
        icon={IconUserQuestion}
        color="orange"
        title={`Rol no reconocido: ${roleName ?? ''}`}
        message="Contacta al administrador del sistema"
      />
    );
  }
  return dashboard;
}
