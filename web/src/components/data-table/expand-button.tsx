import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { IconButton } from '@mui/material';
import type { MRT_Row } from 'material-react-table';

/**
 * A row's button that opens its detail panel: the library's own, less its tooltip per row (the
 * grid's one tooltip shows the hint: grid-hints.tsx). Named "Expand" as the library names it.
 */
export function ExpandButton<T extends { id: number }>({ row }: { row: MRT_Row<T> }) {
  const expanded = row.getIsExpanded();
  return (
    <IconButton
      aria-label="Expand"
      aria-expanded={expanded}
      data-hint={expanded ? 'Collapse' : 'Expand'}
      onClick={(event) => {
        event.stopPropagation();
        row.toggleExpanded();
      }}
      sx={{ height: '2rem', width: '2rem' }}
    >
      <ExpandMoreIcon
        style={{ transform: `rotate(${expanded ? -180 : 0}deg)`, transition: 'transform 150ms' }}
      />
    </IconButton>
  );
}

/** The expand column's cell (the library calls it with the row). */
export const expandCell = <T extends { id: number }>({ row }: { row: MRT_Row<T> }) => (
  <ExpandButton row={row} />
);
