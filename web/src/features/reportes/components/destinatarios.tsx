import { Text, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import { useMemo } from 'react';
import { useDestinatarios } from '@/api/reportesEnvios';

/** One plain address (name@domain.tld), as the server accepts it. */
export function esEmail(texto: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(texto);
}

const esOpcion = (o: ComboboxParsedItem): o is Extract<ComboboxParsedItem, { value: string }> => 'value' in o;

/**
 * The suggestions of an address field (Autocomplete, TagsInput): the company's active users with an e-mail that are
 * not passengers (GET /reportes/destinatarios), found by name or address and shown with both.
 */
export function useSugerenciasDestinatarios() {
  const destinatarios = useDestinatarios();
  // Keyed by address: two users sharing one are one suggestion (the fields need unique values).
  const nombres = useMemo(() => new Map((destinatarios.data ?? []).map((d) => [d.email, d.nombre])), [destinatarios.data]);
  const filter: OptionsFilter = ({ options, search }) => {
    const buscado = search.trim().toLowerCase();
    return options.filter((o) => esOpcion(o) && `${nombres.get(o.value) ?? ''} ${o.value}`.toLowerCase().includes(buscado));
  };
  return {
    data: [...nombres.keys()],
    filter,
    renderOption: ({ option }: { option: { value: string } }) => (
      <div>
        <Text size="sm">{nombres.get(option.value)}</Text>
        <Text size="xs" c="dimmed">{option.value}</Text>
      </div>
    ),
  };
}
