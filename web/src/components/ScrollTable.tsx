import { Box, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollTableProps extends TableProps {
  /**
   * Below this width the table scrolls sideways instead of squeezing its columns;
   * per breakpoint (`{ base: 0, sm: 640 }`) when a phone shows fewer columns.
   */
  minWidth: TableProps['miw'];
}

/**
 * A table whose header stays visible: it scrolls inside its own box, both ways. The box takes the
 * keyboard focus (arrows scroll it), named after the table.
 */
export function ScrollTable({ minWidth, children, ...tableProps }: ScrollTableProps) {
  return (
    <Box mah="calc(100dvh - 16rem)" style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={tableProps['aria-label']}>
      <Table stickyHeader miw={minWidth} highlightOnHover verticalSpacing="sm" {...tableProps}>
        {children}
      </Table>
    </Box>
  );
}

interface ScrollContainerProps {
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** The box's name (the table's). */
  label: string;
  children: ReactNode;
}

/**
 * A table that scrolls sideways on a narrow screen, no more: the scrolling box takes the keyboard
 * focus (arrows scroll it), named `label`, so a keyboard reaches every column.
 */
export function ScrollContainer({ minWidth, label, children }: ScrollContainerProps) {
  return (
    <Table.ScrollContainer type="native" minWidth={minWidth} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
