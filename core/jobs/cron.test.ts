import { describe, expect, it } from 'vitest';
import { restoreEnvAfterEach } from '../../tests/support/suite';
import { cronTimeZone, isValidCron, nextRun, nextRuns, previousRun } from './cron';

describe('cron', () => {
  restoreEnvAfterEach();

  it('accepts 5 and 6 field patterns', () => {
    expect(isValidCron('*/5 * * * *')).toBe(true);
    expect(isValidCron('0 */10 * * * *')).toBe(true);
    expect(isValidCron('  0 3 * * 1-5 ')).toBe(true);
  });

  it('rejects everything else', () => {
    for (const p of ['', '* * * *', '0 0 0 * * * *', '61 * * * *', 'foo', '@daily', '0 0 31 2 *', 'a b c d e']) {
      expect(isValidCron(p), p).toBe(false);
    }
    expect(isValidCron(undefined)).toBe(false);
    expect(isValidCron(5 as unknown)).toBe(false);
  });

  it('computes the next run strictly after the given time, in UTC by default', () => {
    delete process.env.TZ;
    expect(cronTimeZone()).toBe('UTC');
    const from = new Date('2024-01-01T00:10:00.000Z');
    expect(nextRun('0 */10 * * * *', from).toISOString()).toBe('2024-01-01T00:20:00.000Z');
    expect(nextRun('30 2 * * *', from).toISOString()).toBe('2024-01-01T02:30:00.000Z');
    expect(nextRun('* * * * * *', from).toISOString()).toBe('2024-01-01T00:10:01.000Z');
    expect(nextRuns('0 0 * * *', 2, from).map((d) => d.toISOString())).toEqual(['2024-01-02T00:00:00.000Z', '2024-01-03T00:00:00.000Z']);
    expect(() => nextRun('nope', from)).toThrow();
  });

  it('follows the TZ env', () => {
    process.env.TZ = 'Asia/Yangon'; // UTC+06:30
    expect(nextRun('0 0 * * *', new Date('2024-01-01T00:00:00.000Z')).toISOString()).toBe('2024-01-01T17:30:00.000Z');
  });

  it('finds the last tick at or before a time (what a catch-up compares with the last run), in TZ', () => {
    process.env.TZ = 'Asia/Yangon';
    // The 00:30 billing tick in Yangon is 18:00 UTC the day before.
    expect(previousRun('0 30 0 * * *', new Date('2024-01-02T09:00:00.000Z')).toISOString()).toBe('2024-01-01T18:00:00.000Z');
    expect(previousRun('0 30 0 * * *', new Date('2024-01-01T18:00:00.000Z')).toISOString()).toBe('2024-01-01T18:00:00.000Z');
    expect(previousRun('0 * * * * *', new Date('2024-01-01T18:00:59.999Z')).toISOString()).toBe('2024-01-01T18:00:00.000Z');
  });
});
