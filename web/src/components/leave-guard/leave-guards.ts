/** What a guard asks before its unsaved input is dropped: a title, a sentence and two answers. */
export interface LeaveQuestion {
  title: string;
  text: string;
  /** Keeps the input (the focused, safe answer). */
  stay: string;
  /** Drops the input and goes on. */
  leave: string;
}

/** One registered guard: whether it holds unsaved input now, and what it asks. */
export interface LeaveGuardEntry {
  active: () => boolean;
  question: LeaveQuestion;
}

/**
 * The guards of the mounted screens and dialogs, in the order they were registered (a dialog
 * after the page that opened it). A registry, not a blocker each: a router runs one blocker only.
 */
export function leaveGuards() {
  const entries = new Map<number, LeaveGuardEntry>();
  let next = 0;
  return {
    add(entry: LeaveGuardEntry): () => void {
      const id = ++next;
      entries.set(id, entry);
      return () => {
        entries.delete(id);
      };
    },
    /** The questions to ask before leaving, the innermost (latest registered) first. */
    questions(): LeaveQuestion[] {
      return [...entries.values()]
        .filter((e) => e.active())
        .reverse()
        .map((e) => e.question);
    },
  };
}
export type LeaveGuards = ReturnType<typeof leaveGuards>;
