import type { SidebarApi, SidebarFunction } from '../../shared/sidebar-api';

/**
 * google.script.run as promises. Apps Script allows at most 10 calls in flight per page; calls
 * beyond that wait in a queue here instead of failing.
 */
interface ScriptRun {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
  [name: string]: unknown;
}

declare global {
  interface Window {
    google?: { script: { run: ScriptRun } };
  }
}

const MAX_IN_FLIGHT = 10;

/** A server function by its name in SidebarApi: the name, the arguments and the result are all typed. */
export type Rpc = <K extends SidebarFunction>(name: K, ...args: Parameters<SidebarApi[K]>) => Promise<ReturnType<SidebarApi[K]>>;

/** The message a server failure carries (serve() already made it user-safe). */
function errorText(error: unknown): string {
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return typeof error === 'string' && error ? error : 'The request failed. Check your connection and try again.';
}

export function createRpc(): Rpc {
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    inFlight--;
    const next = waiting.shift();
    if (next) next();
  };
  return <K extends SidebarFunction>(name: K, ...args: Parameters<SidebarApi[K]>): Promise<ReturnType<SidebarApi[K]>> =>
    new Promise((resolve, reject) => {
      const start = (): void => {
        inFlight++;
        const run = window.google?.script?.run;
        if (!run) {
          release();
          reject(new Error('This page must be opened from the add-on menu in Google Sheets.'));
          return;
        }
        const runner = run
          .withSuccessHandler((value) => {
            release();
            resolve(value as ReturnType<SidebarApi[K]>);
          })
          .withFailureHandler((error) => {
            release();
            reject(new Error(errorText(error)));
          });
        const fn = runner[name];
        if (typeof fn !== 'function') {
          release();
          reject(new Error(`The add-on has no function ${name}. Reload the sidebar.`));
          return;
        }
        (fn as (...a: unknown[]) => void).apply(runner, args);
      };
      if (inFlight < MAX_IN_FLIGHT) start();
      else waiting.push(start);
    });
}
