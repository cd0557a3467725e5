import { isCreatorError, userMessage } from '../shared/errors';
import { createPlatform, type AppsScriptGlobals } from '../platform/apps-script';
import { startExecution, withoutSecrets, type Execution, type ExecutionKind } from '../platform/execution';
import { deniedScope, permissionError } from '../platform/permissions';

/**
 * Every Apps Script-visible function goes through here: one execution per call, and every error
 * leaves as a plain Error whose message a user can act on (a cell's hover text, the sidebar's
 * failure handler), never a stack trace or provider body.
 */
/** A thrown value as a log line: an Error's stack (which starts with its name and message), else its text. */
function describeThrown(error: unknown): string {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'stack' in error)) {
    const { stack, name, message } = error as Error;
    return typeof stack === 'string' && stack ? stack : `${name}: ${message}`;
  }
  try {
    return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  } catch (_) {
    return String(error);
  }
}

export function serve<T>(kind: ExecutionKind, work: (execution: Execution) => T): T {
  const platform = createPlatform(globalThis as unknown as AppsScriptGlobals);
  const execution = startExecution(platform, kind);
  try {
    return work(execution);
  } catch (error) {
    // A scope the user did not grant: say which, and how to allow it (never a generic message).
    const denied = isCreatorError(error) ? null : deniedScope(error);
    if (denied) throw new Error(permissionError(denied, platform).message);
    if (!isCreatorError(error)) {
      // Unexpected: a bug. Its stack is what lets a maintainer fix it; every secret this execution
      // touched is blanked first.
      platform.log(`Creator Reporting: unexpected error in a ${kind} call: ${withoutSecrets(execution, describeThrown(error))}`);
    }
    throw new Error(userMessage(error));
  }
}
