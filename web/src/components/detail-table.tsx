import { Paper, Table, TableBody, TableCell, type TableProps, TableRow } from '@mui/material';

/** One row of a record's information: its label and what it reads. */
export type DetailRow = [label: string, value: string];

/** A record's information on its detail page: one labelled row per field, the label as the row's header. */
export function DetailTable({
  label,
  rows,
  size,
}: {
  /** The table's accessible name, e.g. 'Study information'. */
  label: string;
  rows: DetailRow[];
  size?: TableProps['size'];
}) {
  return (
    <Paper>
      <Table aria-label={label} size={size}>
        <TableBody>
          {rows.map(([rowLabel, value]) => (
            <TableRow key={rowLabel}>
              <TableCell component="th" scope="row" sx={{ width: 200, fontWeight: 600 }}>
                {rowLabel}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
