import { hasPermission, messages, type SubjectDue } from '@dosechain/contract';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context.tsx';
import { useDueStudies, useSubjectsDue } from './subjects-due-api.ts';

const day = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).toFormat('LLL d, yyyy');

/** Place order, filled in for this subject's timepoint. */
const orderLink = (studyId: number, item: SubjectDue) =>
  `/place-order?${new URLSearchParams({
    studyId: String(studyId),
    siteId: String(item.siteId),
    examId: String(item.examId),
    imagingCenterId: String(item.imagingCenterId),
    subjectId: item.subjectId,
    timePointId: String(item.timePointId),
  })}`;

/**
 * Subjects due (issue 36): per study, each subject's scheduled timepoints without a live order
 * whose window opens within 7 days or has opened, overdue ones marked; "Order" opens Place order
 * filled in.
 */
export default function SubjectsDuePage() {
  const { user } = useAuth();
  const mayOrder = user ? hasPermission(user.permissions, 'order.create') : false;
  const studies = useDueStudies();
  const [picked, setPicked] = useState<number | undefined>();
  const studyId = picked ?? studies.data?.[0]?.id;
  const due = useSubjectsDue(studyId);
  const items = due.data?.items ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Subjects due
      </Typography>
      <Typography color="text.secondary">
        Subjects whose next dose's window opens within 7 days or is already open, from the study's schedule
        and each subject's anchor dose.
      </Typography>
      <TextField
        select
        label="Study"
        size="small"
        value={studyId ?? ''}
        onChange={(e) => setPicked(Number(e.target.value))}
        sx={{ maxWidth: 360 }}
        disabled={!studies.data?.length}
      >
        {(studies.data ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      {(studies.isError || due.isError) && (
        <Alert severity="warning">The subjects due could not be loaded.</Alert>
      )}
      {studies.data?.length === 0 && (
        <Alert severity="info">There is no study you can see subjects due in.</Alert>
      )}
      {due.isLoading ? (
        <CircularProgress aria-label="Loading subjects due" />
      ) : (
        due.data && (
          <TableContainer component={Paper}>
            <Table aria-label="Subjects due" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Subject</TableCell>
                  <TableCell>Site</TableCell>
                  <TableCell>Timepoint</TableCell>
                  <TableCell>Window</TableCell>
                  <TableCell>Nominal</TableCell>
                  <TableCell>State</TableCell>
                  {mayOrder && <TableCell>Action</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={mayOrder ? 7 : 6}>{messages.noSubjectsDue}</TableCell>
                  </TableRow>
                )}
                {items.map((item) => (
                  <TableRow key={`${item.siteId}/${item.subjectId}/${item.timePointId}`}>
                    <TableCell>{item.subjectId}</TableCell>
                    <TableCell>{item.siteName}</TableCell>
                    <TableCell>{item.timePointName}</TableCell>
                    <TableCell>
                      {day(item.earliestDate)} – {day(item.latestDate)}
                    </TableCell>
                    <TableCell>{day(item.nominalDate)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={item.state === 'overdue' ? 'Overdue' : 'Due'}
                        color={item.state === 'overdue' ? 'error' : 'warning'}
                      />
                    </TableCell>
                    {mayOrder && studyId !== undefined && (
                      <TableCell>
                        <Button
                          component={Link}
                          to={orderLink(studyId, item)}
                          size="small"
                          variant="outlined"
                          aria-label={`Order ${item.timePointName} for ${item.subjectId}`}
                        >
                          Order
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )
      )}
    </Stack>
  );
}
