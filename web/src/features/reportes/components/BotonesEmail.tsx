import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { Periodo } from '@/features/reportes/periodo';
import { useDialog } from '@/lib/dialog';
import { tienePermiso, useSession } from '@/lib/session';
import { EnviarReporteModal, type EnvioReporte } from './EnviarReporteModal';

/** The sends of each report (backoffice §2.15, §7): the sales and passenger reports' PDF and Excel, the registers' PDF. */
export const ENVIOS_VENTAS: readonly EnvioReporte[] = [
  { label: 'Email PDF', endpoint: 'enviar-email', tipoReporte: 'ventas' },
  { label: 'Email Excel', endpoint: 'enviar-excel', tipoReporte: 'ventas' },
];
export const ENVIOS_CAJAS: readonly EnvioReporte[] = [{ label: 'Email', endpoint: 'enviar-cajas', tipoReporte: 'cajas' }];
export const ENVIOS_PASAJEROS: readonly EnvioReporte[] = [
  { label: 'Email PDF', endpoint: 'enviar-pasajeros', tipoReporte: 'pasajeros' },
  { label: 'Email Excel', endpoint: 'enviar-excel', tipoReporte: 'pasajeros' },
];

interface BotonesEmailProps {
  /** The sends the report offers, in order ('Email PDF', 'Email Excel'). */
  envios: readonly EnvioReporte[];
  periodo: Periodo;
  /** Nothing to send (no rows, or the period is incomplete): the buttons are off. */
  sinDatos: boolean;
}

/** A report's e-mail buttons and their dialog; none without reportes.exportar. */
export function BotonesEmail({ envios, periodo, sinDatos }: BotonesEmailProps) {
  const { usuario } = useSession();
  const dialogo = useDialog<EnvioReporte>();
  if (!tienePermiso(usuario, 'reportes.exportar')) return null;
  return (
    <>
      {envios.map((envio) => (
        <Button key={envio.label} variant="default" size="sm" leftSection={<IconMail size={16} aria-hidden />} disabled={sinDatos}
          onClick={() => dialogo.open(envio)}>
          {envio.label}
        </Button>
      ))}
      <EnviarReporteModal envio={dialogo.value} periodo={periodo} apertura={dialogo.key} opened={dialogo.opened} onClose={dialogo.close} />
    </>
  );
}
