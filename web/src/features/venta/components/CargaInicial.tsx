import { Button, Center, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { TITULO_VENTA } from './VentaHeader';

/** The loading splash's messages, in order; the last one means ready. */
const ETAPAS_CARGA = [
  'Conectando con el servidor...',
  'Cargando secciones y tipos de viaje...',
  'Verificando caja activa...',
  'Preparando interfaz de ventas...',
  'Sistema listo',
] as const;

interface CargaInicialProps {
  /** Index in ETAPAS_CARGA of the step under way. */
  etapa: number;
  offline: boolean;
  /** Offline, and this device saved nothing to sell with. */
  sinDatosGuardados?: boolean;
  error: boolean;
  onRetry: () => void;
}

/**
 * Loading splash of the sale screen, under its title (the screen's largest text, painted at once):
 * advances as the real calls answer.
 */
export function CargaInicial({ etapa, offline, sinDatosGuardados = false, error, onRetry }: CargaInicialProps) {
  const mensaje = offline ? 'Sistema en modo offline. Cargando...' : error ? 'Error de conexión...' : ETAPAS_CARGA[etapa];
  return (
    <Stack>
      <Title order={1}>{TITULO_VENTA}</Title>
      <Center mih="50vh">
        <Paper withBorder p="xl" radius="md" w="100%" maw={420}>
          <Stack align="center">
            {!error && <Loader aria-hidden />}
            <Text fw={600} role="status" ta="center">{mensaje}</Text>
            {sinDatosGuardados && (
              <Text size="sm" c="dimmed" ta="center">
                Este dispositivo no tiene datos guardados para vender sin conexión: abre la Venta Rápida una vez con
                conexión y registra el dispositivo.
              </Text>
            )}
            <Progress
              w="100%"
              value={(etapa / (ETAPAS_CARGA.length - 1)) * 100}
              color={error ? 'red' : undefined}
              aria-label="Progreso de la carga"
            />
            {error && <Button onClick={onRetry}>Reintentar</Button>}
          </Stack>
        </Paper>
      </Center>
    </Stack>
  );
}
