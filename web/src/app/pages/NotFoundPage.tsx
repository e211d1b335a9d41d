import { Button } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { StatusActions, StatusPage } from '@/components/StatusPage';
import { paths } from '@/lib/paths';

/** 'Buenos días' before 12, 'Buenas tardes' before 18, else 'Buenas noches'. */
export function greetingFor(hour: number): string {
  if (hour < 12) return 'Buenos días';
  if (hour < 18) return 'Buenas tardes';
  return 'Buenas noches';
}

/** 404 page. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <StatusPage
      icon={IconMapQuestion}
      eyebrow={greetingFor(new Date().getHours())}
      title="Página no encontrada"
      message="La página que buscas no existe o fue movida."
    >
      <StatusActions>
        <Button component={Link} to={paths.dashboardAlias}>Ir al Dashboard</Button>
        <Button variant="default" onClick={() => navigate(-1)}>Volver</Button>
      </StatusActions>
    </StatusPage>
  );
}
