// The UI's only door to the shell: the `respond` and `startup_notice` commands of crates/app-core/src/commands.rs.
// Rule errors come back as `ok: false` responses; a rejected promise is an IPC failure.
import { call } from './ipc';
import type { Request } from '../generated/Request';
import type { Response } from '../generated/Response';

export async function respond(action: Request): Promise<Response> {
  return call('respond', { action });
}

export async function startupNotice(): Promise<string | null> {
  return call('startup_notice');
}
