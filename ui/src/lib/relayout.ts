// WebKit (WebKitGTK, seen under Xvfb; Safari shares the engine) keeps a button's height from before a window
// resize: after the window narrows, wrapped labels overflow buttons drawn one line tall (a phone turned, a
// desktop window made narrow). Taking the page out of layout for a moment and back makes WebKit measure every
// button again; the scroll position is put back, so the player stays where they were.
export function relayout(doc: Document = document, win: Window = window): void {
  const y = win.scrollY;
  const body = doc.body;
  body.style.display = 'none';
  void body.offsetHeight;
  body.style.display = '';
  win.scrollTo(0, y);
}

/** Relayouts once per frame after the window changed size. Returns the listener's remover. */
export function relayoutOnResize(win: Window = window): () => void {
  let queued = false;
  const onResize = () => {
    if (queued) return;
    queued = true;
    win.requestAnimationFrame(() => {
      queued = false;
      relayout(win.document, win);
    });
  };
  win.addEventListener('resize', onResize);
  return () => win.removeEventListener('resize', onResize);
}
