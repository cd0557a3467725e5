import { mulberry32 } from './random';

/** Issued bearer tokens. They live 300 s on the API's clock; there is no refresh token. */
export const TOKEN_LIFETIME_S = 300;

interface Issued {
  clientId: string;
  expiresAt: number;
}

export class TokenStore {
  private readonly issued = new Map<string, Issued>();
  private next: () => number;

  constructor(private readonly seed: number) {
    this.next = mulberry32(seed ^ 0x5eed);
  }

  mint(clientId: string, now: number): string {
    let token = '';
    // Opaque and random-looking, yet reproducible for a seed.
    while (token.length < 40) token += Math.floor(this.next() * 2 ** 32).toString(36);
    token = `fk.${token.slice(0, 40)}`;
    this.issued.set(token, { clientId, expiresAt: now + TOKEN_LIFETIME_S * 1000 });
    return token;
  }

  lookup(token: string): Issued | undefined {
    return this.issued.get(token);
  }

  expire(token: string, now: number): void {
    const t = this.issued.get(token);
    if (t) t.expiresAt = Math.min(t.expiresAt, now);
  }

  expireAll(now: number): void {
    for (const t of this.issued.values()) t.expiresAt = Math.min(t.expiresAt, now);
  }

  clear(): void {
    this.issued.clear();
    this.next = mulberry32(this.seed ^ 0x5eed);
  }
}
