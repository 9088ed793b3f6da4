import { afterEach, describe, expect, it } from 'vitest';
import { firstAnswer } from './backend';

afterEach(() => document.getElementById('first-answer')?.remove());

/** The data block the shell puts in the page it serves (`page_with_first_answer`). */
function served(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-answer';
  element.textContent = text;
  document.head.append(element);
}

describe('the first answer inside the page (issue #53)', () => {
  it('reads the view and the notice the shell served, once', () => {
    served('{"response":{"ok":true,"changed":false,"view":{"phase":"setup","note":"\\u003c/script>"}},"notice":"Opened at step 3."}');
    const answer = firstAnswer();
    expect(answer?.notice).toBe('Opened at step 3.');
    expect((answer?.response.view as unknown as { note: string }).note).toBe('</script>');
    expect(document.getElementById('first-answer')).toBeNull();
    expect(firstAnswer()).toBeNull();
  });

  it('is absent from a page the shell did not fill, and a block that does not read is not used', () => {
    expect(firstAnswer()).toBeNull();
    served('{"response":');
    expect(firstAnswer()).toBeNull();
    served('{"response":{"ok":true},"notice":null}');
    expect(firstAnswer()).toBeNull();
  });
});
