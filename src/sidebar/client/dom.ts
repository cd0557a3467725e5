/**
 * The only way this page builds DOM: elements with text set through textContent, never HTML
 * strings. Site names, page titles and server messages are untrusted and stay inert text.
 */
type Attrs = Record<string, string | boolean | number | undefined>;
type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (/^on/i.test(name)) throw new Error('Attach handlers with addEventListener.');
    if (name === 'text') node.textContent = String(value);
    else if (name === 'className') node.className = String(value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, ...children);
  return node;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

export function clear(node: Node): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** Google's own pages a server message may send the user to (ScriptApp's authorisation URL). */
const LINK_HOSTS = new Set(['script.google.com', 'accounts.google.com']);

/** `raw` as an https URL on one of Google's hosts above, else null (anything else stays text). */
function googleLink(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && LINK_HOSTS.has(url.hostname) ? url.href : null;
  } catch (_) {
    return null;
  }
}

/**
 * A message cut into text and Google's authorisation links (the message says "Allow it here, then
 * try again: <url>" when nothing else can run). Any other URL, or anything that is not an https URL
 * on Google's hosts, stays text.
 */
export function statusParts(text: string): Array<{ text: string } | { href: string }> {
  const parts: Array<{ text: string } | { href: string }> = [];
  let rest = 0;
  for (const match of text.matchAll(/https:\/\/[^\s<>"']+/g)) {
    const raw = match[0].replace(/[.,;:)]+$/, '');
    const href = googleLink(raw);
    if (href === null) continue;
    const at = match.index ?? 0;
    if (at > rest) parts.push({ text: text.slice(rest, at) });
    parts.push({ href });
    rest = at + raw.length;
  }
  if (rest < text.length) parts.push({ text: text.slice(rest) });
  return parts;
}

/**
 * Text with Google's authorisation link made clickable (a new tab, like the permissions notice's).
 * Every part is a text node or an element built here; nothing in the message is parsed as HTML.
 */
export function linkedText(text: string): Node[] {
  return statusParts(text).map((part) =>
    'href' in part
      ? el('a', { href: part.href, target: '_blank', rel: 'noopener', text: 'Google\u2019s permission page (opens in a new tab)' })
      : document.createTextNode(part.text),
  );
}

/** A status line: plain, error (red) or success (green), as text in which only Google's authorisation link is a link. */
export function setStatus(node: HTMLElement, text: string, kind: 'info' | 'error' | 'success' = 'info'): void {
  clear(node);
  append(node, ...linkedText(text));
  node.className = `status ${kind === 'error' ? 'error' : kind === 'success' ? 'success' : 'gray'}`;
  node.hidden = text === '';
  node.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  // A refusal may sit above or below the button that caused it on a long form: bring it into view.
  if (kind !== 'info' && text !== '') node.scrollIntoView?.({ block: 'nearest' });
}

let counter = 0;
/** Unique ids for label/for pairs. */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** A labelled field in the add-on stylesheet's `.form-group` layout. */
export function field(label: string, control: HTMLElement, hint?: HTMLElement | string): HTMLDivElement {
  if (!control.id) control.id = uid('f');
  return el(
    'div',
    { className: 'form-group' },
    el('label', { for: control.id, text: label }),
    control,
    typeof hint === 'string' ? el('div', { className: 'hint gray', text: hint }) : hint,
  );
}

/** A select of [value, label] options; `value` is the default (marked `selected`, so a form reset comes back to it). */
export function select(name: string, options: ReadonlyArray<readonly [string, string]>, value?: string): HTMLSelectElement {
  const node = el('select', { name });
  for (const [v, label] of options) node.appendChild(el('option', { value: v, text: label, selected: v === value }));
  return node;
}

/** A labelled checkbox in the stylesheet's `.form-group.checkbox` layout, with an optional hint. */
export function checkbox(name: string, label: string, hint?: string): { box: HTMLDivElement; input: HTMLInputElement } {
  const input = el('input', { type: 'checkbox', id: uid('c'), name });
  const box = el(
    'div',
    { className: 'form-group checkbox' },
    input,
    el('label', { for: input.id, text: label }),
    hint ? el('div', { className: 'hint gray', text: hint }) : null,
  );
  return { box, input };
}
