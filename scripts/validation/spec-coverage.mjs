/**
 * How much of the product spec the requirements catalogue states, measured (issue 37, decision
 * 051): the spec's exact texts (every single-quoted string: messages, toasts, titles, labels),
 * its error and storage codes (UPPER_SNAKE names) and its sections. A text or code is covered when
 * some requirement's text quotes it (a text in its quotes, 'like this'); a section when some
 * requirement's source names it as `product-spec §<n> <heading>`. A source naming a section the
 * spec does not have is a problem.
 *
 * The spec lives in the repository (SPEC_FILE), a verbatim copy, so the check runs in CI.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SPEC_FILE = 'docs/validation/product-spec.md';
/** Below this share of the spec's items stated by requirements, the check fails. */
export const MIN_COVERAGE = 0.95;

/**
 * 'text' in the spec: a quote not inside a word opens it, and the next quote not followed by a
 * letter closes it, so apostrophes inside (Can't, it's) stay in the text.
 */
const QUOTED_RE = /(?<![A-Za-z])'((?:[^'\n]|'(?=[A-Za-z]))+?)'(?![A-Za-z])/g;
const CODE_RE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
const SOURCE_RE = /^product-spec (§\d+) (.+)$/;

const unique = (items) => [...new Set(items)];

/**
 * The spec's sections as `§<n> <heading>`: its `###` headings, and its lines that are a bold name
 * alone (`**Orders**` in the error catalogue); a numbered `##` section without either is one.
 */
export function specSections(markdown) {
  const sections = [];
  let parent = null;
  for (const line of markdown.split('\n')) {
    const top = /^## (\d+)\. (.+)$/.exec(line);
    const sub = /^### (.+)$/.exec(line) ?? /^\*\*([^*]+)\*\*$/.exec(line);
    if (top) {
      parent = { number: top[1], name: `§${top[1]} ${top[2]}`, children: 0 };
      sections.push(parent);
    } else if (/^## /.test(line)) {
      parent = null;
    } else if (sub && parent) {
      sections.push({ name: `§${parent.number} ${sub[1]}`, children: 0 });
      parent.children++;
    }
  }
  return sections.filter((s) => !s.children).map((s) => s.name);
}

/** The spec's items to state: its quoted texts, its codes and its sections. */
export function specItems(markdown) {
  return {
    texts: unique([...markdown.matchAll(QUOTED_RE)].map((m) => m[1])),
    codes: unique(markdown.match(CODE_RE) ?? []),
    sections: specSections(markdown),
  };
}

/**
 * The sections the `product-spec …` sources name, and the sources that name none: a source names
 * a numbered section, one of its subsections, or a bold name in it (an entity of §3).
 */
function namedSections(requirements, markdown) {
  const names = new Map();
  let number = null;
  for (const line of markdown.split('\n')) {
    const top = /^## (\d+)\. (.+)$/.exec(line);
    if (top) {
      number = `§${top[1]}`;
      names.set(number, new Set([top[2]]));
    } else if (/^## /.test(line)) {
      number = null;
    } else if (number) {
      const sub = /^### (.+)$/.exec(line);
      if (sub) names.get(number).add(sub[1]);
      for (const bold of line.matchAll(/\*\*([^*]+)\*\*/g)) names.get(number).add(bold[1]);
    }
  }
  const named = new Set();
  const problems = [];
  for (const r of requirements) {
    for (const source of r.source) {
      if (!source.startsWith('product-spec')) continue;
      const m = SOURCE_RE.exec(source);
      if (m && names.get(m[1])?.has(m[2])) named.add(`${m[1]} ${m[2]}`);
      else problems.push(`${r.id}: source '${source}' names no section of the product spec`);
    }
  }
  return { named, problems };
}

/** The measured coverage of the spec by the requirements, and the problems of their sources. */
export function measureCoverage(markdown, requirements) {
  const items = specItems(markdown);
  const texts = requirements.map((r) => r.text.replace(/\s+/g, ' '));
  const states = (quoted) => texts.some((t) => t.includes(quoted));
  const { named, problems } = namedSections(requirements, markdown);
  const missing = {
    texts: items.texts.filter((t) => !states(`'${t}'`)),
    codes: items.codes.filter((c) => !texts.some((t) => new RegExp(`\\b${c}\\b`).test(t))),
    sections: items.sections.filter((s) => !named.has(s)),
  };
  const total = items.texts.length + items.codes.length + items.sections.length;
  const uncovered = missing.texts.length + missing.codes.length + missing.sections.length;
  return {
    spec: SPEC_FILE,
    items: {
      texts: items.texts.length,
      codes: items.codes.length,
      sections: items.sections.length,
    },
    covered: total - uncovered,
    total,
    ratio: total ? (total - uncovered) / total : 0,
    missing,
    problems,
  };
}

/** Reads the spec under root and measures it; a missing spec is a problem, not a pass. */
export function specCoverage(root, requirements) {
  let markdown;
  try {
    markdown = readFileSync(join(root, SPEC_FILE), 'utf8');
  } catch {
    return { coverage: null, problems: [`${SPEC_FILE}: the product spec is missing`] };
  }
  const coverage = measureCoverage(markdown, requirements);
  const problems = [...coverage.problems];
  if (coverage.ratio < MIN_COVERAGE) {
    const list = (kind, items) =>
      items.length ? `\n      ${kind}: ${items.map((i) => `'${i}'`).join(', ')}` : '';
    problems.push(
      `the requirements state ${coverage.covered} of the product spec's ${coverage.total} texts, codes and sections (${(coverage.ratio * 100).toFixed(1)} %, below ${MIN_COVERAGE * 100} %); not in any requirement:` +
        list('texts', coverage.missing.texts) +
        list('codes', coverage.missing.codes) +
        list('sections', coverage.missing.sections),
    );
  }
  return { coverage, problems };
}
