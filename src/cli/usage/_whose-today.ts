import { now } from '../../core/index.js';
import { rangeNote, type DayRange } from './_period.js';

/**
 * The "today" a usage period is counted from. Usage is recorded in the service's UTC days, so the
 * period is the service's: the day its answer to the key lookup says it is (the `Date` header),
 * and this computer's clock only when the service sent no readable date. The spec is silent on a
 * client whose clock differs from the service's; src/cli/README.md ("Whose today") says why this.
 */
export interface UsageToday {
  /** The instant periods are counted from. */
  at: Date;
  /** `YYYY-MM-DD` (UTC) of `at`. */
  day: string;
  /** Where `at` comes from. */
  source: 'service' | 'computer';
  /** This computer's UTC day by the one clock (src/core/clock.ts). */
  computerDay: string;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The service's today when it said one (`serviceDate`), else this computer's. */
export function usageToday(serviceDate: Date | undefined): UsageToday {
  const computer = now();
  const at = serviceDate ?? computer;
  return { at, day: dayOf(at), source: serviceDate ? 'service' : 'computer', computerDay: dayOf(computer) };
}

/** Says when the service's day and this computer's differ, and `consequence`; undefined when they agree. */
export function clockNote(today: UsageToday, consequence = "Periods follow the service's today."): string | undefined {
  if (today.source !== 'service' || today.day === today.computerDay) return undefined;
  const side = today.computerDay > today.day ? 'ahead of' : 'behind';
  return `The service's today is ${today.day} (UTC); this computer's clock says ${today.computerDay}, ${side} it. ${consequence}`;
}

/** The same facts for `--json`. */
export function todayJson(today: UsageToday): { today: string; today_source: 'service' | 'computer'; computer_today: string } {
  return { today: today.day, today_source: today.source, computer_today: today.computerDay };
}

/** The notes under a period's header line: whose today when the clocks differ, and a period cut at or lying after today. */
export function periodNotes(period: DayRange, today: UsageToday): string[] {
  const whose = today.source === 'service' ? "the service's" : "this computer's";
  return [clockNote(today), rangeNote(period, today.day, whose)].filter((n): n is string => n !== undefined);
}
