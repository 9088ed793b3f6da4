// The next view folded into the one on screen, changing only what differs. A view is 12–26 KB of JSON and
// most answers change a few fields of it (a track, a die, the decisions); assigning the whole object would
// make every part of the screen that reads the view render again. Written into Svelte's `$state` proxy
// field by field, only the readers of a changed field run: the battle cards, the fleet list and the log
// stay as they are when nothing of theirs moved.

/** A list `$state` keeps as it is: Svelte proxies plain objects and arrays only, so an array of this class is
 * stored and read raw, its items too — no proxy built for each decision, action or place as the cards read
 * them (opening the movement phase, building those proxies and walking their keys took 3.3 ms of
 * own time in Chromium's profile, and left garbage to collect).
 * Only for what is replaced whole, never changed in place (`whole` below): nothing would see such a change. */
class Whole<T> extends Array<T> {}

/** Whether `list` is kept whole: never changed in place, so what is built from it may be kept per list. */
export const isWhole = (list: unknown): boolean => list instanceof Whole;

/** `view`'s lists at `paths` (keys, or keys of keys: `game.places`) made `Whole`, in place, before the view
 * is kept in `$state`. */
export function keepWhole<T extends object>(view: T, paths: readonly string[]): T {
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let at: unknown = view;
    for (const key of keys) at = isObject(at) ? at[key] : undefined;
    if (!isObject(at)) continue;
    const list = at[last];
    if (Array.isArray(list) && !(list instanceof Whole)) at[last] = Whole.from(list);
  }
  return view;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether two values parsed from JSON are equal (plain objects, arrays and primitives only). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => k in b && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Makes `target` equal to `next` by writing only the fields that differ, and returns what the caller keeps:
 * `target` itself when both are objects or both arrays (changed in place), otherwise `next`.
 *
 * `before`, when given, is the plain value `target` was last made equal to (the previous answer's view as
 * parsed): the parts where `next` equals it are skipped without reading `target` at all. Reading a `$state`
 * proxy field by field costs far more than comparing two parsed objects (~3 ms an answer).
 */
export function reconcile<T>(target: T, next: T, before?: T, whole: readonly string[] = []): T {
  if (Array.isArray(target) && Array.isArray(next)) {
    reconcileArray(target as unknown[], next as unknown[], Array.isArray(before) ? before : undefined);
    return target;
  }
  if (isObject(target) && isObject(next)) {
    reconcileObject(target, next, isObject(before) ? before : undefined, whole);
    return target;
  }
  return next;
}

/** `whole`: the paths (from this object: `decisions`, `game.places`) whose value is replaced as a whole when it
 * differs, never changed in place — for what is kept per list elsewhere (lib/barrier.ts indexes each list
 * of decisions, lib/names.ts each list of places). */
function reconcileObject(target: Record<string, unknown>, next: Record<string, unknown>, before?: Record<string, unknown>, whole: readonly string[] = []) {
  for (const key of Object.keys(before ?? target)) {
    if (!(key in next)) delete target[key];
  }
  for (const [key, value] of Object.entries(next)) {
    if (before && key in before && same(before[key], value)) continue;
    if (whole.includes(key)) {
      if (before || !same(target[key], value)) target[key] = value;
      continue;
    }
    const inner = whole.filter((path) => path.startsWith(`${key}.`)).map((path) => path.slice(key.length + 1));
    const kept = reconcile(target[key], value, before?.[key], inner);
    if (kept !== target[key]) target[key] = kept;
  }
}

function reconcileArray(target: unknown[], next: unknown[], before?: unknown[]) {
  const had = (before ?? target).length;
  if (had > next.length) target.splice(next.length);
  next.forEach((value, i) => {
    if (i >= had) {
      target.push(value);
      return;
    }
    if (before && same(before[i], value)) return;
    const kept = reconcile(target[i], value, before?.[i]);
    if (kept !== target[i]) target[i] = kept;
  });
}
