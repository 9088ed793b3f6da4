// The UI's one call into the shell: every IPC command goes through `call`, by a name of the
// generated `Command` union (src-tauri/src/ipc_commands.rs, the list the shell registers and allows), and
// answers the type the shell's command returns. A command added on one side only fails svelte-check here
// (or the shell's `ipc_bindings` tests); a misspelt name fails to type-check at the call.
//
// Outside Tauri — the page served by the app server (`crates/app-server`, for a browser such as Chromium,
// Android's engine), which marks it with `<meta name="goeben-ipc" content="http">` — the same commands go
// over HTTP to that server, answered by the same Tauri-free crates: `POST /ipc/<command>` with the
// arguments as one JSON object.
import { invoke, type InvokeArgs, type InvokeOptions } from '@tauri-apps/api/core';
import type { CareerAnswer } from '../generated/CareerAnswer';
import type { FinishedAnswer } from '../generated/FinishedAnswer';
import type { Response } from '../generated/Response';
import type { Command } from '../generated/shell/commands';
import type { FrameAnswer } from '../generated/shell/FrameAnswer';
import type { SavesAnswer } from '../generated/shell/SavesAnswer';
import type { TableAnswer } from '../generated/shell/TableAnswer';
import type { ToolResponse } from '../generated/tools/ToolResponse';

/** What each command answers (the Rust return types of crates/app-core/src/commands.rs and its neighbours, which the shell forwards to). */
export type Answers = {
  respond: Response;
  startup_notice: string | null;
  list_saves: SavesAnswer;
  save_slot: SavesAnswer;
  load_slot: SavesAnswer;
  delete_slot: SavesAnswer;
  export_save: SavesAnswer;
  import_save: SavesAnswer;
  list_finished: FinishedAnswer;
  finished_record: FinishedAnswer;
  career: CareerAnswer;
  tools_respond: ToolResponse;
  table_addresses: string[];
  table_open: TableAnswer;
  table_status: TableAnswer;
  table_reissue: TableAnswer;
  table_close: TableAnswer;
  table_forget: TableAnswer;
  table_watch: boolean;
  decode_frame: FrameAnswer;
  app_ready: number;
};

// `Answers` names exactly the generated commands: one missing or one too many fails to type-check.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const answersNameEveryCommand: Exactly<keyof Answers, Command> = true;
void answersNameEveryCommand;

/** Whether the page was served by the app server: its commands then go over HTTP. */
export function overHttp(): boolean {
  return typeof document !== 'undefined' && document.querySelector('meta[name="goeben-ipc"][content="http"]') !== null;
}

/** Invokes one shell command; a rejected promise is an IPC failure (refusals come back as answers). */
export function call<C extends Command>(command: C, args?: InvokeArgs, options?: InvokeOptions): Promise<Answers[C]> {
  if (overHttp()) return callOverHttp(command, args);
  return invoke<Answers[C]>(command, args, options);
}

/** One command over HTTP to the app server: a refused request (a status other than 200) rejects, with the
 * server's reason, as a failed `invoke` does. */
async function callOverHttp<C extends Command>(command: C, args?: InvokeArgs): Promise<Answers[C]> {
  const response = await fetch(`/ipc/${command}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args ?? {}),
  });
  if (!response.ok) throw new Error(`${command}: ${await response.text()}`);
  return (await response.json()) as Answers[C];
}
