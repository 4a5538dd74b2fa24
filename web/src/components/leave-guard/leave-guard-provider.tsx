import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { type LeaveGuards, type LeaveQuestion, leaveGuards } from './leave-guards.ts';
import { LeaveQuestionDialog } from './leave-question-dialog.tsx';

const LeaveGuardContext = createContext<LeaveGuards | null>(null);

/**
 * The one leave guard of the logged-in app (a router runs a single blocker): while any mounted
 * screen or dialog holds unsaved input, a move to another page (a menu click, Back, a link) asks
 * first, the innermost guard first, and reloading or closing the tab gets the browser's warning.
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const [guards] = useState(leaveGuards);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && guards.questions().length > 0,
    [guards],
  );
  const blocker = useBlocker(shouldBlock);
  // The questions still to answer for the blocked move; taken when it was blocked.
  const [pending, setPending] = useState<LeaveQuestion[]>([]);
  useEffect(() => {
    setPending(blocker.state === 'blocked' ? guards.questions() : []);
  }, [blocker.state, guards]);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (guards.questions().length > 0) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guards]);

  const question = blocker.state === 'blocked' ? pending[0] : undefined;
  return (
    <LeaveGuardContext.Provider value={guards}>
      {children}
      {question && (
        <LeaveQuestionDialog
          question={question}
          onStay={() => blocker.reset?.()}
          onLeave={() => (pending.length > 1 ? setPending(pending.slice(1)) : blocker.proceed?.())}
        />
      )}
    </LeaveGuardContext.Provider>
  );
}

/**
 * Registers unsaved input with the app's leave guard while `when` holds (a function is read at
 * the moment of leaving). Returns `release`: the input was saved or dropped on purpose, leave
 * freely (until `when` turns false again). Outside a provider (a unit test's plain router) it
 * guards nothing.
 */
export function useLeaveGuard(when: boolean | (() => boolean), question: LeaveQuestion): () => void {
  const guards = useContext(LeaveGuardContext);
  const latest = useRef({ when, question, released: false });
  useEffect(() => {
    latest.current.when = when;
    latest.current.question = question;
    if (when === false) latest.current.released = false;
  });
  useEffect(
    () =>
      guards?.add({
        active: () => {
          const { when: w, released } = latest.current;
          return !released && (typeof w === 'function' ? w() : w);
        },
        get question() {
          return latest.current.question;
        },
      }),
    [guards],
  );
  return useCallback(() => {
    latest.current.released = true;
  }, []);
}

/** `useLeaveGuard` as an element, for a screen that renders it beside its form. */
export function LeaveGuard({ when, question }: { when: boolean; question: LeaveQuestion }) {
  useLeaveGuard(when, question);
  return null;
}
