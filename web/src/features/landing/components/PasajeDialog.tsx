import { Button, Center, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { pasajePublicoQuery, type PasajePublico } from '@/api/public';
import { Dato } from '@/components/Dato';
import { EstadoPasajeBadge } from '@/components/EstadoPasajeBadge';
import { QueryState } from '@/components/QueryState';
import { formatDate, formatMoney } from '@/lib/format';
import { textoSalidaDelPasaje } from '@/lib/capacidad';

/** What an old link (the ticket's number alone) says: the number is not enough to show a ticket. */
export const MSG_ENLACE_SIN_CODIGO =
  'Este enlace no alcanza para mostrar tu pasaje. Abrí el enlace del email que recibiste o consultá en la boletería.';

function Pasaje({ p }: { p: PasajePublico }) {
  return (
    <Stack gap="md">
      <Center>
        <Image src={p.qr} alt={`Código QR del pasaje ${p.numero_pasaje}`} w={220} h={220} />
      </Center>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Dato size="xs" label="Empresa">{p.empresa}</Dato>
        <Dato size="xs" label="N° de pasaje">{p.numero_pasaje}</Dato>
        <Dato size="xs" label="Pasajero">{p.pasajero || 'Cliente Anónimo'}</Dato>
        <Dato size="xs" label="Fecha de viaje">{formatDate(p.fecha_viaje)}</Dato>
        {p.salida && <Dato size="xs" label="Salida">{textoSalidaDelPasaje(p.salida)}</Dato>}
        <Dato size="xs" label="Sección">{p.seccion}</Dato>
        <Dato size="xs" label="Tipo de viaje">{p.tipo_viaje}</Dato>
        <Dato size="xs" label="Precio">{formatMoney(p.precio)}</Dato>
        <Dato size="xs" label="Estado"><EstadoPasajeBadge estado={p.estado} /></Dato>
      </SimpleGrid>
      <Text size="sm" c="dimmed">Mostrá este código QR al embarcar.</Text>
    </Stack>
  );
}

function PasajeDelEnlace({ numero, codigo }: { numero: string; codigo: string }) {
  const query = useQuery(pasajePublicoQuery(numero, codigo));
  return (
    <QueryState pending={query.isPending} error={query.error} errorTitle="No pudimos mostrar tu pasaje"
      onRetry={() => void query.refetch()}>
      {query.data && <Pasaje p={query.data} />}
    </QueryState>
  );
}

interface PasajeDialogProps {
  /** The `pasaje` of the mail's link (the ticket's number). */
  numero: string;
  /** Its `codigo` (the signed QR code); null on an old link that carries the number alone. */
  codigo: string | null;
  onClose: () => void;
}

/** 'Tu pasaje': the ticket of the mail's link, read from GET /public/pasaje with its signed code. */
export function PasajeDialog({ numero, codigo, onClose }: PasajeDialogProps) {
  return (
    <Modal opened onClose={onClose} title="Tu pasaje" centered size="md">
      {codigo ? <PasajeDelEnlace numero={numero} codigo={codigo} /> : <Text role="alert">{MSG_ENLACE_SIN_CODIGO}</Text>}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>Cerrar</Button>
      </Group>
    </Modal>
  );
}
