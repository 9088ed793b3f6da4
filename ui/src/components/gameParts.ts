// The game screen's parts, one chunk loaded apart from the start screen's (issue #53: a new player's start
// parsed the whole game's code, 226 KB, before its first screen; without it the script runs ~13 ms sooner in
// WebKitGTK). App.svelte loads it as soon as it knows a game will be shown — at once for a returning player,
// once the start screen is painted for a new one — and applies no game view before it is in.
export { default as ActionPanel } from './ActionPanel.svelte';
export { default as Battle } from './Battle.svelte';
export { default as CodeField } from './CodeField.svelte';
export { default as CorrectDice } from './controls/CorrectDice.svelte';
export { default as DicePad } from './controls/DicePad.svelte';
export { default as Dock } from './Dock.svelte';
export { default as EventList } from './EventList.svelte';
export { default as Fleet } from './Fleet.svelte';
export { default as GameMenu } from './GameMenu.svelte';
export { default as GameOverCard } from './GameOverCard.svelte';
export { default as Header } from './Header.svelte';
export { default as KnownCard } from './KnownCard.svelte';
export { default as OnTheTable } from './OnTheTable.svelte';
export { default as OrdersCard } from './OrdersCard.svelte';
export { default as SecretStacks } from './SecretStacks.svelte';
