// While a table holds the app's running game, the app's screen is its table display, and the
// seats' phones move it. The shell tells the screen when that game changed through a channel the screen
// gives it (`table_watch`): the table's version, a number, never the game; the screen then asks for its
// view as it always does. No event, no new capability beyond the command's own permission.
import { Channel } from '@tauri-apps/api/core';
import { call, overHttp } from './ipc';
import type { TableVersion } from '../generated/shell/TableVersion';

/**
 * Gives the shell the channel through which it tells the table's version whenever a seat's move, undo or
 * correction changes the game the table holds (and once when a table holding it opens or reopens, once
 * more when closing brings the game back); the shell keeps it across tables, and a closed table tells
 * it nothing. `changed` runs then, one at a time:
 * versions told while it runs fold into one more run after it. Answers whether a table holding the app's
 * game is open now (false too when the shell cannot be reached).
 */
export async function watchTable(changed: () => Promise<unknown>): Promise<boolean> {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    try {
      do {
        again = false;
        await changed().catch(() => undefined);
      } while (again);
    } finally {
      running = false;
    }
  };
  const told = (version: TableVersion) => {
    if (typeof version?.version !== 'number') return;
    if (running) again = true;
    else void run();
  };
  try {
    if (overHttp()) {
      // The app server streams what the shell's channel would be told (server-sent events).
      const stream = new EventSource('/ipc/table_watch');
      stream.onmessage = (message) => told(JSON.parse(message.data) as TableVersion);
      return await call('table_watch', {});
    }
    return await call('table_watch', { onChange: new Channel<TableVersion>(told) });
  } catch {
    return false;
  }
}
