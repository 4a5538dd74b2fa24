import type { DistributionEntry } from '@dosechain/contract';
import {
  type DistributionRow,
  emptyRow,
  type RowErrors,
  type RowField,
  rowErrors,
  rowFields,
  toRows,
} from './distribution-form.ts';

/**
 * One row while the list is edited. Rows are immutable: a change makes a new row object and
 * keeps the others, so only the changed row re-renders and is checked again.
 */
export interface EditorRow extends DistributionRow {
  /** Stable while the row lives (React key, focus target). */
  key: number;
  /** The fields whose errors show: those the user changed or left; every field after an import. */
  shown: 'all' | readonly RowField[];
  /** The server's errors on this row from the last save, until the row changes. */
  server: RowErrors | null;
}

export interface EditorState {
  rows: EditorRow[];
  nextKey: number;
}

export type EditorAction =
  | { type: 'replace'; rows: DistributionRow[] }
  | { type: 'append' }
  | { type: 'remove'; key: number }
  | { type: 'change'; key: number; field: RowField; patch: Partial<DistributionRow> }
  | { type: 'leave'; key: number; field: RowField }
  | { type: 'showAll'; key: number }
  | { type: 'serverErrors'; errors: { index: number; field: RowField; message: string }[] };

const withKeys = (rows: DistributionRow[], from: number, shown: EditorRow['shown']): EditorRow[] =>
  rows.map((r, i) => ({ ...r, key: from + i, shown, server: null }));

export function initEditorState(saved: DistributionEntry[]): EditorState {
  const rows = withKeys(toRows(saved), 0, []);
  return { rows, nextKey: rows.length };
}

const showing = (shown: EditorRow['shown'], field: RowField): EditorRow['shown'] =>
  shown === 'all' || shown.includes(field) ? shown : [...shown, field];

/** Replaces the row with `key` by `update(row)`, keeping every other row object. */
const updateRow = (state: EditorState, key: number, update: (row: EditorRow) => EditorRow): EditorState => {
  const index = state.rows.findIndex((r) => r.key === key);
  const row = state.rows[index];
  if (!row) return state;
  const rows = [...state.rows];
  rows[index] = update(row);
  return { ...state, rows };
};

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'replace':
      // An import shows every row's errors at once, not only as each field is touched.
      return {
        rows: withKeys(action.rows, state.nextKey, 'all'),
        nextKey: state.nextKey + action.rows.length,
      };
    case 'append':
      return {
        rows: [...state.rows, ...withKeys([emptyRow()], state.nextKey, [])],
        nextKey: state.nextKey + 1,
      };
    case 'remove':
      return { ...state, rows: state.rows.filter((r) => r.key !== action.key) };
    case 'change':
      return updateRow(state, action.key, (row) => ({
        ...row,
        ...action.patch,
        shown: showing(row.shown, action.field),
        server: null,
      }));
    case 'leave':
      return updateRow(state, action.key, (row) =>
        row.shown === 'all' || row.shown.includes(action.field)
          ? row
          : { ...row, shown: showing(row.shown, action.field) },
      );
    case 'showAll':
      return updateRow(state, action.key, (row) => (row.shown === 'all' ? row : { ...row, shown: 'all' }));
    case 'serverErrors': {
      const rows = [...state.rows];
      for (const { index, field, message } of action.errors) {
        const row = rows[index];
        if (row) rows[index] = { ...row, server: { ...row.server, [field]: message } };
      }
      return { ...state, rows };
    }
  }
}

/** Whether the row keeps the list from being submitted: a rule it breaks, or a server error. */
export const rowBlocks = (row: EditorRow): boolean =>
  row.server !== null || Object.keys(rowErrors(row)).length > 0;

/** The errors the row shows now: the server's, then the rules' on the fields shown. */
export function visibleErrors(row: EditorRow): RowErrors {
  const errors = rowErrors(row);
  const visible: RowErrors = {};
  for (const field of rowFields) {
    const message =
      row.server?.[field] ?? (row.shown === 'all' || row.shown.includes(field) ? errors[field] : undefined);
    if (message) visible[field] = message;
  }
  return visible;
}

/** The first field of the row with an error, where "go to first error" puts the focus. */
export function firstErrorField(row: EditorRow): RowField {
  const errors = { ...rowErrors(row), ...row.server };
  return rowFields.find((f) => errors[f]) ?? 'name';
}

/** The id of a row's field in the page (focus target). */
export const fieldId = (key: number, field: RowField) => `distribution-row-${key}-${field}`;
