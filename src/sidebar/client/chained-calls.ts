/**
 * Each google.script.run call is an execution of its own (6 minutes on Google): a run too big for
 * one answers "continuing" and the page calls again at once, while the sidebar is open, until an
 * answer is done. A continuing answer that got no further than the one before ends the chain with
 * `stalled` (calling again would only spin); a failed call ends it with that call's error.
 *
 *   chainCalls((previous) => rpc('runReport', request), {
 *     done: (a): a is RunReportResult => !('continuing' in a),
 *     rows: (a) => a.rows, onContinuing: (a) => show(a.continuing), stalled: '...' });
 */
export interface ChainSteps<T, Done extends T> {
  done(answer: T): answer is Done;
  /** How far a continuing answer got (rows staged so far). */
  rows(answer: T): number;
  onContinuing(answer: T): void;
  stalled: string;
}

export function chainCalls<T, Done extends T>(call: (previous: T | null) => Promise<T>, steps: ChainSteps<T, Done>): Promise<Done> {
  const next = (previous: T | null, lastRows: number): Promise<Done> =>
    call(previous).then((answer) => {
      if (steps.done(answer)) return answer;
      const rows = steps.rows(answer);
      if (!(rows > lastRows)) throw new Error(steps.stalled);
      steps.onContinuing(answer);
      return next(answer, rows);
    });
  return next(null, -1);
}
