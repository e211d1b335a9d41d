import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCloudOff, IconCopy, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LazyModal } from '@/components/LazyModal';
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
  return (
    <Stack>
      <Text size="sm">
        Entrega a cada pasajero su número de pasaje y su código. Al embarcar, el personal valida el código en el
        Validador (escaneando el QR o pegando el código); cada código sirve para un solo embarque.
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {tickets.map((t) => (
          <Paper key={t.numero_pasaje} component="li" withBorder p="sm" radius="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text fw={700}>{t.numero_pasaje}</Text>
                <Text size="sm">Viaje {t.fecha_viaje} · {t.seccion} · {t.tipo_viaje} · {t.precio} · Sin conexión</Text>
              </div>
              <CopyButton value={t.codigo_qr}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'green' : undefined}
                    leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                    onClick={copy}
                    style={{ flexShrink: 0 }}
                    aria-label={`Copiar código de ${t.numero_pasaje}`}
                  >
                    {copied ? 'Copiado' : 'Copiar'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Code block mt="xs" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{t.codigo_qr}</Code>
          </Paper>
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button autoFocus onClick={onClose}>Listo</Button>
      </Group>
    </Stack>
  );
}
