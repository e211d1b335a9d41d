import { Affix, Box, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { TIEMPOS } from '@/features/embarque/validacion';

/** A boarding just made here (the validator or the passenger list), that may still be undone. */
export interface EmbarqueReciente {
  /** The Idempotency-Key of the validation: one per boarding. */
  clave: string;
  /** The ticket's id, for the undo call. */
  id: number;
  numeroPasaje: string;
  cliente: string;
  mensaje: string;
}

interface DeshacerEmbarqueProps {
  reciente: EmbarqueReciente;
  deshaciendo: boolean;
  onDeshacer: () => void;
  /** Called when the offer ends (TIEMPOS.deshacerMs after it appeared). */
  onVencido: () => void;
}

const PASO_MS = 1000;

/** A bar at the bottom: the boarding just made, and 'Deshacer' for a few seconds (with room under the page, so it covers nothing). */
export function DeshacerEmbarque({ reciente, deshaciendo, onDeshacer, onVencido }: DeshacerEmbarqueProps) {
  const [restanteMs, setRestanteMs] = useState<number>(TIEMPOS.deshacerMs);
  const vencido = restanteMs <= 0;

  useEffect(() => {
    if (deshaciendo) return;
    const timer = window.setInterval(() => setRestanteMs((ms) => ms - PASO_MS), PASO_MS);
    return () => window.clearInterval(timer);
  }, [deshaciendo]);

  useEffect(() => {
    if (vencido) onVencido();
  }, [vencido, onVencido]);

  const { numeroPasaje, cliente, mensaje } = reciente;
  return (
    <>
      {/* Room under the page, so the bar never covers its last line. */}
      <Box h={96} aria-hidden />
      <Affix position={{ bottom: 16, left: 16, right: 16 }} style={{ pointerEvents: 'none' }}>
        <Paper maw={520} mx="auto" p="sm" shadow="lg" radius="md" withBorder role="status" aria-label="Último embarque"
          style={{ pointerEvents: 'auto' }}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={700} c="green">{mensaje}</Text>
                <Text size="sm" truncate>{numeroPasaje} · {cliente || 'N/A'}</Text>
              </div>
              <Button variant="default" size="md" leftSection={<IconArrowBackUp aria-hidden />} loading={deshaciendo} onClick={onDeshacer}
                style={{ flexShrink: 0 }}>
                Deshacer
              </Button>
            </Group>
            <Progress value={(restanteMs / TIEMPOS.deshacerMs) * 100} size="xs" aria-hidden transitionDuration={PASO_MS} />
          </Stack>
        </Paper>
      </Affix>
    </>
  );
}
