/**
 * Jira's dates, as its CSV export and its REST API write them (issue 32's Jira importer).
 *
 * The CSV export writes them in the exporting user's date format, by default `dd/MMM/yy h:mm a`
 * (`12/Jan/24 3:45 PM`), in their time zone without saying which: they are read as UTC. The REST API
 * writes instants with an offset without a colon (`2024-01-12T15:45:00.000+0000`) and days as
 * `YYYY-MM-DD` (`duedate`).
 */

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC; 0 when the text names no zone. */
  offset: number;
}

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const CSV_DAY = /^(\d{1,2})\/([A-Za-z]{3})\/(\d{2}|\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TWO_DIGITS = /^\d{2}$/;
const HOUR = /^\d{1,2}$/;
const FRACTION = /^\d{1,9}$/;
const ZONE = /[+-]\d{2}:?\d{2}$/;

/** `15:45`, `3:45`, `15:45:07`, `15:45:07.123` as hours, minutes, seconds, milliseconds; null otherwise. */
function clock(text: string, twoDigitHour: boolean): [number, number, number, number] | null {
  const [hms = '', fraction, ...extra] = text.split('.');
  const [h = '', m = '', sec, ...more] = hms.split(':');
  if (extra.length > 0 || more.length > 0) return null;
  if (!(twoDigitHour ? TWO_DIGITS : HOUR).test(h) || !TWO_DIGITS.test(m)) return null;
  if (sec !== undefined && !TWO_DIGITS.test(sec)) return null;
  if (fraction !== undefined && !FRACTION.test(fraction)) return null;
  const ms = fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0'));
  return [Number(h), Number(m), sec === undefined ? 0 : Number(sec), ms];
}

/** `12/Jan/24 3:45 PM`, `12/Jan/2024 15:45`, `12/Jan/24 3:45:07 PM`, `12/Jan/24 3:45PM`, `12/Jan/24`. */
function csvParts(text: string): Parts | null {
  const [day = '', time, meridiemWord, ...extra] = text.split(' ');
  const d = CSV_DAY.exec(day);
  if (!d || extra.length > 0) return null;
  const month = MONTHS[(d[2] ?? '').toLowerCase()];
  if (month === undefined) return null;
  // Two-digit years are this century's, as Java's `yy` reads them for recent dates.
  const year = Number(d[3]) + ((d[3] ?? '').length === 2 ? 2000 : 0);
  let hms = time ?? '';
  let meridiem = (meridiemWord ?? '').toLowerCase();
  const tail = hms.slice(-2).toLowerCase();
  if (meridiemWord === undefined && (tail === 'am' || tail === 'pm')) {
    meridiem = tail;
    hms = hms.slice(0, -2);
  }
  if (meridiem !== '' && meridiem !== 'am' && meridiem !== 'pm') return null;
  const parts = time === undefined ? ([0, 0, 0, 0] as const) : clock(hms, false);
  if (!parts) return null;
  let hour = parts[0];
  if (meridiem !== '') {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  return {
    year,
    month,
    day: Number(d[1]),
    hour,
    minute: parts[1],
    second: parts[2],
    millisecond: 0,
    offset: 0,
  };
}

/** `2024-01-12`, `2024-01-12T15:45:00.000+0000`, `2024-01-12T15:45:00Z`, `2024-01-12 15:45`. */
function isoParts(text: string): Parts | null {
  const [day = '', time, ...extra] = text.split(text.includes('T') ? 'T' : ' ');
  const d = ISO_DAY.exec(day);
  if (!d || extra.length > 0) return null;
  let hms = time ?? '';
  let offset = 0;
  if (hms.endsWith('Z')) hms = hms.slice(0, -1);
  else {
    const zone = ZONE.exec(hms)?.[0];
    if (zone) {
      const digits = zone.slice(1).replace(':', '');
      offset = (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * (zone.startsWith('-') ? -1 : 1);
      hms = hms.slice(0, -zone.length);
    }
  }
  const parts = time === undefined ? ([0, 0, 0, 0] as const) : clock(hms, true);
  if (!parts) return null;
  return {
    year: Number(d[1]),
    month: Number(d[2]),
    day: Number(d[3]),
    hour: parts[0],
    minute: parts[1],
    second: parts[2],
    millisecond: parts[3],
    offset,
  };
}

function partsOf(text: string | null | undefined): Parts | null {
  const trimmed = (text ?? '').trim().split(/\s+/).join(' ');
  if (trimmed === '' || trimmed.length > 40) return null;
  const parts = isoParts(trimmed) ?? csvParts(trimmed);
  if (!parts || !validDay(parts.year, parts.month, parts.day)) return null;
  if (parts.hour > 23 || parts.minute > 59 || parts.second > 59) return null;
  return parts;
}

/**
 * A Jira date and time as an ISO instant in UTC (`2024-01-12T15:45:00.000Z`), or null when the text
 * is empty or not one of Jira's forms. A date without a time is its midnight.
 */
export function jiraInstant(text: string | null | undefined): string | null {
  const p = partsOf(text);
  if (!p) return null;
  const ms = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.millisecond) - p.offset * 60_000;
  return new Date(ms).toISOString();
}

/**
 * A Jira day (a due date: `2024-02-01` from the API, `01/Feb/24` or `01/Feb/24 12:00 AM` from the
 * CSV) as `YYYY-MM-DD`, the day it names where it was written (no zone conversion); null otherwise.
 */
export function jiraDay(text: string | null | undefined): string | null {
  const p = partsOf(text);
  if (!p) return null;
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}
