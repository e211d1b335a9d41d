import type { Schema } from '@/api/contract';

/** One ticket's passenger as the request carries it (the server's PasajeroVenta). */
export type PasajeroVenta = Schema<'PasajeroVenta'>;

/** A passenger row of the quick sale, as typed: the date of birth in dd/mm/aaaa. */
export interface FilaPasajero {
  nombre: string;
  documento_tipo: string;
  documento_numero: string;
  nacionalidad: string;
  nacimiento: string;
  franja_edad: string;
  sexo: string;
}

export const FILA_VACIA: FilaPasajero = {
  nombre: '', documento_tipo: 'DNI', documento_numero: '', nacionalidad: '', nacimiento: '', franja_edad: '', sexo: '',
};

export const DOCUMENTOS = ['DNI', 'PASAPORTE', 'CI', 'OTRO'] as const;
export const FRANJAS = [
  { value: 'bebe', label: 'Bebé (0–2)' },
  { value: 'menor', label: 'Menor (3–11)' },
  { value: 'adolescente', label: 'Adolescente (12–17)' },
  { value: 'adulto', label: 'Adulto (18–64)' },
  { value: 'mayor', label: 'Mayor (65 o más)' },
] as const;
export const SEXOS = [
  { value: 'F', label: 'F' },
  { value: 'M', label: 'M' },
  { value: 'X', label: 'X' },
] as const;

/** Said when a section that requires names is sold without one per ticket. */
export const MSG_FALTAN_NOMBRES = 'Esta sección exige el nombre de cada pasajero';

/** dd/mm/aaaa as YYYY-MM-DD, or null when it is not a real date. */
export function fechaISO(texto: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(texto.trim());
  if (!m) return null;
  const [d, mes, a] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const f = new Date(Date.UTC(a, mes - 1, d));
  if (f.getUTCFullYear() !== a || f.getUTCMonth() !== mes - 1 || f.getUTCDate() !== d) return null;
  return `${m[3]}-${String(mes).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const vacia = (f: FilaPasajero) =>
  !f.nombre.trim() && !f.documento_numero.trim() && !f.nacionalidad.trim() && !f.nacimiento.trim() && !f.franja_edad && !f.sexo;

/**
 * Why the rows cannot be sent (null: they can): a row with data but no name, a date that is not dd/mm/aaaa, a DNI that is not
 * 7 or 8 digits once its dots are dropped (the server's rule, domain/pasajeros.go), or a missing name where required.
 */
export function errorPasajeros(filas: FilaPasajero[], exige: boolean, nombreCliente: string): string | null {
  for (const [i, f] of filas.entries()) {
    if (vacia(f)) continue;
    if (!f.nombre.trim()) return `Pasajero ${i + 1}: falta el nombre y apellido`;
    if (f.nacimiento.trim() && !fechaISO(f.nacimiento)) return `Pasajero ${i + 1}: la fecha de nacimiento debe ser dd/mm/aaaa`;
    if (f.documento_tipo === 'DNI' && f.documento_numero.trim() && !/^\d{7,8}$/.test(f.documento_numero.trim().replaceAll('.', ''))) {
      return `Pasajero ${i + 1}: el DNI debe tener 7 u 8 dígitos`;
    }
  }
  if (!exige) return null;
  // one ticket bought by a named customer names them (the server does the same)
  const clienteNombra = filas.length === 1 && nombreCliente.trim() !== '';
  return filas.every((f) => f.nombre.trim()) || clienteNombra ? null : MSG_FALTAN_NOMBRES;
}

/** The rows as the request's pasajeros, one per ticket (an empty row: {}); undefined when none names anybody. */
export function pasajerosDe(filas: FilaPasajero[]): PasajeroVenta[] | undefined {
  if (filas.every(vacia)) return undefined;
  return filas.map((f) => {
    if (vacia(f)) return {};
    const nacimiento = fechaISO(f.nacimiento);
    return {
      nombre: f.nombre.trim(),
      ...(f.documento_numero.trim() && { documento_tipo: f.documento_tipo as PasajeroVenta['documento_tipo'], documento_numero: f.documento_numero.trim() }),
      ...(f.nacionalidad.trim() && { nacionalidad: f.nacionalidad.trim() }),
      ...(nacimiento && { fecha_nacimiento: nacimiento }),
      ...(!nacimiento && f.franja_edad && { franja_edad: f.franja_edad as PasajeroVenta['franja_edad'] }),
      ...(f.sexo && { sexo: f.sexo as PasajeroVenta['sexo'] }),
    };
  });
}
