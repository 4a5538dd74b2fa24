import { companyTypeLabels, type DistributionEntry } from '@dosechain/contract';
import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';

/** The saved distribution list, read only. */
export function DistributionListTable({ list }: { list: DistributionEntry[] }) {
  if (list.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">
          No e-mail recipients yet. Recipients get the e-mails about this study's orders.
        </Typography>
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper}>
      <Table aria-label="E-mail distribution list" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Company type</TableCell>
            <TableCell>Companies</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((entry, index) => (
            // The list has no ids; its order is what the server keeps.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are only re-rendered as a whole list
            <TableRow key={index}>
              <TableCell>{entry.name}</TableCell>
              <TableCell>{entry.email}</TableCell>
              <TableCell>{entry.companyType ? companyTypeLabels[entry.companyType] : 'All orders'}</TableCell>
              <TableCell>{entry.companies.map((c) => c.name).join(', ') || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
