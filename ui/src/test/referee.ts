// A stand-in for the shell's `respond` command: the first `view` gets `first`, any other request the
// answer given for its action (default: `first` again). It keeps every action sent, in order.
import { mockIPC } from '@tauri-apps/api/mocks';
import type { Request } from '../generated/Request';
import type { Response } from '../generated/Response';

export type Answers = Partial<{ [K in Request['action']]: (action: Extract<Request, { action: K }>) => Response }>;

export class FakeReferee {
  sent: Request[] = [];

  constructor(
    public first: Response,
    public answers: Answers = {},
  ) {}

  install(): this {
    mockIPC((cmd, args) => {
      if (cmd === 'startup_notice') return null;
      if (cmd !== 'respond') throw new Error(`unexpected command ${cmd}`);
      const action = (args as { action: Request }).action;
      this.sent.push(action);
      const answer = this.answers[action.action] as ((a: Request) => Response) | undefined;
      return answer ? answer(action) : this.first;
    });
    return this;
  }

  /** The actions sent of one kind. */
  of<K extends Request['action']>(kind: K): Extract<Request, { action: K }>[] {
    return this.sent.filter((a): a is Extract<Request, { action: K }> => a.action === kind);
  }
}
