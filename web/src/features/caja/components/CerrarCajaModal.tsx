import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorDialog } from '@/components/ErrorDialog';
import { MoneyInput } from '@/components/MoneyInput';
import { reloadPage } from '@/lib/browser';
import { PorMedioPago } from './PorMedioPago';
import { SENTIDOS } from '@/features/caja/movimientos';
import type { Caja } from '@/api/caja';
import { formatMoney } from '@/lib/format';
import { nonNegativeAmount, type NumberValue } from '@/lib/validation';
import { denominacionesQuery, useCerrarCaja, type CierreCaja } from '@/api/caja';
import { CierreCiego, ConteoDenominaciones, conteoDenominaciones, totalDenominaciones } from './CierreCiego';

type Paso = 'form' | 'confirmar' | 'negativo' | 'resumen';

const TITULOS: Record<Paso, string> = {
  form: 'Cerrar Caja',
  confirmar: 'Confirmar cierre de caja',
  negativo: 'Saldo negativo',
  resumen: 'Caja cerrada',
};

/** counted − expected, computed in centavos. */
function diferencia(contado: number, esperado: number): number {
  return (Math.round(contado * 100) - Math.round(esperado * 100)) / 100;
}

/** A close figure; a strong one in the colour of income above 0 and of expenses below, an expense other than 0 in the latter. */
function Cifra({ label, value, strong, egreso }: { label: string; value: number; strong?: boolean; egreso?: boolean }) {
  const signo = strong && value !== 0 ? SENTIDOS[value < 0 ? 'egreso' : 'ingreso'].texto : undefined;
  const color = egreso && value !== 0 ? SENTIDOS.egreso.texto : signo;
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(value)}</Text>
    </Group>
  );
}

function Acciones({ onBack, back = 'Volver', children }: { onBack: () => void; back?: string; children: ReactNode }) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onBack}>{back}</Button>
      {children}
    </Group>
  );
}

/**
 * Offline sales the sync refused and no supervisor resolved yet: their money was taken but is in no
 * register, so the close is told (the supervisor sees them in 'Conflictos offline').
 */
function AvisoRechazadas({ rechazadas }: { rechazadas: Caja['ventas_offline_rechazadas'] }) {
  if (!rechazadas?.cantidad) return null;
  const ventas = rechazadas.cantidad === 1 ? '1 venta sin conexión fue rechazada' : `${rechazadas.cantidad} ventas sin conexión fueron rechazadas`;
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title="Ventas sin conexión por revisar">
      {ventas} al sincronizar ({formatMoney(rechazadas.monto)}): ese dinero se cobró y no está en esta caja.
      Revíselas con un supervisor antes de contar el efectivo.
    </Alert>
  );
}

interface CerrarCajaModalProps {
  opened: boolean;
  /** The open register; null once closed (the summary stays on screen). */
  caja: Caja | null;
  onClose: () => void;
}

/**
 * Close flow: count the cash (expected cash and the live difference on screen),
 * confirm, confirm again when the balance is negative, close, and show the summary
 * (cash apart from the other methods, printable) until the user leaves it; the page
 * reloads then. A role without caja.ver_esperado gets no expected figures from the
 * server (they are absent from the register): its close is blind (CierreCiego), and a
 * count past the company's tolerance waits for a supervisor's approval.
 */
export function CerrarCajaModal({ opened, caja, onClose }: CerrarCajaModalProps) {
  const cerrar = useCerrarCaja();
  const [paso, setPaso] = useState<Paso>('form');
  const [error, setError] = useState<string | null>(null);
  const [final, setFinal] = useState<CierreCaja | null>(null);
  // The register as last seen: once the close is approved its state refetches without it, and the
  // open step must not turn into the other mode (and drop the approval's answer) meanwhile.
  const [vista, setVista] = useState(caja);
  if (caja && caja !== vista) setVista(caja);
  const actual = caja ?? vista;
  // A count already waiting for a supervisor goes straight to the approval step, blind or not.
  const ciego = actual != null && (actual.efectivo_esperado === undefined || actual.pendiente_aprobacion);
  const form = useForm<{ monto_cierre: NumberValue; observaciones: string }>({
    initialValues: { monto_cierre: '', observaciones: '' },
    validate: { monto_cierre: nonNegativeAmount },
  });
  // Optionally counted by denomination: the total fills the counted cash, and the count goes with the close
  // (the server checks they agree and keeps it for the Z report).
  const [porDenominacion, setPorDenominacion] = useState(false);
  const [cantidades, setCantidades] = useState<Record<string, number>>({});
  const { data: denominaciones = [] } = useQuery({ ...denominacionesQuery, enabled: porDenominacion });
  const contar = (nuevas: Record<string, number>) => {
    setCantidades(nuevas);
    form.setFieldValue('monto_cierre', totalDenominaciones(denominaciones, nuevas));
  };
  const esperado = caja?.efectivo_esperado ?? 0;
  const contado = Number(form.values.monto_cierre);
  const saldoNegativo = (caja?.monto_actual ?? 0) < 0;

  const close = () => {
    form.reset();
    setCantidades({});
    setPorDenominacion(false);
    setPaso('form');
    onClose();
  };

  const enviar = () => {
    const { monto_cierre, observaciones } = form.getValues();
    const lista = porDenominacion ? conteoDenominaciones(cantidades) : [];
    cerrar.mutate({
      monto_cierre: Number(monto_cierre),
      denominaciones: lista.length > 0 ? lista : undefined,
      observaciones: observaciones.trim(),
      generar_reporte: false,
    }, {
      onSuccess: (cierre) => {
        // Past the tolerance the close waits for a supervisor: the blind flow's approval step takes it.
        setFinal(cierre);
        setPaso('resumen');
      },
      onError: (err) => {
        setPaso('form');
        setError(err.message);
      },
    });
  };

  const pasos: Record<Paso, ReactNode> = {
    form: ciego ? (
      <Stack>
        <AvisoRechazadas rechazadas={caja?.ventas_offline_rechazadas} />
        <CierreCiego
          esperaAprobacion={actual?.pendiente_aprobacion}
          onCancel={close}
          onCerrada={(cierre) => { setFinal(cierre); setPaso('resumen'); }}
          onError={setError}
        />
      </Stack>
    ) : (
      <form onSubmit={form.onSubmit(() => setPaso('confirmar'))} noValidate>
        <Stack>
          <AvisoRechazadas rechazadas={caja?.ventas_offline_rechazadas} />
          <Cifra label="Efectivo esperado" value={esperado} />
          {porDenominacion
            ? <ConteoDenominaciones cantidades={cantidades} onChange={contar} />
            : <MoneyInput label="Efectivo contado" withAsterisk data-autofocus {...form.getInputProps('monto_cierre')} />}
          <Button variant="subtle" size="compact-sm" onClick={() => {
            setPorDenominacion(!porDenominacion);
            setCantidades({});
            form.setFieldValue('monto_cierre', porDenominacion ? '' : 0);
          }}>
            {porDenominacion ? 'Ingresar el total del efectivo' : 'Contar por denominación (opcional)'}
          </Button>
          <Text aria-live="polite" component="div">
            {form.values.monto_cierre !== '' && <Cifra label="Diferencia" value={diferencia(contado, esperado)} strong />}
          </Text>
          <Textarea label="Observaciones (opcional)" rows={2} {...form.getInputProps('observaciones')} />
          <Acciones onBack={close} back="Cancelar">
            <Button type="submit" color="red">Continuar</Button>
          </Acciones>
        </Stack>
      </form>
    ),
    confirmar: (
      <>
        <Text>¿Confirmas el cierre de la caja? Después del cierre no podrás vender hasta abrir una nueva caja.</Text>
        <Stack gap={4} mt="md">
          <Cifra label="Efectivo contado" value={contado} />
          <Cifra label="Diferencia" value={diferencia(contado, esperado)} strong />
        </Stack>
        <Acciones onBack={() => setPaso('form')}>
          {/* autoFocus: the modal stays open between steps, so data-autofocus would not move the focus. */}
          <Button color="red" autoFocus loading={cerrar.isPending} onClick={saldoNegativo ? () => setPaso('negativo') : enviar}>
            Cerrar Caja
          </Button>
        </Acciones>
      </>
    ),
    negativo: (
      <>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="La caja tiene saldo negativo">
          El saldo actual es {formatMoney(caja?.monto_actual ?? 0)}: los egresos superan a la apertura y los ingresos.
          ¿Desea cerrar la caja de todos modos?
        </Alert>
        <Acciones onBack={() => setPaso('form')}>
          <Button color="red" autoFocus loading={cerrar.isPending} onClick={enviar}>Cerrar con saldo negativo</Button>
        </Acciones>
      </>
    ),
    resumen: final && <Resumen cierre={final} onDone={reloadPage} />,
  };

  return (
    <>
      <Modal
        opened={opened && error === null}
        onClose={paso === 'resumen' ? reloadPage : close}
        title={TITULOS[paso]}
        centered
      >
        {pasos[paso]}
      </Modal>
      <ErrorDialog title="Error al Cerrar Caja" message={error} onClose={() => setError(null)} />
    </>
  );
}

/** The close figures; they stay until the user leaves them (Listo), and can be printed. */
function Resumen({ cierre, onDone }: { cierre: CierreCaja; onDone: () => void }) {
  const pendiente = cierre.pendiente_aprobacion;
  return (
    <Stack>
      <Text role="status" fw={600}>
        {pendiente ? 'El cierre espera la aprobación de un supervisor' : 'Caja cerrada exitosamente'}
      </Text>
      <SimpleGrid cols={1} spacing={4}>
        <Cifra label="Total ventas" value={cierre.total_ventas ?? 0} />
        <Cifra label="Egresos" value={cierre.total_egresos ?? 0} egreso />
        <Cifra label="Efectivo esperado" value={cierre.efectivo_esperado ?? cierre.conteo?.efectivo_esperado ?? 0} />
        <Cifra label="Efectivo contado" value={cierre.monto_cierre ?? 0} />
        <Cifra label="Diferencia" value={cierre.diferencia ?? 0} strong />
      </SimpleGrid>
      <PorMedioPago caja={cierre} />
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Imprimir
        </Button>
        <Button autoFocus onClick={onDone}>Listo</Button>
      </Group>
    </Stack>
  );
}
