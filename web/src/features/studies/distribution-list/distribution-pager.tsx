import { Pagination, Stack, Typography } from '@mui/material';
import type { RefObject } from 'react';

/** Rows on one page of the distribution list, read or edited: a page renders in a blink whatever the list's length. */
export const ROWS_PER_PAGE = 25;

/** The page shown (the last one when the list got shorter) and the index of its first row. */
export function pageWindow(total: number, page: number): { page: number; pageCount: number; first: number } {
  const pageCount = Math.max(1, Math.ceil(total / ROWS_PER_PAGE));
  const current = Math.min(page, pageCount - 1);
  return { page: current, pageCount, first: current * ROWS_PER_PAGE };
}

/**
 * Under a list longer than a page: which rows show, and the pages. A page change brings the
 * list's top into view: left where it was, the screen would show the pager and the new page's
 * last rows.
 */
export function DistributionPager({
  total,
  page,
  onPage,
  top,
}: {
  total: number;
  /** Zero-based. */
  page: number;
  onPage: (page: number) => void;
  /** The list's first element (give it a scroll margin for the fixed app bar). */
  top: RefObject<HTMLElement | null>;
}) {
  if (total <= ROWS_PER_PAGE) return null;
  const { page: current, pageCount, first } = pageWindow(total, page);
  const last = Math.min(first + ROWS_PER_PAGE, total);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
      <Typography variant="body2" color="text.secondary">
        Rows {first + 1}–{last} of {total}
      </Typography>
      <Pagination
        aria-label="Pages of rows"
        count={pageCount}
        page={current + 1}
        onChange={(_, p) => {
          onPage(p - 1);
          top.current?.scrollIntoView({ block: 'start' });
        }}
        siblingCount={1}
      />
    </Stack>
  );
}

/** Below the fixed app bar (64 px) with a little room: where a scrolled-to list top lands. */
export const LIST_TOP_MARGIN = '80px';
