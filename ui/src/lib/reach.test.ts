// The band the thumb reaches (lib/reach.ts): which screens are short for their text, and how far the page
// scrolls to bring the decision waiting between the header and the dock without losing the last result.
import { afterEach, describe, expect, it } from 'vitest';
import { decisionArea, firstControl, holdAboveTapped, isNarrow, isShort, keepRoom, pagePlaceOf, scrollToReach, trackHeight } from './reach';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.style.fontSize = '';
});

const at = (innerHeight: number) => ({ innerHeight }) as Window;

describe('a short screen for its text', () => {
  it('is a 320×568 phone, or a 390×844 phone with its text at 200%; not a 390×844 phone or a landscape tablet', () => {
    expect(isShort(at(568))).toBe(true);
    expect(isShort(at(844))).toBe(false);
    expect(isShort(at(768))).toBe(false);
    document.documentElement.style.fontSize = '32px';
    expect(isShort(at(844))).toBe(true);
  });
});

describe('a narrow screen for its text', () => {
  it('is a 390 px phone with its text at 200%; not a 320 px phone at its usual text size', () => {
    const wide = (innerWidth: number) => ({ innerWidth }) as Window;
    expect(isNarrow(wide(320))).toBe(false);
    document.documentElement.style.fontSize = '32px';
    expect(isNarrow(wide(390))).toBe(true);
  });
});

describe('bringing the decision into reach', () => {
  const band = { top: 100, bottom: 500 };
  it('does not move what is already between the header and the dock', () => {
    expect(scrollToReach(band, { top: 200, bottom: 480 }, { top: 220, bottom: 264 }, { top: 110, bottom: 190 }, 40)).toBe(0);
  });
  it('lifts the control above the dock, and as much of its card as fits with the last result still in view', () => {
    // The whole card fits: lifted until its bottom clears the dock.
    expect(scrollToReach(band, { top: 300, bottom: 600 }, { top: 500, bottom: 544 }, { top: 150, bottom: 290 }, 40)).toBe(108);
    // Lifting the whole card would hide the last result: only the control is lifted (and a little more).
    expect(scrollToReach(band, { top: 300, bottom: 900 }, { top: 500, bottom: 544 }, { top: 150, bottom: 290 }, 40)).toBe(150);
    expect(scrollToReach(band, { top: 300, bottom: 900 }, { top: 400, bottom: 444 }, { top: 150, bottom: 290 }, 40)).toBe(150);
    // On a screen that is not short, only the control is brought up.
    expect(scrollToReach(band, { top: 300, bottom: 900 }, { top: 500, bottom: 544 }, { top: 150, bottom: 290 }, 40, false)).toBe(52);
    expect(scrollToReach(band, { top: 300, bottom: 900 }, { top: 400, bottom: 444 }, { top: 150, bottom: 290 }, 40, false)).toBe(0);
  });
  it('never pushes the control under the header; brings it down when the page was scrolled past it', () => {
    expect(scrollToReach(band, { top: 110, bottom: 1000 }, { top: 120, bottom: 700 }, null, 40)).toBe(12);
    expect(scrollToReach(band, { top: -300, bottom: 200 }, { top: -200, bottom: -156 }, null, 40)).toBe(-308);
  });
  it('brings back a last result scrolled away above, the control staying in reach', () => {
    expect(scrollToReach(band, { top: 300, bottom: 400 }, { top: 300, bottom: 344 }, { top: -100, bottom: 50 }, 40, false)).toBe(-90);
    // Not at the cost of the control: it stops where the control reaches the dock.
    expect(scrollToReach(band, { top: 400, bottom: 480 }, { top: 440, bottom: 484 }, { top: -300, bottom: -200 }, 40, false)).toBe(-8);
  });
});

describe('the decision waiting', () => {
  it("is a battle's options, else the decisions card's first group of controls; its first control a list to pick from", () => {
    document.body.innerHTML = `<section class="card actions"><div class="pending"><p>Question</p></div>
      <fieldset class="move"><button>cruise</button><select><option>x</option></select><button class="primary">Move</button></fieldset></section>`;
    const area = decisionArea()!;
    expect(area.tagName).toBe('FIELDSET');
    expect(firstControl(area)?.tagName).toBe('SELECT');
    document.body.innerHTML += `<section class="card battle"><div class="options"><button disabled>a</button><button>b</button></div></section>`;
    const options = decisionArea()!;
    expect(options.className).toBe('options');
    expect(firstControl(options)?.textContent).toBe('b');
  });
});

describe("the dock's and the header's heights", () => {
  it('are measured while on the page, and given back as nothing when it leaves', () => {
    const el = document.createElement('nav');
    document.body.append(el);
    const seen: (number | null)[] = [];
    let changes = 0;
    const stop = trackHeight(el, (px) => seen.push(px), () => (changes += 1));
    expect(seen).toEqual([0]);
    expect(changes).toBe(1);
    stop();
    expect(seen).toEqual([0, null]);
    el.remove();
  });

  it('keep the scroll padding and the page\'s room for the dock as the page\'s own properties, not inherited variables (issue #31)', () => {
    const app = document.createElement('main');
    app.className = 'app';
    const dock = document.createElement('nav');
    dock.className = 'dock';
    app.append(dock);
    document.body.append(app);
    const root = document.documentElement;
    keepRoom({ header: 60, dock: 111 });
    expect(root.style.scrollPaddingTop).toBe('calc(60px + 0.5rem)');
    expect(root.style.scrollPaddingBottom).toBe('calc(111px + 0.5rem)');
    expect(app.style.paddingBottom).toBe('calc(111px + 0.5rem)');
    // The one variable the whole page inherits is the header's height (what sticks below it reads it): a new
    // dock, which every answer may bring, leaves it alone, so no answer restyles the page through it.
    expect([...root.style].filter((p) => p.startsWith('--'))).toEqual(['--header-room']);
    expect(root.style.getPropertyValue('--header-room')).toBe('60px');
    const writes: string[] = [];
    const setProperty = root.style.setProperty.bind(root.style);
    root.style.setProperty = (name: string, value: string | null, priority?: string) => {
      writes.push(name);
      setProperty(name, value, priority);
    };
    keepRoom({ header: 60, dock: 140 });
    keepRoom({ header: 60, dock: 90 });
    expect(writes).toEqual([]);
    keepRoom({ header: 72, dock: 90 });
    expect(writes).toEqual(['--header-room']);
    // @ts-expect-error the test's spy is taken off again
    delete root.style.setProperty;
    // Not measured (or gone): the stylesheet's estimates again.
    keepRoom({ header: null, dock: null });
    expect(root.style.getPropertyValue('--header-room')).toBe('');
    expect(root.style.scrollPaddingTop).toBe('');
    expect(root.style.scrollPaddingBottom).toBe('');
    expect(app.style.paddingBottom).toBe('');
    app.remove();
  });
});

describe('an answer that leaves the tapped control on the page (the next question, the next raid)', () => {
  // jsdom lays nothing out: each element's box is given (px on the screen; the page is not scrolled).
  const boxes = new Map<Element, { top: number; height: number }>();
  const place = (el: Element, top: number, height: number) => boxes.set(el, { top, height });
  const box = (el: Element) => {
    const b = boxes.get(el) ?? { top: 0, height: 0 };
    return { top: b.top, bottom: b.top + b.height, height: b.height, left: 0, right: 0, width: 0, x: 0, y: b.top, toJSON: () => b } as DOMRect;
  };
  const real = Element.prototype.getBoundingClientRect;
  afterEach(() => {
    Element.prototype.getBoundingClientRect = real;
    boxes.clear();
  });
  const page = () => {
    Element.prototype.getBoundingClientRect = function () {
      return box(this);
    };
    document.body.innerHTML = `<section class="card events"></section>
      <section class="card actions"><p>Question</p><button>Yes</button><button>No</button></section>
      <nav class="dock"><button>End phase</button></nav>`;
    const [events, card] = [...document.querySelectorAll('section')];
    const [yes, no, end] = [...document.querySelectorAll('button')];
    // Before the answer: a 300 px result, the question's card under it, No tapped at 470 px.
    place(events, 10, 300);
    place(card, 330, 200);
    place(no, 470, 50);
    return { events: events as HTMLElement, card, yes, no, end, before: pagePlaceOf(no) };
  };

  it('keeps it where it stood when the result above it came back shorter: the results card holds the room', () => {
    const { events, yes, no, before } = page();
    // The next question's answer in the same button, 120 px up: the new result is 120 px shorter.
    place(events, 10, 180);
    place(no, 350, 50);
    expect(holdAboveTapped(before)).toBe(120);
    expect(events.style.minHeight).toBe('300px');
    expect(yes.isConnected).toBe(true);
  });

  it('leaves a longer result as it is, and a results card beside the decisions (two columns) too', () => {
    const { events, no, before } = page();
    place(events, 10, 360);
    place(no, 530, 50);
    expect(holdAboveTapped(before)).toBe(0);
    place(events, 10, 600);
    place(no, 350, 50);
    expect(holdAboveTapped(before)).toBe(0);
    expect(events.style.minHeight).toBe('');
  });

  it('holds the card when the tapped button itself is gone, and nothing of the dock (it stands on the screen)', () => {
    const { events, card, no, end, before } = page();
    no.remove();
    place(events, 10, 250);
    place(card, 280, 200);
    expect(holdAboveTapped(before)).toBe(50);
    expect(events.style.minHeight).toBe('300px');
    events.style.minHeight = '';
    place(end, 700, 50);
    const docked = pagePlaceOf(end);
    expect(docked.els).toEqual([]);
    place(end, 600, 50);
    expect(holdAboveTapped(docked)).toBe(0);
    expect(events.style.minHeight).toBe('');
  });
});
