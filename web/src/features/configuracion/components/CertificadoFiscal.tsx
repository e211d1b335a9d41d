import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSubirCertificado, type Facturacion } from '@/api/facturacion';
import { errorMessage } from '@/lib/api';
import { useEmpresa } from '@/lib/company';
import { DEFAULT_TIMEZONE, todayIn, useHoy } from '@/lib/dates';
import { formatDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { requiredText } from '@/lib/validation';

/** How many days ahead an expiry is warned of (domain.DiasAvisoCertificado). */
export const DIAS_AVISO = 30;

/** The day (YYYY-MM-DD) a certificate expires in the company's time zone. */
function useDiaVencimiento(vence: string): string {
  const { timezone } = useEmpresa();
  return todayIn(timezone || DEFAULT_TIMEZONE, new Date(vence));
}

function Vencimiento({ dia }: { dia: string }) {
  const hoy = useHoy();
  const dias = Math.round((Date.parse(`${dia}T00:00:00Z`) - Date.parse(`${hoy}T00:00:00Z`)) / 86_400_000);
  if (dias < 0) return <Badge color="red">Vencido</Badge>;
  if (dias <= DIAS_AVISO) return <Badge color="orange">Vence en {dias} días</Badge>;
  return <Badge color="green" variant="light">Vigente</Badge>;
}

/** What is shown of the uploaded certificate: its CN and the day it expires, with the warning. */
function CertificadoActual({ cn, vence }: { cn: string; vence: string }) {
  const dia = useDiaVencimiento(vence);
  return (
    <Group gap="sm">
      <Text size="sm">Certificado <strong>{cn}</strong>, vence el {formatDate(dia)}</Text>
      <Vencimiento dia={dia} />
    </Group>
  );
}

/** The company's ARCA certificate: what is shown of it (CN, expiry) and the upload of a new one with its key. */
export function CertificadoFiscal({ perfil }: { perfil: Facturacion }) {
  const subir = useSubirCertificado();
  const form = useForm({ initialValues: { certificado: '', clave: '' }, validate: { certificado: requiredText, clave: requiredText } });
  const submit = form.onSubmit(async (v) => {
    try {
      const { message } = await subir.mutateAsync(v);
      notifySuccess(message ?? 'Certificado guardado');
      form.reset();
    } catch (error) {
      notifyError(errorMessage(error, 'No se pudo guardar el certificado'));
    }
  });
  const cert = perfil.certificado;
  return (
    <Stack>
      {cert ? (
        <CertificadoActual cn={cert.cn} vence={cert.vence} />
      ) : (
        <Alert color="yellow" title="Sin certificado">Suba el certificado que ARCA generó para este CUIT y su clave privada.</Alert>
      )}
      {!perfil.configurado ? (
        <Text size="sm" c="dimmed">Guarde primero el perfil fiscal para subir el certificado.</Text>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Subir certificado">
          <Stack>
            <Textarea label="Certificado (PEM)" withAsterisk rows={4} maxLength={16384}
              placeholder="-----BEGIN CERTIFICATE-----" styles={{ input: { fontFamily: 'monospace' } }} {...form.getInputProps('certificado')} />
            <Textarea label="Clave privada (PEM)" withAsterisk rows={4} maxLength={16384}
              description="Se guarda cifrada y nunca se vuelve a mostrar" placeholder="-----BEGIN PRIVATE KEY-----"
              styles={{ input: { fontFamily: 'monospace' } }} {...form.getInputProps('clave')} />
            <Group justify="flex-end">
              <Button type="submit" loading={subir.isPending}>Subir certificado</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
