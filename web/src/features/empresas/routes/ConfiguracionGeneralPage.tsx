import { Button, FileInput, Group, Image, Loader, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { empresaQuery, type Empresa } from '@/api/empresa';
import { useGuardarEmpresaActual, useSubirLogo, type EmpresaActualInput } from '@/api/empresas';
import { FormActions } from '@/components/FormActions';
import { ConfiguracionCaja } from '@/features/empresas/components/ConfiguracionCaja';
import { errorMessage } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';

/** backoffice §5 and §9: the logo's checks, also made by the server. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const MSG_LOGO_SIN_ARCHIVO = 'Por favor selecciona un archivo primero';
export const MSG_LOGO_NO_IMAGEN = 'Por favor selecciona un archivo de imagen válido';
export const MSG_LOGO_GRANDE = 'El archivo es demasiado grande. Máximo 5MB';
const TIPOS_LOGO = ['image/png', 'image/jpeg', 'image/gif'];

/** The client's check of a chosen logo, before the upload. */
export function problemaDeLogo(file: File | null): string | null {
  if (!file) return MSG_LOGO_SIN_ARCHIVO;
  if (!TIPOS_LOGO.includes(file.type)) return MSG_LOGO_NO_IMAGEN;
  return file.size > LOGO_MAX_BYTES ? MSG_LOGO_GRANDE : null;
}

/** The form's values: amounts in pesos, as typed. */
type Values = Omit<EmpresaActualInput, 'venta_confirmar_monto_mayor_a'> & { venta_confirmar_monto_mayor_a: number | string };

function valores(e: Empresa): Values {
  return {
    nombre: e.nombre,
    ruc: e.ruc,
    direccion: e.direccion,
    telefono: e.telefono,
    email: e.email,
    timezone: e.timezone,
    datos_contacto: { ...e.datos_contacto },
    dias_venta_anticipada: e.dias_venta_anticipada,
    venta_confirmar_mas_de_pasajes: e.venta_confirmar_mas_de_pasajes,
    venta_confirmar_monto_mayor_a: e.venta_confirmar_monto_mayor_a,
    dias_retencion_pasajeros: e.dias_retencion_pasajeros,
  };
}

function LogoUpload({ logoUrl, nombre }: { logoUrl: string; nombre: string }) {
  const [file, setFile] = useState<File | null>(null);
  const subir = useSubirLogo();
  const upload = async () => {
    const problema = problemaDeLogo(file);
    if (problema) return notifyError(problema);
    try {
      const { message } = await subir.mutateAsync(file as File);
      notifySuccess(message ?? 'Logo subido exitosamente');
      setFile(null);
    } catch (error) {
      notifyError(errorMessage(error, 'Error subiendo logo'));
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Text fw={600}>Logo</Text>
        {logoUrl && <Image src={logoUrl} alt={`Logo actual de ${nombre}`} h={64} w="auto" fit="contain" />}
        <Group align="flex-end">
          <FileInput label="Archivo (PNG, JPG o GIF, máximo 5MB)" accept="image/png,image/jpeg,image/gif" value={file} onChange={setFile} clearable style={{ flex: 1 }} />
          <Button onClick={upload} loading={subir.isPending}>Subir logo</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Formulario({ empresa }: { empresa: Empresa }) {
  const guardar = useGuardarEmpresaActual();
  const form = useForm<Values>({
    initialValues: valores(empresa),
    validate: { nombre: (v) => (v.trim() ? null : 'El nombre de la empresa es obligatorio') },
  });
  const submit = form.onSubmit(async (v) => {
    try {
      const { message } = await guardar.mutateAsync({ ...v, venta_confirmar_monto_mayor_a: Number(v.venta_confirmar_monto_mayor_a) });
      notifySuccess(message ?? 'Configuración actualizada exitosamente');
    } catch (error) {
      notifyError(errorMessage(error, 'Error al actualizar configuración'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nombre" withAsterisk maxLength={100} {...form.getInputProps('nombre')} />
          <TextInput label="RUC" maxLength={30} {...form.getInputProps('ruc')} />
          <TextInput label="Dirección" maxLength={200} {...form.getInputProps('direccion')} />
          <TextInput label="Teléfono" maxLength={50} {...form.getInputProps('telefono')} />
          <TextInput label="Email" type="email" maxLength={100} {...form.getInputProps('email')} />
          <TextInput label="Zona horaria" maxLength={64} {...form.getInputProps('timezone')} />
        </SimpleGrid>
        <Title order={3}>Datos adicionales</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Gerente" maxLength={200} {...form.getInputProps('datos_contacto.gerente')} />
          <TextInput label="WhatsApp" maxLength={200} {...form.getInputProps('datos_contacto.whatsapp')} />
          <TextInput label="Horario de atención" maxLength={200} {...form.getInputProps('datos_contacto.horario_atencion')} />
          <TextInput label="Sitio web" maxLength={200} {...form.getInputProps('datos_contacto.sitio_web')} />
        </SimpleGrid>
        <Title order={3}>Ventas</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Días de venta anticipada" min={1} max={730} allowDecimal={false} {...form.getInputProps('dias_venta_anticipada')} />
          <NumberInput label="Confirmar ventas de más de (pasajes)" min={1} allowDecimal={false} {...form.getInputProps('venta_confirmar_mas_de_pasajes')} />
          <NumberInput label="Confirmar ventas de más de ($)" min={0.01} decimalScale={2} thousandSeparator="." decimalSeparator="," {...form.getInputProps('venta_confirmar_monto_mayor_a')} />
        </SimpleGrid>
        <Title order={3}>Datos de pasajeros</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="Conservar los datos de pasajeros (días)"
            description="Pasados estos días desde el viaje, el nombre y el documento de cada pasajero se anonimizan (Ley 25.326)."
            min={30}
            max={3650}
            allowDecimal={false}
            {...form.getInputProps('dias_retencion_pasajeros')}
          />
        </SimpleGrid>
        <FormActions onCancel={() => form.setValues(valores(empresa))} loading={guardar.isPending} submitLabel="Guardar Configuración" cancelLabel="Resetear" />
      </Stack>
    </form>
  );
}

/** /admin/configuracion/general: the company form of backoffice §2.3, and the company's register settings. */
export function ConfiguracionGeneralPage() {
  const { usuario } = useSession();
  const { data, isPending, error } = useQuery(empresaQuery(usuario?.id));
  return (
    <Stack>
      <Title order={1}>Configuración General</Title>
      {isPending && <Loader />}
      {error && <Text c="red">{`Error al cargar configuración: ${errorMessage(error, 'error de conexión')}`}</Text>}
      {data && (
        <>
          <LogoUpload logoUrl={data.logo_url} nombre={data.nombre} />
          <Formulario key={data.id} empresa={data} />
          <ConfiguracionCaja />
        </>
      )}
    </Stack>
  );
}
