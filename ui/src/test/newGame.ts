import { fireEvent, screen } from '@testing-library/svelte';

/** Opens the new game's options as a player does, by a tap on the fold's summary: folded, they are not built
 * (components/NewGame.svelte). */
export async function openOptions() {
  await fireEvent.click(await screen.findByText(/^Orders, optional rules and modes/));
}
