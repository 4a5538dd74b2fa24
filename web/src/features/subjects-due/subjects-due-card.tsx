import { Button, Paper, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useSubjectsDueCount } from './subjects-due-api.ts';

export const SUBJECTS_DUE_ROUTE = '/subjects-due';

/** The dashboard's count of subjects due, with the way to the list (a region, not a `section`: the dashboard's first section is its order grid). */
export function SubjectsDueCard() {
  const count = useSubjectsDueCount();
  return (
    <Paper role="region" aria-labelledby="subjects-due-card-heading" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography id="subjects-due-card-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Subjects due: {count ?? '…'}
        </Typography>
        <Button component={Link} to={SUBJECTS_DUE_ROUTE}>
          Open Subjects due
        </Button>
      </Stack>
    </Paper>
  );
}
