import { Button, Code, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One ticket of the 'Códigos de Validación' view: its number, a line about its trip and its code. */
export interface CodigoDePasaje {
  numero: string;
  detalle: string;
  codigo: string;
}

interface CodigosValidacionProps {
  codigos: CodigoDePasaje[];
  onClose: () => void;
  /** Buttons shown before 'Listo'. */
  acciones?: ReactNode;
}

/** The validation codes of a sale, each with a copy button: what the seller hands to each passenger. */
export function CodigosValidacion({ codigos, onClose, acciones }: CodigosValidacionProps) {
  return (
    <Stack>
      <Text size="sm">
        Entrega a cada pasajero su número de pasaje y su código. Al embarcar, el personal valida el código en el
        Validador (escaneando el QR o pegando el código); cada código sirve para un solo embarque.
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {codigos.map((c) => (
          <Paper key={c.numero} component="li" withBorder p="sm" radius="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text fw={700}>{c.numero}</Text>
                <Text size="sm">{c.detalle}</Text>
              </div>
              <CopyButton value={c.codigo}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'green' : undefined}
                    leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                    onClick={copy}
                    style={{ flexShrink: 0 }}
                    aria-label={`Copiar código de ${c.numero}`}
                  >
                    {copied ? 'Copiado' : 'Copiar'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Code block mt="xs" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{c.codigo}</Code>
          </Paper>
        ))}
      </Stack>
      <Group justify="flex-end">
        {acciones}
        <Button autoFocus onClick={onClose}>Listo</Button>
      </Group>
    </Stack>
  );
}
