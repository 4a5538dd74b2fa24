import { DEMO_PASSWORD, demoUsers } from './seed/demo.ts';

export interface StartFacts {
  url: string;
  /** e.g. "embedded PGlite in ./data" or "PostgreSQL". */
  database: string;
  /** Demo data: seeded by this start, already there, or not used. */
  demo: 'seeded' | 'present' | 'off';
}

/** What someone who just typed `npm start` needs to know: where to go and how to sign in. */
export function startBanner(facts: StartFacts): string {
  const lines = [`DoseChain is running at ${facts.url}`, `  database: ${facts.database}`];
  if (facts.demo !== 'off') {
    lines.push(
      facts.demo === 'seeded' ? '  demo data seeded; sign in as:' : '  demo data; sign in as:',
      `    ${demoUsers.map((u) => u.username).join(', ')}`,
      `    password ${DEMO_PASSWORD}${facts.demo === 'present' ? ' (unless changed since)' : ''}; the README says what each account is`,
    );
  }
  lines.push('  Ctrl+C stops it.');
  return lines.join('\n');
}
