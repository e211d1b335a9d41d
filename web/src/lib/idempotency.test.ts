import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIdempotencyKeys } from './idempotency';

describe('useIdempotencyKeys', () => {
  it('reuses the key while the same body is retried, and changes it for another body or after a success', () => {
    const { result } = renderHook(() => useIdempotencyKeys());
    const keys = result.current;
    const first = keys.keyFor({ seccion_id: 1, lineas: [{ tipo_viaje_id: 1, cantidad: 2 }] });
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys.keyFor({ seccion_id: 1, lineas: [{ tipo_viaje_id: 1, cantidad: 2 }] })).toBe(first);

    const other = keys.keyFor({ seccion_id: 2 });
    expect(other).not.toBe(first);

    keys.reset();
    expect(keys.keyFor({ seccion_id: 2 })).not.toBe(other);
  });
});
