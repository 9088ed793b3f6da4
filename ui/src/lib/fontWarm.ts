// The faces the game's screens draw text in, made ready while the player reads the first screen.
// In WebKitGTK each face (family, weight, style, size) costs fontconfig a match, about 2 ms, the first time a
// layout meets it: the first movement phase's layout took 44 ms in one run, where the same markup laid out anew
// takes 7 (docs/PERFORMANCE.md). Laying out one hidden word in each face after the first screen is painted moves that
// cost out of the taps. Other engines pay less per face; there it is a few spans laid out once.

/** A face: weight, size in rem of the page's text size, italic or not, and the code face (monospace). */
export type Face = { weight: number; rem: number; italic?: boolean; mono?: boolean };

const sans = (weight: number, rems: number[], italic = false): Face[] => rems.map((rem) => ({ weight, rem, italic }));

/** The faces the referee's screens use at the standard text size, in rem as the styles compute them: every face the
 * e2e whole game shows is checked to be here after each of its taps (e2e/whole_game.test.mjs); the rest (the game's
 * end, the menu's panels) were read off the e2e suite's other screens. 1.1 × 0.8333 rem: a `<small>` in a heading. */
export const FACES: readonly Face[] = [
  ...sans(400, [0.875, 1], true),
  ...sans(400, [0.875, 0.9, 0.95, 1, 1.05, 1.1, 2]),
  ...sans(500, [0.875, 1]),
  ...sans(600, [0.875, 0.9, 0.95, 1, 1.05, 1.1, 2]),
  ...sans(700, [0.875, 0.95, 1, 1.05, 1.1, 1.1 * 0.8333, 1.3, 2]),
  { weight: 400, rem: 0.9, mono: true },
  { weight: 400, rem: 1, mono: true },
  { weight: 400, rem: 2, mono: true },
  { weight: 600, rem: 0.95, mono: true },
];

/** The CSS `font` shorthand of a face, in the page's own families (read from the page: Apple's differ). */
export function fontOf(face: Face, families: { sans: string; mono: string }): string {
  return `${face.italic ? 'italic ' : ''}${face.weight} ${face.rem}rem ${face.mono ? families.mono : families.sans}`;
}

const PER_TASK = 4;

/** Lays out one hidden word in each face, a few faces per task so a tap meanwhile waits a few ms at most.
 * The box stays (hidden from sight and from assistive tech) so the faces stay in use. */
export function warmFonts(faces: readonly Face[] = FACES, doc: Document = document): Promise<void> {
  const box = doc.createElement('div');
  box.className = 'font-warm';
  box.setAttribute('aria-hidden', 'true');
  doc.body.append(box);
  const root = getComputedStyle(doc.documentElement);
  const families = { sans: root.fontFamily, mono: root.getPropertyValue('--mono').trim() || 'monospace' };
  return new Promise((done) => {
    let next = 0;
    const step = () => {
      for (const face of faces.slice(next, next + PER_TASK)) {
        const word = doc.createElement('span');
        word.style.font = fontOf(face, families);
        word.textContent = 'Goeben 1914';
        box.append(word);
      }
      next += PER_TASK;
      box.getBoundingClientRect();
      if (next < faces.length) return void setTimeout(step, 0);
      box.dataset.warmed = String(faces.length);
      done();
    };
    setTimeout(step, 0);
  });
}
