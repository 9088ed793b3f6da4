// The save slots' commands of src-tauri/src/commands.rs (issue #6): list, save as, load, delete, export,
// import. Refusals come back as `ok: false` answers with an error; a rejected promise is an IPC failure.
import { invoke } from '@tauri-apps/api/core';
import type { ErrorInfo } from '../generated/ErrorInfo';
import type { Phase } from '../generated/Phase';
import type { PlayerView } from '../generated/PlayerView';

/** What the list shows of a slot: public facts only. */
export type SlotSummary = { turn: number; last_turn: number; phase: Phase; orders: string | null; vp: number };

export type SlotInfo = {
  id: string;
  /** The player's name for it (the file's name when unreadable). */
  name: string;
  /** Milliseconds since 1970. */
  saved_at: number | null;
  /** Kept by the app itself before a load or an import. */
  automatic: boolean;
  summary: SlotSummary | null;
  /** Why it cannot be loaded; null when it reads. */
  unreadable: string | null;
};

export type SavesAnswer = {
  ok: boolean;
  error?: ErrorInfo;
  slots?: SlotInfo[];
  view?: PlayerView;
  json?: string;
  message?: string;
};

export const NAME_MAX = 40;

export const listSaves = () => invoke<SavesAnswer>('list_saves');
export const saveSlot = (name: string, overwrite = false) => invoke<SavesAnswer>('save_slot', { name, overwrite });
export const loadSlot = (id: string) => invoke<SavesAnswer>('load_slot', { id });
export const deleteSlot = (id: string) => invoke<SavesAnswer>('delete_slot', { id });
export const exportSave = () => invoke<SavesAnswer>('export_save');
export const importSave = (json: string) => invoke<SavesAnswer>('import_save', { json });

/** A slot's date and time in the player's locale. */
export function savedWhen(ms: number | null): string {
  if (ms === null) return 'date unknown';
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A file name for an exported save: the Orders and the turn, safe on every system. */
export function exportFileName(view: PlayerView | null): string {
  const orders = view?.game?.orders.name ?? 'game';
  const slug = orders.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'game';
  return `goeben-${slug}-turn-${view?.turn ?? 0}.json`;
}
