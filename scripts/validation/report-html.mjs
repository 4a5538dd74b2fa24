/**
 * The validation report as one self-contained HTML page (no script, no external asset): the run's
 * identity and environment, the totals per risk class and of the run, then a row per requirement
 * with its tests and their outcomes. `report` is report-data.mjs's buildReport.
 */
import { coverageText, REQUIREMENT_OUTCOMES } from './report-data.mjs';

const esc = (v) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const OUTCOME_CLASS = {
  passed: 'ok',
  failed: 'bad',
  missing: 'warn',
  skipped: 'warn',
  'not run': 'warn',
  untested: 'bad',
};

const badge = (outcome) => `<span class="o ${OUTCOME_CLASS[outcome]}">${esc(outcome)}</span>`;

const STYLE = `
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1a1a1a}
h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#f0f0f0}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}
dt{font-weight:600}td.n{text-align:right}.id{white-space:nowrap;font-weight:600}
.o{display:inline-block;padding:0 6px;border-radius:3px;font-weight:600;white-space:nowrap}
.ok{background:#d8f3dc;color:#1b4332}.bad{background:#ffd6d6;color:#8b0000}.warn{background:#fff0c2;color:#6b4e00}
ul{margin:0;padding-left:18px}.t{font-size:12px}.src{color:#555;font-size:12px}code{font-size:12px}
@media print{body{margin:8mm}}
`;

function totalsTable(totals) {
  const head = ['Risk', 'Requirements', ...REQUIREMENT_OUTCOMES].map((h) => `<th>${esc(h)}</th>`).join('');
  const rows = Object.entries(totals)
    .map(
      ([risk, t]) =>
        `<tr><td>${esc(risk)}</td><td class="n">${t.requirements}</td>${REQUIREMENT_OUTCOMES.map(
          (o) => `<td class="n">${t[o]}</td>`,
        ).join('')}</tr>`,
    )
    .join('');
  return `<table id="totals"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function runTable(run) {
  const rows = run.files
    .map(
      (f) =>
        `<tr><td>${esc(f.source)}</td><td>${esc(f.runner)}</td><td class="n">${f.total}</td><td class="n">${f.passed}</td><td class="n">${f.failed}</td><td class="n">${f.skipped}</td></tr>`,
    )
    .join('');
  const all = `<tr><th colspan="2">All</th><th class="n">${run.total}</th><th class="n">${run.passed}</th><th class="n">${run.failed}</th><th class="n">${run.skipped}</th></tr>`;
  const ignored = run.ignored.length
    ? `<p>Not read: ${run.ignored.map((i) => `<code>${esc(i)}</code>`).join(', ')}</p>`
    : '';
  return `<table id="run"><thead><tr><th>Results file</th><th>Runner</th><th>Tests</th><th>Passed</th><th>Failed</th><th>Skipped</th></tr></thead><tbody>${rows}${all}</tbody></table>${ignored}`;
}

function requirementRow(r) {
  const tests = r.tests.length
    ? `<ul>${r.tests
        .map(
          (t) =>
            `<li class="t">${badge(t.outcome)} ${esc(t.kind)} <code>${esc(t.file)}:${t.line}</code> ${esc(t.title)}</li>`,
        )
        .join('')}</ul>`
    : '<em>no test</em>';
  return `<tr id="${esc(r.id)}"><td class="id">${esc(r.id)}</td><td>${esc(r.risk)}</td><td>${esc(r.text)}<div class="src">${esc(r.source.join('; '))}</div></td><td>${tests}</td><td>${badge(r.outcome)}</td></tr>`;
}

export function renderHtml(report) {
  const env = report.environment;
  const problems = report.problems.length
    ? `<h2>Matrix problems</h2><ul>${report.problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(report.product.name)} validation report ${esc(report.commit.slice(0, 12))}</title><style>${STYLE}</style></head>
<body>
<h1>${esc(report.product.name)} — validation report</h1>
<dl>
<dt>Version</dt><dd>${esc(report.product.version)}</dd>
<dt>Commit</dt><dd><code>${esc(report.commit)}</code></dd>
<dt>Date</dt><dd>${esc(report.date)}</dd>
<dt>Node</dt><dd>${esc(env.node)}</dd>
<dt>Database</dt><dd>${esc(env.database.join('; '))}</dd>
<dt>Browser</dt><dd>${esc(env.browser)}</dd>
<dt>Content SHA-256</dt><dd><code>${esc(report.contentSha256)}</code> (of report.json; the files' own in SHA256SUMS)</dd>
<dt>Product spec</dt><dd>${esc(coverageText(report.coverage))}</dd>
</dl>
<h2>Totals per risk class</h2>
${totalsTable(report.totals)}
<h2>The run</h2>
${runTable(report.run)}
${problems}
<h2>Requirements (${report.requirements.length})</h2>
<table id="requirements"><thead><tr><th>Id</th><th>Risk</th><th>Requirement</th><th>Tests</th><th>Outcome</th></tr></thead>
<tbody>
${report.requirements.map(requirementRow).join('\n')}
</tbody></table>
</body></html>
`;
}
