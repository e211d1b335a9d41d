import { Button, Stack, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { CODIGO_VACIO, type Resultado } from '@/features/embarque/validacion';

interface CodigoManualFormProps {
  validando: boolean;
  validar: (codigo: string) => Promise<Resultado>;
}

/** Manual mode: the ticket number or the whole QR text; Enter validates. */
export function CodigoManualForm({ validando, validar }: CodigoManualFormProps) {
  const input = useRef<HTMLInputElement>(null);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const enviar = async (event: FormEvent) => {
    event.preventDefault();
    // A second Enter while validating would refuse the ticket just boarded.
    if (validando) return;
    const limpio = codigo.trim();
    if (!limpio) {
      setError(CODIGO_VACIO);
      input.current?.focus();
      return;
    }
    const { tipo } = await validar(limpio);
    // Ready for the next passenger; a refused code stays selected to correct or replace it.
    if (tipo === 'exito') setCodigo('');
    input.current?.focus();
    if (tipo === 'rechazo') input.current?.select();
  };

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        <TextInput
          ref={input}
          label="Código del pasaje"
          description="Número del pasaje (por ejemplo LD-20261122-000001) o el texto completo del QR"
          size="lg"
          withAsterisk
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          leftSection={<IconTicket aria-hidden />}
          value={codigo}
          error={error}
          onChange={(event) => {
            setCodigo(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" size="xl" loading={validando} fullWidth>
          Validar
        </Button>
      </Stack>
    </form>
  );
}
