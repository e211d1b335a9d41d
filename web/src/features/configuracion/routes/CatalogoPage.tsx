import { Stack, Title } from '@mantine/core';
import { MEDIOS_PAGO, SECCIONES, TIPOS_VIAJE, type CatalogoDef } from '@/features/configuracion/catalogos';
import { CatalogoManager } from '@/features/configuracion/components/CatalogoManager';

/** /admin/configuracion/{secciones|tipos-viaje|medios-pago}: one list on its own screen. */
export function CatalogoPage({ def }: { def: CatalogoDef }) {
  return (
    <Stack>
      <Title order={1}>{def.titulo}</Title>
      <CatalogoManager def={def} />
    </Stack>
  );
}

/** /admin/configuracion/secciones. */
export const SeccionesPage = () => <CatalogoPage def={SECCIONES} />;
/** /admin/configuracion/tipos-viaje. */
export const TiposViajePage = () => <CatalogoPage def={TIPOS_VIAJE} />;
/** /admin/configuracion/medios-pago. */
export const MediosPagoPage = () => <CatalogoPage def={MEDIOS_PAGO} />;
