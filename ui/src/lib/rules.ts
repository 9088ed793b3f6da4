// The rule summaries the referee shows next to log lines and decisions: read from the
// one data file the core reads too, `data/rules/summaries.json` (paraphrases, never the rulebook's
// sentences). The core cites only its keys, one or several separated by commas ("14.14, Victory Points
// Chart"); its tests fail on any reference it emits that has no summary, so there is no alias table here.
import data from '../../../data/rules/summaries.json';

export interface RuleSummary {
  title: string;
  summary: string;
}

/** One match of `lookupRule`: the key it matched and its summary. */
export interface RuleEntry extends RuleSummary {
  ref: string;
}

export const RULES: Record<string, RuleSummary> = data.rules;

/** Each chart of the rules pack, by its key in the pack: its one spelling (a key of RULES) and rules. */
export const CHARTS: Record<string, { ref: string; rules: string }> = data.charts;

/** A chart's heading: its name and the rules it serves ("Contact Table (14.3)"). */
export function chartTitle(key: string): string {
  const chart = CHARTS[key];
  if (!chart) return key;
  return `${RULES[chart.ref]?.title ?? chart.ref} (${chart.rules})`;
}

/** the charts screen's words for a chart's key or coded value ("german_lost" → "German ships
 * lost"), from the same data file (the core's tests hold it to the pack's charts). */
const CHART_WORDS: Record<string, string> = data.chart_words;

/** A chart's key or value in the player's words; a value the file does not know keeps its text, with spaces. */
export function chartWord(text: string): string {
  return CHART_WORDS[text] ?? text.replaceAll('_', ' ');
}

/** The summaries for a rule reference as the core writes it; parts without a summary are left out. */
export function lookupRule(ref: string): RuleEntry[] {
  const seen = new Set<string>();
  const out: RuleEntry[] = [];
  for (const part of ref.split(',').map((p) => p.trim())) {
    const rule = RULES[part];
    if (!rule || seen.has(part)) continue;
    seen.add(part);
    out.push({ ref: part, ...rule });
  }
  return out;
}

/** A rule is cited once: a line shown with its rule's chip (RuleRef) drops the
 * same citation from its words; any other bracket stays. */
export function uncited(text: string, rule: string): string {
  if (!rule) return text;
  const bare = text.split(` (${rule})`).join('');
  return bare === text ? text : bare.replace(/\s+([.,;:])/g, '$1');
}
