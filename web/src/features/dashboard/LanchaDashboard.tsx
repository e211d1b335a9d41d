import { Stack } from '@mantine/core';
import { DashboardHeader } from './DashboardHeader';

/** Boarding dashboard (lancha). */
export function LanchaDashboard() {
  return (
    <Stack>
      <DashboardHeader title="Control de Embarque" subtitle="Panel de validación" />
    </Stack>
  );
}
