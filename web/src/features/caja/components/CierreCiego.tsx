import { Alert, Button, Group, Loader, NumberInput, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { MoneyInput } from '@/components/MoneyInput';
import { CredencialesSupervisor, useCredencialesSupervisor } from './CredencialesSupervisor';
import { denominacionesQuery, useAprobarCierre, useCerrarCaja, type CierreCaja, type Conteo, type Denominacion } from '@/api/caja';
import { mediosPagoActivosQuery } from '@/api/config';
import { etiquetaDenominacion } from '@/lib/denominaciones';
import { formatMoney } from '@/lib/format';
import { seCuentaAlCierre } from '@/lib/tipoMedioPago';
import type { NumberValue } from '@/lib/validation';

/** Σ cantidad × valor, in centavos, back to pesos. */
export function totalDenominaciones(denominaciones: Denominacion[], cantidades: Record<string, number>): number {
  const centavos = denominaciones.reduce((suma, d) => suma + Math.round(d.valor * 100) * (cantidades[d.codigo] ?? 0), 0);
  return centavos / 100;
}

/** The non-zero quantities as the close sends them. */
export function conteoDenominaciones(cantidades: Record<string, number>): { codigo: string; cantidad: number }[] {
  return Object.entries(cantidades).filter(([, n]) => n > 0).map(([codigo, cantidad]) => ({ codigo, cantidad }));
}

/** How many of each bill and coin: numpad-friendly inputs, the subtotal of each and the total. */
export function ConteoDenominaciones({ cantidades, onChange }: { cantidades: Record<string, number>; onChange: (c: Record<string, number>) => void }) {
  const consulta = useQuery(denominacionesQuery);
  const denominaciones = consulta.data ?? [];
  const total = totalDenominaciones(denominaciones, cantidades);
  return (
    <Stack gap="xs" component="section" aria-labelledby="conteo-efectivo">
      <Title order={3} size="h5" id="conteo-efectivo">Efectivo por denominación</Title>
      {consulta.isPending && <Loader size="sm" aria-label="Cargando las denominaciones" />}
      {consulta.isError && (
        <Alert color="red" role="alert" title="No se pudieron cargar los billetes y las monedas">
          Reintente, o ingrese el total del efectivo.
          <Button display="block" mt="xs" size="xs" variant="white" color="red" onClick={() => void consulta.refetch()}>Reintentar</Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {denominaciones.map((d) => {
          const n = cantidades[d.codigo] ?? 0;
          return (
            <NumberInput
              key={d.codigo}
              label={etiquetaDenominacion(d)}
              min={0}
              max={100000}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              value={n === 0 ? '' : n}
              onChange={(v) => onChange({ ...cantidades, [d.codigo]: typeof v === 'number' ? v : Number(v) || 0 })}
              description={n > 0 ? `= ${formatMoney((Math.round(d.valor * 100) * n) / 100)}` : undefined}
            />
          );
        })}
      </SimpleGrid>
      <Group justify="space-between">
        <Text fw={700}>Efectivo contado</Text>
        <Text fw={700} aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(total)}</Text>
      </Group>
    </Stack>
  );
}

/**
 * A blind count waiting for approval: what the cashier counted, and no more. The server sends neither the
 * expected cash nor the difference until a supervisor approves (with the count they would give it away).
 */
function ConteoEnviado({ cierre }: { cierre: CierreCaja }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between"><Text>Efectivo contado</Text><Text fw={700}>{formatMoney(cierre.monto_cierre ?? 0)}</Text></Group>
      <Text size="sm" c="dimmed">La diferencia se muestra cuando un supervisor aprueba el cierre.</Text>
    </Stack>
  );
}

/** The count's figures once submitted, to whom may see them: what each method should have held and the difference. */
function Diferencias({ conteo: c, nombres }: { conteo: Conteo; nombres: Record<number, string> }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between"><Text>Efectivo contado</Text><Text fw={700}>{formatMoney(c.efectivo)}</Text></Group>
      <Group justify="space-between"><Text>Efectivo esperado</Text><Text fw={700}>{formatMoney(c.efectivo_esperado)}</Text></Group>
      <Group justify="space-between"><Text fw={700}>Diferencia en efectivo</Text><Text fw={700}>{formatMoney(c.efectivo - c.efectivo_esperado)}</Text></Group>
      {(c.medios ?? []).map((m) => (
        // the method's difference stays on its line, right-aligned like the cash's; its count goes under the name
        <Group key={m.medio_pago_id} justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text>{nombres[m.medio_pago_id] ?? 'Otro medio'}</Text>
            <Text size="sm" c="dimmed">contado {formatMoney(m.contado)}, esperado {formatMoney(m.esperado)}</Text>
          </div>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>{formatMoney(m.diferencia)}</Text>
        </Group>
      ))}
      <Group justify="space-between"><Text>Tolerancia de la empresa</Text><Text fw={700}>{formatMoney(c.tolerancia)}</Text></Group>
    </Stack>
  );
}

interface AprobacionSupervisorProps {
  /** The count was just sent from this dialog: the keyboard goes on in the supervisor's user. */
  recienContado: boolean;
  onCancel: () => void;
  onCerrada: (cierre: CierreCaja) => void;
  /** What the count showed, above the credentials. */
  children?: ReactNode;
}

/**
 * The supervisor's user and password, typed on the cashier's screen. A refusal (wrong password, the
 * cashier's own user, a user who cannot approve) shows the server's message here and keeps the dialog:
 * the user stays typed, the password is cleared and focused for the next try.
 */
function AprobacionSupervisor({ recienContado, onCancel, onCerrada, children }: AprobacionSupervisorProps) {
  const aprobar = useAprobarCierre();
  const credenciales = useCredencialesSupervisor();
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    credenciales.intentar();
    aprobar.mutate(credenciales.valores(), {
      onSuccess: onCerrada,
      onError: (err) => credenciales.rechazo(err, 'No se pudo aprobar el cierre: reintente'),
    });
  };
  return (
    <form noValidate onSubmit={enviar}>
      <Stack>
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title="El cierre necesita la aprobación de un supervisor">
          El conteo no coincide con lo que la caja debía tener, más allá de la tolerancia de la empresa. Un supervisor
          puede ingresar su usuario y contraseña aquí, o aprobarlo desde su propia sesión en «Cierres pendientes».
          Mientras tanto la caja no registra ventas.
        </Alert>
        {children}
        {/* autoFocus once the count is sent: its button is gone and the modal stays open (data-autofocus would not move the focus) */}
        <CredencialesSupervisor credenciales={credenciales} autoFocus={recienContado} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Aprobar más tarde</Button>
          <Button type="submit" loading={aprobar.isPending} disabled={!credenciales.completas}>Aprobar cierre</Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CierreCiegoProps {
  /** The register's count was already sent and waits for a supervisor: only the approval step. */
  esperaAprobacion?: boolean;
  onCancel: () => void;
  /** The close is final (directly or approved). */
  onCerrada: (cierre: CierreCaja) => void;
  onError: (mensaje: string) => void;
}

/**
 * The blind close: the cashier counts the cash by denomination (or types its total) and
 * each other payment method, never seeing what the register should hold; the difference
 * shows once the count is sent. Past the company's tolerance the close waits for a
 * supervisor, whose user and password go here (or who approves from their own session).
 */
export function CierreCiego({ esperaAprobacion = false, onCancel, onCerrada, onError }: CierreCiegoProps) {
  const cerrar = useCerrarCaja();
  const { data: medios = [] } = useQuery(mediosPagoActivosQuery);
  const { data: denominaciones = [] } = useQuery(denominacionesQuery);
  const [porDenominacion, setPorDenominacion] = useState(true);
  const [cantidades, setCantidades] = useState<Record<string, number>>({});
  const [efectivo, setEfectivo] = useState<NumberValue>('');
  const [otros, setOtros] = useState<Record<number, NumberValue>>({});
  const [observaciones, setObservaciones] = useState('');
  const [pendiente, setPendiente] = useState<CierreCaja | null>(null);
  // Cash methods are the drawer's, counted by denomination; the others each by its total (but Mercado Pago's QR, reconciled with the provider).
  const otrosMedios = medios.filter(seCuentaAlCierre);

  const enviar = () => {
    const lista = conteoDenominaciones(cantidades);
    const contadoEfectivo = porDenominacion ? totalDenominaciones(denominaciones, cantidades) : Number(efectivo || 0);
    cerrar.mutate({
      monto_cierre: contadoEfectivo,
      denominaciones: porDenominacion && lista.length > 0 ? lista : undefined,
      medios: otrosMedios.map((m) => ({ medio_pago_id: m.id, contado: Number(otros[m.id] || 0) })),
      observaciones: observaciones.trim(),
      generar_reporte: false,
    }, {
      onSuccess: (cierre) => (cierre.pendiente_aprobacion ? setPendiente(cierre) : onCerrada(cierre)),
      onError: (err) => onError(err.message),
    });
  };

  if (pendiente || esperaAprobacion) {
    return (
      <AprobacionSupervisor recienContado={pendiente !== null} onCancel={onCancel} onCerrada={onCerrada}>
        {pendiente?.conteo && <Diferencias conteo={pendiente.conteo} nombres={Object.fromEntries(medios.map((m) => [m.id, m.nombre]))} />}
        {pendiente && !pendiente.conteo && <ConteoEnviado cierre={pendiente} />}
      </AprobacionSupervisor>
    );
  }

  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); enviar(); }}>
      <Stack>
        <Text size="sm">Cuente el efectivo y cada medio de pago. La diferencia se muestra después de enviar el conteo.</Text>
        {porDenominacion
          ? <ConteoDenominaciones cantidades={cantidades} onChange={setCantidades} />
          : <MoneyInput label="Efectivo contado" withAsterisk value={efectivo} onChange={setEfectivo} />}
        <Button variant="subtle" size="compact-sm" onClick={() => setPorDenominacion(!porDenominacion)}>
          {porDenominacion ? 'Ingresar el total del efectivo' : 'Contar por denominación'}
        </Button>
        {otrosMedios.map((m) => (
          <MoneyInput key={m.id} label={`${m.nombre} contado`} value={otros[m.id] ?? ''}
            onChange={(v) => setOtros({ ...otros, [m.id]: v })} />
        ))}
        <Textarea label="Observaciones (opcional)" rows={2} value={observaciones} onChange={(e) => setObservaciones(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Cancelar</Button>
          <Button type="submit" color="red" loading={cerrar.isPending}>Enviar conteo y cerrar</Button>
        </Group>
      </Stack>
    </form>
  );
}
