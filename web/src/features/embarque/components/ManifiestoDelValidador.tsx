import { Button, Center, Drawer, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListDetails } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { Salida } from '@/api/salidas';
import { useManifiesto } from '@/api/manifiesto';

// The list is loaded when the crew opens it: the validator's first paint does not wait for it.
const ManifiestoValidadorLista = lazy(() => import('./ManifiestoValidadorLista').then((m) => ({ default: m.ManifiestoValidadorLista })));

/**
 * 'Manifiesto' of the departure the validator boards into: reading it keeps its copy on the phone
 * (useManifiesto), so the crew has the list offline too; the drawer shows it with this phone's
 * boardings not synced yet.
 */
export function ManifiestoDelValidador({ salida }: { salida: Salida }) {
  const visto = useManifiesto(salida.id);
  const [abierto, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" size="sm" leftSection={<IconListDetails size={16} aria-hidden />} onClick={open}>
        Manifiesto
      </Button>
      <Drawer opened={abierto} onClose={close} position="right" size="lg" title={`Manifiesto: salida de las ${salida.hora}`}>
        <Suspense fallback={<Center py="xl"><Loader aria-label="Cargando manifiesto" /></Center>}>
          {abierto && <ManifiestoValidadorLista salida={salida} visto={visto} />}
        </Suspense>
      </Drawer>
    </>
  );
}
