import { Button, Tooltip } from '@mantine/core';
import { IconPrinter, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { hasRole, useSession } from '@/lib/session';
import { ImpresionModal, ImpresoraModal, ROLES_IMPRESORA } from './ImpresionModals';

/** Tooltip of the sale screen's printing buttons for other roles (operaciones §2). */
const MSG_SIN_PERMISO_IMPRESION = 'No tiene permisos para configurar impresión';

interface BotonesImpresionProps {
  /**
   * The sale screen's variant: both buttons work only for admin, super_admin and
   * supervisor, others see them disabled with the spec's tooltip. Elsewhere the
   * basic settings are open to everyone and the advanced modal says who may use it.
   */
  soloAdministradores?: boolean;
}

/** 'Impresión' (basic settings) and 'Impresora' (advanced settings) with their modals. */
export function BotonesImpresion({ soloAdministradores = false }: BotonesImpresionProps) {
  const { usuario } = useSession();
  const [abierto, setAbierto] = useState<'impresion' | 'impresora' | null>(null);
  const bloqueado = soloAdministradores && !hasRole(usuario, ROLES_IMPRESORA);
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
