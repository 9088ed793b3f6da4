// The page is on screen: tell the shell once the first frame is painted, as the real app does
// (ui/src/lib/startup.ts), with the same moments (wall-clock ms).
const now = () => performance.timeOrigin + performance.now();
const marks = { navigation: performance.timeOrigin, script: now() };
requestAnimationFrame(() => {
  marks.frame = now();
  setTimeout(() => {
    marks.painted = now();
    window.__TAURI_INTERNALS__.invoke('app_ready', { marks });
  }, 0);
});
