import { messages, type NamedRef, type StudySchedule, studyScheduleBodySchema } from '@dosechain/contract';
import { Add, Delete } from '@mui/icons-material';
import {
  Alert,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Radio,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { ReasonDialog } from '../../../components/form/reason-dialog.tsx';
import { useSaveSchedule } from './schedule-api.ts';

interface Row {
  key: number;
  timePointId: number | '';
  dayOffset: string;
  windowBeforeDays: string;
  windowAfterDays: string;
}

let nextKey = 0;
const rowOf = (e?: StudySchedule['entries'][number]): Row => ({
  key: nextKey++,
  timePointId: e?.timePointId ?? '',
  dayOffset: e ? String(e.dayOffset) : '',
  windowBeforeDays: e ? String(e.windowBeforeDays) : '0',
  windowAfterDays: e ? String(e.windowAfterDays) : '0',
});
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The body the rows make, and the contract's messages by field path (`entries.0.dayOffset`). */
function check(rows: Row[], anchor: number | null) {
  const body = {
    anchorTimePointId: anchor,
    entries: rows.map((r) => ({
      timePointId: r.timePointId === '' ? undefined : r.timePointId,
      dayOffset: numberOf(r.dayOffset),
      windowBeforeDays: numberOf(r.windowBeforeDays),
      windowAfterDays: numberOf(r.windowAfterDays),
    })),
  };
  const parsed = studyScheduleBodySchema.safeParse(body);
  const errors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (!errors.has(path))
        errors.set(
          path,
          path.endsWith('timePointId') && issue.code !== 'custom' ? messages.required : issue.message,
        );
    }
  }
  return { body: parsed.success ? parsed.data : undefined, errors };
}

/**
 * The schedule's editor: a row per timepoint (its day from the anchor's, the days its window
 * opens before and closes after), the anchor chosen by its radio; checked with the contract's
 * rules as it is typed, saved whole with a reason and the e-signature.
 */
export function ScheduleEditor({
  studyId,
  saved,
  timepoints,
  onDone,
}: {
  studyId: number;
  saved: StudySchedule;
  timepoints: NamedRef[];
  onDone: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => saved.entries.map(rowOf));
  const [anchor, setAnchor] = useState<number | null>(saved.anchorTimePointId);
  const [showAll, setShowAll] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const save = useSaveSchedule(studyId);
  const savedOnce = useRef(false);
  const { body, errors } = check(rows, anchor);
  const errorOf = (path: string) => (showAll || touched.has(path) ? errors.get(path) : undefined);
  const touch = (path: string) => setTouched((t) => new Set(t).add(path));
  const update = (key: number, change: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const anchorError = showAll ? (errors.get('anchorTimePointId') ?? errors.get('entries')) : undefined;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5} role="list" aria-label="Schedule entries">
          {rows.length === 0 && <Typography color="text.secondary">{messages.noSchedule}</Typography>}
          {rows.map((r, i) => {
            const label =
              r.timePointId === ''
                ? `row ${i + 1}`
                : (timepoints.find((t) => t.id === r.timePointId)?.name ?? '');
            const field = (name: 'dayOffset' | 'windowBeforeDays' | 'windowAfterDays', text: string) => {
              const path = `entries.${i}.${name}`;
              const error = errorOf(path);
              return (
                <TextField
                  label={text}
                  size="small"
                  inputMode="numeric"
                  value={r[name]}
                  onChange={(e) => update(r.key, { [name]: e.target.value })}
                  onBlur={() => touch(path)}
                  error={error !== undefined}
                  helperText={error ?? ' '}
                  sx={{ width: 150 }}
                  slotProps={{ htmlInput: { 'aria-label': `${text} of ${label}` } }}
                />
              );
            };
            const tpError = errorOf(`entries.${i}.timePointId`);
            return (
              <Stack
                key={r.key}
                role="listitem"
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'flex-start' }}
              >
                <Radio
                  checked={r.timePointId !== '' && anchor === r.timePointId}
                  onChange={() => r.timePointId !== '' && setAnchor(r.timePointId)}
                  disabled={r.timePointId === ''}
                  slotProps={{ input: { 'aria-label': `Anchor: ${label}` } }}
                />
                <TextField
                  select
                  label="Timepoint"
                  size="small"
                  value={r.timePointId}
                  onChange={(e) => update(r.key, { timePointId: Number(e.target.value) })}
                  onBlur={() => touch(`entries.${i}.timePointId`)}
                  error={tpError !== undefined}
                  helperText={tpError ?? ' '}
                  sx={{ width: 200 }}
                >
                  {timepoints.map((t) => (
                    <MenuItem key={t.id} value={t.id}>
                      {t.name}
                    </MenuItem>
                  ))}
                </TextField>
                {field('dayOffset', 'Day')}
                {field('windowBeforeDays', 'Days before')}
                {field('windowAfterDays', 'Days after')}
                <IconButton
                  aria-label={`Remove ${label}`}
                  onClick={() => {
                    setRows((rs) => rs.filter((x) => x.key !== r.key));
                    if (anchor === r.timePointId) setAnchor(null);
                  }}
                >
                  <Delete />
                </IconButton>
              </Stack>
            );
          })}
        </Stack>
        <Button startIcon={<Add />} onClick={() => setRows((rs) => [...rs, rowOf()])} sx={{ mt: 1 }}>
          Add timepoint
        </Button>
      </Paper>
      <Typography variant="body2" color="text.secondary">
        The anchor (its radio) is day 0: each subject's other orders are counted from the date of its anchor
        order.
      </Typography>
      {anchorError && <Alert severity="error">{anchorError}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          onClick={() => {
            setShowAll(true);
            if (body) setConfirming(true);
          }}
        >
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
      {confirming && body && (
        <ReasonDialog
          title="Save schedule"
          question="Save this schedule? Subjects' windows are counted from it at once."
          submitLabel="Save"
          onConfirm={async (meta) => {
            await save.mutateAsync({ ...body, ...meta, reasonForChange: meta.reasonForChange ?? '' });
            savedOnce.current = true;
          }}
          onClose={() => {
            setConfirming(false);
            // Saved: back to the table; refused or dismissed: the editor keeps what was typed.
            if (savedOnce.current) onDone();
          }}
          success={messages.scheduleSaved}
          failure={messages.errorSavingSchedule}
        />
      )}
    </Stack>
  );
}
