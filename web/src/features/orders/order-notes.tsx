import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { visibleNotes } from './order-notes-text.ts';

/** The order's notes, collapsed after 140 characters with Show more / Show less. */
export function OrderNotes({ notes }: { notes: string | null }) {
  const [expanded, setExpanded] = useState(false);
  if (!notes) return <Typography color="text.secondary">—</Typography>;
  const { text, collapsible } = visibleNotes(notes, expanded);
  return (
    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
      {collapsible && (
        <Button size="small" onClick={() => setExpanded((e) => !e)} sx={{ ml: 1 }}>
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      )}
    </Typography>
  );
}
