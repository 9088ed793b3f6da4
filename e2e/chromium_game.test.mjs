// The whole seeded Orders game of e2e/orders_games.test.mjs, in Chromium — the engine of Android's WebView —
// as the devices the app is played on: a phone (390×844 at a pixel ratio of 3), a small phone (320×568 at 2),
// a tablet (768×1024 at 2) and the phone with its text at 200 %, each tapped by touch (a finger's touch start
// and end where the control is drawn, not a mouse's click), on the real core and store (the app server). At
// every decision the checks the WebKitGTK game makes: the header is the view's, nothing past the window's
// edge and no button's words cut, the next step between the header and the dock the first time each phase
// is met, the last tap's headline in view; the end is the referee CLI's. A screenshot before each decision:
// e2e/screenshots/chromium/<size>/<orders>/NNN-…-<size>.png.
import { wholeGameTests } from './chromium_whole_game.mjs';

// The phone and the tablet here; the small phone and 200 % text in e2e/chromium_game_short.test.mjs.
wholeGameTests(['phone', 'tablet']);
