import { Paper, TableContainer } from '@mui/material';
import {
  MRT_BottomToolbar,
  MRT_Table,
  type MRT_TableInstance,
  MRT_TableLoadingOverlay,
  MRT_TopToolbar,
} from 'material-react-table';
import { useCallback } from 'react';
import { useGridHints } from './grid-hints.tsx';

/**
 * When a table is wider than its box, it scrolls inside a box no taller than the window (app bar
 * and the table's two toolbars aside), so its horizontal scrollbar is in view without scrolling to
 * the last row.
 */
const SIDEWAYS_SCROLLING_MAX_HEIGHT = 'max(320px, calc(100vh - 200px))';

/**
 * The table's paper, its toolbars and its scrolling box: what material-react-table's own paper
 * renders, less two costs of its container paid on every commit — it measured both toolbars
 * (forcing a layout) and stored their height in state for the full-screen mode, which we do not
 * offer, so a table's first commit set that state and rendered the whole table a second time in
 * the same task (half of the grid screens' longest task: docs/figures.md).
 */
export function DataTablePaper<T extends { id: number }>({
  table,
  scrollsSideways,
  onScrollsSidewaysChange,
}: {
  table: MRT_TableInstance<T>;
  scrollsSideways: boolean;
  /** Called with whether the table is wider than its box, as either resizes. */
  onScrollsSidewaysChange: (sideways: boolean) => void;
}) {
  const { isLoading, showLoadingOverlay } = table.getState();
  const loading = showLoadingOverlay !== false && (isLoading || showLoadingOverlay);
  const { tableContainerRef, tablePaperRef } = table.refs;
  const hints = useGridHints();
  // A ResizeObserver reports the first size once the box is laid out, so nothing here reads the
  // layout during the commit.
  const containerRef = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node) return;
      tableContainerRef.current = node;
      if (typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(() =>
        onScrollsSidewaysChange(node.scrollWidth > node.clientWidth + 1),
      );
      observer.observe(node);
      if (node.firstElementChild) observer.observe(node.firstElementChild);
      return () => observer.disconnect();
    },
    [tableContainerRef, onScrollsSidewaysChange],
  );
  return (
    <Paper
      {...hints.handlers}
      elevation={2}
      ref={(node: HTMLDivElement | null) => {
        tablePaperRef.current = node;
      }}
      sx={{
        backgroundColor: table.options.mrtTheme.baseBackgroundColor,
        backgroundImage: 'unset',
        overflow: 'hidden',
      }}
    >
      <MRT_TopToolbar table={table} />
      <TableContainer
        aria-busy={loading}
        // The overlay's spinner carries the table's id (the library's container named a bare id).
        aria-describedby={loading ? `mrt-progress-${table.options.id}` : undefined}
        ref={containerRef}
        sx={{
          maxWidth: '100%',
          overflow: 'auto',
          position: 'relative',
          ...(scrollsSideways ? { maxHeight: SIDEWAYS_SCROLLING_MAX_HEIGHT } : {}),
        }}
      >
        {loading ? <MRT_TableLoadingOverlay table={table} /> : null}
        <MRT_Table table={table} />
      </TableContainer>
      <MRT_BottomToolbar table={table} />
      {hints.tooltip}
    </Paper>
  );
}
