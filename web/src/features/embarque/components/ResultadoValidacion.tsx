import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangleFilled, IconCircleCheckFilled, IconCircleXFilled, IconScan, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '@/lib/format';
import type { Resultado } from '@/features/embarque/validacion';

/** Strong backgrounds with white text above WCAG AA (Mantine's green.9 is just below it); amber with dark text. */
const FONDO = { exito: '#1e7b34', rechazo: 'red.9', validando: 'blue.8', otraFecha: 'yellow.4' } as const;

interface PanelProps {
  bg: string;
  /** Text colour: white on the strong backgrounds. */
  c?: string;
  icon?: Icon;
  titulo: string;
  children?: ReactNode;
}

/** The big status box: always the same place and size, so the eye knows where to look. */
function Panel({ bg, c = 'white', icon: PanelIcon, titulo, children }: PanelProps) {
  return (
    <Paper bg={bg} c={c} p="lg" radius="md" mih={190}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          {PanelIcon ? <PanelIcon size={52} aria-hidden style={{ flexShrink: 0 }} /> : <Loader color={c} />}
          <Text fz={{ base: 24, sm: 28 }} fw={800} lh={1.2}>{titulo}</Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The ticket number, the biggest line after the title. */
function Numero({ children }: { children: string }) {
  return <Text fz={{ base: 26, sm: 32 }} fw={800} ff="monospace" style={{ overflowWrap: 'anywhere' }}>{children}</Text>;
}

function Dato({ label, value }: { label: string; value: string }) {
  return (
    <Text fz="lg">
      <Text span fw={700}>{label}:</Text> {value || 'N/A'}
    </Text>
  );
}

interface ResultadoValidacionProps {
  resultado: Resultado | null;
  validando: boolean;
  /** What to do next, shown while idle. */
  indicacion: string;
  /** The answers to the question of a ticket of another day. */
  onConfirmarFecha: () => void;
  onDescartar: () => void;
}

function Contenido({ resultado, validando, indicacion, onConfirmarFecha, onDescartar }: ResultadoValidacionProps) {
  if (validando) return <Panel bg={FONDO.validando} titulo="Validando..." />;
  if (resultado?.tipo === 'exito') {
    const { embarque } = resultado;
    return (
      <Panel bg={FONDO.exito} icon={IconCircleCheckFilled} titulo={resultado.mensaje}>
        <Numero>{embarque.numero_pasaje}</Numero>
        <Dato label="Pasajero" value={embarque.cliente.nombre} />
        <Dato label="Sección" value={embarque.seccion.nombre} />
        <Dato label="Tipo de viaje" value={embarque.tipo_viaje.nombre} />
        {embarque.ida_y_vuelta && <Dato label="Tramo" value={embarque.tramo === 'vuelta' ? 'Vuelta' : 'Ida'} />}
        <Dato label="Embarque" value={formatDateTime(embarque.fecha_embarque)} />
      </Panel>
    );
  }
  if (resultado?.tipo === 'exitoOffline') {
    const { embarque } = resultado;
    return (
      <Panel bg={FONDO.exito} icon={IconCircleCheckFilled} titulo={resultado.mensaje}>
        <Numero>{embarque.numero_pasaje}</Numero>
        {embarque.conocido ? (
          <>
            <Dato label="Pasajero" value={embarque.cliente_nombre} />
            <Dato label="Sección" value={embarque.seccion_nombre} />
            <Dato label="Tipo de viaje" value={embarque.tipo_viaje_nombre} />
          </>
        ) : (
          <Text fz="lg">
            Pasaje válido por su firma, para el {formatDate(embarque.fecha_viaje)}: no está entre los guardados en este teléfono.
          </Text>
        )}
        {embarque.ida_y_vuelta && <Dato label="Tramo" value={embarque.tramo === 'vuelta' ? 'Vuelta' : 'Ida'} />}
        <Dato label="Embarque" value={formatDateTime(embarque.embarcado_en)} />
        <Text fz="md">Se enviará al servidor cuando vuelva la conexión.</Text>
      </Panel>
    );
  }
  if (resultado?.tipo === 'otraFecha') {
    return (
      <Panel bg={FONDO.otraFecha} c="dark.9" icon={IconAlertTriangleFilled} titulo={resultado.mensaje}>
        <Numero>{resultado.pasaje.numero_pasaje}</Numero>
        <Group grow>
          <Button size="lg" color="dark" onClick={onConfirmarFecha}>Embarcar igual</Button>
          <Button size="lg" variant="white" color="dark" onClick={onDescartar}>No embarcar</Button>
        </Group>
      </Panel>
    );
  }
  if (resultado?.tipo === 'rechazo') {
    const { previo } = resultado;
    return (
      <Panel bg={FONDO.rechazo} icon={IconCircleXFilled} titulo={resultado.mensaje}>
        {previo?.numero_pasaje && <Numero>{previo.numero_pasaje}</Numero>}
        {previo?.fecha_embarque && (
          <Text fz="lg" fw={700}>
            Embarcado el {formatDateTime(previo.fecha_embarque)}
            {previo.validado_por && ` por ${previo.validado_por}`}
          </Text>
        )}
      </Panel>
    );
  }
  return (
    <Panel bg="gray.1" c="dark.7" icon={IconScan} titulo="Listo para validar">
      <Text fz="lg">{indicacion}</Text>
    </Panel>
  );
}

/**
 * The validator's result: green with the ticket on success, amber with a question for a ticket
 * of another day, red with the reason on refusal.
 */
export function ResultadoValidacion(props: ResultadoValidacionProps) {
  return (
    <div role="status" aria-live="assertive" aria-atomic="true" aria-label="Resultado de la validación">
      <Contenido {...props} />
    </div>
  );
}
