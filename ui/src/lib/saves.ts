// The save slots' commands of crates/app-core/src/commands.rs: list, save as, load, delete, export,
// import. Refusals come back as `ok: false` answers with an error; a rejected promise is an IPC failure.
import type { PlayerView } from '../generated/PlayerView';
import type { SavesAnswer } from '../generated/shell/SavesAnswer';
import type { SlotInfo } from '../generated/shell/SlotInfo';
import type { SlotSummary } from '../generated/shell/SlotSummary';
import { call } from './ipc';

// The answers are the shell's own types, generated from src-tauri/src (never copied here by hand).
export type { SavesAnswer, SlotInfo, SlotSummary };

// The longest slot name is the core's (api::names), never a copy.
export { SAVE_NAME_MAX_CHARS as NAME_MAX } from '../generated/names';

export const listSaves = () => call('list_saves');
export const saveSlot = (name: string, overwrite = false) => call('save_slot', { name, overwrite });
export const loadSlot = (id: string) => call('load_slot', { id });
export const deleteSlot = (id: string) => call('delete_slot', { id });
export const exportSave = () => call('export_save');
export const importSave = (json: string) => call('import_save', { json });

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
