import { Stack } from '@mantine/core';
import { DashboardHeader } from './DashboardHeader';

/** Company dashboard (admin). */
export function AdminDashboard() {
  return (
    <Stack>
      <DashboardHeader title="Dashboard de Administración" />
    </Stack>
  );
}
