import { describe, expect, it } from 'vitest';
import { pgConstraintName, pgErrorCode, refusingOverlap } from './pg-errors';

const failure = (code: string) => Object.assign(new Error(`database error ${code}`), { code });
const refused = () => new Error('taken');

/** A transaction that fails with each code in turn, then answers 'done'; `runs` counts its attempts. */
function transactionFailing(...codes: string[]) {
  const attempt = { runs: 0 };
  const run = async () => {
    const code = codes[attempt.runs++];
    if (code) throw failure(code);
    return 'done';
  };
  return { attempt, run };
}

describe('pgErrorCode', () => {
  it('finds the SQLSTATE on the error or on what it wraps', () => {
    expect(pgErrorCode(failure('23P01'))).toBe('23P01');
    expect(pgErrorCode(new Error('query failed', { cause: failure('40P01') }))).toBe('40P01');
    expect(pgErrorCode(Object.assign(new Error('io'), { code: 'ECONNRESET' }))).toBeUndefined();
  });
});

describe('pgConstraintName', () => {
  it('finds the broken constraint on the error or on what it wraps', () => {
    const refused = Object.assign(failure('23P01'), { constraint: 'live_sessions_no_learner_overlap' });
    expect(pgConstraintName(refused)).toBe('live_sessions_no_learner_overlap');
    expect(pgConstraintName(new Error('query failed', { cause: refused }))).toBe('live_sessions_no_learner_overlap');
    expect(pgConstraintName(failure('40P01'))).toBeUndefined();
  });
});

describe('refusingOverlap', () => {
  it('tells the refusal which constraint refused', async () => {
    const run = async () => {
      throw new Error('query failed', { cause: Object.assign(failure('23P01'), { constraint: 'live_sessions_no_teacher_overlap' }) });
    };
    await expect(refusingOverlap((constraint) => new Error(`refused by ${constraint}`), run)).rejects.toThrow('refused by live_sessions_no_teacher_overlap');
  });

  it('turns the exclusion constraint’s refusal into the caller’s error, after one run', async () => {
    const { attempt, run } = transactionFailing('23P01');
    await expect(refusingOverlap(refused, run)).rejects.toThrow('taken');
    expect(attempt.runs).toBe(1);
  });

  it('runs a deadlock’s victim again: it goes through, or meets the winner’s row and is refused', async () => {
    const through = transactionFailing('40P01');
    await expect(refusingOverlap(refused, through.run)).resolves.toBe('done');
    expect(through.attempt.runs).toBe(2);
    const taken = transactionFailing('40P01', '23P01');
    await expect(refusingOverlap(refused, taken.run)).rejects.toThrow('taken');
    expect(taken.attempt.runs).toBe(2);
  });

  it("gives up after 3 deadlocks in a row, with the database's error", async () => {
    const { attempt, run } = transactionFailing('40P01', '40P01', '40P01', '40P01');
    await expect(refusingOverlap(refused, run)).rejects.toThrow('database error 40P01');
    expect(attempt.runs).toBe(3);
  });

  it('never runs again after any other failure', async () => {
    const { attempt, run } = transactionFailing('40001');
    await expect(refusingOverlap(refused, run)).rejects.toThrow('database error 40001');
    expect(attempt.runs).toBe(1);
  });
});
