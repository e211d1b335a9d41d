import { NumberInput, Select, Switch } from '@mantine/core';
import {
  COPIAS_MAX,
  COPIAS_MIN,
  MARGEN_MAX,
  MARGEN_MIN,
  PAPEL_LABELS,
  PAPELES,
  type ConfigImpresion,
  type Papel,
} from '@/lib/impresion';

/** A draft of the settings and its setter, as the modals edit them. */
export interface BorradorProps {
  value: ConfigImpresion;
  onChange: (value: ConfigImpresion) => void;
}

/** Whether `n` lies in [min, max] as a whole number. */
const enRango = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** The message of a value outside its limits (operaciones §5), or null. */
function errorRango(n: number, min: number, max: number, nombre: string): string | null {
  return enRango(n, min, max) ? null : `${nombre} debe estar entre ${min} y ${max}`;
}

/** Whether a draft respects the limits of operaciones §5 (copies 1–5, margins 0–50). */
export function borradorValido(c: ConfigImpresion): boolean {
  return enRango(c.copies, COPIAS_MIN, COPIAS_MAX) && Object.values(c.margins).every((m) => enRango(m, MARGEN_MIN, MARGEN_MAX));
}

const numero = (v: string | number) => (typeof v === 'number' ? v : Number.NaN);

/** Paper, copies and the three switches: the fields both modals share. */
export function CamposBasicos({ value, onChange }: BorradorProps) {
  const set = <K extends keyof ConfigImpresion>(key: K, v: ConfigImpresion[K]) => onChange({ ...value, [key]: v });
  return (
    <>
      <Select
        label="Tamaño de papel"
        data={PAPELES.map((p) => ({ value: p, label: PAPEL_LABELS[p] }))}
        value={value.paperSize}
        onChange={(v) => v && set('paperSize', v as Papel)}
        allowDeselect={false}
      />
      <NumberInput
        label="Copias"
        description={`De ${COPIAS_MIN} a ${COPIAS_MAX}`}
        min={COPIAS_MIN}
        max={COPIAS_MAX}
        allowDecimal={false}
        clampBehavior="none"
        value={value.copies}
        onChange={(v) => set('copies', numero(v))}
        error={errorRango(value.copies, COPIAS_MIN, COPIAS_MAX, 'Las copias')}
      />
      <Switch label="Imprimir automáticamente después de cada venta" checked={value.autoPrint} onChange={(e) => set('autoPrint', e.currentTarget.checked)} />
      <Switch label="Mostrar el diálogo de impresión" checked={value.openPrintDialog} onChange={(e) => set('openPrintDialog', e.currentTarget.checked)} />
      <Switch label="Cerrar la ventana después de imprimir" checked={value.autoClose} onChange={(e) => set('autoClose', e.currentTarget.checked)} />
    </>
  );
}

/** One margin field, 0–50 px. */
export function CampoMargen({ label, value, onChange }: { label: string; value: number; onChange: (v: number) => void }) {
  return (
    <NumberInput
      label={label}
      suffix=" px"
      min={MARGEN_MIN}
      max={MARGEN_MAX}
      allowDecimal={false}
      clampBehavior="none"
      value={value}
      onChange={(v) => onChange(numero(v))}
      error={errorRango(value, MARGEN_MIN, MARGEN_MAX, 'El margen')}
    />
  );
}
