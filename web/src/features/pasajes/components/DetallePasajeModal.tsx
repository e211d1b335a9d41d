import { Center, Image, Modal, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { pasajeQuery, qrPasaje, type Pasaje } from '@/api/pasajes';
import { QueryState } from '@/components/QueryState';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { EstadoPasajeBadge } from './EstadoPasajeBadge';
import { MensajesPasaje } from './MensajesPasaje';

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>{label}</Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

function Detalle({ p }: { p: Pasaje }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Campo label="N° de pasaje">{p.numero_pasaje}</Campo>
      <Campo label="Estado"><EstadoPasajeBadge estado={p.estado} /></Campo>
      <Campo label="Cliente">{p.cliente.nombre || 'Cliente Anónimo'}</Campo>
      <Campo label="Teléfono">{p.cliente.telefono || '—'}</Campo>
      <Campo label="Sección">{p.seccion.nombre}</Campo>
      <Campo label="Tipo de viaje">{p.tipoViaje.nombre}</Campo>
      <Campo label="Fecha de viaje">{formatDate(p.fecha_viaje)}</Campo>
      <Campo label="Pasajeros">{p.cantidad_pasajeros}</Campo>
      <Campo label="Precio total">{formatMoney(p.precio_total)}</Campo>
      <Campo label="Medio de pago">{p.medio_pago_nombre}</Campo>
      <Campo label="Creado">{formatDateTime(p.created_at)}</Campo>
      <Campo label="Vendedor">{p.usuario_nombre || p.usuario.nombre_usuario}</Campo>
      {p.fecha_embarque && <Campo label="Embarcó">{formatDateTime(p.fecha_embarque)}</Campo>}
      <Campo label="Observaciones">{p.observaciones || 'Sin observaciones'}</Campo>
    </SimpleGrid>
  );
}

/** The ticket's detail, read fresh from GET /pasajes/{id}; open while `id` is not null. */
export function DetallePasajeModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useQuery({ ...pasajeQuery(id ?? 0), enabled: id !== null });
  return (
    <Modal opened={id !== null} onClose={onClose} title="Detalle del Pasaje" centered size="lg">
      <QueryState pending={query.isPending} error={query.error} errorTitle="Error al obtener detalles del pasaje" onRetry={() => void query.refetch()}>
        {query.data && <Detalle p={query.data} />}
        {query.data && <MensajesPasaje pasajeId={query.data.id} />}
      </QueryState>
    </Modal>
  );
}

/** The ticket's QR code as an image URL, fetched with the session's token; revoked on close. */
function useQrUrl(id: number | null) {
  const [estado, setEstado] = useState<{ id: number; url: string | null; error: boolean } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let url: string | null = null;
    let vigente = true;
    qrPasaje(id).then(
      ({ blob }) => {
        url = URL.createObjectURL(blob);
        if (vigente) setEstado({ id, url, error: false });
      },
      () => vigente && setEstado({ id, url: null, error: true }),
    );
    return () => {
      vigente = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return estado?.id === id ? estado : null;
}

/** The ticket's QR code, large enough to scan from the screen. */
export function QrPasajeModal({ pasaje, onClose }: { pasaje: Pasaje | null; onClose: () => void }) {
  const qr = useQrUrl(pasaje?.id ?? null);
  return (
    <Modal opened={pasaje !== null} onClose={onClose} title={`Código QR · ${pasaje?.numero_pasaje ?? ''}`} centered>
      <Center mih={280}>
        {qr?.error && <Text c="red" role="alert">Error al mostrar código QR</Text>}
        {qr?.url && <Image src={qr.url} alt={`Código QR del pasaje ${pasaje?.numero_pasaje}`} w={280} h={280} style={{ imageRendering: 'pixelated' }} />}
        {!qr && <Text c="dimmed">Cargando código QR...</Text>}
      </Center>
    </Modal>
  );
}
