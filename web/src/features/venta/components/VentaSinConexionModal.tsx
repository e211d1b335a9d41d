import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LazyModal } from '@/components/LazyModal';
import { CodigosValidacion } from '@/features/venta/components/CodigosValidacion';
import { formatMoney } from '@/lib/format';
import { useConfigImpresion, useImprimirSinConexion, type TicketSinConexion } from '@/lib/impresion';

/** A sale made offline, as the after-sale dialog shows it: its tickets ready to print and its total in centavos. */
export interface VentaSinConexionHecha {
  tickets: TicketSinConexion[];
  total: number;
}

interface VentaSinConexionModalProps {
  /** The offline sale just queued; the dialog is open while it is not null. */
  venta: VentaSinConexionHecha | null;
  onClose: () => void;
}

/**
 * After an offline sale: print (built on this device), the validation codes, or later. Sending by
 * WhatsApp or e-mail and undoing the sale need the server: they are not offered until it syncs.
 */
export function VentaSinConexionModal({ venta, onClose }: VentaSinConexionModalProps) {
  const [codigos, setCodigos] = useState(false);
  const close = () => {
    setCodigos(false);
    onClose();
  };
  useImpresionAutomatica(venta);
  return (
    <LazyModal
      opened={venta !== null}
      onClose={close}
      title={codigos ? 'Códigos de Validación' : 'Venta guardada sin conexión'}
      size={codigos ? 'lg' : 'md'}
      centered
      returnFocus={false}
    >
      {venta && !codigos && <Opciones venta={venta} onCodigos={() => setCodigos(true)} onClose={close} />}
      {venta && codigos && <Codigos tickets={venta.tickets} onClose={close} />}
    </LazyModal>
  );
}

/** With auto print on, each offline sale's tickets print as soon as it is made, as online. */
function useImpresionAutomatica(venta: VentaSinConexionHecha | null) {
  const [config] = useConfigImpresion();
  const imprimir = useImprimirSinConexion();
  const impresa = useRef<VentaSinConexionHecha | null>(null);
  useEffect(() => {
    if (!venta || !config.autoPrint || impresa.current === venta) return;
    impresa.current = venta;
    void imprimir(venta.tickets);
  }, [venta, config.autoPrint, imprimir]);
}

function Opciones({ venta, onCodigos, onClose }: { venta: VentaSinConexionHecha; onCodigos: () => void; onClose: () => void }) {
  const imprimir = useImprimirSinConexion();
  const cantidad = venta.tickets.length;
  return (
    <Stack>
      <Text role="status">
        Se {cantidad === 1 ? 'emitió 1 pasaje' : `emitieron ${cantidad} pasajes`} por {formatMoney(venta.total / 100)} sin conexión.
      </Text>
      <Alert color="orange" variant="light" icon={<IconCloudOff aria-hidden />}>
        La venta quedó guardada en este dispositivo y se registra en tu caja cuando vuelva la conexión. Sus pasajes ya
        son válidos para embarcar.
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>Más Tarde</Button>
        <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => void imprimir(venta.tickets)}>
          Imprimir
        </Button>
        <Button data-autofocus onClick={onCodigos}>Ver Códigos de Validación</Button>
      </Group>
    </Stack>
  );
}

function Codigos({ tickets, onClose }: { tickets: TicketSinConexion[]; onClose: () => void }) {
  const codigos = tickets.map((t) => ({
    numero: t.numero_pasaje,
    detalle: `Viaje ${t.fecha_viaje} · ${t.seccion} · ${t.tipo_viaje} · ${t.precio} · Sin conexión`,
    codigo: t.codigo_qr,
  }));
  return <CodigosValidacion codigos={codigos} onClose={onClose} />;
}
