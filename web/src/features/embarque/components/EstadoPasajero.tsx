import { Badge, Button, type ButtonProps } from '@mantine/core';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import type { Pasajero } from '@/api/embarque';

/** The ticket has not boarded yet. */
const pendiente = (pasajero: Pasajero) => pasajero.estado === 'activo';

/** 'Pendiente' or 'Embarcado', in words and colour. */
export function EstadoBadge({ pasajero }: { pasajero: Pasajero }) {
  const [color, EstadoIcon, texto] = pendiente(pasajero)
    ? ['orange', IconClock, 'Pendiente'] as const
    : ['green', IconCircleCheck, 'Embarcado'] as const;
  return (
    // Never squeezed into an ellipsis by a narrow column.
    <Badge color={color} variant="light" size="lg" miw="max-content" leftSection={<EstadoIcon size={14} aria-hidden />}>
      {texto}
    </Badge>
  );
}

/** What the table and the cards of the passenger list share. */
export interface PasajerosProps {
  pasajeros: Pasajero[];
  /** The ticket being boarded, if any. */
  validandoId: number | null;
  onValidar: (pasajero: Pasajero) => void;
}

interface ValidarButtonProps extends Omit<PasajerosProps, 'pasajeros'> {
  pasajero: Pasajero;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}

/** Boards a pending ticket at once (an undo is offered afterwards); nothing for a boarded one. */
export function ValidarButton({ pasajero, validandoId, onValidar, size = 'sm', fullWidth }: ValidarButtonProps) {
  if (!pendiente(pasajero)) return null;
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      loading={validandoId === pasajero.id}
      disabled={validandoId !== null && validandoId !== pasajero.id}
      onClick={() => onValidar(pasajero)}
      aria-label={`Validar ${pasajero.numero_pasaje}`}
    >
      Validar
    </Button>
  );
}
