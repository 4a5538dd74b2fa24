import { Box, Paper, type PaperProps } from '@mui/material';
import { createContext, useContext } from 'react';

/** The note an open lookup shows under its options, e.g. that the list was cut. */
export const LookupNoteContext = createContext<string | undefined>(undefined);

/**
 * An Autocomplete's popup with the lookup's note under the options. The note sits in the popup,
 * not under the field: the open list covers a field's helper text.
 */
export function LookupPopupPaper({ children, ...props }: PaperProps) {
  const note = useContext(LookupNoteContext);
  return (
    <Paper {...props}>
      {children}
      {note && (
        <Box
          role="status"
          // A click on the note must not blur the input (which would close the list).
          onMouseDown={(e) => e.preventDefault()}
          sx={{
            px: 2,
            py: 1,
            borderTop: 1,
            borderColor: 'divider',
            typography: 'body2',
            color: 'text.secondary',
          }}
        >
          {note}
        </Box>
      )}
    </Paper>
  );
}
