import { messages, type NamedRef, type StudySchedule } from '@dosechain/contract';
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

/** The saved schedule, read only: each timepoint's nominal day and window. */
export function ScheduleTable({ schedule, timepoints }: { schedule: StudySchedule; timepoints: NamedRef[] }) {
  if (schedule.entries.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{messages.noSchedule}</Typography>
      </Paper>
    );
  }
  const name = (id: number) => timepoints.find((t) => t.id === id)?.name ?? `#${id}`;
  return (
    <TableContainer component={Paper}>
      <Table aria-label="Schedule" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Timepoint</TableCell>
            <TableCell align="right">Day</TableCell>
            <TableCell align="right">Days before</TableCell>
            <TableCell align="right">Days after</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {schedule.entries.map((e) => (
            <TableRow key={e.timePointId}>
              <TableCell>
                {name(e.timePointId)}
                {e.timePointId === schedule.anchorTimePointId ? ' (anchor)' : ''}
              </TableCell>
              <TableCell align="right">{e.dayOffset}</TableCell>
              <TableCell align="right">{e.windowBeforeDays}</TableCell>
              <TableCell align="right">{e.windowAfterDays}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
