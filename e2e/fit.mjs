// Whether a screen fits the window it is shown in, at every size and text scale players use (a 320 px phone,
// a tablet either way up, a phone with its text at 200%): nothing wider than the window, no button whose
// words overflow it, and, in a game, the next step's control between the header and the dock without
// scrolling. Used by e2e/whole_game.test.mjs and
// e2e/sizes.test.mjs.
import assert from 'node:assert/strict';
import { resize, screenshot } from './harness.mjs';
import { selector, tid } from '../ui/src/lib/testids.js';

/** The sizes checked, phone first. `text` scales the root font (the app sizes everything in rem), as a
 * phone's text-size setting scales a page. At every size the next step must also stand between the header
 * and the dock without the player scrolling: on a short screen for its text (320×568, and 390×844 with the
 * text at 200%: `short`) the dock is one line and the decision brings itself into that band
 * (ui/src/lib/reach.ts); there a long picker can stand further below the last result than the band is
 * tall, so the last result beside it is reported (`assertOneHanded`'s `withResult`), not required. */
export const SIZES = [
  { name: 'phone', width: 390, height: 844, text: 1 },
  { name: 'small-phone', width: 320, height: 568, text: 1, short: true },
  { name: 'tablet', width: 768, height: 1024, text: 1 },
  { name: 'tablet-landscape', width: 1024, height: 768, text: 1 },
  { name: 'phone-text200', width: 390, height: 844, text: 2, short: true },
];

/** Shows the page at `size`: the window's size and the text scale, after two frames. */
export async function showAt(driver, size) {
  await resize(driver, size.width, size.height);
  await driver.executeAsyncScript(
    `const [scale, done] = [arguments[0], arguments[arguments.length - 1]];
     const size = scale === 1 ? '' : (16 * scale) + 'px';
     if (document.documentElement.style.fontSize !== size) {
       document.documentElement.style.fontSize = size;
       // WebKit keeps a button's height from before (lib/relayout.ts); a phone applies its text size at
       // load, so the page is measured afresh, as the app does after a resize.
       const y = scrollY;
       document.body.style.display = 'none';
       void document.body.offsetHeight;
       document.body.style.display = '';
       scrollTo(0, y);
     }
     requestAnimationFrame(() => requestAnimationFrame(() => done()));`,
    size.text,
  );
}

/** A screenshot at `size` (its text scale kept while the shot is taken). */
export async function shotAt(driver, name, size) {
  await showAt(driver, size);
  return screenshot(driver, `${name}-${size.name}`, size.width, size.height);
}

/** The decision's control as e2e/play.mjs taps it: its css, which one, and what inside it. */
export function controlOf(decision) {
  const c = decision.control;
  // A step that only opens a folded section is not the control (the section is).
  const first = c.steps ? (c.steps.find((s) => !s.open) ?? c.steps[0]) : c;
  const id = first.select ?? first.testid ?? (c.move ? tid.moveTo(c.move) : null);
  return { css: selector(id), nth: first.nth ?? 0, inside: first.inside ?? null, label: first.label ?? null };
}

/** What overflows the window now, and (with `control`) where the next step's control, the dock's big
 * button and the last result sit. */
export async function measureFit(driver, control = null) {
  return driver.executeAsyncScript(
    `const [control, dockCss] = arguments;
     const done = arguments[arguments.length - 1];
     requestAnimationFrame(() => requestAnimationFrame(() => {
     const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect(); return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right), height: Math.round(r.height) }; };
     const shown = (el) => el.offsetParent !== null && el.getClientRects().length > 0;
     const words = (el) => el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40);
     // Wider than the window: the page scrolls sideways.
     // The window's width: the layout's (a phone's browser widens innerWidth to a page wider than its screen
     // and zooms out, so innerWidth would hide the overflow it is measured for).
     const edge = document.documentElement.clientWidth;
     const wide = document.documentElement.scrollWidth - edge;
     // A button whose words overflow it, down or sideways (an ellipsis inside a child is the design: the
     // child clips, the button does not overflow).
     const clipped = [...document.querySelectorAll('button')].filter((b) => shown(b) && (b.scrollHeight > b.clientHeight + 2 || b.scrollWidth > b.clientWidth + 2)).map(words);
     // A select whose chosen words are longer than its box is wide and that is not tall enough for a second
     // line cuts them ("— choose t…"): its text is measured in its own font (a select's box reports no overflow).
     const pen = document.createElement('canvas').getContext('2d');
     for (const s of document.querySelectorAll('select')) {
       const chosen = s.selectedOptions[0]?.textContent.trim() ?? '';
       if (!shown(s) || !chosen) continue;
       const css = getComputedStyle(s);
       pen.font = css.font;
       const inner = s.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
       const line = parseFloat(css.lineHeight) || parseFloat(css.fontSize) * 1.4;
       const tall = s.clientHeight - parseFloat(css.paddingTop) - parseFloat(css.paddingBottom);
       if (pen.measureText(chosen).width > inner + 2 && tall < 1.8 * line) clipped.push('select: ' + chosen.slice(0, 40));
     }
     // Anything shown whose right edge passes the window's (a cut line, a table too wide for its card).
     // (Inside a box that scrolls or clips sideways is the design: a wide table scrolls in its card.)
     const clippedAbove = (el) => { for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true; return false; };
     const cut = [...document.querySelectorAll('.app *, .guest *')].filter((el) => shown(el) && el.getBoundingClientRect().right > edge + 1 && !clippedAbove(el)).slice(0, 5).map((el) => el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' ' + words(el));
     // Words past the right edge whose element's box does not show it (a long word in a flex line's
     // anonymous item, text overflowing its block): each text node's own box, named by its element.
     const walker = document.createTreeWalker(document.querySelector('.app, .guest') ?? document.body, NodeFilter.SHOW_TEXT);
     const range = document.createRange();
     for (let t = walker.nextNode(); t && cut.length < 8; t = walker.nextNode()) {
       const el = t.parentElement;
       if (!t.textContent.trim() || !el || !shown(el) || clippedAbove(t)) continue;
       range.selectNodeContents(t);
       if (range.getBoundingClientRect().right > edge + 1) cut.push('words in ' + el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' ' + words(el));
     }
     // The last tap's headline (issue #50): where it stands and what it says.
     // The card's when it stands between the header and the dock, else the dock's one line.
     const headlineOf = () => {
       const top = document.querySelector('.header')?.getBoundingClientRect().bottom ?? 0;
       const bottom = document.querySelector('.dock')?.getBoundingClientRect().top ?? innerHeight;
       const h = document.querySelector('.events .headline');
       const r = h?.getBoundingClientRect();
       if (h && r.top >= top - 1 && r.bottom <= bottom + 1) return { ...box(h), text: h.textContent.trim(), where: 'card' };
       const d = document.querySelector('.dock .news');
       return d ? { ...box(d), text: d.textContent.trim(), where: 'dock' } : h ? { ...box(h), text: h.textContent.trim(), where: 'card' } : null;
     };
     let seen = { wide, clipped, cut, height: innerHeight, width: innerWidth };
     if (control) {
       let all = [...document.querySelectorAll(control.css)];
       if (control.inside) all = all.flatMap((el) => [...el.querySelectorAll(control.inside)]);
       const el = control.label === null ? all[control.nth] : all.find((e) => e.textContent.replace(/\\s+/g, ' ').trim().startsWith(control.label));
       const next = dockCss.map((d) => document.querySelector(d)).find(Boolean);
       // The one decision due may be the dock's own button (issue #50): the same step, under the thumb.
       const dockDecision = document.querySelector(dockCss[1]);
       seen = { ...seen, control: box(el), inDock: !!el && !!document.querySelector('.dock')?.contains(el), dockDecision: box(dockDecision), header: box(document.querySelector('.header')), dock: box(document.querySelector('.dock')), next: box(next), result: box(document.querySelector('.events:not(.empty)')), headline: headlineOf() };
     }
     done(seen);
     }));`,
    control,
    [selector(tid.action('end_phase')), selector(tid.dockDecision), selector(tid.nextStep)],
  );
}

/** Nothing overflows: no sideways scroll, no button's words cut, nothing past the window's right edge. */
export function assertNothingOverflows(where, seen) {
  assert.ok(seen.wide <= 1, `${where}: the page is ${seen.wide} px wider than the window`);
  assert.deepEqual(seen.clipped, [], `${where}: no button's or select's words are cut`);
  assert.deepEqual(seen.cut, [], `${where}: nothing passes the window's right edge`);
}

/** The last tap's headline (issue #50) is on the screen without scrolling and says something: the results
 * card's, between the header and the dock, or else the dock's own line of it. */
export function assertHeadlineInView(where, seen) {
  const { headline, header, dock, height } = seen;
  assert.ok(headline, `${where}: the last tap's headline is on the page`);
  assert.ok(headline.text.length > 0, `${where}: the last tap's headline says something`);
  const inBand = headline.top >= header.bottom - 1 && headline.bottom <= dock.top + 1;
  const inDock = headline.where === 'dock' && headline.top >= dock.top - 1 && headline.bottom <= height + 1;
  assert.ok(inBand || inDock, `${where}: the headline "${headline.text.slice(0, 60)}" (${headline.top}–${headline.bottom}, ${headline.where}) stands between the header (…${header.bottom}) and the dock (${dock.top}…), or in the dock`);
}

/** The one-handed look: the control between the header and the dock, the dock's big button on screen, the
 * last result (if any; unless `withResult` is false) at least partly in view above the control. */
export function assertOneHanded(where, seen, withResult = true) {
  const { control, inDock, dockDecision, header, dock, next, result, height } = seen;
  assertNothingOverflows(where, seen);
  assert.ok(control, `${where}: the next step's control is on the screen`);
  // The one decision due offered by the dock's big button is the next step under the thumb, wherever its card is.
  if (dockDecision) assert.ok(dockDecision.top >= dock.top && dockDecision.bottom <= height, `${where}: the dock's decision (${dockDecision.top}–${dockDecision.bottom}) is on the screen`);
  else if (inDock) assert.ok(control.top >= dock.top && control.bottom <= height, `${where}: the dock's next step (${control.top}–${control.bottom}) is on the screen`);
  else assert.ok(control.top >= header.bottom - 1 && control.bottom <= dock.top + 1, `${where}: the next step's control (${control.top}–${control.bottom}) lies between the header (…${header.bottom}) and the dock (${dock.top}…) without scrolling`);
  if (next) assert.ok(next.top >= dock.top && next.bottom <= height, `${where}: the dock's big button is on the screen`);
  // The results card in view with the next step, or (issue #50) its headline in the dock's line.
  if (result && withResult) assert.ok((result.top < dock.top && result.bottom > header.bottom) || seen.headline?.where === 'dock', `${where}: the last result is in view with it (${result.top}–${result.bottom})`);
}
