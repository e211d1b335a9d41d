import { Group, TextInput } from '@mantine/core';
import type { ItemCatalogo } from '@/api/config';
import { MAX_AUTORIZACION, MAX_TRANSFERENCIA, tipoReferencia, type ReferenciaTipeada } from '@/lib/referenciaPago';

interface ReferenciaPagoProps {
  medio: ItemCatalogo | undefined;
  value: ReferenciaTipeada;
  onChange: (campo: keyof ReferenciaTipeada, valor: string) => void;
}

/**
 * The payment's reference, when the method takes one (its kind decides: a card's last four digits and
 * authorization, a transfer's number): step 2c of the quick sale, and the refund's or the new charge's
 * in a ticket's cancel or reactivation. Plain text boxes in tab order, typed from the slip without the mouse.
 */
export function ReferenciaPago({ medio, value, onChange }: ReferenciaPagoProps) {
  const tipo = tipoReferencia(medio);
  const obligatoria = medio?.referencia_obligatoria ?? false;
  if (tipo === 'tarjeta') {
    return (
      <Group grow align="flex-start">
        <TextInput
          label="Últimos 4 dígitos"
          withAsterisk={obligatoria}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          placeholder="1234"
          value={value.ultimos4}
          onChange={(e) => onChange('ultimos4', e.currentTarget.value.replace(/\D/g, ''))}
        />
        <TextInput
          label="Código de autorización"
          withAsterisk={obligatoria}
          autoComplete="off"
          maxLength={MAX_AUTORIZACION}
          value={value.autorizacion}
          onChange={(e) => onChange('autorizacion', e.currentTarget.value.toUpperCase())}
        />
      </Group>
    );
  }
  if (tipo === 'transferencia') {
    return (
      <TextInput
        label="Número de transferencia"
        withAsterisk={obligatoria}
        autoComplete="off"
        maxLength={MAX_TRANSFERENCIA}
        value={value.transferencia}
        onChange={(e) => onChange('transferencia', e.currentTarget.value)}
      />
    );
  }
  return null;
}
