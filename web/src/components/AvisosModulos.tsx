import { Alert, Stack } from '@mantine/core';
import { IconCalendarExclamation } from '@tabler/icons-react';
import { useSession } from '@/lib/session';

/**
 * The company's modules that expire within 7 days or expired, as the server words them ('El módulo
 * Venta de Pasajes vence el 28/11/2026', '… venció el 24/11/2026'): the session carries them for
 * administrators only.
 */
export function AvisosModulos() {
  const avisos = useSession().usuario?.avisos_modulos ?? [];
  if (avisos.length === 0) return null;
  return (
    <Stack gap="xs">
      {avisos.map((a) => (
        <Alert
          key={a.codigo}
          color={a.vencido ? 'red' : 'orange'}
          icon={<IconCalendarExclamation aria-hidden />}
          role={a.vencido ? 'alert' : 'status'}
          title={a.vencido ? 'Módulo vencido' : 'Módulo por vencer'}
        >
          {a.mensaje}
        </Alert>
      ))}
    </Stack>
  );
}
