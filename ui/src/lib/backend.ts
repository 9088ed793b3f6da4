// The UI's only door to the shell: the `respond` and `startup_notice` commands of crates/app-core/src/commands.rs.
// Rule errors come back as `ok: false` responses; a rejected promise is an IPC failure.
import { call } from './ipc';
import type { Request } from '../generated/Request';
import type { Response } from '../generated/Response';
import type { FirstAnswer } from '../generated/shell/FirstAnswer';

export async function respond(action: Request): Promise<Response> {
  return call('respond', { action });
}

export async function startupNotice(): Promise<string | null> {
  return call('startup_notice');
}

/** The first view and the start's notice when the shell served them inside the page (a JSON data block put
 * in by `page_with_first_answer`, crates/app-core/src/commands.rs): the first screen then waits for no round
 * trip. Taken once (the element goes); null when the page holds none (a browser on the app server, a page
 * the shell could not fill) or it does not read, and the UI asks over IPC instead. */
export function firstAnswer(page: Document = document): FirstAnswer | null {
  const element = page.getElementById('first-answer');
  if (!element) return null;
  element.remove();
  try {
    const answer = JSON.parse(element.textContent ?? '') as FirstAnswer;
    return answer?.response?.view ? answer : null;
  } catch {
    return null;
  }
}
