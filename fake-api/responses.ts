import type { TransportResponse } from '../emulator/transport-types';
import { toJson, type Quirks } from './quirks';

/** Response builders: JSON bodies, the two error formats, the HTML error page. */
export const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(status: number, body: unknown, q: Quirks, headers: Record<string, string> = {}): TransportResponse {
  return { status, headers: { ...JSON_TYPE, ...headers }, body: toJson(body, q) };
}

export const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

export function error(
  status: number,
  code: string,
  message: string,
  q: Quirks,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): TransportResponse {
  const body = q.errorsArray ? { errors: [{ status: String(status), code, title: message }] } : { internalCode: code, message, ...extra };
  // Error bodies keep their numbers: numbersAsStrings is a row quirk of the live service.
  return { status, headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

export function htmlError(status: number): TransportResponse {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!DOCTYPE html>\n<html><head><title>${status} Bad Gateway</title></head><body><center><h1>${status} Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n`,
  };
}

/** A 200 whose JSON stops half way, as a dropped proxy connection leaves it. */
export function truncated(response: TransportResponse): TransportResponse {
  const body = response.status === 200 && response.body.length > 2 ? response.body : '{"data":[{"id":"site-1","name":"Exa';
  return { status: 200, headers: { ...JSON_TYPE }, body: body.slice(0, Math.max(1, Math.floor(body.length / 2))) };
}
