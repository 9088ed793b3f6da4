// Table mode: who this screen acts for. In the app both players share one device
// (`here.seat` is null: both act, each peeks at their own secrets). On the guest page a phone is one
// seat: its player acts only as that player (the host refuses anything else with 403 anyway), and the
// table display acts for no one. `here.version` is the host's table version, pushed over the guest's
// WebSocket: every tool screen asks for its view again when it changes.
import type { Player } from '../generated/tools/Player';

/** A seat at a host's table: the player it acts as (null for the table display) and its name ("A"). */
export type Seat = { player: Player | null; name: string };

export const here = $state<{ seat: Seat | null; version: number }>({ seat: null, version: 0 });

const BOTH: Player[] = ['a', 'b'];

/** The players this screen may act for: both in the app, one on a player's seat, none on the display. */
export function actors(): Player[] {
  const seat = here.seat;
  if (seat === null) return BOTH;
  return seat.player ? [seat.player] : [];
}

export const mayAct = (player: Player): boolean => actors().includes(player);

/** A guest's own player, or the first one (the player pickers' starting choice). */
export const firstActor = (): Player => actors()[0] ?? 'a';
