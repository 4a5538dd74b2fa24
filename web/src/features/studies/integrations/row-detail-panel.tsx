import { Box, Grid, Typography } from '@mui/material';

/** One labelled value of a row's detail; a value left empty is not shown. */
export type DetailField = [label: string, value: string | null | undefined];

/**
 * A webhook's or API key's detail under its row (issue 33): what the columns cut short and why it
 * was disabled or revoked, which the list otherwise only showed in the audit trail.
 */
export function RowDetailPanel({ fields }: { fields: DetailField[] }) {
  return (
    <Box sx={{ p: 1, position: 'sticky', left: 0, maxWidth: 'calc(100vw - 320px)' }}>
      <Grid container spacing={2}>
        {fields
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Grid key={label} size={label === 'Reason' ? 12 : { xs: 12, sm: 6, md: 4 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {label}
              </Typography>
              <Typography component="div" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {value}
              </Typography>
            </Grid>
          ))}
      </Grid>
    </Box>
  );
}
