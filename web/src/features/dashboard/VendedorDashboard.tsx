import { Stack } from '@mantine/core';
import { DashboardHeader } from './DashboardHeader';

/** Seller dashboard (vendedor). */
export function VendedorDashboard() {
  return (
    <Stack>
      <DashboardHeader title="Dashboard de Ventas" />
    </Stack>
  );
}
