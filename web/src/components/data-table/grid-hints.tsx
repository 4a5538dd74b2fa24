import { Tooltip } from '@mui/material';
import { type FocusEvent, type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** The attribute a grid's button carries to get a tooltip: `data-hint="Open"`. */
export const HINT_ATTRIBUTE = 'data-hint';

/** As long as MUI's tooltips wait before they open on hover. */
const ENTER_DELAY_MS = 100;

const hinted = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>(`[${HINT_ATTRIBUTE}]`) : null;

/** What the table's paper listens to, and the one tooltip they open. */
export interface GridHints {
  handlers: {
    onMouseOver: (event: MouseEvent) => void;
    onMouseLeave: () => void;
    onFocus: (event: FocusEvent) => void;
    onBlur: () => void;
  };
  tooltip: React.ReactNode;
}

/**
 * One tooltip for a whole grid, shown for whichever `data-hint` element the pointer is on or the
 * keyboard has focused. A MUI Tooltip per button cost a grid page most of its longest task: each
 * one renders, then sets state from its child's ref and renders again in the same commit (30 and
 * more in a page of orders). The events are delegated from the table's paper, and the tooltip's
 * state lives in its own component, so a hover renders the tooltip only, not the table.
 */
export function useGridHints(): GridHints {
  const show = useRef<(anchor: HTMLElement | null) => void>(() => {});
  const handlers = useMemo(
    () => ({
      onMouseOver: (event: MouseEvent) => show.current(hinted(event.target)),
      onMouseLeave: () => show.current(null),
      // As MUI's tooltips: on keyboard focus, not on a click's focus.
      onFocus: (event: FocusEvent) => {
        const anchor = hinted(event.target);
        if (anchor?.matches(':focus-visible')) show.current(anchor);
      },
      onBlur: () => show.current(null),
    }),
    [],
  );
  const register = useCallback((setAnchor: (anchor: HTMLElement | null) => void) => {
    show.current = setAnchor;
  }, []);
  return { handlers, tooltip: <HintTooltip register={register} /> };
}

function HintTooltip({ register }: { register: (setAnchor: (anchor: HTMLElement | null) => void) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    register((next) => {
      clearTimeout(timer.current);
      if (!next) setAnchor(null);
      // Moving between hinted buttons shows the next at once, as MUI's tooltips do.
      else setAnchor((current) => (current ? next : current));
      if (next) timer.current = setTimeout(() => setAnchor(next), ENTER_DELAY_MS);
    });
    return () => clearTimeout(timer.current);
  }, [register]);
  // Dismissible without moving the pointer or the focus (WCAG 1.4.13), wherever the focus is.
  useEffect(() => {
    if (!anchor) return;
    const dismiss = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setAnchor(null);
    };
    document.addEventListener('keydown', dismiss);
    return () => document.removeEventListener('keydown', dismiss);
  }, [anchor]);
  // The anchor may have left the page (its row re-rendered): no tooltip for it.
  const title = anchor?.isConnected ? anchor.getAttribute(HINT_ATTRIBUTE) : null;
  if (!anchor || !title) return null;
  return (
    <Tooltip
      open
      title={title}
      disableHoverListener
      disableFocusListener
      disableTouchListener
      slotProps={{ popper: { anchorEl: anchor } }}
    >
      <span hidden />
    </Tooltip>
  );
}
