import { Stack, Title } from '@mantine/core';
import { PreciosMatrix } from '@/features/configuracion/components/PreciosMatrix';

/** /admin/configuracion/precios: the price matrix on its own screen. */
export function PreciosPage() {
  return (
    <Stack>
      <Title order={1}>Tarifas</Title>
      <PreciosMatrix />
    </Stack>
  );
}
