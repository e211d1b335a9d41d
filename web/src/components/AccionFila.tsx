import { ActionIcon, Tooltip, type MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface AccionFilaProps {
  /** The action's word, shown as its tooltip ('Editar'). */
  label: string;
  /** What the row is (a name): the button is announced as 'label asunto' ('Editar Cajero'). */
  asunto: string;
  icon: Icon;
  color?: MantineColor;
  loading?: boolean;
  onClick: () => void;
}

/** An icon button of a table row's actions, with its tooltip and a name that says which row it acts on. */
export function AccionFila({ label, asunto, icon: AccionIcon, color, loading, onClick }: AccionFilaProps) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color={color} size="lg" aria-label={`${label} ${asunto}`} loading={loading} onClick={onClick}>
        <AccionIcon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
