import { Select } from '@mantine/core';

/** The action filter: every action ever audited, or all of them. */
export function AccionSelect({ acciones, value, onChange }: { acciones: readonly string[]; value: string; onChange: (v: string) => void }) {
  return (
    <Select
      label="Acción"
      data={[{ value: '', label: 'Todas las acciones' }, ...acciones.map((a) => ({ value: a, label: a }))]}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      searchable
    />
  );
}

/** Records per page, out of `limites`. */
export function LimiteSelect({ limites, value, onChange }: { limites: readonly number[]; value: number; onChange: (v: number) => void }) {
  return (
    <Select
      label="Registros por página"
      data={limites.map(String)}
      value={String(value)}
      onChange={(v) => onChange(Number(v ?? value))}
      allowDeselect={false}
    />
  );
}
