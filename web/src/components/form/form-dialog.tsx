import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  type DialogProps,
  DialogTitle,
  Grid,
} from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { SubmitButton } from './submit-button.tsx';

/**
 * The shell of every add/edit/confirm dialog: a titled form whose submit is disabled until it
 * is valid and while it is sent, with Cancel beside it.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  isValid,
  isSubmitting,
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
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
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
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isValid={isValid && !loading} isSubmitting={isSubmitting}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
