import { Modal, type ModalProps } from '@mantine/core';
import { useInactivo } from '@/lib/idle';

/**
 * Mantine's Modal, mounted once the browser is idle (or when it opens, if sooner). A closed Modal
 * still mounts its portal (a node of the body and a second render), which a screen's first render
 * would pay for every dialog it may show. Mounted closed, it behaves as always: its transition
 * runs and, on closing, the focus returns to where it was.
 */
export function LazyModal(props: ModalProps) {
  const montar = useInactivo();
  if (!montar && !props.opened) return null;
  return <Modal {...props} />;
}
