import { Button, Tooltip } from '@mantine/core';
import { IconPrinter, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { hasRole, useSession } from '@/lib/session';
import { ImpresionModal, ImpresoraModal, ROLES_IMPRESORA } from './ImpresionModals';

/** Tooltip of the printing buttons for other roles (operaciones §2). */
const MSG_SIN_PERMISO_IMPRESION = 'No tiene permisos para configurar impresión';

/**
 * 'Impresión' (basic settings) and 'Impresora' (advanced settings) with their modals, the
 * same on every screen that prints (Venta Rápida, the ticket list, Mis Ventas): both work
 * for admin, super_admin and supervisor (operaciones §2, §6); others see them disabled with
 * the spec's tooltip.
 */
export function BotonesImpresion() {
  const { usuario } = useSession();
  const [abierto, setAbierto] = useState<'impresion' | 'impresora' | null>(null);
  const bloqueado = !hasRole(usuario, ROLES_IMPRESORA);
  const botones = [
    { id: 'impresion', label: 'Impresión', icon: IconPrinter },
    { id: 'impresora', label: 'Impresora', icon: IconSettings },
  ] as const;
  return (
    <>
      {botones.map(({ id, label, icon: ButtonIcon }) =>
        bloqueado ? (
          <Tooltip key={id} label={MSG_SIN_PERMISO_IMPRESION} withArrow>
            <Button
              variant="default"
              leftSection={<ButtonIcon size={18} aria-hidden />}
              data-disabled
              aria-disabled
              aria-description={MSG_SIN_PERMISO_IMPRESION}
              onClick={(event) => event.preventDefault()}
            >
              {label}
            </Button>
          </Tooltip>
        ) : (
          <Button key={id} variant="default" leftSection={<ButtonIcon size={18} aria-hidden />} onClick={() => setAbierto(id)}>
            {label}
          </Button>
        ),
      )}
      <ImpresionModal opened={abierto === 'impresion'} onClose={() => setAbierto(null)} />
      <ImpresoraModal opened={abierto === 'impresora'} onClose={() => setAbierto(null)} />
    </>
  );
}
