import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MAX_TELEFONO, useVincularPorTelefono } from '@/api/whatsapp';
import { errorMessage } from '@/lib/api';
import { MSG_TELEFONO_REQUERIDO } from './mensajes';

/**
 * The alternative to the QR: WhatsApp gives a code for the company's number, typed in
 * the phone under Dispositivos vinculados → Vincular con el número de teléfono.
 */
export function VincularPorTelefono({ empresaId }: { empresaId?: number }) {
  const vincular = useVincularPorTelefono();
  const [telefono, setTelefono] = useState('');
  const [error, setError] = useState<string | null>(null);

  const pedirCodigo = () => {
    if (!telefono.trim()) {
      setError(MSG_TELEFONO_REQUERIDO);
      return;
    }
    setError(null);
    vincular.mutate({ telefono: telefono.trim(), empresaId }, {
      onError: (err) => setError(errorMessage(err, 'Error al obtener el código de vinculación')),
    });
  };

  const codigo = vincular.data?.data.codigo;
  return (
    <Stack gap="sm" component="section" aria-label="Vincular con número de teléfono">
      <Text fw={600} size="sm">¿No puedes escanear? Vincular con número de teléfono</Text>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="Número de WhatsApp de la empresa"
          placeholder="11 5555-1234"
          type="tel"
          autoComplete="tel"
          maxLength={MAX_TELEFONO}
          value={telefono}
          onChange={(e) => setTelefono(e.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 14rem' }}
        />
        <Button variant="light" mt={{ base: 0, xs: 25 }} onClick={pedirCodigo} loading={vincular.isPending}>
          Obtener código
        </Button>
      </Group>
      {codigo && (
        <Stack gap={4} role="status">
          <Text size="sm">Código de vinculación:</Text>
          <Code fz="xl" fw={700} style={{ letterSpacing: '0.2em', alignSelf: 'flex-start' }}>{codigo}</Code>
          <Text size="sm">
            En WhatsApp toca Dispositivos vinculados → Vincular un dispositivo → Vincular con el número de teléfono, e
            ingresa este código.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
