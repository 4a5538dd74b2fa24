import { type DistributionEntry, duplicateDistributionRows, messages } from '@dosechain/contract';
import { Add, EditNote, ErrorOutlined } from '@mui/icons-material';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../../api/http-client.ts';
import { LeaveGuard } from '../../../components/leave-guard/leave-guard-provider.tsx';
import { leavePageQuestion } from '../../../components/leave-guard/leave-questions.ts';
import { CsvImportButton } from './csv-import-button.tsx';
import { DistributionConfirmDialog } from './distribution-confirm-dialog.tsx';
import type { CsvImport } from './distribution-csv.ts';
import {
  editorReducer,
  fieldId,
  firstErrorField,
  initEditorState,
  rowBlocks,
} from './distribution-editor-state.ts';
import { listKey, type RowField, rowFieldOf, toEntries, toRows } from './distribution-form.ts';
import { useSaveDistributionList } from './distribution-list-api.ts';
import { DistributionPager, LIST_TOP_MARGIN, pageWindow, ROWS_PER_PAGE } from './distribution-pager.tsx';
import { DistributionRowFields } from './distribution-row-fields.tsx';

/** Import warnings listed; the rest are on their rows ("Go to first error"). */
const PROBLEMS_LISTED = 10;

/**
 * The distribution list in edit mode: rows to edit, add and remove, a page at a time; a CSV
 * import that replaces them; Submit changes (confirmed with a reason and the e-signature), which
 * says why whenever it is disabled; Discard changes, which asks first. Leaving with unsaved
 * changes asks first.
 */
export function DistributionListEditor({
  studyId,
  saved,
  onDone,
}: {
  studyId: number;
  saved: DistributionEntry[];
  onDone: () => void;
}) {
  const [{ rows, nextKey }, dispatch] = useReducer(editorReducer, saved, initEditorState);
  const savedKey = useMemo(() => listKey(toRows(saved)), [saved]);
  const changed = useMemo(() => listKey(rows) !== savedKey, [rows, savedKey]);
  // A repeated address is a rule between rows (decision 045): each repeat names the first row.
  const duplicateOf = useMemo(
    () => new Map(duplicateDistributionRows(rows).map((d) => [d.index, d.firstIndex + 1])),
    [rows],
  );
  const blocking = useMemo(
    () => rows.flatMap((r, i) => (rowBlocks(r) || duplicateOf.has(i) ? [i] : [])),
    [rows, duplicateOf],
  );
  const [page, setPage] = useState(0);
  const { first } = pageWindow(rows.length, page);
  const pageRows = rows.slice(first, first + ROWS_PER_PAGE);
  const listTop = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<{ key: number; field: RowField } | null>(null);
  const [importing, setImporting] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const save = useSaveDistributionList(studyId);

  // Focus moves once the row is on the page (after "Add row" or "Go to first error").
  useEffect(() => {
    if (!focus) return;
    document.getElementById(fieldId(focus.key, focus.field))?.focus();
    setFocus(null);
  }, [focus]);

  const showRow = useCallback(
    (index: number, field?: RowField) => {
      const row = rows[index];
      if (!row) return;
      setPage(Math.floor(index / ROWS_PER_PAGE));
      dispatch({ type: 'showAll', key: row.key });
      setFocus({ key: row.key, field: field ?? firstErrorField(row) });
    },
    [rows],
  );

  const addRow = () => {
    dispatch({ type: 'append' });
    setPage(Math.floor(rows.length / ROWS_PER_PAGE));
    // The appended row takes the next key.
    setFocus({ key: nextKey, field: 'name' });
  };

  const onImported = (result: CsvImport) => {
    dispatch({ type: 'replace', rows: result.rows });
    setPage(0);
    setProblems(result.problems);
  };

  /** Puts a 400's row errors on the rows; true when any landed. */
  const placeRowErrors = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 400) return false;
    const errors = err.body.errors.flatMap((e) => {
      const at = rowFieldOf(e.parameter);
      return at ? [{ ...at, message: e.message }] : [];
    });
    if (errors.length === 0) return false;
    dispatch({ type: 'serverErrors', errors });
    const firstAt = Math.min(...errors.map((e) => e.index));
    setPage(Math.floor(firstAt / ROWS_PER_PAGE));
    return true;
  };

  const firstBlocking = blocking[0];
  const whyDisabled = importing
    ? messages.emailListImporting
    : firstBlocking !== undefined
      ? messages.emailListRowsToFix(blocking.length, firstBlocking + 1)
      : !changed
        ? messages.emailListNoChanges
        : null;

  return (
    <Stack spacing={2}>
      <LeaveGuard when={changed} question={leavePageQuestion('the e-mail list')} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" startIcon={<Add />} disabled={importing} onClick={addRow}>
          Add row
        </Button>
        <CsvImportButton disabled={importing} onImporting={setImporting} onImported={onImported} />
        <Box sx={{ flexGrow: 1 }} />
        {changed ? (
          <Chip icon={<EditNote />} color="warning" label="Unsaved changes" role="status" />
        ) : (
          <Chip variant="outlined" label="No changes" role="status" />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        A CSV file (columns: name, email, company type, company names separated by commas; the first row is a
        header) replaces the rows below. Nothing is saved until you submit the changes.
      </Typography>
      {importing && (
        <Box>
          <Typography variant="body2">Importing the file…</Typography>
          <LinearProgress aria-label="Importing the file" />
        </Box>
      )}
      {problems.length > 0 && (
        <Alert severity="warning" onClose={() => setProblems([])}>
          <AlertTitle>Some imported rows need your attention</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.slice(0, PROBLEMS_LISTED).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </Box>
          {problems.length > PROBLEMS_LISTED && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              …and {problems.length - PROBLEMS_LISTED} more, each shown on its row.
            </Typography>
          )}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">
            No e-mail recipients yet. Add a row or import a CSV file.
          </Typography>
        </Paper>
      ) : (
        <Stack spacing={1} ref={listTop} sx={{ scrollMarginTop: LIST_TOP_MARGIN }}>
          {pageRows.map((row, i) => (
            <DistributionRowFields
              key={row.key}
              row={row}
              number={first + i + 1}
              duplicateOf={duplicateOf.get(first + i)}
              dispatch={dispatch}
            />
          ))}
        </Stack>
      )}
      <DistributionPager total={rows.length} page={page} onPage={setPage} top={listTop} />
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}
      >
        {whyDisabled && (
          <Typography
            id="distribution-submit-why"
            variant="body2"
            color={firstBlocking !== undefined && !importing ? 'error' : 'text.secondary'}
            sx={{ flexGrow: 1, textAlign: 'right' }}
          >
            {whyDisabled}
          </Typography>
        )}
        {firstBlocking !== undefined && !importing && (
          <Button
            startIcon={<ErrorOutlined />}
            color="error"
            onClick={() =>
              showRow(
                firstBlocking,
                duplicateOf.has(firstBlocking) && !rowBlocks(rows[firstBlocking]!) ? 'email' : undefined,
              )
            }
          >
            Go to first error
          </Button>
        )}
        <Button onClick={() => (changed ? setDiscarding(true) : onDone())} disabled={importing}>
          Discard changes
        </Button>
        <Button
          variant="contained"
          disabled={whyDisabled !== null}
          aria-describedby={whyDisabled ? 'distribution-submit-why' : undefined}
          onClick={() => setConfirming(true)}
        >
          Submit changes
        </Button>
      </Stack>
      {confirming && (
        <DistributionConfirmDialog
          recipients={rows.length}
          onConfirm={(meta) => save.mutateAsync({ distributionList: toEntries(rows), ...meta })}
          onSaved={onDone}
          onFailed={placeRowErrors}
          onClose={() => setConfirming(false)}
        />
      )}
      <Dialog open={discarding} onClose={() => setDiscarding(false)} aria-labelledby="discard-title">
        <DialogTitle id="discard-title">{messages.emailListDiscardTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{messages.emailListDiscardText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDiscarding(false)} autoFocus>
            Keep editing
          </Button>
          <Button color="error" onClick={onDone}>
            Discard
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
