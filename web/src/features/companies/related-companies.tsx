import type { Company } from '@dosechain/contract';
import { List, ListItem, Link as MuiLink, Paper, Typography } from '@mui/material';
import { Link } from 'react-router';
import { type CompanyKind, companyKinds } from '../../components/companies/company-kinds.ts';

/** 'Related Imaging Centers' on a site, 'Related Clinical Sites' on an imaging center. */
export function RelatedCompanies({
  company,
  link,
}: {
  company: Company;
  link: NonNullable<CompanyKind['link']>;
}) {
  const other = companyKinds[link.other];
  const related = company[link.answer] ?? [];
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="related-companies">
      <Typography variant="h6" component="h2" id="related-companies">
        {link.related}
      </Typography>
      {related.length === 0 ? (
        <Typography color="text.secondary">None</Typography>
      ) : (
        <List dense>
          {related.map((r) => (
            <ListItem key={r.id} disableGutters>
              <MuiLink component={Link} to={`${other.route}/${r.id}`}>
                {r.name}
              </MuiLink>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
