import { Box, CircularProgress, Paper } from '@mui/material';
import { useDeferredValue } from 'react';
import { lazyComponent, useLoadedCode } from '../../components/lazy-component.tsx';
import type { OrdersGridProps } from './orders-grid.tsx';

const OrdersGridCode = lazyComponent<OrdersGridProps>(() =>
  import('./orders-grid.tsx').then((m) => ({ default: m.OrdersGrid })),
);

/**
 * Asks for the grid's code (the table library, its filters' date pickers) without waiting for it.
 * An order page calls this as its module loads, so the page's heading paints as soon as the page's
 * own small file has arrived and the grid's code comes alongside, not after.
 */
export function preloadOrdersGrid(): void {
  // A failure shows where the grid is rendered (useLoadedCode throws it to the error boundary).
  void OrdersGridCode.preload().catch(() => undefined);
}

/** Where the grid will be, as tall as a page of it, so nothing below moves when it arrives. */
function OrdersGridPlaceholder() {
  return (
    <Paper
      role="status"
      aria-busy="true"
      aria-label="Loading orders"
      sx={{ minHeight: 560, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Box>
        <CircularProgress size={32} aria-label="Loading orders" />
      </Box>
    </Paper>
  );
}

/**
 * An order grid whose code loads on its own and that renders after the page around it: the first
 * render shows the placeholder, and the grid follows in a deferred render, which React splits into
 * short slices. The page's heading paints at once and the page answers input while the grid
 * renders (one long task held both back while the grid rendered with the page). The placeholder
 * is ours, not a Suspense fallback, so the grid shows as soon as it has rendered (useLoadedCode).
 */
export function LazyOrdersGrid(props: OrdersGridProps) {
  const Grid = useLoadedCode(OrdersGridCode);
  const show = useDeferredValue(true, false);
  if (!show || !Grid) return <OrdersGridPlaceholder />;
  return <Grid {...props} />;
}
