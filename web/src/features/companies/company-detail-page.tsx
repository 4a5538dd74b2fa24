import { formatInstant, messages, phoneForDisplay, STAFF_ADMIN } from '@dosechain/contract';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Link, useParams } from 'react-router';
import { Can } from '../../auth/can.tsx';
import { useCompany } from '../../components/companies/company-api.ts';
import type { CompanyKind } from '../../components/companies/company-kinds.ts';
import { type DetailRow, DetailTable } from '../../components/detail-table.tsx';
import { zoneWithOffset } from '../../components/form/timezone.ts';
import { CompanyUsers } from './company-users.tsx';
import { RelatedCompanies } from './related-companies.tsx';

/**
 * A company's detail page: its information table ('<type> not found' when it cannot be loaded),
 * its users (for userManagement.read) and its related companies.
 */
export function CompanyDetailPage({ kind }: { kind: CompanyKind }) {
  const id = Number(useParams().id);
  const company = useCompany(kind, Number.isInteger(id) && id > 0 ? id : undefined);
  if (company.isLoading) return <CircularProgress aria-label="Loading" />;
  if (!company.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{messages.notFound(kind.label)}</Alert>
        <Button component={Link} to={kind.route}>
          {`Back to ${kind.title}`}
        </Button>
      </Stack>
    );
  }
  const c = company.data;
  const address = [
    c.address.line_1,
    c.address.line_2,
    c.address.city,
    c.address.state,
    c.address.zipCode,
    c.address.country,
  ]
    .filter(Boolean)
    .join(', ');
  const rows: DetailRow[] = [
    ['Name', c.name],
    ['Phone', c.phoneNumber ? phoneForDisplay(c.phoneNumber) : '—'],
    ['Time zone', zoneWithOffset(c.timezone)],
    ['Address', address],
    ['Created', formatInstant(c.createdAt)],
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {c.name}
      </Typography>
      <DetailTable label={`${kind.label} information`} rows={rows} />
      <Can permissions={['userManagement.read']} roles={STAFF_ADMIN}>
        <CompanyUsers type={kind.type} companyId={c.id} />
      </Can>
      {kind.link && <RelatedCompanies company={c} link={kind.link} />}
      <Button component={Link} to={kind.route} sx={{ alignSelf: 'flex-start' }}>
        {`Back to ${kind.title}`}
      </Button>
    </Stack>
  );
}
