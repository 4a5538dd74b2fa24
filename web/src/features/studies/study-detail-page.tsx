import { messages } from '@dosechain/contract';
import { ArrowBack } from '@mui/icons-material';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Link, useParams } from 'react-router';
import { formatCell } from '../../components/data-table/format.ts';
import { type DetailRow, DetailTable } from '../../components/detail-table.tsx';
import { STUDIES_ROUTE } from './config-page.tsx';
import { DistributionListSection } from './distribution-list/distribution-list-section.tsx';
import { ApiKeysSection } from './integrations/api-keys-section.tsx';
import { WebhooksSection } from './integrations/webhooks-section.tsx';
import { PairingsSection } from './pairings/pairings-section.tsx';
import { ScheduleSection } from './schedule/schedule-section.tsx';
import { useStudy } from './study-api.ts';

const backToStudies = (
  <Button component={Link} to={STUDIES_ROUTE} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
    Back to Studies
  </Button>
);

/** A study: its information, its pairings and its e-mail distribution list ('Study not found' when it cannot be loaded). */
export default function StudyDetailPage() {
  const id = Number(useParams().id);
  const study = useStudy(Number.isInteger(id) && id > 0 ? id : undefined);
  if (study.isLoading) return <CircularProgress aria-label="Loading" />;
  if (!study.data) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{messages.notFound('Study')}</Alert>
        {backToStudies}
      </Stack>
    );
  }
  const s = study.data;
  const rows: DetailRow[] = [
    ['Name', s.name],
    ['Sponsor', s.sponsor],
    ['Status', formatCell('active', s.active)],
    ['Created', formatCell('datetime', s.createdAt)],
  ];
  return (
    <Stack spacing={4}>
      <Stack spacing={2}>
        {backToStudies}
        <Typography variant="h4" component="h1">
          {s.name}
        </Typography>
        <DetailTable label="Study information" rows={rows} size="small" />
      </Stack>
      <PairingsSection studyId={s.id} />
      <ScheduleSection studyId={s.id} />
      <DistributionListSection study={s} />
      <ApiKeysSection studyId={s.id} />
      <WebhooksSection studyId={s.id} />
    </Stack>
  );
}
