import { statusParts } from '../../../src/sidebar/client/dom';

/** A status line makes Google's authorisation link clickable, and nothing else. */
describe('links in a status line', () => {
  const AUTH = 'https://script.google.com/macros/d/abc/authorize?scope=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fspreadsheets.currentonly';

  test('the authorise link of a nothing-runs refusal becomes a link, the words around it stay text', () => {
    expect(statusParts(`Creator Reporting is not allowed, so nothing can run. Allow it here, then try again: ${AUTH}`)).toEqual([
      { text: 'Creator Reporting is not allowed, so nothing can run. Allow it here, then try again: ' },
      { href: AUTH },
    ]);
    expect(statusParts(`See ${AUTH}. Then reload.`)).toEqual([{ text: 'See ' }, { href: AUTH }, { text: '. Then reload.' }]);
  });

  test('other hosts, look-alike hosts, plain http and javascript: stay text', () => {
    for (const text of [
      'Open https://evil.example/authorize?x=1 now',
      'Open https://script.google.com.evil.example/authorize now',
      'Open https://script.google.com@evil.example/authorize now',
      'Open http://script.google.com/authorize now',
      'Open javascript:alert(1) now',
    ])
      expect(statusParts(text)).toEqual([{ text }]);
  });

  test('markup in a message stays text: only the URL inside it becomes a link', () => {
    expect(statusParts('<a href="https://script.google.com/x" onclick="steal()">here</a>')).toEqual([
      { text: '<a href="' },
      { href: 'https://script.google.com/x' },
      { text: '" onclick="steal()">here</a>' },
    ]);
  });
});
