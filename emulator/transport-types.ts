/** How the emulated UrlFetchApp reaches a server: the fake API in process, or real HTTP. */
export interface TransportRequest {
  method: string;
  url: string;
  /** Names as given by the caller. */
  headers: Record<string, string>;
  body: string;
}

export interface TransportResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
  /** Virtual milliseconds this response took (latency faults); the emulator advances its clock. */
  delayMs?: number;
}

export interface NetworkFailure {
  networkError: string;
}

export interface Transport {
  /** Synchronous, like UrlFetchApp; one call is one round trip for the whole batch. */
  send(requests: TransportRequest[]): Array<TransportResponse | NetworkFailure>;
}
