import { Text, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import { useMemo } from 'react';
import { useDestinatarios } from '@/api/reportesEnvios';

/** One plain address (name@domain.tld), as the server accepts it. */
export function esEmail(texto: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(texto);
}

const esOpcion = (o: ComboboxParsedItem): o is Extract<ComboboxParsedItem, { value: string }> => 'value' in o;

/**
 * How many suggestions the list shows at once: few enough that it never scrolls (typing narrows it). A list of
 * options that scrolls is a region axe wants in the tab order ('scrollable-region-focusable'), and a focusable box
 * inside a listbox is a child the listbox may not hold; the arrows already move through the options from the field.
 */
export const MAX_SUGERENCIAS = 6;

/**
 * The suggestions of an address field (Autocomplete, TagsInput): the company's active users with an e-mail that are
 * not passengers (GET /reportes/destinatarios), found by name or address and shown with both, at most MAX_SUGERENCIAS
 * of them, in a list that does not scroll.
 */
export function useSugerenciasDestinatarios() {
  const destinatarios = useDestinatarios();
  // Keyed by address: two users sharing one are one suggestion (the fields need unique values).
  const nombres = useMemo(() => new Map((destinatarios.data ?? []).map((d) => [d.email, d.nombre])), [destinatarios.data]);
  const filter: OptionsFilter = ({ options, search, limit }) => {
    const buscado = search.trim().toLowerCase();
    return options
      .filter((o) => esOpcion(o) && `${nombres.get(o.value) ?? ''} ${o.value}`.toLowerCase().includes(buscado))
      .slice(0, limit);
  };
  return {
    data: [...nombres.keys()],
    filter,
    limit: MAX_SUGERENCIAS,
    withScrollArea: false,
    renderOption: ({ option }: { option: { value: string } }) => (
      <div>
        <Text size="sm">{nombres.get(option.value)}</Text>
        <Text size="xs" c="dimmed">{option.value}</Text>
      </div>
    ),
  };
}
