import { List, Paper, Title } from '@mantine/core';

/** How to use the validator, in the crew's words; `ejemplo` is a ticket number of the caller's company. */
export function InstruccionesValidador({ ejemplo }: { ejemplo: string | null }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">Instrucciones</Title>
      <List spacing="xs">
        <List.Item><b>Cámara:</b> permita el acceso a la cámara y ubique el código QR del pasaje dentro del recuadro. La lectura es automática.</List.Item>
        <List.Item><b>Manual:</b> escriba el número del pasaje{ejemplo && ` (por ejemplo ${ejemplo})`} o pegue el texto del QR y presione Enter.</List.Item>
        <List.Item><b>Verde con un pitido:</b> embarque validado. <b>Rojo con dos tonos:</b> el pasaje no puede embarcar; lea el motivo.</List.Item>
        <List.Item>Cada pasaje embarca una sola vez: si ya fue usado, se muestra cuándo y quién lo validó.</List.Item>
      </List>
    </Paper>
  );
}
