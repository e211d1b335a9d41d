import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListDetails } from '@tabler/icons-react';
import type { Salida } from '@/api/salidas';
import { useManifiesto } from '@/api/manifiesto';
import { abiertoTrasMontar, diferido, useAbiertoUnaVez } from '@/components/Diferido';
import type { DeshacerEnManifiesto } from '@/features/embarque/useDeshacerReciente';

// The drawer and its list are loaded when the crew first opens them: the validator's first paint does not wait for them.
const ManifiestoDrawer = diferido(() => import('./ManifiestoValidadorLista').then((m) => abiertoTrasMontar(m.ManifiestoDrawer)));

/**
 * 'Manifiesto' of the departure the validator boards into: reading it keeps its copy on the phone
 * (useManifiesto), so the crew has the list offline too; the drawer shows it with this phone's
 * boardings not synced yet, and the undo of the boardings made on this screen (`deshacer`).
 */
export function ManifiestoDelValidador({ salida, deshacer }: { salida: Salida; deshacer?: DeshacerEnManifiesto }) {
  const visto = useManifiesto(salida.id);
  const [abierto, { open, close }] = useDisclosure(false);
  const usado = useAbiertoUnaVez(abierto);
  return (
    <>
      <Button variant="default" size="sm" leftSection={<IconListDetails size={16} aria-hidden />} onClick={open}>
        Manifiesto
      </Button>
      {usado && <ManifiestoDrawer opened={abierto} onClose={close} salida={salida} visto={visto} deshacer={deshacer} />}
    </>
  );
}
