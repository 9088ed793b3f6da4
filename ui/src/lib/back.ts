// The one way back, for Android's back button (the app's `back-button` event), a guest page's browser
// history and Escape on a desktop: the topmost thing opened closes first, a tool or the review returns to
// what it was opened from, and only the start screen leaves the app. In the middle of a game the app asks
// before leaving (a back press by mistake must not drop the player out of a decision).

/** Something opened over the screen that knows how to close itself. A `dialog` (a rule's summary, a
 * question asked in the dock) sits above the app's sheets; a `page` (a table tool, the review) is under
 * them: the menu opened over a page closes before the page. */
export type Layer = { rank: 'dialog' | 'page'; close: () => void };

/** What App.svelte has open: its sheets and panels, and which main screen shows. */
export type Screen = {
  scan: boolean;
  menu: boolean;
  log: boolean;
  /** A side page over the game: the charts, the saves or the corrections. */
  side: boolean;
  /** The start screen's lists (saved games, finished games). */
  lists: boolean;
  main: 'start' | 'game' | 'new-game' | 'tools';
  /** The new-game screen was opened over a game that can be resumed. */
  resumable: boolean;
};

export type Step =
  | { kind: 'layer'; layer: Layer }
  | { kind: 'close'; what: 'scan' | 'menu' | 'log' | 'side' | 'lists' }
  | { kind: 'to-game' }
  | { kind: 'to-start' }
  | { kind: 'ask-leave' }
  | { kind: 'leave' };

/** The step one back press takes, from the layers opened (oldest first) and the screen. Pure. */
export function backStep(layers: readonly Layer[], screen: Screen): Step {
  const dialog = topmost(layers, 'dialog');
  if (dialog) return { kind: 'layer', layer: dialog };
  for (const what of ['scan', 'menu', 'log', 'side', 'lists'] as const) {
    if (screen[what]) return { kind: 'close', what };
  }
  const page = topmost(layers, 'page');
  if (page) return { kind: 'layer', layer: page };
  if (screen.main === 'tools') return { kind: 'to-start' };
  if (screen.main === 'new-game' && screen.resumable) return { kind: 'to-game' };
  return screen.main === 'game' ? { kind: 'ask-leave' } : { kind: 'leave' };
}

function topmost(layers: readonly Layer[], rank: Layer['rank']): Layer | undefined {
  return [...layers].reverse().find((layer) => layer.rank === rank);
}

// The layers open now, oldest first. A bound: a screen never stacks more than a handful; more means a
// component forgot to remove its layer.
const LAYERS_MAX = 16;
export const layers: Layer[] = [];

/** Registers something just opened; the returned function removes it (call it when it closes, e.g. as an
 * `$effect`'s cleanup). */
export function openLayer(rank: Layer['rank'], close: () => void): () => void {
  const layer: Layer = { rank, close };
  layers.push(layer);
  opened?.();
  console.assert(layers.length <= LAYERS_MAX, 'back: too many layers open', layers.length);
  return () => {
    const at = layers.indexOf(layer);
    if (at >= 0) layers.splice(at, 1);
  };
}

// Told when a layer opens: the guest page keeps one browser history entry per layer (history.ts).
let opened: (() => void) | null = null;
export function whenLayerOpens(listener: (() => void) | null) {
  opened = listener;
}

/** Closes the topmost layer of either rank; false when none is open (the guest page has no screen model:
 * its history goes back past the page then). */
export function closeTopLayer(): boolean {
  const top = topmost(layers, 'dialog') ?? topmost(layers, 'page');
  top?.close();
  return top !== undefined;
}
