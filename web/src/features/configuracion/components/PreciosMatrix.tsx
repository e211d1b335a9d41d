import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconTable } from '@tabler/icons-react';
import { AvisoSalidaSinGuardar } from '@/components/AvisoSalidaSinGuardar';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { useCatalogo, useGuardarPrecios, usePrecios, type ItemCatalogo, type Precio } from '@/api/config';
import { errorMessage } from '@/lib/api';
import { configToast } from '@/lib/notify';
import { SECCIONES, TIPOS_VIAJE } from '@/features/configuracion/catalogos';
import { PreciosTable } from './PreciosTable';
import { usePreciosDraft } from './usePreciosDraft';

interface EditorProps {
  secciones: ItemCatalogo[];
  tipos: ItemCatalogo[];
  precios: Precio[];
}

function cambiosText(n: number): string {
  if (n === 0) return 'Sin cambios';
  return n === 1 ? '1 cambio sin guardar' : `${n} cambios sin guardar`;
}

function PreciosEditor({ secciones, tipos, precios }: EditorProps) {
  const { celda, setValor, changes, invalidCount, reset } = usePreciosDraft(precios, secciones, tipos);
  const guardar = useGuardarPrecios();
  const pending = changes.length + invalidCount;

  const save = async () => {
    try {
      const { message } = await guardar.mutateAsync(changes);
      configToast.success(message ?? 'Precios actualizados exitosamente');
      reset();
    } catch (error) {
      configToast.error(errorMessage(error, 'Error al guardar'));
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Text size="sm" c={pending ? undefined : 'dimmed'} fw={pending ? 600 : undefined} aria-live="polite">
          {cambiosText(pending)}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={reset} disabled={pending === 0 || guardar.isPending}>Descartar cambios</Button>
          <Button
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            onClick={save}
            disabled={changes.length === 0 || invalidCount > 0}
            loading={guardar.isPending}
          >
            Guardar precios
          </Button>
        </Group>
      </Group>
      {invalidCount > 0 && (
        <Alert color="yellow" role="alert">
          Un precio ya configurado no se puede dejar vacío: ingresa un valor o descarta los cambios.
        </Alert>
      )}
      <PreciosTable secciones={secciones} tipos={tipos} celda={celda} onChange={setValor} />
      <AvisoSalidaSinGuardar pendiente={pending > 0} />
    </Stack>
  );
}

/** The price of every section and trip type, edited in place and saved in one call. */
export function PreciosMatrix() {
  const secciones = useCatalogo('secciones');
  const tipos = useCatalogo('tipos-viaje');
  const precios = usePrecios();
  const sources = [
    { query: secciones, errorTitle: SECCIONES.errorCargar },
    { query: tipos, errorTitle: TIPOS_VIAJE.errorCargar },
    { query: precios, errorTitle: 'Error al cargar las tarifas' },
  ];
  const failed = sources.find(({ query }) => query.isError && !query.data);
  const retry = () => {
    for (const { query } of sources) if (query.isError) void query.refetch();
  };

  return (
    <Stack>
      <Text c="dimmed">
        Precio por persona de cada sección y tipo de viaje. Las celdas vacías no tienen precio y no se pueden vender.
      </Text>
      <QueryState
        pending={sources.some(({ query }) => query.isPending)}
        error={failed?.query.error ?? null}
        errorTitle={failed?.errorTitle ?? ''}
        onRetry={retry}
      >
        {secciones.data?.length && tipos.data?.length && precios.data ? (
          <PreciosEditor secciones={secciones.data} tipos={tipos.data} precios={precios.data} />
        ) : (
          <EmptyState
            icon={IconTable}
            title="No hay tarifas para configurar"
            message="Primero crea al menos una sección y un tipo de viaje."
          />
        )}
      </QueryState>
    </Stack>
  );
}
