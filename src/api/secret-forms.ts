import { heldSecrets, rememberSecret, type Execution } from '../platform/execution';

/**
 * Every form of a secret this execution holds: the client secret, the Basic credentials
 * (base64 of "id:secret") and each bearer token used. A provider (or a proxy in front of it) may
 * echo any of them, whole or cut, inside an error code or sentence; a provider string that holds
 * any run of MIN_PART characters of one of them is never shown anywhere.
 */
const MIN_PART = 8;

export function holdSecrets(execution: Execution, forms: string[]): void {
  for (const form of forms) rememberSecret(execution, form);
}

/** True when `text` shares no run of MIN_PART characters (or a whole shorter form) with a form. */
export function freeOfSecrets(text: string, forms: string[]): boolean {
  for (const form of forms) {
    if (form.length <= MIN_PART) {
      if (text.includes(form)) return false;
      continue;
    }
    for (let i = 0; i + MIN_PART <= form.length; i++) if (text.includes(form.slice(i, i + MIN_PART))) return false;
  }
  return true;
}

/** The check for this execution's secrets (those held so far, plus any passed here). */
export function secretCheck(execution: Execution, extra: string[] = []): (text: string) => boolean {
  const forms = heldSecrets(execution).concat(extra.filter((f) => f !== ''));
  return (text) => freeOfSecrets(text, forms);
}
