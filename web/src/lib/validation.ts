/** Shared form messages (operaciones §5). */
export const FORM_MESSAGES = {
  obligatorio: 'Este campo es obligatorio',
  mayorQueCero: 'Debe ser un número mayor que cero',
  montoValido: 'Debe ser un monto válido (mayor o igual a cero)',
} as const;

/** A value of a NumberInput: a number, or '' while empty. */
export type NumberValue = number | string;

/** Required text (after trimming). */
export function requiredText(value: string): string | null {
  return value.trim() ? null : FORM_MESSAGES.obligatorio;
}

/** Required amount, zero or more. */
export function nonNegativeAmount(value: NumberValue): string | null {
  if (value === '') return FORM_MESSAGES.obligatorio;
  return Number.isFinite(Number(value)) && Number(value) >= 0 ? null : FORM_MESSAGES.montoValido;
}

/** Required amount, more than zero. */
export function positiveAmount(value: NumberValue): string | null {
  if (value === '') return FORM_MESSAGES.obligatorio;
  return Number.isFinite(Number(value)) && Number(value) > 0 ? null : FORM_MESSAGES.mayorQueCero;
}
