import { Modal, type ModalProps } from '@mantine/core';
import { abiertoTrasMontar, useAbiertoUnaVez } from './Diferido';

/** Mantine's Modal, mounted closed and opened before the paint (components/Diferido.tsx). */
const ModalAbiertoTrasMontar = abiertoTrasMontar(Modal);

/**
 * Mantine's Modal, mounted the first time it opens. A closed Modal still mounts its portal (a node
 * of the body and a second render), which a screen would pay for every dialog it may show, while
 * its first screen loads. It behaves as always (its transition runs and, on closing, the focus
 * returns to where it was) and stays mounted.
 */
export function LazyModal(props: ModalProps) {
  return useAbiertoUnaVez(props.opened) ? <ModalAbiertoTrasMontar {...props} /> : null;
}
