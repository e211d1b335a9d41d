import { Stack, Title } from '@mantine/core';
import type { CatalogoDef } from '../catalogos';
import { CatalogoManager } from '../components/CatalogoManager';

/** /admin/configuracion/{secciones|tipos-viaje|medios-pago}: one list on its own screen. */
export function CatalogoPage({ def }: { def: CatalogoDef }) {
  return (
    <Stack>
      <Title order={1}>{def.titulo}</Title>
      <CatalogoManager def={def} />
    </Stack>
  );
}
