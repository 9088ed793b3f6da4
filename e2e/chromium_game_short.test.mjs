// The whole seeded Orders game in Chromium by touch on the short screens: a small phone (320×568 at a pixel
// ratio of 2) and a phone with its text at 200 % (the phone and the tablet: e2e/chromium_game.test.mjs, which
// says what is checked).
import { wholeGameTests } from './chromium_whole_game.mjs';

wholeGameTests(['small-phone', 'phone-text200']);
