import { Alert, Autocomplete, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useEnviarReporte, type EndpointEnvio, type TipoReporteEnvio } from '@/api/reportesEnvios';
import { FormActions } from '@/components/FormActions';
import { diasDelPeriodo, periodoEnvio, type Periodo } from '@/features/reportes/periodo';
import { errorMessage } from '@/lib/api';
import { useHoy } from '@/lib/dates';
import { formatDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { isAdmin, useSession } from '@/lib/session';
import { esEmail, useSugerenciasDestinatarios } from './destinatarios';

/** The §5 messages of the e-mail report dialog. */
const MSG_ENVIO = {
  emailObligatorio: 'El email de destino es obligatorio',
  emailFormato: 'Formato de email inválido',
  asuntoObligatorio: 'El asunto es obligatorio',
} as const;

/** The §6 toasts of a send. */
const enviadoA = (email: string) => `✅ Reporte enviado exitosamente a ${email}`;
const ERROR_ENVIO = '❌ Error al enviar reporte';

/** A send a report offers: its button ('Email PDF'), the call and which report it carries. */
export interface EnvioReporte {
  label: string;
  endpoint: EndpointEnvio;
  tipoReporte: TipoReporteEnvio;
}

const TITULOS: Record<TipoReporteEnvio, string> = {
  ventas: 'Reporte de ventas',
  cajas: 'Reporte de cajas',
  pasajeros: 'Reporte de pasajeros',
};

/** The subject a send starts with: 'Reporte de ventas — 01/11/2026 a 30/11/2026' (one day: its date alone). */
function asuntoSugerido(tipo: TipoReporteEnvio, periodo: Periodo, hoy: string): string {
  const dias = diasDelPeriodo(periodo, hoy);
  if (!dias) return TITULOS[tipo];
  const fechas = dias.desde === dias.hasta ? formatDate(dias.desde) : `${formatDate(dias.desde)} a ${formatDate(dias.hasta)}`;
  return `${TITULOS[tipo]} — ${fechas}`;
}

/** The dialog's title: 'Enviar reporte de ventas (Excel)'. */
const tituloEnvio = ({ tipoReporte, endpoint }: EnvioReporte) =>
  `Enviar ${TITULOS[tipoReporte].toLowerCase()} (${endpoint === 'enviar-excel' ? 'Excel' : 'PDF'})`;

interface Valores {
  email: string;
  asunto: string;
  mensaje: string;
}

interface FormularioProps {
  envio: EnvioReporte;
  periodo: Periodo;
  onClose: () => void;
}

/** The dialog's form: a failed send keeps it open with the server's reason, a sent one closes it. */
function FormularioEnvio({ envio, periodo, onClose }: FormularioProps) {
  const hoy = useHoy();
  // Only an admin adds a message of their own (the server refuses it from anyone else: report mail is no relay).
  const conMensaje = isAdmin(useSession().usuario);
  const enviar = useEnviarReporte();
  const sugerencias = useSugerenciasDestinatarios();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Valores>({
    initialValues: { email: '', asunto: asuntoSugerido(envio.tipoReporte, periodo, hoy), mensaje: '' },
    validate: {
      email: (v) => (!v.trim() ? MSG_ENVIO.emailObligatorio : esEmail(v.trim()) ? null : MSG_ENVIO.emailFormato),
      asunto: (v) => (v.trim() ? null : MSG_ENVIO.asuntoObligatorio),
    },
  });

  const handleSubmit = form.onSubmit(async ({ email, asunto, mensaje }) => {
    const filtros = periodoEnvio(periodo);
    if (!filtros) return;
    const destino = email.trim();
    const body = { email: destino, asunto: asunto.trim(), ...(mensaje.trim() && { mensaje: mensaje.trim() }),
      tipoReporte: envio.tipoReporte, ...filtros };
    setError(null);
    try {
      await enviar.mutateAsync({ endpoint: envio.endpoint, body });
      notifySuccess(enviadoA(destino));
      onClose();
    } catch (err) {
      notifyError(ERROR_ENVIO);
      setError(errorMessage(err, 'Error al enviar reporte'));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {error && <Alert color="red" title={ERROR_ENVIO} role="alert">{error}</Alert>}
        <Autocomplete label="Email de destino" withAsterisk type="email" maxLength={255} autoComplete="off" data-autofocus
          placeholder="nombre@empresa.com" {...sugerencias} {...form.getInputProps('email')} />
        <TextInput label="Asunto" withAsterisk maxLength={200} {...form.getInputProps('asunto')} />
        {conMensaje && <Textarea label="Mensaje (opcional)" rows={4} maxLength={2000} {...form.getInputProps('mensaje')} />}
        <FormActions onCancel={onClose} loading={enviar.isPending} submitLabel="Enviar" />
      </Stack>
    </form>
  );
}

interface EnviarReporteModalProps {
  /** The send to make; null while closed. */
  envio: EnvioReporte | null;
  /** The report's period, sent with its filters. */
  periodo: Periodo;
  /** Changes on every opening, so the form starts afresh. */
  apertura: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * The reused e-mail report dialog (backoffice §2.15): destination (suggesting the company's users), subject and an
 * optional message; it sends the report of the period on screen through the server's outbox.
 */
export function EnviarReporteModal({ envio, periodo, apertura, opened, onClose }: EnviarReporteModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={envio ? tituloEnvio(envio) : ''} centered>
      {envio && <FormularioEnvio key={apertura} envio={envio} periodo={periodo} onClose={onClose} />}
    </Modal>
  );
}
