// The guest page's way back is the browser's: each layer opened (a tool, a rule's summary, a question)
// adds a history entry, so the phone's back button or gesture closes it (lib/back.ts) instead of leaving the
// seat. Entries are added when a tap opens something: browsers skip entries a page added on its own.
import { closeTopLayer, whenLayerOpens } from '../lib/back';

const MARK = { goebenLayer: true };

/** Starts following the history; the returned function stops. */
export function followHistory(win: Window = window): () => void {
  whenLayerOpens(() => win.history.pushState(MARK, ''));
  const onpopstate = () => {
    // An entry whose layer was closed by its own button has nothing left to close: go on back, as the
    // player asked (from the first entry, off the page).
    if (!closeTopLayer()) win.history.back();
  };
  win.addEventListener('popstate', onpopstate);
  return () => {
    whenLayerOpens(null);
    win.removeEventListener('popstate', onpopstate);
  };
}
