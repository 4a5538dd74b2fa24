import type { MRT_ColumnDef, MRT_RowData } from 'material-react-table';
import type { ColumnFilterKind } from './list-params.ts';

/**
 * The filter row's fields, sized to their column. The library gives each field a least width
 * (120 px, a date 160 px) and a date range its two dates side by side: with the filters open,
 * Order status grew from its 992 px box to 1771 px at 1280×800. Here a field is as wide as its
 * column (its text the table's size, 0.875 rem), a date range's dates stand one above the other
 * (from, then to) at the least width that shows a whole date, and a text field's visible hint is
 * "Filter" while its accessible name still says which column it filters ("Filter by Subject").
 */
export function filterFieldProps<T extends MRT_RowData>(
  header: string,
  kind: ColumnFilterKind,
): Pick<MRT_ColumnDef<T>, 'muiFilterTextFieldProps'> {
  // A date picker's input is not an InputBase: both are named.
  const fitted = {
    minWidth: 0,
    '& .MuiInputBase-root, & .MuiPickersInputBase-root': { fontSize: '0.875rem' },
  };
  if (kind === 'date-range') {
    // Wide enough for the whole date (MM/DD/YYYY) beside a smaller calendar button; never cut.
    const dateField = {
      ...fitted,
      minWidth: '7rem',
      '& .MuiInputAdornment-root': { ml: 0 },
      '& .MuiIconButton-root': { p: '1px', '& .MuiSvgIcon-root': { fontSize: '1.125rem' } },
    };
    return { muiFilterTextFieldProps: { sx: dateField } };
  }
  const name = `Filter by ${header}`;
  // A text field's clear button kept its 32 px while hidden (an empty field), cutting "Filter" to
  // "Fi…" in a narrow column: it lies over the field's end instead, which makes room for it only
  // once there is something to clear.
  const clearOverEnd = {
    '& .MuiInputBase-root': { position: 'relative' },
    '& .MuiInputAdornment-positionEnd': { position: 'absolute', right: 0, ml: 0 },
    '& .MuiInputBase-root:has(input:not(:placeholder-shown)) input': { pr: '28px' },
  };
  // A select's hint is the library's text at half opacity (2.9:1, flagged by axe): the secondary
  // text colour instead (5.7:1), as a text field's placeholder reads.
  const readableSelectHint = {
    '& .MuiSelect-select > .MuiBox-root': { opacity: 1, color: 'text.secondary' },
  };
  return {
    muiFilterTextFieldProps: {
      placeholder: 'Filter',
      sx: kind === 'text' ? { ...fitted, ...clearOverEnd } : { ...fitted, ...readableSelectHint },
      slotProps: { htmlInput: { 'aria-label': name, title: name } },
    },
  };
}

/** A date range's header cell: its two date fields stacked (the library lays them side by side). */
export const dateRangeFilterCell = {
  '& .MuiCollapse-wrapperInner > .MuiBox-root': { gridTemplateColumns: '1fr', gap: '4px' },
} as const;
