import { GENERIC_TOAST_ID, messages } from '@dosechain/contract';
import { Description, FileDownload, GridOn, PictureAsPdf, Print } from '@mui/icons-material';
import {
  CircularProgress,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
} from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { isAbort } from '../../../api/http-client.ts';
import { type ExportColumn, type ExportTable, exportBaseName, toExportTable } from './export-data.ts';
import { type ExportFormat, printPdf, saveBlob, toCsv, toPdf, toXlsx } from './export-files.ts';

/** How a table exports: its title and file name, and where its rows come from. */
export interface ExportOptions {
  /** Written at the top of the PDF and the print. */
  title?: string;
  /** The file name without extension; else the title, else 'data'. */
  exportName?: string;
  /** PDF and print page orientation; portrait by default. */
  orientation?: 'portrait' | 'landscape';
  /** Lines written under the title of the PDF and the print (e.g. a report's parameters). */
  lines?: string[];
}

/**
 * A data export of the same rows in a shape of its own (e.g. the orders as the core lab's dose
 * records), offered in the menu as CSV and XLSX beside the table's own.
 */
export interface ExtraExport<T> {
  /** The menu's words, `Core lab export` (the menu adds the format). */
  label: string;
  /** The file name without extension. */
  exportName: string;
  /** The rows (the table's filtered rows) as the export writes them. */
  table: (rows: T[]) => ExportTable;
}

export interface ExportMenuProps<T> extends ExportOptions {
  /** The chosen (visible) columns, in their order. */
  columns: ExportColumn<T>[];
  /** Every row to export: the filtered list, not only the visible page. */
  loadRows: () => Promise<T[]>;
  /** More exports of the same rows, as CSV and XLSX. */
  extraExports?: ExtraExport<T>[];
}

const choices: { format: ExportFormat; label: string; icon: ReactNode }[] = [
  { format: 'csv', label: 'Export CSV', icon: <Description fontSize="small" /> },
  { format: 'xlsx', label: 'Export XLSX', icon: <GridOn fontSize="small" /> },
  { format: 'pdf', label: 'Export PDF', icon: <PictureAsPdf fontSize="small" /> },
  { format: 'print', label: 'Print', icon: <Print fontSize="small" /> },
];

/** An extra export's formats: data only. */
const extraChoices = choices.filter((c) => c.format === 'csv' || c.format === 'xlsx');

/** The toolbar's export menu: CSV, XLSX, PDF and Print of the filtered rows and chosen columns. */
export function ExportMenu<T>({
  columns,
  loadRows,
  title,
  exportName,
  orientation = 'portrait',
  lines,
  extraExports = [],
}: ExportMenuProps<T>) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (format: ExportFormat, extra?: ExtraExport<T>) => {
    setAnchor(null);
    setBusy(true);
    try {
      // A page has no room for the columns written to the data formats only.
      const written = format === 'csv' || format === 'xlsx' ? columns : columns.filter((c) => !c.dataOnly);
      const rows = await loadRows();
      const table = extra ? extra.table(rows) : toExportTable(written, rows);
      const base = exportBaseName(extra?.exportName ?? exportName, title);
      const pdfOptions = { title, orientation, lines };
      if (format === 'csv') saveBlob(await toCsv(table), `${base}.csv`);
      else if (format === 'xlsx') saveBlob(await toXlsx(table, base), `${base}.xlsx`);
      else if (format === 'pdf') saveBlob((await toPdf(table, pdfOptions)).output('blob'), `${base}.pdf`);
      else await printPdf(table, pdfOptions);
    } catch (err) {
      if (!isAbort(err)) toast.error(messages.unexpectedError, { toastId: GENERIC_TOAST_ID });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Tooltip title="Export and print">
        <span>
          <IconButton
            aria-label="Export and print"
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            disabled={busy}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            {busy ? <CircularProgress size={20} aria-label="Exporting" /> : <FileDownload />}
          </IconButton>
        </span>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {choices.map((c) => (
          <MenuItem key={c.format} onClick={() => run(c.format)}>
            <ListItemIcon>{c.icon}</ListItemIcon>
            <ListItemText>{c.label}</ListItemText>
          </MenuItem>
        ))}
        {extraExports.flatMap((extra) =>
          extraChoices.map((c) => (
            <MenuItem key={`${extra.label} ${c.format}`} onClick={() => run(c.format, extra)}>
              <ListItemIcon>{c.icon}</ListItemIcon>
              <ListItemText>{`${extra.label} (${c.format.toUpperCase()})`}</ListItemText>
            </MenuItem>
          )),
        )}
      </Menu>
    </>
  );
}
