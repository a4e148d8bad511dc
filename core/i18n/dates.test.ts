import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DATETIME_INPUT_FORMAT, dayjsFromIsoDate, dayjsInZone, displayTimeZone, formatDate, formatDateTime, isoDateOf, isoInstant, isoInstantOf, parseIsoDate, serverTimeZone, setDisplayTimeZone, todayIso } from './dates';

describe('date formats', () => {
  afterEach(() => setDisplayTimeZone('UTC'));

  it('shows a moment as YYYY-MM-DD HH:mm:ss in the display zone, whatever the input shape', () => {
    setDisplayTimeZone('UTC');
    expect(formatDateTime('2024-03-05T07:08:09.123Z')).toBe('2024-03-05 07:08:09');
    expect(formatDateTime(new Date(Date.UTC(2024, 11, 31, 23, 59, 58)))).toBe('2024-12-31 23:59:58');
    expect(formatDateTime(Date.UTC(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(String(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02 03:04:05');
    // A database DATETIME without offset is UTC.
    expect(formatDateTime('2024-01-02 03:04:05')).toBe('2024-01-02 03:04:05');
    expect(formatDateTime('2024-01-02T03:04:05+08:00')).toBe('2024-01-01 19:04:05');
  });

  it('uses the platform time zone, so the same instant reads the same on server and browser', () => {
    setDisplayTimeZone('Asia/Shanghai');
    expect(displayTimeZone()).toBe('Asia/Shanghai');
    expect(formatDateTime('2024-12-31T20:30:00Z')).toBe('2025-01-01 04:30:00');
    expect(formatDateTime('2024-12-31T20:30:00Z', 'Asia/Yangon')).toBe('2025-01-01 03:00:00');
    // An unknown zone is ignored rather than breaking every date on the page.
    setDisplayTimeZone('Mars/Olympus');
    expect(displayTimeZone()).toBe('Asia/Shanghai');
  });

  it('reads a zone with summer time on either side of the change, and midnight as 00', () => {
    expect(formatDateTime('2024-03-10T06:59:59Z', 'America/New_York')).toBe('2024-03-10 01:59:59');
    expect(formatDateTime('2024-03-10T07:00:00Z', 'America/New_York')).toBe('2024-03-10 03:00:00');
    expect(formatDateTime('2024-07-01T04:00:00Z', 'America/New_York')).toBe('2024-07-01 00:00:00');
  });

  it('writes every kind of value as dayjs in the zone does', () => {
    const values = [
      '2024-03-05T07:08:09.123Z',
      '2024-03-05 07:08:09',
      '2024-03-05 07:08',
      '2024-03-05T07:08:09.123456+05:30',
      '2024-13-01 00:00:00',
      '0999-06-01T00:00:00Z',
      String(Date.UTC(2024, 5, 1)),
      new Date(Date.UTC(2030, 0, 1, 23, 59, 59)),
      Date.UTC(1970, 0, 1),
      dayjs.utc('2024-02-29T12:00:00Z'),
    ];
    for (const tz of ['UTC', 'Asia/Yangon', 'America/New_York']) for (const v of values) expect(formatDateTime(v, tz), `${String(v)} in ${tz}`).toBe(dayjsInZone(v, tz)!.format('YYYY-MM-DD HH:mm:ss'));
  });

  it('leaves empty and unreadable values blank instead of "Invalid Date"', () => {
    for (const v of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(v)).toBe('');
      expect(formatDate(v)).toBe('');
    }
  });

  it('shows calendar dates as YYYY-MM-DD without shifting them by a zone', () => {
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatDate('2024-03-01')).toBe('2024-03-01');
    expect(formatDate('2024-03-01T00:00:00.000Z')).toBe('2024-03-01');
    expect(formatDate(new Date(Date.UTC(2024, 2, 1)))).toBe('2024-03-01');
  });

  it('accepts only real ISO calendar dates from the URL or a picker', () => {
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(parseIsoDate(' 2024-02-29 ')).toBe('2024-02-29');
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2024-13-01')).toBeNull();
    expect(parseIsoDate('03/01/2024')).toBeNull();
    expect(parseIsoDate('2024-3-1')).toBeNull();
    expect(parseIsoDate(20240301)).toBeNull();
  });

  it('round-trips a picked date to the ISO value sent to the server', () => {
    const d = dayjsFromIsoDate('2024-07-09');
    expect(d?.date()).toBe(9);
    expect(isoDateOf(d)).toBe('2024-07-09');
    expect(isoDateOf(dayjsFromIsoDate('nope'))).toBe('');
    expect(isoDateOf(dayjs('invalid'))).toBe('');
    expect(isoDateOf(null)).toBe('');
  });

  it('gives the picker a moment in the display zone that converts back to the same instant', () => {
    setDisplayTimeZone('Asia/Yangon');
    const d = dayjsInZone('2024-05-06T01:02:03.000Z');
    expect(d?.format('YYYY-MM-DD HH:mm:ss')).toBe('2024-05-06 07:32:03');
    expect(d?.toISOString()).toBe('2024-05-06T01:02:03.000Z');
  });

  it('shows a stored instant in the date-time input as wall time in the display zone, to the minute', () => {
    setDisplayTimeZone('Asia/Yangon');
    expect(dayjsInZone('2026-11-27T23:30:00.000Z')?.format(DATETIME_INPUT_FORMAT)).toBe('2026-11-28 06:00');
    expect(dayjsInZone('2026-11-27T23:30:00.000Z', 'UTC')?.format(DATETIME_INPUT_FORMAT)).toBe('2026-11-27 23:30');
    expect(dayjsInZone('2026-07-01T04:00:00Z', 'America/New_York')?.format(DATETIME_INPUT_FORMAT)).toBe('2026-07-01 00:00');
  });

  it('sends a wall time typed in the display zone as the ISO instant it is there', () => {
    // What the picker hands over once every section is typed: the wall time in its zone.
    const typed = (text: string, tz: string) => isoInstantOf(dayjs.tz(text, DATETIME_INPUT_FORMAT, tz));
    expect(typed('2026-11-28 06:00', 'Asia/Yangon')).toBe('2026-11-27T23:30:00.000Z');
    expect(typed('2026-11-28 06:00', 'UTC')).toBe('2026-11-28T06:00:00.000Z');
    expect(typed('2026-01-01 00:15', 'Asia/Shanghai')).toBe('2025-12-31T16:15:00.000Z');
    // Either side of New York's change to summer time.
    expect(typed('2024-03-10 01:30', 'America/New_York')).toBe('2024-03-10T06:30:00.000Z');
    expect(typed('2024-03-10 03:30', 'America/New_York')).toBe('2024-03-10T07:30:00.000Z');
  });

  it('round-trips an instant through the date-time input unchanged, whatever zone shows it', () => {
    for (const tz of ['UTC', 'Asia/Yangon', 'Asia/Shanghai', 'America/New_York']) {
      for (const v of ['2026-11-27T23:30:00.000Z', '2024-03-10T06:59:00.000Z', '2024-11-03T05:30:00.000Z']) expect(isoInstantOf(dayjsInZone(v, tz)), `${v} in ${tz}`).toBe(v);
    }
  });

  it('keeps the input to the minute and reads any spelling of an instant as the same value', () => {
    expect(isoInstantOf(dayjsInZone('2026-11-28T06:00:59.999Z', 'Asia/Yangon'))).toBe('2026-11-28T06:00:00.000Z');
    expect(isoInstant('2026-11-28T13:30+07:00')).toBe('2026-11-28T06:30:00.000Z');
    expect(isoInstant('2026-11-28 06:30:00')).toBe('2026-11-28T06:30:00.000Z');
    expect(isoInstant(new Date(Date.UTC(2026, 10, 28, 6, 30, 12)))).toBe('2026-11-28T06:30:00.000Z');
    expect(isoInstant('1969-12-31T23:59:30.000Z')).toBe('1969-12-31T23:59:00.000Z');
  });

  it('leaves an empty, half-typed or unreadable date-time blank', () => {
    for (const v of ['', null, undefined, 'not a moment']) {
      expect(dayjsInZone(v, 'Asia/Yangon')).toBeNull();
      expect(isoInstant(v)).toBe('');
    }
    expect(isoInstantOf(null)).toBe('');
    // A half-typed entry reaches onChange as an invalid date.
    expect(isoInstantOf(dayjs(new Date(NaN)))).toBe('');
    expect(isoInstantOf(dayjs('2026-11-28 06:', DATETIME_INPUT_FORMAT, true))).toBe('');
  });

  it("knows today's date and the server zone", () => {
    expect(todayIso('UTC')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(serverTimeZone()).toBe(process.env.TZ || 'UTC');
  });
});
