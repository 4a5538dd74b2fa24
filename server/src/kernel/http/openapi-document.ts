import { REQUEST_ID_HEADER } from './request-id.ts';

/**
 * The last pass over the served OpenAPI document (issue 32), on what @fastify/swagger and the
 * zod provider built: what they cannot say per route — the Role-Id header of every logged-in
 * operation, the response headers, a description per status, the tags' descriptions — and
 * components trimmed to those referenced (the zod provider adds an `…Input` twin of every named
 * schema, used or not).
 */

type Json = Record<string, unknown>;
interface Operation {
  security?: unknown[];
  parameters?: Json[];
  responses?: Record<string, Json>;
  tags?: string[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
const SCHEMA_REF = '#/components/schemas/';

/** The header naming the role a request acts in (`roles[].id` of GET /users/me): see access.ts. */
export const ROLE_ID_PARAMETER = {
  name: 'Role-Id',
  in: 'header',
  required: false,
  description:
    "The id of the user's role the request acts in (one of `roles[].id` in GET /api/v1/users/me): its permissions and company scope apply. Without it, the user's first role. A role the user does not have is 403 ROLE_NOT_ALLOWED. Ignored for an integration API key, which acts for its own study and site.",
  schema: { type: 'string', pattern: '^[0-9]+$' },
} as const;

/** Response headers, declared once under `components.headers`. */
const HEADERS = {
  'X-Request-Id': {
    description: `The request's id, as in the server's log lines: the caller's own \`${REQUEST_ID_HEADER}\` when it sent a valid one (1–128 of A–Z a–z 0–9 . _ : -), else a new UUID. Quote it when reporting a problem.`,
    required: true,
    schema: { type: 'string' },
  },
  'Retry-After': {
    description:
      "Seconds to wait before trying again, when the server knows it: the request rate limits' 429s, and a paced login, password or e-signature check (at most this long); otherwise back off and retry.",
    required: false,
    schema: { type: 'integer', minimum: 0 },
  },
  'Idempotent-Replayed': {
    description:
      'Present (`true`) when the answer is the one first given to the same `Idempotency-Key` and body (decision 016): no new order was placed.',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
} as const;

/** Headers a particular operation's answer carries beyond X-Request-Id, by `METHOD path` and status. */
const OPERATION_HEADERS: Record<string, Record<string, (keyof typeof HEADERS)[]>> = {
  'POST /api/v1/orders': { '201': ['Idempotent-Replayed'] },
};

/** What each status means across the API, for an answer its route does not describe itself. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Done: the answer below.',
  '201': 'Created: the new record (or its id) below.',
  '202': 'Accepted: queued, done in the background (a mail is sent by the outbox).',
  '204': 'Done; no content.',
  '400':
    'The request is invalid: VALIDATION_FAILED lists each field or parameter and its message in `details`; a change with a wrong or missing e-signature, or another rule of the request, names its code.',
  '401':
    'Not authenticated: no token, or an expired, revoked or unknown token or API key (at login: wrong credentials).',
  '403':
    "Not allowed: the role lacks the permission or the record is outside its company (FORBIDDEN), the Role-Id is not one of the user's roles (ROLE_NOT_ALLOWED), or an API key may not call this route (API_KEY_NOT_ALLOWED).",
  '404': 'Not found, or not visible to the role.',
  '409':
    "Conflicts with the record's current state: a value already used, a status that no longer allows the change, a record in use.",
  '422': 'The Idempotency-Key was already used for another order (IDEMPOTENCY_KEY_REUSED).',
  '429': 'Too many requests or attempts: wait (Retry-After, when given) and try again.',
  '503': 'Not ready, or shutting down: try again shortly (another instance may answer).',
};

/** The tags, one per area of the API, in the order a reader meets them. */
const TAGS: Record<string, string> = {
  auth: 'Login, token refresh, logout, and password recovery.',
  me: "The logged-in user: profile, roles, own password, the active role's permissions.",
  users: 'User accounts, their roles and groups (user management).',
  groups: 'Permission groups: what each group of a role type may do per area.',
  orders:
    'Placing orders, reading them, and moving them through their lifecycle (accept, reject, cancel, deliver).',
  events: 'Live events: a text/event-stream of changes to the orders the role can see.',
  'drug-availabilities':
    "A CMO's dose availability per drug: recurring slots, exceptions, and the search of open times.",
  studies: 'Clinical studies, their sites, CMOs and exam pairings.',
  'api-keys': "A study's integration API keys (decision 027).",
  webhooks: "A study's webhooks and their delivery log (decision 030).",
  'clinical-sites': 'Clinical sites (companies of the site kind).',
  'imaging-centers': 'Imaging centers (companies of the imaging-center kind).',
  cmos: 'Contract manufacturers (CMOs).',
  drugs: 'Drugs (radiopharmaceuticals) and their radionuclide.',
  radionuclides: 'Radionuclides and their half-lives.',
  exams: 'Exams a study pairs with a drug.',
  timepoints: 'Timepoints of a subject’s visits.',
  'reasons-for-change': 'The reasons for change a user picks when signing a change.',
  'check-in-use': 'Whether a record is referenced elsewhere (before inactivating it).',
  'audit-logs': 'The audit trail (21 CFR Part 11): every change with who, when, why and the signature.',
  mails: 'The notification log: mails sent, failed, and their resends.',
  reports: 'Order reports and their exports.',
  app: 'Health, readiness and the public settings the web app reads before login.',
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every `$ref` under a node. */
function refsIn(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const v of node) refsIn(v, found);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else refsIn(value, found);
    }
  }
  return found;
}

/** Rewrites every schema `$ref` under a node by `rename` (a map of component names). */
function renameRefs(node: unknown, rename: Map<string, string>): void {
  if (Array.isArray(node)) for (const v of node) renameRefs(v, rename);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
        const target = rename.get(value.slice(SCHEMA_REF.length));
        if (target) node[key] = SCHEMA_REF + target;
      } else renameRefs(value, rename);
    }
  }
}

/**
 * Components trimmed to what the document uses: an `…Input` schema equal to its output twin (but
 * for its own refs to other `…Input` twins) is replaced by the twin, then whatever no operation,
 * webhook or used component refers to is dropped.
 */
function trimSchemas(doc: Json): void {
  const components = doc.components as { schemas?: Record<string, unknown> } | undefined;
  const schemas = components?.schemas;
  if (!schemas) return;
  const rename = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    const twin = name.replace(/Input$/, '');
    if (twin === name || !(twin in schemas)) continue;
    const asOutput = JSON.stringify(schemas[name]).replace(/(#\/components\/schemas\/\w+?)Input"/g, '$1"');
    if (asOutput === JSON.stringify(schemas[twin])) rename.set(name, twin);
  }
  renameRefs(doc, rename);
  const outside = { ...doc, components: { ...components, schemas: {} } };
  const used = new Set<string>();
  const pending = [...refsIn(outside, new Set())];
  while (pending.length > 0) {
    const ref = pending.pop()!;
    if (!ref.startsWith(SCHEMA_REF)) continue;
    const name = ref.slice(SCHEMA_REF.length);
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name], new Set()));
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

function operationsOf(doc: Json): { key: string; op: Operation }[] {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((m) => isObject(item[m])).map((m) => ({
      key: `${m.toUpperCase()} ${path}`,
      op: item[m]!,
    })),
  );
}

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** Adds what the routes cannot say themselves (see the file's comment); changes `doc` and returns it. */
export function finishOpenApiDocument<T extends object>(document: T): T {
  const doc = document as Json;
  const usedTags = new Set<string>();
  for (const { key, op } of operationsOf(doc)) {
    const isPublic = Array.isArray(op.security) && op.security.length === 0;
    if (!isPublic && !op.parameters?.some((p) => String(p.name).toLowerCase() === 'role-id')) {
      op.parameters = [...(op.parameters ?? []), { ...ROLE_ID_PARAMETER }];
    }
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      if (!response.description || response.description === 'Default Response') {
        response.description = STATUS_DESCRIPTIONS[status] ?? `HTTP ${status}.`;
      }
      const names: (keyof typeof HEADERS)[] = ['X-Request-Id'];
      if (status === '429' || status === '503') names.push('Retry-After');
      names.push(...(OPERATION_HEADERS[key]?.[status] ?? []));
      response.headers = {
        ...(response.headers as Json | undefined),
        ...Object.fromEntries(names.map((n) => [n, headerRef(n)])),
      };
    }
    for (const tag of op.tags ?? []) usedTags.add(tag);
  }
  const components = (doc.components ?? {}) as Json;
  doc.components = components;
  components.headers = { ...(components.headers as Json | undefined), ...HEADERS };
  doc.tags = [
    ...Object.entries(TAGS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    // A tag a new route brings without a line above is still declared (a test asks for its line).
    ...[...usedTags].filter((name) => !(name in TAGS)).map((name) => ({ name })),
  ];
  trimSchemas(doc);
  return document;
}

/** The tags' descriptions (tests check every tag in use has one). */
export const openApiTagDescriptions: Readonly<Record<string, string>> = TAGS;
