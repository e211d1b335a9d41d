import { Alert, Checkbox, Group, Loader, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_VALOR_CONFIG, useConfigWhatsApp, useGuardarConfigWhatsApp, type EntradaConfigWhatsApp } from '@/api/whatsapp';
import { notifyError } from '@/lib/notify';
import { conMotivo } from './mensajes';

/** Saves an entry if it changed; `alFallar` undoes what the field shows. */
type Guardar = (clave: string, valor: string, alFallar?: () => void) => void;

/**
 * The configuration entries (backoffice §2.8): each text is saved when it loses the
 * focus (if it changed), the checkbox at once.
 */
export function ConfigWhatsApp() {
  const config = useConfigWhatsApp();
  const guardar = useGuardarConfigWhatsApp();
  const valor = (clave: string) => config.data?.find((e) => e.clave === clave)?.valor ?? '';
  const onGuardar: Guardar = (clave, v, alFallar) => {
    if (v === valor(clave)) return;
    guardar.mutate({ clave, valor: v }, {
      onError: (err) => {
        alFallar?.();
        notifyError(conMotivo('Error actualizando configuración', err));
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Configuración de WhatsApp">
      <Stack>
        <Group justify="space-between">
          <Text fw={600}>Configuración</Text>
          <EstadoGuardado pendiente={guardar.isPending} guardado={guardar.isSuccess} />
        </Group>
        {config.isPending && <Loader aria-label="Cargando configuración" />}
        {config.isError && <Alert color="red" role="alert">Error al cargar la configuración de WhatsApp</Alert>}
        {config.data && (
          <>
            {/* Keyed by the saved value: a field starts again from what the server holds. */}
            <CampoTexto
              key={`b:${valor('mensaje_bienvenida')}`}
              clave="mensaje_bienvenida"
              valor={valor('mensaje_bienvenida')}
              onGuardar={onGuardar}
              multilinea
              label="Mensaje de bienvenida"
            />
            <CampoTexto
              key={`h:${valor('horario_atencion')}`}
              clave="horario_atencion"
              valor={valor('horario_atencion')}
              onGuardar={onGuardar}
              label="Horario de atención"
              placeholder="08:00-18:00"
            />
            <CampoCasilla key={`a:${valor('auto_respuesta')}`} valor={valor('auto_respuesta')} onGuardar={onGuardar} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function EstadoGuardado({ pendiente, guardado }: { pendiente: boolean; guardado: boolean }) {
  if (pendiente) return <Group gap={4}><Loader size="xs" /><Text size="sm" c="dimmed">Guardando…</Text></Group>;
  if (guardado) {
    return (
      <Group gap={4} role="status">
        <IconCheck size={16} aria-hidden color="var(--mantine-color-green-8)" />
        <Text size="sm" c="green">Cambios guardados</Text>
      </Group>
    );
  }
  return <Text size="sm" c="dimmed">Los cambios se guardan al salir de cada campo</Text>;
}

interface CampoTextoProps extends EntradaConfigWhatsApp {
  label: string;
  placeholder?: string;
  multilinea?: boolean;
  onGuardar: Guardar;
}

function CampoTexto({ clave, valor, label, placeholder, multilinea, onGuardar }: CampoTextoProps) {
  const [texto, setTexto] = useState(valor);
  const props = {
    label,
    placeholder,
    maxLength: MAX_VALOR_CONFIG,
    value: texto,
    onChange: (e: { currentTarget: { value: string } }) => setTexto(e.currentTarget.value),
    onBlur: () => onGuardar(clave, texto),
  };
  return multilinea ? <Textarea rows={3} {...props} /> : <TextInput {...props} />;
}

/** auto_respuesta: shown as clicked at once, saved at once, put back if the save fails. */
function CampoCasilla({ valor, onGuardar }: { valor: string; onGuardar: Guardar }) {
  const [marcada, setMarcada] = useState(valor === 'true');
  return (
    <Checkbox
      label="Respuesta automática"
      description="Responde con el mensaje de bienvenida y el horario a quien escriba a la empresa"
      checked={marcada}
      onChange={(e) => {
        const v = e.currentTarget.checked;
        setMarcada(v);
        onGuardar('auto_respuesta', String(v), () => setMarcada(!v));
      }}
    />
  );
}
