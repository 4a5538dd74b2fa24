import type { Study } from '@dosechain/contract';
import { Edit } from '@mui/icons-material';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Can } from '../../../auth/can.tsx';
import { DistributionListEditor } from './distribution-list-editor.tsx';
import { DistributionListTable } from './distribution-list-table.tsx';

/** The Emails section: the study's e-mail distribution list, read, or edited (config.update). */
export function DistributionListSection({ study }: { study: Study }) {
  const [editing, setEditing] = useState(false);
  const saved = study.distributionList ?? [];
  return (
    <Stack component="section" spacing={1} aria-labelledby="emails-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minHeight: 40 }}>
        <Typography id="emails-heading" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {editing ? 'Emails — editing' : 'Emails'}
        </Typography>
        {!editing && (
          <Can permissions={['config.update']}>
            <Button variant="contained" startIcon={<Edit />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          </Can>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        The e-mail distribution list: who is told about this study's orders. A recipient with a company type
        gets the orders of the listed companies only.
      </Typography>
      {editing ? (
        <DistributionListEditor studyId={study.id} saved={saved} onDone={() => setEditing(false)} />
      ) : (
        <DistributionListTable list={saved} />
      )}
    </Stack>
  );
}
