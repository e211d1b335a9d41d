import { Button, Stack, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { punteroTactil } from '@/lib/browser';
import { CODIGO_VACIO, esEmbarque, type Resultado } from '@/features/embarque/validacion';

interface CodigoManualFormProps {
  validando: boolean;
  /** The last result: a boarding (also one confirmed on the result) empties the field for the next passenger. */
  resultado: Resultado | null;
  validar: (codigo: string) => Promise<Resultado>;
  /** A ticket number of the caller's company, for the help text; null while unknown. */
  ejemplo: string | null;
}

/**
 * Where the focus goes after a result: back to the field for the next code with a
 * keyboard at hand; off the field on a touch screen, whose keyboard would hide the
 * result. A refused code (or one that waits for a confirmation) stays selected to correct or replace it.
 */
function enfocarTrasResultado(input: HTMLInputElement | null, tipo: Resultado['tipo']): void {
  if (!input) return;
  if (punteroTactil()) {
    input.blur();
    return;
  }
  input.focus();
  if (!esEmbarque(tipo)) input.select();
}

/** Manual mode: the ticket number or the whole QR text; Enter validates. */
export function CodigoManualForm({ validando, resultado, validar, ejemplo }: CodigoManualFormProps) {
  const input = useRef<HTMLInputElement>(null);
  const [tactil] = useState(punteroTactil);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const [resultadoVisto, setResultadoVisto] = useState(resultado);
  if (resultado !== resultadoVisto) {
    setResultadoVisto(resultado);
    // Ready for the next passenger.
    if (resultado && esEmbarque(resultado.tipo)) setCodigo('');
  }

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
    enfocarTrasResultado(input.current, tipo);
  };

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        <TextInput
          ref={input}
          label="Código del pasaje"
          description={`Número del pasaje${ejemplo ? ` (por ejemplo ${ejemplo})` : ''} o el texto completo del QR`}
          size="lg"
          withAsterisk
          autoFocus={!tactil}
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
