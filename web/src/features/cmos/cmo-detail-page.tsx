import { messages } from '@dosechain/contract';
import {
  Alert,
  Button,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { Link, useParams } from 'react-router';
import { zoneWithOffset } from '../../components/form/timezone.ts';
import { useCmo } from './cmo-api.ts';

/** The CMO detail page: its information table ('CMO not found' when it cannot be loaded). */
export default function CmoDetailPage() {
  const id = Number(useParams().id);
  const cmo = useCmo(Number.isInteger(id) && id > 0 ? id : undefined);
  if (cmo.isLoading) return <CircularProgress aria-label="Loading" />;
  if (!cmo.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{messages.notFound('CMO')}</Alert>
        <Button component={Link} to="/config/cmos">
          Back to CMOs
        </Button>
      </Stack>
    );
  }
  const c = cmo.data;
  const address = [
    c.address.line_1,
    c.address.line_2,
    c.address.city,
    c.address.state,
    c.address.zipCode,
    c.address.country,
  ]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [
    ['Name', c.name],
    ['Phone', c.phoneNumber ?? '—'],
    ['Time zone', zoneWithOffset(c.timezone)],
    ['Address', address],
    ['Created', DateTime.fromISO(c.createdAt).toLocaleString(DateTime.DATETIME_MED)],
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {c.name}
      </Typography>
      <Paper>
        <Table aria-label="CMO information">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ width: 200, fontWeight: 600 }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Button component={Link} to="/config/cmos" sx={{ alignSelf: 'flex-start' }}>
        Back to CMOs
      </Button>
    </Stack>
  );
}
