import { Stack, Title } from '@mantine/core';
import { EmbarcacionesManager } from '@/features/configuracion/components/EmbarcacionesManager';

/** /admin/configuracion/embarcaciones: the company's boats. */
export function EmbarcacionesPage() {
  return (
    <Stack>
      <Title order={1}>Embarcaciones</Title>
      <EmbarcacionesManager />
    </Stack>
  );
}
