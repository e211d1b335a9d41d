import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { mensajesPasajeQuery, type MensajeSalida } from '@/api/correo';
import { envioParcial, EnvioMensaje } from '@/components/EnvioMensaje';

/** A ticket (by its number; '' for the whole sale) that was not queued, and the server's reason. */
export interface Fallo {
  numero: string;
  motivo: string;
}

/** What an attempt left: the messages queued (over all attempts) and one failure per ticket still unsent. */
export interface ResultadoEnvio {
  enviados: MensajeSalida[];
  fallos: Fallo[];
}

interface EnvioVentaProps {
  descripcion: string;
  label: string;
  type: 'email' | 'tel';
  /** The server's bound of the destination (docs/api.md). */
  maxLength: number;
  inicial: string;
  /** The message when the text cannot be sent (operaciones §5); null when it can. */
  validar: (destino: string) => string | null;
  /** Sends what is still unsent of the sale to `destino`. */
  enviar: (destino: string) => Promise<ResultadoEnvio>;
  onVolver: () => void;
  onListo: () => void;
}

/**
 * A send of the after-sale dialog (by e-mail or WhatsApp): the destination, then the
 * outbox's state of what was queued, live until it leaves. When nothing was queued the
 * server's reason is the field's error, as it said it; after a partial failure it
 * says '{ok} enviados, {fail} fallaron' (operaciones §8) and offers to retry the rest.
 */
export function EnvioVenta({ descripcion, label, type, maxLength, inicial, validar, enviar, onVolver, onListo }: EnvioVentaProps) {
  const [destino, setDestino] = useState(inicial);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [resultado, setResultado] = useState<ResultadoEnvio | null>(null);

  const submit = async () => {
    const texto = destino.trim();
    const invalido = validar(texto);
    setError(invalido);
    if (invalido) return;
    setEnviando(true);
    const r = await enviar(texto);
    setEnviando(false);
    setResultado(r);
    if (r.enviados.length === 0) setError(r.fallos[0]?.motivo ?? null);
  };

  const enviados = resultado?.enviados ?? [];
  const fallos = resultado?.fallos ?? [];
  const terminado = enviados.length > 0 && fallos.length === 0;
  return (
    <Stack>
      {!terminado && (
        <>
          <Text size="sm">{descripcion}</Text>
          <TextInput
            label={label}
            type={type}
            autoComplete={type}
            maxLength={maxLength}
            value={destino}
            onChange={(e) => setDestino(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
        </>
      )}
      {enviados.length > 0 && fallos.length > 0 && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={envioParcial(enviados.length, fallos.length)}>
          {fallos.map((f) => <Text key={f.numero} size="sm">{f.numero}: {f.motivo}</Text>)}
        </Alert>
      )}
      {enviados.length > 0 && <EnCola mensajes={enviados} />}
      <Group justify="flex-end">
        {terminado ? (
          <Button onClick={onListo} data-autofocus>Listo</Button>
        ) : (
          <>
            <Button variant="default" onClick={onVolver} disabled={enviando}>Volver</Button>
            <Button onClick={() => void submit()} loading={enviando}>{fallos.length > 0 && enviados.length > 0 ? 'Reintentar' : 'Enviar'}</Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

/** The queued messages as the outbox has them now (re-read while pending). */
function EnCola({ mensajes }: { mensajes: MensajeSalida[] }) {
  const pasajes = [...new Set(mensajes.map((m) => m.pasaje_ids[0]))];
  const listas = useQueries({ queries: pasajes.map((id) => mensajesPasajeQuery(id)) });
  const leidos = new Map(listas.flatMap((q) => q.data ?? []).map((m) => [m.id, m]));
  const actuales = mensajes.map((m) => leidos.get(m.id) ?? m);
  return (
    <Stack gap="xs" component="section" aria-label="Estado del envío">
      <Text fw={600} size="sm">Estado del envío</Text>
      {actuales.some((m) => m.estado === 'pendiente') && (
        <Text size="xs" c="dimmed">Mientras está pendiente, el estado se actualiza solo.</Text>
      )}
      {actuales.map((m) => <EnvioMensaje key={m.id} m={m} />)}
    </Stack>
  );
}
