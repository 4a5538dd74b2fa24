import { messages } from '@dosechain/contract';
import type { LeaveQuestion } from './leave-guards.ts';

/** A page's unsaved changes to `what` (e.g. "your profile"). */
export const leavePageQuestion = (what: string): LeaveQuestion => ({
  title: messages.leaveTitle,
  text: messages.leaveText(what),
  stay: messages.stay,
  leave: messages.leave,
});

/** A form dialog's unsaved input: the same question as its Esc and a click beside it ask. */
export const discardDialogQuestion: LeaveQuestion = {
  title: messages.discardTitle,
  text: messages.discardText,
  stay: messages.keepEditing,
  leave: messages.discard,
};

/** A secret shown once (`what`: "API key"), whose dialog would drop it for good. */
export const secretShownOnceQuestion = (what: string): LeaveQuestion => ({
  title: messages.secretCopiedTitle(what),
  text: messages.secretNotShownAgain,
  stay: messages.keepSecretOpen,
  leave: messages.closeSecret,
});
