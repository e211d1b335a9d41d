import { useCallback, useState } from 'react';

/** A dialog's state: open with a value, which stays while the dialog fades out. */
export interface Dialog<T> {
  opened: boolean;
  value: T | null;
  /** Changes on every opening: a form keyed by it starts afresh. */
  key: number;
  open: (value: T) => void;
  close: () => void;
}

/** State of a dialog that works on one value (the entry to edit or to delete). */
export function useDialog<T>(): Dialog<T> {
  const [state, setState] = useState({ opened: false, value: null as T | null, key: 0 });
  const open = useCallback((value: T) => setState((s) => ({ opened: true, value, key: s.key + 1 })), []);
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { ...state, open, close };
}
