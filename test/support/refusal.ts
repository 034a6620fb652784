import { expect } from 'vitest';

/** The error a promise rejects with; fails the test when it resolves or rejects with a non-Error. */
export async function refusal(promise: Promise<unknown>): Promise<Error> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}
