// The band the thumb reaches on a phone: between the sticky header and the dock. On a short screen for its
// text (a 320×568 phone; a 390×844 phone with its text at 200%) the dock goes compact (`data-short` on the
// root, app.css), the header's and the dock's heights are measured and kept as the page's scroll padding and
// bottom room (`keepRoom`), and the decision waiting scrolls itself into
// that band after each answer and whenever the layout changes (a turned phone, a new text size).
// An answer that keeps the screen where the thumb is (buying crew & gear again and again) holds the tapped
// control where it stood instead (`anchorOf`, `holdInPlace`); any other answer that leaves it on the page (a
// question after a question, a raid after a raid) holds it where it stood on the page (`holdAboveTapped`).

/** Below this many lines of the root's text tall, a screen is short: the dock takes one line. */
export const SHORT_BELOW_REM = 40;

/** The root's text size in px (a phone's text-size setting scales it; the app sizes everything in rem). */
export function remPx(doc: Document = document): number {
  return parseFloat(getComputedStyle(doc.documentElement).fontSize) || 16;
}

/** Below this many lines of the root's text wide, a screen is narrow: a term and its value stack. */
export const NARROW_BELOW_REM = 18;

/** Whether the screen is narrow for its text (a phone with its text at 200%; not a 320 px phone). */
export function isNarrow(win: Window = window, doc: Document = document): boolean {
  return win.innerWidth / remPx(doc) < NARROW_BELOW_REM;
}

/** Calls `changed` whenever the root's text size changes (a phone's text-size setting), through an
 * invisible box 10rem wide. Returns the stopper. */
export function watchTextSize(changed: () => void, doc: Document = document): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const probe = doc.createElement('div');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.cssText = 'position:absolute;left:0;top:0;width:10rem;height:0;visibility:hidden;pointer-events:none';
  doc.body.append(probe);
  let first = true;
  const observer = new ResizeObserver(() => {
    if (first) first = false;
    else changed();
  });
  observer.observe(probe);
  return () => {
    observer.disconnect();
    probe.remove();
  };
}

/** Whether the screen is short for its text. */
export function isShort(win: Window = window, doc: Document = document): boolean {
  return win.innerHeight / remPx(doc) < SHORT_BELOW_REM;
}

/** Calls `apply` with `el`'s height (px) now and after each change while it is on the page, then `changed`;
 * `apply(null)` when stopped. Returns the stopper. */
export function trackHeight(el: HTMLElement, apply: (px: number | null) => void, changed: () => void = () => {}): () => void {
  let last = -1;
  const write = () => {
    const h = Math.round(el.getBoundingClientRect().height);
    if (h === last) return;
    last = h;
    apply(h);
    changed();
  };
  write();
  if (typeof ResizeObserver === 'undefined') return () => apply(null);
  const observer = new ResizeObserver(write);
  observer.observe(el);
  return () => {
    observer.disconnect();
    apply(null);
  };
}

export type Room = { header: number | null; dock: number | null };

/** The room the sticky header and the fixed dock take (px; null: not measured, the stylesheet's estimate):
 * a scroll into view stops below the one and above the other, and the page's end clears the dock. Written
 * as each element's own properties, not as variables on the root: a variable there is inherited by every
 * element of the page, so each new dock height restyled the whole page inside the answer's frame (the
 * header's one variable changes only with the header's height). */
export function keepRoom(room: Room, doc: Document = document) {
  const root = doc.documentElement.style;
  const app = doc.querySelector<HTMLElement>('.app')?.style;
  const clear = (px: number | null) => (px === null ? '' : `calc(${px}px + 0.5rem)`);
  root.scrollPaddingTop = clear(room.header);
  root.scrollPaddingBottom = clear(room.dock);
  if (app) app.paddingBottom = clear(room.dock);
  // What sticks below the header (the crew & gear list's heading) reads its height from one variable, written
  // only when that height changes (a new text size, a turned phone), never by an answer's new dock.
  const header = room.header === null ? '' : `${room.header}px`;
  if (root.getPropertyValue('--header-room') !== header) root.setProperty('--header-room', header);
}

const USABLE = 'summary, select, input:not([type=hidden]):not([disabled]), button:not([disabled])';

/** The decision waiting on the page: a battle's fire or torpedo options, else the decisions card's first
 * group of controls (a ship's move, a picker, the answers to a question). Null when none is on the page. */
export function decisionArea(doc: Document = document): HTMLElement | null {
  const options = doc.querySelector<HTMLElement>('.battle .options');
  if (options) return options;
  const card = doc.querySelector<HTMLElement>('.actions');
  if (!card) return null;
  for (const child of card.children) if (child.matches(USABLE) || child.querySelector(USABLE)) return child as HTMLElement;
  return null;
}

/** The control in the area a player reaches for first: a folded section's heading or a list to pick from
 * (the choices above it come preselected), else its first main button (a fire card's, not Hold fire), else
 * the first control that can be used. */
export function firstControl(area: HTMLElement): HTMLElement | null {
  return area.querySelector<HTMLElement>('summary, select') ?? area.querySelector<HTMLElement>('button.primary:not([disabled])') ?? area.querySelector<HTMLElement>(USABLE);
}

type Box = { top: number; bottom: number };

/** How far (px, positive: down the page) to scroll so that `control` stands between the band's `top` and
 * `bottom`, the last result (`result`, if any) keeping `keep` px in view above it where both fit (a result
 * scrolled away above comes back), and — with `whole` — as much of the control's `area` lifted over the
 * dock as that allows. 0 when nothing needs to move. */
export function scrollToReach(band: Box, area: Box, control: Box, result: Box | null, keep: number, whole = true, margin = 8): number {
  const top = band.top + margin;
  const bottom = band.bottom - margin;
  const least = control.bottom - bottom; // at least this far: the control over the dock
  const most = control.top - top; // at most this far: the control never under the header
  const forResult = result ? result.bottom - (band.top + keep) : Infinity;
  // The whole area over the dock, never its top under the header; nothing to gain when it fits.
  const want = whole ? Math.max(0, Math.min(area.bottom - bottom, area.top - top)) : 0;
  const dy = Math.min(Math.max(Math.min(forResult, most, want), least), most);
  return Math.abs(dy) > 0.5 ? Math.round(dy) : 0;
}

/** Scrolls the decision waiting into the band between the header and the dock (see `scrollToReach`; `whole`
 * on a short screen, where a card rarely fits: as much of it as the last result allows). Returns the
 * distance scrolled. */
export function bringDecisionIntoReach(whole: boolean, doc: Document = document, win: Window = window): number {
  const area = decisionArea(doc);
  const control = area && firstControl(area);
  const dock = doc.querySelector('.dock');
  if (!area || !control || !dock) return 0;
  // Something is being typed: the keyboard took the screen's bottom, the field keeps the focus's place.
  const typing = doc.activeElement?.matches?.('input:not([type=checkbox]):not([type=radio]), textarea');
  if (typing) return 0;
  const header = doc.querySelector('.header');
  const band = { top: header ? header.getBoundingClientRect().bottom : 0, bottom: dock.getBoundingClientRect().top };
  // The last result right above the decisions (in two columns it stands beside them: no limit then): its
  // headline stays whole under the header where the control allows (issue #50: the news is where the eye
  // lands), else the last 2.5 rem of the card.
  const card = doc.querySelector('.columns > .column:first-child .events');
  const headline = card?.querySelector('.headline')?.getBoundingClientRect();
  const result = headline ? { top: headline.top, bottom: headline.top } : (card?.getBoundingClientRect() ?? null);
  const dy = scrollToReach(band, area.getBoundingClientRect(), control.getBoundingClientRect(), result, headline ? 0 : 2.5 * remPx(doc), whole);
  if (dy !== 0) win.scrollTo(0, win.scrollY + dy);
  return dy;
}

/** Where an element stood on the screen before an answer: its top and its height (px). */
export type Anchor = { el: Element; top: number; height: number };
/** What an answer that keeps the screen where the thumb is holds in place: the tapped control, its card. */
export type Anchors = { anchors: Anchor[]; results: Anchor | null };

/** Where the tapped control (or, if the answer removed it, its card) stands on the screen now, and the
 * results card above it. */
export function anchorOf(control: Element | null, doc: Document = document): Anchors {
  const card = control?.closest('.card, fieldset, section') ?? null;
  const at = (el: Element): Anchor => {
    const r = el.getBoundingClientRect();
    return { el, top: r.top, height: r.height };
  };
  const results = doc.querySelector('.events');
  return { anchors: [control, card].filter((el): el is Element => !!el).map(at), results: results ? at(results) : null };
}

/** Keeps what was tapped where it stood before the answer changed the page above it: the results card
 * does not shrink while the player buys again and again (a long first result, then short ones: at the top
 * of the page no scroll could make up for it), and what grew is scrolled away. Nothing moves under the thumb. */
export function holdInPlace({ anchors, results }: Anchors, win: Window = window) {
  if (results?.el.isConnected && results.el.getBoundingClientRect().height < results.height) {
    (results.el as HTMLElement).style.minHeight = `${results.height}px`;
  }
  const kept = anchors.find((a) => a.el.isConnected);
  if (!kept) return;
  const moved = kept.el.getBoundingClientRect().top - kept.top;
  if (Math.abs(moved) >= 1) win.scrollBy({ top: moved });
}

/** Where the tapped control stood on the page (not the screen: the answer's screen starts from the top)
 * before an answer other than crew & gear: the control, else its card. */
export type PagePlace = { els: Element[]; top: number[] };

export function pagePlaceOf(control: Element | null, win: Window = window, doc: Document = document): PagePlace {
  // The dock and the header stand on the screen, not the page: nothing of theirs is held.
  const inPage = control && !control.closest('.dock, .header') ? control : null;
  const { anchors } = anchorOf(inPage, doc);
  return { els: anchors.map((a) => a.el), top: anchors.map((a) => a.top + win.scrollY) };
}

/** After an answer that left the tapped control (or its card) on the page — the next question in the same
 * card, the next ship's raid — the controls stay where the thumb left them: when the last result above them
 * is shorter than the one it replaced, the results card keeps the room (`min-height`, released by the next
 * answer) rather than the buttons coming up under the thumb. What grew is left as it is: the new result is
 * read from its top. Returns how many px were held. */
export function holdAboveTapped(place: PagePlace, doc: Document = document, win: Window = window): number {
  const i = place.els.findIndex((el) => el.isConnected);
  if (i < 0) return 0;
  const now = place.els[i].getBoundingClientRect();
  const up = Math.round(place.top[i] - (now.top + win.scrollY));
  const results = doc.querySelector<HTMLElement>('.events');
  // Only a results card above the control moves it (in two columns it stands beside the decisions).
  if (up < 1 || !results || results.getBoundingClientRect().bottom > now.top) return 0;
  results.style.minHeight = `${results.getBoundingClientRect().height + up}px`;
  return up;
}

/** Any other answer lets the results card take its own height again. */
export function releaseResults(doc: Document = document) {
  doc.querySelectorAll<HTMLElement>('.events').forEach((el) => el.style.removeProperty('min-height'));
}
