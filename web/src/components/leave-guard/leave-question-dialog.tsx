import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import type { LeaveQuestion } from './leave-guards.ts';

/** Asks before unsaved input is dropped; staying is the focused answer, as Esc and a click beside are. */
export function LeaveQuestionDialog({
  question,
  onStay,
  onLeave,
}: {
  question: LeaveQuestion;
  onStay: () => void;
  onLeave: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onStay} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>{question.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{question.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {question.stay}
        </Button>
        <Button onClick={onLeave} color="error">
          {question.leave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
