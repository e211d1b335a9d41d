import { useCallback, useMemo, useState } from 'react';
import type { ItemCatalogo, Precio } from '@/api/config';

/** What a money input holds: a number, '' when empty, NaN while its text does not read. */
export type CeldaValor = number | '';

/** One cell of the matrix as the editor sees it. */
export interface Celda {
  valor: CeldaValor;
  /** The saved price; undefined when the cell has none. */
  original?: number;
  changed: boolean;
  /** A saved price was emptied (the server cannot remove prices) or the text does not read. */
  invalid: boolean;
}

const cellKey = (seccionId: number, tipoId: number) => `${seccionId}:${tipoId}`;
const cents = (value: number) => Math.round(value * 100);

function sameValue(valor: CeldaValor, original: number | undefined): boolean {
  return valor === '' ? original === undefined : original !== undefined && cents(valor) === cents(original);
}

/** The price matrix's unsaved edits over the saved table. */
export function usePreciosDraft(precios: Precio[], secciones: ItemCatalogo[], tipos: ItemCatalogo[]) {
  const [draft, setDraft] = useState<Record<string, CeldaValor>>({});

  const saved = useMemo(
    () => new Map(precios.map((p) => [cellKey(p.seccion_id, p.tipo_viaje_id), p.precio])),
    [precios],
  );

  const celda = useCallback((seccionId: number, tipoId: number): Celda => {
    const key = cellKey(seccionId, tipoId);
    const original = saved.get(key);
    const valor = key in draft ? draft[key] : (original ?? '');
    const changed = !sameValue(valor, original);
    return { valor, original, changed, invalid: changed && (valor === '' || Number.isNaN(valor)) };
  }, [draft, saved]);

  const setValor = useCallback((seccionId: number, tipoId: number, valor: CeldaValor) => {
    setDraft((d) => ({ ...d, [cellKey(seccionId, tipoId)]: valor }));
  }, []);

  // Only cells of entries that still exist count.
  const { changes, invalidCount } = useMemo(() => {
    const out: Precio[] = [];
    let invalid = 0;
    for (const s of secciones) {
      for (const t of tipos) {
        const c = celda(s.id, t.id);
        if (c.invalid) invalid += 1;
        else if (c.changed) out.push({ seccion_id: s.id, tipo_viaje_id: t.id, precio: c.valor as number });
      }
    }
    return { changes: out, invalidCount: invalid };
  }, [celda, secciones, tipos]);

  const reset = useCallback(() => setDraft({}), []);

  return { celda, setValor, changes, invalidCount, reset };
}
