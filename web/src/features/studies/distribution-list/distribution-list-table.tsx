import { companyTypeLabels, type DistributionEntry } from '@dosechain/contract';
import {
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { DistributionPager, LIST_TOP_MARGIN, pageWindow, ROWS_PER_PAGE } from './distribution-pager.tsx';

/** The saved distribution list, read only, a page at a time (500 rows at once were slow). */
export function DistributionListTable({ list }: { list: DistributionEntry[] }) {
  const [page, setPage] = useState(0);
  const top = useRef<HTMLDivElement>(null);
  if (list.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">
          No e-mail recipients yet. Recipients get the e-mails about this study's orders.
        </Typography>
      </Paper>
    );
  }
  const { first } = pageWindow(list.length, page);
  return (
    <Stack spacing={1}>
      <TableContainer component={Paper} ref={top} sx={{ scrollMarginTop: LIST_TOP_MARGIN }}>
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
            {list.slice(first, first + ROWS_PER_PAGE).map((entry, index) => (
              // The list has no ids; its order is what the server keeps.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are only re-rendered as a whole page
              <TableRow key={first + index}>
                <TableCell>{entry.name}</TableCell>
                <TableCell>{entry.email}</TableCell>
                <TableCell>
                  {entry.companyType ? companyTypeLabels[entry.companyType] : 'All orders'}
                </TableCell>
                <TableCell>{entry.companies.map((c) => c.name).join(', ') || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <DistributionPager total={list.length} page={page} onPage={setPage} top={top} />
    </Stack>
  );
}
