/**
 * The Saved tab's Run and Refresh all, call after call: a report that stopped with rows staged is
 * asked for again at once (with those the time left out), until none is continuing; each report's
 * last outcome is the one told; a report that stops getting further ends the chain in words.
 */
import { APPROVAL_PREFIX } from '../../../src/shared/approval-words';
import type { RefreshOutcome } from '../../../src/shared/types';
import { refreshUntilDone } from '../../../src/sidebar/client/saved-refresh';
import type { Rpc } from '../../../src/sidebar/client/rpc';

function server(answers: RefreshOutcome[][]): { rpc: Rpc; asked: unknown[] } {
  const asked: unknown[] = [];
  const rpc = ((name: string, ids?: string[]) => {
    expect(name).toBe('refreshReports');
    asked.push(ids);
    const next = answers.shift();
    return next ? Promise.resolve(next) : Promise.reject(new Error('called once too often'));
  }) as unknown as Rpc;
  return { rpc, asked };
}

const continuing = (id: string, rows: number): RefreshOutcome => ({
  id,
  name: id,
  outcome: 'skipped',
  rows,
  continuing: true,
  message: `continuing: ${rows.toLocaleString('en-US')} of 240,000 rows`,
});

describe('refreshing saved reports while the sidebar is open', () => {
  it('calls again for the continuing report and the ones not reached, and tells each one\u2019s last outcome', async () => {
    const { rpc, asked } = server([
      [
        continuing('big', 80_000),
        { id: 'small', name: 'small', outcome: 'skipped', message: 'Not reached in this run; it runs next time.' },
      ],
      [
        continuing('big', 160_000),
        { id: 'small', name: 'small', outcome: 'skipped', message: 'Not reached in this run; it runs next time.' },
      ],
      [
        { id: 'big', name: 'big', outcome: 'ok', rows: 240_000 },
        { id: 'small', name: 'small', outcome: 'ok', rows: 30 },
      ],
    ]);
    const said: string[] = [];
    const outcomes = await refreshUntilDone(rpc, undefined, (text) => said.push(text));
    expect(asked).toEqual([undefined, ['big', 'small'], ['big', 'small']]);
    expect(said).toEqual(['Refreshing big: continuing: 80,000 of 240,000 rows', 'Refreshing big: continuing: 160,000 of 240,000 rows']);
    expect(outcomes).toEqual([
      { id: 'big', name: 'big', outcome: 'ok', rows: 240_000 },
      { id: 'small', name: 'small', outcome: 'ok', rows: 30 },
    ]);
  });

  it('never asks again for a report waiting for approval, and keeps an earlier outcome it did not ask again', async () => {
    const waiting: RefreshOutcome = {
      id: 'theirs',
      name: 'theirs',
      outcome: 'skipped',
      message: `${APPROVAL_PREFIX}you: saved by someone else.`,
    };
    const { rpc, asked } = server([[continuing('big', 80_000), waiting], [{ id: 'big', name: 'big', outcome: 'ok', rows: 240_000 }]]);
    const outcomes = await refreshUntilDone(rpc, ['big', 'theirs'], () => undefined);
    expect(asked).toEqual([['big', 'theirs'], ['big']]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'skipped']);
  });

  it('stops, saying so, when a continuing report got no further than the call before', async () => {
    const { rpc, asked } = server([[continuing('big', 80_000)], [continuing('big', 80_000)], [continuing('big', 80_000)]]);
    await expect(refreshUntilDone(rpc, ['big'], () => undefined)).rejects.toThrow(/stopped getting further between runs/);
    expect(asked).toHaveLength(2);
  });
});
