import { Code, Text } from '@mantine/core';

/**
 * The technical text behind a failure (the server's answer, the host, the program's error), folded under
 * 'Detalles técnicos'. The server sends it to administrators only; for anyone else there is none and
 * nothing is shown.
 */
export function DetallesTecnicos({ detalle }: { detalle?: string | null }) {
  if (!detalle) return null;
  return (
    <details>
      <Text component="summary" size="xs" c="dimmed" style={{ cursor: 'pointer' }}>Detalles técnicos</Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{detalle}</Code>
    </details>
  );
}
