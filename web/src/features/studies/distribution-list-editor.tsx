import type { DistributionEntry } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Add, EditNote } from '@mui/icons-material';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../api/http-client.ts';
import { CsvImportButton } from './csv-import-button.tsx';
import { DistributionConfirmDialog } from './distribution-confirm-dialog.tsx';
import type { CsvImport } from './distribution-csv.ts';
import {
  type DistributionForm,
  distributionFormSchema,
  emptyRow,
  formFieldOf,
  rowsDiffer,
  toEntries,
  toRows,
} from './distribution-form.ts';
import { DistributionRowFields } from './distribution-row-fields.tsx';
import { useSaveDistributionList } from './study-api.ts';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

/**
 * The distribution list in edit mode: rows to edit, add and remove, a CSV import that
 * replaces them, and Submit changes (confirmed with a reason and the e-signature) or
 * Discard changes. Leaving with unsaved changes asks first.
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
  const { control, handleSubmit, formState, setValue, setError, trigger, getValues } =
    useForm<DistributionForm>({
      mode: 'onChange',
      resolver: zodResolver(distributionFormSchema),
      defaultValues: { distributionList: toRows(saved) },
    });
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'distributionList' });
  const rows = useWatch({ control, name: 'distributionList' });
  const changed = rowsDiffer(rows, saved);
  const [importing, setImporting] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveDistributionList(studyId);

  const onImported = (result: CsvImport) => {
    replace(result.rows);
    setProblems(result.problems);
    // Shows every imported row's errors at once, not only as each field is touched.
    void trigger();
  };

  /** Puts a 400's row errors on the rows; true when any landed. */
  const placeRowErrors = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 400) return false;
    let placed = false;
    for (const e of err.body.errors) {
      const field = formFieldOf(e.parameter);
      if (!field) continue;
      setError(field as Path<DistributionForm>, { type: 'server', message: e.message });
      placed = true;
    }
    return placed;
  };

  return (
    <Stack spacing={2}>
      <UnsavedChangesGuard dirty={changed} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<Add />}
          disabled={importing}
          onClick={() => append(emptyRow(), { focusName: `distributionList.${fields.length}.name` })}
        >
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
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </Box>
        </Alert>
      )}
      {fields.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">
            No e-mail recipients yet. Add a row or import a CSV file.
          </Typography>
        </Paper>
      ) : (
        <Stack spacing={1}>
          {fields.map((field, index) => (
            <DistributionRowFields
              key={field.id}
              control={control}
              setValue={setValue}
              index={index}
              onRemove={() => remove(index)}
            />
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={importing}>
          Discard changes
        </Button>
        <Button
          variant="contained"
          disabled={!changed || !formState.isValid || importing}
          onClick={handleSubmit(() => setConfirming(true))}
        >
          Submit changes
        </Button>
      </Stack>
      {confirming && (
        <DistributionConfirmDialog
          recipients={rows.length}
          onConfirm={(meta) =>
            save.mutateAsync({ distributionList: toEntries(getValues().distributionList), ...meta })
          }
          onSaved={onDone}
          onFailed={placeRowErrors}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
