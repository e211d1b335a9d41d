import { Stack } from '@mantine/core';
import { DashboardHeader } from './DashboardHeader';

/** Global dashboard (super_admin). */
export function SuperAdminDashboard() {
  return (
    <Stack>
      <DashboardHeader title="Dashboard Global" />
    </Stack>
  );
}
