import { Edit } from '@mui/icons-material';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Can } from '../../../auth/can.tsx';
import { useSchedule, useTimepoints } from './schedule-api.ts';
import { ScheduleDrawing } from './schedule-drawing.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';
import { ScheduleTable } from './schedule-table.tsx';

/** The Schedule section: each timepoint's day from the anchor's and its window; edited with config.update. */
export function ScheduleSection({ studyId }: { studyId: number }) {
  const [editing, setEditing] = useState(false);
  const schedule = useSchedule(studyId);
  const timepoints = useTimepoints();
  const names = timepoints.data ?? [];
  return (
    <Stack component="section" spacing={1} aria-labelledby="schedule-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minHeight: 40 }}>
        <Typography id="schedule-heading" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {editing ? 'Schedule — editing' : 'Schedule'}
        </Typography>
        {!editing && schedule.data && (
          <Can permissions={['config.update']}>
            <Button variant="contained" startIcon={<Edit />} onClick={() => setEditing(true)}>
              Edit schedule
            </Button>
          </Can>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        When each timepoint's dose is due: its day counted from the subject's anchor dose, and how many days
        before and after that day it may be given.
      </Typography>
      {!schedule.data ? (
        <CircularProgress aria-label="Loading schedule" />
      ) : editing ? (
        <ScheduleEditor
          studyId={studyId}
          saved={schedule.data}
          timepoints={names}
          onDone={() => setEditing(false)}
        />
      ) : (
        <>
          <ScheduleTable schedule={schedule.data} timepoints={names} />
          <ScheduleDrawing schedule={schedule.data} timepoints={names} />
        </>
      )}
    </Stack>
  );
}
