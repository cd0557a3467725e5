import type { Transport, TransportRequest, TransportResponse, NetworkFailure } from '../emulator/transport-types';

/**
 * Sends requests for the embedded API's hosts to the in-process fake API, and everything else
 * (a real deployment the user configured in Settings) over real HTTP. Order within a batch is kept.
 */
export function routingTransport(opts: { embeddedHosts: string[]; embedded: Transport; real: Transport }): Transport {
  const isEmbedded = (request: TransportRequest): boolean => {
    const host = /^[a-z]+:\/\/([^/?#]+)/i.exec(request.url)?.[1]?.toLowerCase() ?? '';
    return opts.embeddedHosts.includes(host);
  };
  return {
    send(requests) {
      const results: Array<TransportResponse | NetworkFailure> = new Array(requests.length);
      const groups: Array<[Transport, number[]]> = [
        [opts.embedded, []],
        [opts.real, []],
      ];
      requests.forEach((request, i) => groups[isEmbedded(request) ? 0 : 1][1].push(i));
      for (const [transport, indexes] of groups) {
        if (indexes.length === 0) continue;
        const answers = transport.send(indexes.map((i) => requests[i]));
        indexes.forEach((requestIndex, j) => (results[requestIndex] = answers[j]));
      }
      return results;
    },
  };
}
