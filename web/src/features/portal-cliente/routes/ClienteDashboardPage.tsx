import { Alert, Badge, Button, Card, Center, Container, Group, Image, Loader, Modal, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLogout, IconQrcode, IconTicket } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { logoutCliente, panelClienteQuery, type BeneficioDePortal, type PanelCliente, type PasajeDePortal } from '@/api/portalCliente';
import { portalClienteKeys } from '@/api/keys';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { clearSesionCliente, readSesionCliente, readSession } from '@/lib/session';

/** Texts of the dashboard (backoffice §2.21). */
export const PORTAL_PANEL = {
  errorCarga: 'No se pudieron cargar tus datos',
  insuficientes: 'Puntos insuficientes',
  canjear: 'Canjear en boletería',
  dondeCanjear: 'Canjeá este beneficio en la boletería al comprar tu próximo pasaje: decile al vendedor tu documento.',
  anticipacion: 'Llegá 15 minutos antes de la salida y presentá este código QR al embarcar.',
} as const;

const ESTADOS: Record<string, { label: string; color: string }> = {
  activo: { label: 'Activo', color: 'teal' },
  usado: { label: 'Usado', color: 'gray' },
  cancelado: { label: 'Cancelado', color: 'red' },
};

/** The state as the portal shows it: an unknown one is 'activo' (backoffice §4). */
const estadoDe = (estado: string) => ESTADOS[estado] ?? ESTADOS.activo;

/** /cliente/dashboard: the customer's trips, points, benefits and recent tickets with their QR. */
export function ClienteDashboardPage() {
  const sesion = readSesionCliente();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const panel = useQuery({ ...panelClienteQuery(sesion?.cliente.id), enabled: !!sesion });
  const noAutorizado = panel.error instanceof ApiError && panel.error.status === 401;

  useEffect(() => {
    if (noAutorizado) {
      clearSesionCliente();
      queryClient.removeQueries({ queryKey: portalClienteKeys.all });
      void navigate(paths.clienteLogin, { replace: true });
    }
  }, [noAutorizado, navigate, queryClient]);

  // a staff session without a customer one goes to the back office (operaciones §5)
  if (!sesion && readSession()) return <Navigate to={paths.dashboard} replace />;
  if (!sesion) return <Navigate to={paths.clienteLogin} replace />;

  const salir = async () => {
    try {
      await logoutCliente(sesion.token);
    } catch {
      // the session ends here whatever the server answered
    }
    clearSesionCliente();
    queryClient.removeQueries({ queryKey: portalClienteKeys.all });
    void navigate(paths.clienteLogin, { replace: true });
  };

  return (
    <Container component="main" size="sm" px="sm" py="md">
      <Stack>
        {/* on a narrow phone the button goes under the greeting instead of being cut */}
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">¡Hola, {panel.data?.cliente.nombre ?? sesion.cliente.nombre}!</Title>
            {panel.data && <Text c="dimmed" size="sm">{panel.data.empresa.nombre}</Text>}
          </div>
          <Button variant="default" size="md" leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void salir()} style={{ flexShrink: 0 }}>
            Cerrar sesión
          </Button>
        </Group>
        {panel.isPending && <Center py="xl"><Loader aria-label="Cargando" /></Center>}
        {panel.isError && !noAutorizado && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={PORTAL_PANEL.errorCarga}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(panel.error, 'Revisá tu conexión e intentá nuevamente.')}</Text>
              <Button size="md" onClick={() => void panel.refetch()}>Reintentar</Button>
            </Stack>
          </Alert>
        )}
        {panel.data && <Panel datos={panel.data} />}
      </Stack>
    </Container>
  );
}

function Panel({ datos }: { datos: PanelCliente }) {
  const [qr, setQr] = useState<PasajeDePortal | null>(null);
  const [pase, setPase] = useState<PasajeDePortal | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const puntos = datos.puntos;
  const disponibles = datos.beneficios.filter((b) => b.alcanza).length;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Cifra titulo="Viajes" valor={formatNumber(datos.viajes)} />
        {puntos && <Cifra titulo="Puntos" valor={formatNumber(puntos.saldo)} />}
        {puntos && <Cifra titulo="Beneficios disponibles" valor={formatNumber(disponibles)} />}
      </SimpleGrid>
      {puntos && (
        <Card withBorder>
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>Nivel</Text>
              <Badge size="lg" variant="light">{puntos.nivel}</Badge>
            </Group>
            <Progress value={puntos.progreso} size="lg" aria-label={`Progreso hacia el nivel ${puntos.siguiente || 'máximo'}`}
              color={puntos.progreso >= 80 ? 'teal' : puntos.progreso >= 50 ? 'yellow' : 'blue'} />
            <Text size="sm">
              {puntos.siguiente
                ? `Te faltan ${formatNumber(Math.max(puntos.puntos_siguiente - puntos.saldo, 0))} puntos para ${puntos.siguiente}`
                : 'Alcanzaste el nivel máximo'}
            </Text>
            {puntos.por_vencer > 0 && puntos.por_vencer_en && (
              <Text size="sm" c="orange.9">
                {formatNumber(puntos.por_vencer)} puntos vencen el {formatDate(puntos.por_vencer_en)}
              </Text>
            )}
          </Stack>
        </Card>
      )}

      <Title order={2} size="h3">Tus últimos pasajes</Title>
      {datos.pasajes.length === 0 && <Text c="dimmed">Todavía no tenés pasajes.</Text>}
      {datos.pasajes.map((p) => (
        <Card key={p.id} withBorder>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{p.numero_pasaje}</Text>
              <Badge color={estadoDe(p.estado).color} variant="light">{estadoDe(p.estado).label}</Badge>
            </Group>
            <Text size="sm">Viaje: {formatDate(p.fecha_viaje)} · {p.seccion} · {p.tipo_viaje}</Text>
            <Text size="sm">Precio: {formatMoney(p.precio)}</Text>
            {p.estado === 'activo' && p.qr_code && (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <Button size="md" variant="light" leftSection={<IconQrcode size={18} aria-hidden />} onClick={() => setQr(p)}>Ver QR</Button>
                <Button size="md" leftSection={<IconTicket size={18} aria-hidden />} onClick={() => setPase(p)}>Pase de embarque</Button>
              </SimpleGrid>
            )}
          </Stack>
        </Card>
      ))}

      {puntos && (
        <>
          <Title order={2} size="h3">Beneficios</Title>
          {datos.beneficios.length === 0 && <Text c="dimmed">No hay beneficios vigentes.</Text>}
          {aviso && <Alert color="blue" role="status" withCloseButton onClose={() => setAviso(null)}>{aviso}</Alert>}
          {datos.beneficios.map((b) => <Beneficio key={b.id} beneficio={b} onCanjear={() => setAviso(PORTAL_PANEL.dondeCanjear)} />)}
        </>
      )}

      <Modal opened={!!qr} onClose={() => setQr(null)} title={qr ? `Código QR del pasaje ${qr.numero_pasaje}` : ''} centered>
        {qr && <Image src={qr.qr_code} alt={`Código QR del pasaje ${qr.numero_pasaje}`} w="100%" maw={360} mx="auto" />}
      </Modal>
      <Modal opened={!!pase} onClose={() => setPase(null)} title="Pase de embarque" centered>
        {pase && (
          <Stack gap="xs">
            <Text fw={600}>{pase.numero_pasaje}</Text>
            <Text size="sm">{datos.empresa.nombre}</Text>
            <Text size="sm">Viaje: {formatDate(pase.fecha_viaje)} · {pase.seccion} · {pase.tipo_viaje}</Text>
            <Image src={pase.qr_code} alt={`Código QR del pasaje ${pase.numero_pasaje}`} w="100%" maw={360} mx="auto" />
            <Alert color="blue" role="note">{PORTAL_PANEL.anticipacion}</Alert>
          </Stack>
        )}
      </Modal>
    </>
  );
}

function Cifra({ titulo, valor }: { titulo: string; valor: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">{titulo}</Text>
      <Text fw={700} size="xl">{valor}</Text>
    </Card>
  );
}

function Beneficio({ beneficio: b, onCanjear }: { beneficio: BeneficioDePortal; onCanjear: () => void }) {
  return (
    <Card withBorder>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{b.nombre}</Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatNumber(b.puntos_requeridos)} puntos</Text>
        </Group>
        {b.descripcion && <Text size="sm" c="dimmed">{b.descripcion}</Text>}
        <Button size="md" disabled={!b.alcanza} onClick={onCanjear}>
          {b.alcanza ? PORTAL_PANEL.canjear : PORTAL_PANEL.insuficientes}
        </Button>
      </Stack>
    </Card>
  );
}
