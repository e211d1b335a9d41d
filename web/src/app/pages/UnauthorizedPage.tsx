import { Button } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusActions, StatusPage } from '@/components/StatusPage';
import { paths } from '@/lib/paths';

/** 401 page. */
export function UnauthorizedPage() {
  return (
    <StatusPage
      icon={IconShieldX}
      color="red"
      title="Acceso No Autorizado"
      message="No tienes permisos para acceder a este recurso. Inicia sesión con una cuenta autorizada."
    >
      <StatusActions>
        <Button component={Link} to={paths.loginAlias}>Iniciar sesión</Button>
        <Button component={Link} to={paths.dashboardAlias} variant="default">Ir al Dashboard</Button>
      </StatusActions>
    </StatusPage>
  );
}
