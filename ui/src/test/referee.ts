// A stand-in for the shell's `respond` command: the first `view` gets `first`, any other request the
// answer given for its action (default: `first` again). It keeps every action sent, in order.
import { mockIPC } from '@tauri-apps/api/mocks';
import type { Action } from '../generated/Action';
import type { Response } from '../generated/Response';

export type Answers = Partial<{ [K in Action['action']]: (action: Extract<Action, { action: K }>) => Response }>;

export class FakeReferee {
  sent: Action[] = [];

  constructor(
    public first: Response,
    public answers: Answers = {},
  ) {}

  install(): this {
    mockIPC((cmd, args) => {
      if (cmd === 'startup_notice') return null;
      if (cmd !== 'respond') throw new Error(`unexpected command ${cmd}`);
      const action = (args as { action: Action }).action;
      this.sent.push(action);
      const answer = this.answers[action.action] as ((a: Action) => Response) | undefined;
      return answer ? answer(action) : this.first;
    });
    return this;
  }

  /** The actions sent of one kind. */
  of<K extends Action['action']>(kind: K): Extract<Action, { action: K }>[] {
    return this.sent.filter((a): a is Extract<Action, { action: K }> => a.action === kind);
  }
}
