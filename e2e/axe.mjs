// axe-core (pinned in package.json) inside a page under WebDriver: the app's webview (e2e/a11y.test.mjs)
// or a guest's phone browser (e2e/table_guest.test.mjs). Its source is run as the body of an executeScript:
// the automation session runs it as a function, which the pages' strict CSP (`script-src 'self'`, no eval)
// does not govern, so the shipped CSPs are left as they are.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');
const AXE_SOURCE = readFileSync(AXE_PATH, 'utf8');
export const AXE_VERSION = JSON.parse(readFileSync(join(AXE_PATH, '..', 'package.json'), 'utf8')).version;

/** The impacts that fail a test. */
export const BLOCKING = new Set(['serious', 'critical']);

/** axe, once per page load. */
async function injectAxe(driver) {
  const present = await driver.executeScript('return typeof window.axe === "object" && typeof window.axe.run === "function"');
  if (present) return;
  const kind = await driver.executeScript(`${AXE_SOURCE}\n;return typeof window.axe;`);
  assert.equal(kind, 'object', 'axe-core loaded into the page');
}

const AXE_RUN = `
  const [only, done] = [arguments[0], arguments[arguments.length - 1]];
  const options = { resultTypes: ['violations'] };
  if (only) options.runOnly = { type: 'rule', values: only };
  window.axe.run(document, options).then(
    (r) => done({ incomplete: r.incomplete.reduce((n, v) => n + v.nodes.length, 0), violations: r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), impact: n.impact, summary: n.failureSummary, html: n.html.slice(0, 160) })),
    })) }),
    (e) => done({ error: String((e && e.stack) || e) }),
  );`;

/** Runs axe on the page as it is; returns the violations (rule, impact, nodes) and how many checks it
 * could not decide (`incomplete`: mostly contrast over a background it cannot read). */
export async function runAxe(driver, only = null) {
  await injectAxe(driver);
  const r = await driver.executeAsyncScript(AXE_RUN, only);
  assert.ok(!r.error, `axe failed: ${r.error}`);
  return r;
}

/** The serious and critical violations of the page, as readable lines (empty when there is none). */
export async function blockingViolations(driver, where) {
  const { violations } = await runAxe(driver);
  return violations
    .filter((v) => BLOCKING.has(v.impact))
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) at ${n.target} ${n.html} — ${v.help}`));
}
