import type { NetworkFailure, Transport, TransportRequest, TransportResponse } from '../transport-types';

/**
 * The handler (the fake API's `handle`) answers each request directly: no sockets, no threads.
 * A handler that throws is a bug in the handler and surfaces as such, not as a network failure.
 */
export function inProcessTransport(handle: (request: TransportRequest) => TransportResponse | NetworkFailure): Transport {
  return {
    send: (requests) => requests.map((r) => handle({ ...r, headers: { ...r.headers } })),
  };
}
