import { messages } from '@dosechain/contract';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  type DialogProps,
  DialogTitle,
  Grid,
  Typography,
} from '@mui/material';
import {
  type FormEventHandler,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { type Control, type FieldValues, useFormState } from 'react-hook-form';
import type { z } from 'zod';
import { useLeaveGuard } from '../leave-guard/leave-guard-provider.tsx';
import { LeaveQuestionDialog } from '../leave-guard/leave-question-dialog.tsx';
import { discardDialogQuestion } from '../leave-guard/leave-questions.ts';
import { useFormIssues } from './form-issues.ts';
import { SubmitButton } from './submit-button.tsx';

/** Keeps the form's dirty state where the dialog's close handler can read it. */
function DirtyProbe<T extends FieldValues, C, O extends FieldValues>({
  control,
  dirty,
}: {
  control: Control<T, C, O>;
  dirty: { current: boolean };
}) {
  const { isDirty } = useFormState({ control });
  useEffect(() => {
    dirty.current = isDirty;
  }, [isDirty, dirty]);
  return null;
}

/** Beside a disabled Save: the fields still missing or wrong, by their labels. */
function MissingFields<T extends FieldValues, C, O extends FieldValues>({
  control,
  schema,
  form,
}: {
  control: Control<T, C, O>;
  schema: z.ZodType;
  form: RefObject<HTMLFormElement | null>;
}) {
  const issues = useFormIssues(control, schema, form);
  if (issues.length === 0) return null;
  const labels = [...new Set(issues.map((i) => i.label))];
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      role="status"
      data-testid="form-missing"
      sx={{ mr: 'auto', pl: 1 }}
    >
      {messages.toSave(labels.join(', '))}
    </Typography>
  );
}

/**
 * The shell of every add/edit/confirm dialog: a titled form whose submit is disabled until it
 * is valid and while it is sent, with Cancel beside it. The title and the actions stay in view;
 * the fields scroll between them. Given the form's `control`, it says what is still missing
 * while Save is disabled, and Esc, a click beside or the browser's Back (the app's leave guard)
 * with unsaved input asks first (Cancel closes at once: that is the explicit choice).
 */
export function FormDialog<T extends FieldValues, C, O extends FieldValues>({
  title,
  onClose,
  onSubmit,
  isValid,
  isSubmitting,
  control,
  schema,
  submitLabel = 'Save',
  loading = false,
  maxWidth = 'sm',
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isValid: boolean;
  isSubmitting: boolean;
  submitLabel?: string;
  /** Edit dialogs load the current record first. */
  loading?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
} & (
  | {
      /** The dialog's form: for the unsaved-input question and the missing fields. */
      control: Control<T, C, O>;
      /** The schema the form is validated with, run over its values to name the missing fields. */
      schema: z.ZodType;
    }
  | { control?: undefined; schema?: undefined }
)) {
  const titleId = useId();
  const dirty = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  // While it is sent, a save may move on by itself (e.g. to the new record's page): not asked.
  useLeaveGuard(() => dirty.current && !isSubmitting, discardDialogQuestion);
  const dismiss = () => {
    if (isSubmitting) return;
    if (dirty.current) setConfirming(true);
    else onClose();
  };
  return (
    <Dialog open onClose={dismiss} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      {control && <DirtyProbe control={control} dirty={dirty} />}
      <Box
        component="form"
        ref={form}
        onSubmit={onSubmit}
        noValidate
        // The paper caps the height; the form passes that on so only the content scrolls.
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          {loading ? (
            <CircularProgress aria-label="Loading" />
          ) : (
            <Grid container columnSpacing={2}>
              {children}
            </Grid>
          )}
        </DialogContent>
        <DialogActions>
          {control && schema && !isValid && !loading && !isSubmitting && (
            <MissingFields control={control} schema={schema} form={form} />
          )}
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isValid={isValid && !loading} isSubmitting={isSubmitting}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </Box>
      {confirming && (
        <LeaveQuestionDialog
          question={discardDialogQuestion}
          onStay={() => setConfirming(false)}
          onLeave={onClose}
        />
      )}
    </Dialog>
  );
}
