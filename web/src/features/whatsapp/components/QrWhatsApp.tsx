import { Image, List, Stack, Text } from '@mantine/core';

/** How to link the company's phone by scanning the QR (backoffice §2.8). */
function InstruccionesQr() {
  return (
    <List type="ordered" size="sm" spacing={4}>
      <List.Item>Abre WhatsApp en el teléfono de la empresa.</List.Item>
      <List.Item>Toca Menú o Configuración.</List.Item>
      <List.Item>Toca Dispositivos vinculados.</List.Item>
      <List.Item>Toca Vincular un dispositivo.</List.Item>
      <List.Item>Apunta el teléfono a esta pantalla para escanear el código.</List.Item>
    </List>
  );
}

/**
 * The QR that WhatsApp gives to link a device (a data URL; it rotates every few
 * seconds, the status refresh brings the new one) and the steps to scan it.
 */
export function QrWhatsApp({ qrCode }: { qrCode: string }) {
  return (
    <Stack align="center" gap="sm">
      <Image src={qrCode} alt="Código QR para vincular WhatsApp" w={264} h={264} fit="contain" bg="white" p={8} radius="md" />
      <Stack gap={4} w="100%" maw={420}>
        <Text fw={600} size="sm">Para vincular:</Text>
        <InstruccionesQr />
      </Stack>
    </Stack>
  );
}
