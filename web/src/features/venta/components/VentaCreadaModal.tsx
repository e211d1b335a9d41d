import { Button, Code, CopyButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { openPopup } from '@/lib/browser';
import { formatDate, formatMoney } from '@/lib/format';
import type { Pasaje, VentaCreada } from '@/api/pasajes';
import { paths } from '@/lib/paths';

interface VentaCreadaModalProps {
  /** The sale just created; the dialog is open while it is not null. */
  venta: VentaCreada | null;
  onClose: () => void;
}

/** After a sale: the options (validation codes now, or later); printing and sending arrive with their modules. */
export function VentaCreadaModal({ venta, onClose }: VentaCreadaModalProps) {
  const [verCodigos, setVerCodigos] = useState(false);
  const close = () => {
    setVerCodigos(false);
    onClose();
  };
  const cantidad = venta?.pasajes.length ?? 0;
  return (
    <Modal
      opened={venta !== null}
      onClose={close}
      title={verCodigos ? 'Códigos de Validación' : 'Venta registrada'}
      size={verCodigos ? 'lg' : 'md'}
      centered
      returnFocus={false}
    >
      {venta && !verCodigos && (
        <Stack>
          <Text role="status">
            Se {cantidad === 1 ? 'creó 1 pasaje' : `crearon ${cantidad} pasajes`} por {formatMoney(venta.total)}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Más Tarde</Button>
            <Button data-autofocus onClick={() => setVerCodigos(true)}>Ver Códigos de Validación</Button>
          </Group>
        </Stack>
      )}
      {venta && verCodigos && <Codigos pasajes={venta.pasajes} onClose={close} />}
    </Modal>
  );
}

function Codigos({ pasajes, onClose }: { pasajes: Pasaje[]; onClose: () => void }) {
  return (
    <Stack>
      <Text size="sm">
        Entregue a cada pasajero su número de pasaje y su código. Al embarcar, el personal valida el código en el
        Validador (escaneando el QR o pegando el código); cada código sirve para un solo embarque.
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {pasajes.map((p) => (
          <Paper key={p.id} component="li" withBorder p="sm" radius="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text fw={700}>{p.numero_pasaje}</Text>
                <Text size="sm">
                  ID {p.id} · Viaje {formatDate(p.fecha_viaje)} · {p.seccion_nombre} · {p.tipo_viaje_nombre} · {formatMoney(p.precio)}
                </Text>
              </div>
              <CopyButton value={p.codigo_qr}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'green' : undefined}
                    leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                    onClick={copy}
                    style={{ flexShrink: 0 }}
                    aria-label={`Copiar código de ${p.numero_pasaje}`}
                  >
                    {copied ? 'Copiado' : 'Copiar'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Code block mt="xs" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{p.codigo_qr}</Code>
          </Paper>
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconExternalLink size={16} aria-hidden />} onClick={() => openPopup(paths.validadorVentana, 'validador')}>
          Abrir Validador
        </Button>
        <Button autoFocus onClick={onClose}>Listo</Button>
      </Group>
    </Stack>
  );
}
