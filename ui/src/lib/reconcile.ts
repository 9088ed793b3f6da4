// The next view folded into the one on screen, changing only what differs. A view is 12–26 KB of JSON and
// most answers change a few fields of it (a track, a die, the decisions); assigning the whole object would
// make every part of the screen that reads the view render again. Written into Svelte's `$state` proxy
// field by field, only the readers of a changed field run: the battle cards, the fleet list and the log
// stay as they are when nothing of theirs moved.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Makes `target` equal to `next` by writing only the fields that differ, and returns what the caller keeps:
 * `target` itself when both are objects or both arrays (changed in place), otherwise `next`.
 */
export function reconcile<T>(target: T, next: T): T {
  if (Array.isArray(target) && Array.isArray(next)) {
    reconcileArray(target as unknown[], next as unknown[]);
    return target;
  }
  if (isObject(target) && isObject(next)) {
    reconcileObject(target, next);
    return target;
  }
  return next;
}

function reconcileObject(target: Record<string, unknown>, next: Record<string, unknown>) {
  for (const key of Object.keys(target)) {
    if (!(key in next)) delete target[key];
  }
  for (const [key, value] of Object.entries(next)) {
    const kept = reconcile(target[key], value);
    if (kept !== target[key]) target[key] = kept;
  }
}

function reconcileArray(target: unknown[], next: unknown[]) {
  if (target.length > next.length) target.splice(next.length);
  next.forEach((value, i) => {
    if (i >= target.length) {
      target.push(value);
      return;
    }
    const kept = reconcile(target[i], value);
    if (kept !== target[i]) target[i] = kept;
  });
}
