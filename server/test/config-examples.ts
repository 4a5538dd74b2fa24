/**
 * One worked example of every configuration entity of the contract's registry, keyed by its
 * registry key: a valid create body, a harmless update of the record it created, and the
 * changesets both write. The Part 11 table (part11/mutating-routes.ts, part11/reason-cases.ts)
 * and the permission test (config-permissions.test.ts) make their cases for every registry
 * entry from here, so a new entity is covered by adding its example, and an entity without one
 * fails by name (`exampleOf`).
 */
import type { ConfigResourceKey } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/kernel/db/client.ts';
import { companies, drugs, groups } from '../src/kernel/db/schema.ts';
import { DEMO_PASSWORD } from './helpers.ts';

type Body = Record<string, unknown>;
type Changeset = Record<string, [unknown, unknown]>;

/** Ids of demo records, by name, for bodies that refer to them. */
export interface Refs {
  drug(name: string): Promise<number>;
  company(name: string): Promise<number>;
  group(name: string): Promise<number>;
}

/** `Refs` read from the database. */
export function refsOf(db: Db): Refs {
  const one = async (rows: { id: number }[], what: string) => {
    if (!rows[0]) throw new Error(`no demo record ${what}`);
    return rows[0].id;
  };
  return {
    drug: async (name) =>
      one(await db.select({ id: drugs.id }).from(drugs).where(eq(drugs.name, name)), name),
    company: async (name) =>
      one(await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)), name),
    group: async (name) =>
      one(await db.select({ id: groups.id }).from(groups).where(eq(groups.name, name)), name),
  };
}

export interface ConfigExample {
  /**
   * A valid create body. `tag` is different on every call (a name or username made from it is
   * unique); `refs` finds the demo records it refers to.
   */
  create: (refs: Refs, tag: string) => Body | Promise<Body>;
  /** Fields the `new` audit row records for that body (at least these). */
  created: (body: Body) => Changeset;
  /** A valid update of the record created from `created`: it changes something, harmlessly. */
  update: (refs: Refs, tag: string) => Body | Promise<Body>;
  /** The whole changeset of that update, given both bodies. */
  updated: (created: Body, update: Body) => Changeset;
  /** The demo user who creates it in the Part 11 table (default: admin). */
  as?: string;
}

const renamed = (created: Body, update: Body): Changeset => ({ name: [created.name, update.name] });
const address = { line_1: '11 Example Way', city: 'Chicago', country: 'US' };
const company = (prefix: string): ConfigExample => ({
  create: (_, tag) => ({ name: `${prefix} ${tag}`, timezone: 'America/Chicago', address }),
  created: (body) => ({
    name: [null, body.name],
    timezone: [null, 'America/Chicago'],
    'address.city': [null, 'Chicago'],
  }),
  update: (_, tag) => ({ name: `${prefix} ${tag} renamed` }),
  updated: renamed,
});

/** Every registry entry's example. */
export const configExamples: Record<ConfigResourceKey, ConfigExample> = {
  timepoints: {
    create: (_, tag) => ({ name: `Week ${tag}` }),
    created: (body) => ({ name: [null, body.name] }),
    update: (_, tag) => ({ name: `Week ${tag} renamed` }),
    updated: renamed,
  },
  drugs: {
    as: 'staff',
    create: (_, tag) => ({ name: `Flurpiridaz ${tag}`, otherName: 'Flyrcado' }),
    created: (body) => ({ name: [null, body.name], otherName: [null, 'Flyrcado'], active: [null, true] }),
    update: (_, tag) => ({ name: `Flurpiridaz ${tag} renamed` }),
    updated: renamed,
  },
  radionuclides: {
    create: (_, tag) => ({ name: `Rb-82 ${tag}`, halfLife: 1.2575, halfLifeUnit: 'min' }),
    created: (body) => ({ name: [null, body.name], halfLife: [null, '1.2575 min'], active: [null, true] }),
    update: () => ({ halfLife: 75.45, halfLifeUnit: 'h' }),
    updated: () => ({ halfLife: ['1.2575 min', '75.45 h'] }),
  },
  exams: {
    create: async (refs, tag) => ({
      name: `Brain Scan ${tag}`,
      drugId: await refs.drug('Fludeoxyglucose F18'),
    }),
    created: (body) => ({
      name: [null, body.name],
      drug: [null, 'Fludeoxyglucose F18'],
      active: [null, true],
    }),
    update: (_, tag) => ({ name: `Brain Scan ${tag} renamed` }),
    updated: renamed,
  },
  studies: {
    create: (_, tag) => ({ name: `STUDY-${tag}`, sponsor: 'Example Bio' }),
    created: (body) => ({ name: [null, body.name], sponsor: [null, 'Example Bio'], active: [null, true] }),
    update: () => ({ sponsor: 'Other Bio' }),
    updated: () => ({ sponsor: ['Example Bio', 'Other Bio'] }),
  },
  'clinical-sites': company('Site'),
  'imaging-centers': company('Imaging'),
  cmos: company('Isotopes'),
  groups: {
    create: (_, tag) => ({ name: `Readers ${tag}` }),
    created: (body) => ({ name: [null, body.name], active: [null, true] }),
    update: (_, tag) => ({ name: `Readers ${tag} renamed` }),
    updated: renamed,
  },
  users: {
    create: (_, tag) => ({
      username: `user${tag}`.toLowerCase().replace(/[^a-z0-9]/g, ''),
      firstName: 'Ex',
      lastName: 'Ample',
      email: `user${tag}@dosechain.test`.toLowerCase().replace(/[^a-z0-9@.]/g, ''),
      password: DEMO_PASSWORD,
    }),
    created: (body) => ({ username: [null, body.username], email: [null, body.email] }),
    update: () => ({ firstName: 'Exa' }),
    updated: () => ({ firstName: ['Ex', 'Exa'] }),
  },
};

/** The example of a registry entry; an entry without one is named. */
export function exampleOf(key: string): ConfigExample {
  const example = (configExamples as Record<string, ConfigExample | undefined>)[key];
  if (!example) {
    throw new Error(
      `Configuration entity '${key}' has no example: add one to configExamples in server/test/config-examples.ts`,
    );
  }
  return example;
}

let tags = 0;
/** A tag no other call in this test file has had, after a prefix naming the suite. */
export const nextTag = (prefix: string) => `${prefix}${++tags}`;
