/** A build failure the CLI prints as one clear line (no stack: the message says what to fix). */
export class BuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuildError';
  }
}
