import { type Availability, type AvailabilityException, messages } from '@dosechain/contract';
import { Delete, Edit } from '@mui/icons-material';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { userMeets } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { ReasonDialog } from '../../components/form/reason-dialog.tsx';
import { zoneWithOffset } from '../../components/form/timezone.ts';
import { ExceptionFormDialog } from './exception-form-dialog.tsx';
import { exceptionChange, useExceptions, useRemoveException } from './exceptions-api.ts';
import { ExceptionsCalendar } from './exceptions-calendar.tsx';

type Open =
  | { kind: 'add'; date?: string }
  | { kind: 'edit' | 'remove'; exception: AvailabilityException }
  | null;

const orderList = (numbers: number[]) => numbers.map((n) => `#${n}`).join(', ');

/**
 * The manufacturing exceptions of an availability (issue 21), by date: days with no manufacture
 * and days with other doses or another window, with the reason and the orders a blackout
 * affects. Who may update the availability adds, edits and removes them.
 */
export function ExceptionsDialog({
  availability,
  onClose,
}: {
  availability: Availability;
  onClose: () => void;
}) {
  const { user } = useAuth();
  const titleId = useId();
  const canEdit = userMeets(user, { permissions: ['cmoManufactureAvailability.update'] });
  const [open, setOpen] = useState<Open>(null);
  const list = useExceptions(availability.id);
  const remove = useRemoveException(availability.id);
  const rows = list.data ?? [];
  // A day picked in the calendar: its exception, or (to whoever may edit) a new one on it.
  const pick = (date: string) => {
    const exception = rows.find((e) => e.date === date);
    if (exception && canEdit) setOpen({ kind: 'edit', exception });
    else if (!exception && canEdit) setOpen({ kind: 'add', date });
  };
  return (
    <>
      <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Manufacturing exceptions of Availability #{availability.id}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {availability.drug.name} at {availability.cmo.name}: {availability.doses} doses a manufacture day,{' '}
            {availability.startTime}–{availability.endTime} ({zoneWithOffset(availability.cmo.timezone)}).
            Orders on a day with no manufacture are not canceled: they are flagged and mailed to the
            distribution list.
          </Typography>
          {list.isSuccess && (
            <ExceptionsCalendar availability={availability} exceptions={rows} onPick={pick} />
          )}
          {list.isPending && <CircularProgress size={24} aria-label="Loading exceptions" />}
          {list.isError && <Alert severity="error">{messages.unexpectedError}</Alert>}
          {list.isSuccess && rows.length === 0 && <Typography sx={{ my: 2 }}>No exceptions</Typography>}
          {rows.length > 0 && (
            <Table size="small" aria-label="Exceptions">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Exception</TableCell>
                  <TableCell>Reason</TableCell>
                  <TableCell>Booked</TableCell>
                  <TableCell>Affected orders</TableCell>
                  {canEdit && <TableCell align="right">Actions</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>{e.date}</TableCell>
                    <TableCell>{exceptionChange(e)}</TableCell>
                    <TableCell>{e.reason}</TableCell>
                    <TableCell>{e.booked}</TableCell>
                    <TableCell>{e.affectedOrders.length > 0 ? orderList(e.affectedOrders) : '—'}</TableCell>
                    {canEdit && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title="Edit">
                          <IconButton
                            aria-label={`Edit exception on ${e.date}`}
                            onClick={() => setOpen({ kind: 'edit', exception: e })}
                          >
                            <Edit />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Remove">
                          <IconButton
                            aria-label={`Remove exception on ${e.date}`}
                            onClick={() => setOpen({ kind: 'remove', exception: e })}
                          >
                            <Delete />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          {canEdit && (
            <Button variant="contained" onClick={() => setOpen({ kind: 'add' })} sx={{ mr: 'auto' }}>
              Add exception
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      {open?.kind === 'add' && (
        <ExceptionFormDialog
          availability={availability}
          {...(open.date ? { date: open.date } : {})}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'edit' && (
        <ExceptionFormDialog
          availability={availability}
          exception={open.exception}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'remove' && (
        <ReasonDialog
          title="Remove exception"
          question={`Remove the exception on ${open.exception.date} (${exceptionChange(open.exception)}: ${open.exception.reason})? The day goes back to the availability's doses and window.`}
          submitLabel="Remove"
          onConfirm={(meta) => remove.mutateAsync({ id: open.exception.id, meta })}
          onClose={() => setOpen(null)}
          success={messages.exceptionRemoved}
          failure={messages.errorRemovingException}
        />
      )}
    </>
  );
}
