import { isCreatorError, userMessage } from '../shared/errors';
import { createPlatform, type AppsScriptGlobals } from '../platform/apps-script';
import { startExecution, type Execution, type ExecutionKind } from '../platform/execution';

/**
 * Every Apps Script-visible function goes through here: one execution per call, and every error
 * leaves as a plain Error whose message a user can act on (a cell's hover text, the sidebar's
 * failure handler), never a stack trace or provider body.
 */
export function serve<T>(kind: ExecutionKind, work: (execution: Execution) => T): T {
  const platform = createPlatform(globalThis as unknown as AppsScriptGlobals);
  const execution = startExecution(platform, kind);
  try {
    return work(execution);
  } catch (error) {
    if (!isCreatorError(error)) {
      // Unexpected: keep a trace for the developer (names only; messages can hold user data).
      platform.log(`Creator Reporting: unexpected ${error instanceof Error ? error.name : typeof error}`);
    }
    throw new Error(userMessage(error));
  }
}
