import { Modal, type ModalProps } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { useAbiertoUnaVez } from './Diferido';

/**
 * Mantine's Modal, mounted the first time it opens. A closed Modal still mounts its portal (a node
 * of the body and a second render), which a screen would pay for every dialog it may show, while
 * its first screen loads. It mounts closed and opens in the same task, before the browser paints:
 * it behaves as always (its transition runs and, on closing, the focus returns to where it was,
 * which Mantine records when `opened` changes), and stays mounted.
 */
export function LazyModal(props: ModalProps) {
  const usado = useAbiertoUnaVez(props.opened);
  const [montado, setMontado] = useState(false);
  useLayoutEffect(() => {
    // the second render, closed to open, is the point: Mantine sees `opened` change
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (usado) setMontado(true);
  }, [usado]);
  if (!usado) return null;
  return <Modal {...props} opened={props.opened && montado} />;
}
