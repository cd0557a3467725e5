import { isDeepStrictEqual } from 'node:util';

/**
 * toEqual, for big results of this realm (thousands of rows): toEqual walks every key through its
 * own checks and takes a second or more; isDeepStrictEqual is stricter (prototypes, undefined
 * properties, -0) and quick, so toEqual runs, with its diff, only when that one finds a difference.
 */
export function expectSame(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}
