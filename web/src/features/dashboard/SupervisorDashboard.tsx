import { Stack } from '@mantine/core';
import { DashboardHeader } from './DashboardHeader';

/** Supervisor dashboard. */
export function SupervisorDashboard() {
  return (
    <Stack>
      <DashboardHeader title="Dashboard de Supervisión" />
    </Stack>
  );
}
