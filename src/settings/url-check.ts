import { CreatorError } from '../shared/errors';

const URL_SHAPE = /^(https?):\/\/([^/?#@\s]+)(\/[^?#\s]*)?$/i;
const LOCAL_HOSTS = ['127.0.0.1', 'localhost'];

/**
 * A settings URL, normalised (trimmed, no trailing slash). HTTPS only, except plain HTTP to this
 * machine (the local fake API): a credential must never travel in clear text over a network.
 * No user info, query or fragment: the path is appended to, so those would corrupt every request.
 */
export function checkUrl(label: string, value: string): string {
  const url = value.trim().replace(/\/+$/, '');
  const match = URL_SHAPE.exec(url);
  const wrong = (): never => {
    throw new CreatorError(
      'BAD_INPUT',
      `The ${label} must be a web address starting with https:// (http:// only for 127.0.0.1 or localhost), without ? or #.`,
    );
  };
  if (!match) return wrong();
  const scheme = match[1].toLowerCase();
  const host = match[2].toLowerCase().replace(/:\d+$/, '');
  if (!/^[a-z0-9.-]+$/.test(host) || (match[2].includes(':') && !/:\d{1,5}$/.test(match[2]))) return wrong();
  if (scheme === 'http' && !LOCAL_HOSTS.includes(host)) return wrong();
  return `${scheme}://${match[2].toLowerCase()}${match[3] ?? ''}`;
}
