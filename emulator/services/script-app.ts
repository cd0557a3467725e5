import type { EmulatorState } from '../state';
import { authorizationInfo, hasScope, permissionError } from '../scopes';
import { denyInCustomFunction } from '../state';
import { strict } from '../strict';

/** When a time-driven trigger runs, as its builder set it. */
export interface TriggerSchedule {
  everyMinutes?: number;
  everyHours?: number;
  everyDays?: number;
  everyWeeks?: number;
  atHour?: number;
  nearMinute?: number;
  onWeekDay?: string;
  timeZone?: string;
}

/** An installable trigger as the emulator stores it (JSON-serialisable). */
export interface TriggerRecord {
  id: string;
  owner: string;
  handler: string;
  documentId: string;
  eventType: 'CLOCK';
  schedule: TriggerSchedule;
  createdAt: number;
}

export interface TriggerData {
  triggers: TriggerRecord[];
  nextId: number;
}

/** The ID the first trigger created gets; each next one counts up (Google's IDs are opaque numbers). */
const FIRST_TRIGGER_ID = 1001;

/** The ID the nth trigger created in an emulator gets, or got (n from 1). */
export function nthTriggerId(n: number): string {
  return String(FIRST_TRIGGER_ID + n - 1);
}

export function emptyTriggers(): TriggerData {
  return { triggers: [], nextId: FIRST_TRIGGER_ID };
}

export const MAX_TRIGGERS_PER_USER = 20;

function enumOf(names: string[]): Record<string, string> {
  return Object.freeze(Object.fromEntries(names.map((n) => [n, n])));
}

export const AuthMode = enumOf(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']);
const TriggerSource = enumOf(['SPREADSHEETS', 'CLOCK', 'FORMS', 'DOCUMENTS', 'CALENDAR']);
const EventType = enumOf(['CLOCK', 'ON_OPEN', 'ON_EDIT', 'ON_FORM_SUBMIT', 'ON_CHANGE', 'ON_EVENT_UPDATED']);
const WeekDay = enumOf(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);

function positiveInt(value: unknown, what: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`Invalid argument: ${what}`);
  return n;
}

function triggerObject(record: TriggerRecord): GoogleAppsScript.Script.Trigger {
  const self = {
    getUniqueId: () => record.id,
    getHandlerFunction: () => record.handler,
    getEventType: () => EventType.CLOCK,
    getTriggerSource: () => TriggerSource.CLOCK,
    getTriggerSourceId: () => null,
  };
  return strict('Trigger', self) as unknown as GoogleAppsScript.Script.Trigger;
}

/**
 * ScriptApp as an editor add-on sees it: time-driven triggers only, at most one per user per
 * document and at most hourly (Google rejects the rest at create()).
 */
export function createScriptApp(state: EmulatorState, data: () => TriggerData): GoogleAppsScript.Script.ScriptApp {
  const guard =
    <A extends unknown[], R>(name: string, fn: (...args: A) => R) =>
    (...args: A): R => {
      denyInCustomFunction(state, `ScriptApp.${name}`);
      if (!hasScope(state, 'script.scriptapp')) throw permissionError(`ScriptApp.${name}`, 'script.scriptapp');
      return fn(...args);
    };
  const mine = () => data().triggers.filter((t) => t.owner === state.user);

  function clockBuilder(handler: string) {
    const schedule: TriggerSchedule = {};
    const every = (unit: 'everyMinutes' | 'everyHours' | 'everyDays' | 'everyWeeks') => (n: number) => {
      schedule[unit] = positiveInt(n, unit);
      return proxy;
    };
    const builder = {
      everyMinutes: every('everyMinutes'),
      everyHours: every('everyHours'),
      everyDays: every('everyDays'),
      everyWeeks: every('everyWeeks'),
      atHour(h: number) {
        const n = Number(h);
        if (!Number.isInteger(n) || n < 0 || n > 23) throw new Error('Invalid argument: hour');
        schedule.atHour = n;
        return proxy;
      },
      nearMinute(m: number) {
        const n = Number(m);
        if (!Number.isInteger(n) || n < 0 || n > 59) throw new Error('Invalid argument: minute');
        schedule.nearMinute = n;
        return proxy;
      },
      onWeekDay(day: unknown) {
        const d = String(day);
        if (!WeekDay[d]) throw new Error('Invalid argument: day');
        schedule.onWeekDay = d;
        return proxy;
      },
      inTimezone(tz: string) {
        schedule.timeZone = String(tz);
        return proxy;
      },
      create: guard('newTrigger', () => {
        const every = [schedule.everyMinutes, schedule.everyHours, schedule.everyDays, schedule.everyWeeks].filter((x) => x !== undefined);
        if (every.length === 0) throw new Error('Trigger has no schedule: call everyHours(), everyDays() or everyWeeks() before create().');
        if (schedule.everyMinutes !== undefined && schedule.everyMinutes < 60) {
          throw new Error('Add-ons can only create time-based triggers that run at most once per hour.');
        }
        const d = data();
        const own = mine();
        if (own.length >= MAX_TRIGGERS_PER_USER) {
          throw new Error('This script has too many triggers. Triggers must be deleted from the script before more can be added.');
        }
        if (own.some((t) => t.documentId === state.documentId)) {
          throw new Error('This add-on has created too many time-based triggers in this document for this Google user account.');
        }
        const record: TriggerRecord = {
          id: String(d.nextId++),
          owner: state.user,
          handler,
          documentId: state.documentId,
          eventType: 'CLOCK',
          schedule: { ...schedule },
          createdAt: state.clock.now(),
        };
        d.triggers.push(record);
        return triggerObject(record);
      }),
    };
    const proxy = strict('ClockTriggerBuilder', builder);
    return proxy;
  }

  const service = {
    AuthMode,
    TriggerSource,
    EventType,
    WeekDay,
    AuthorizationStatus: enumOf(['REQUIRED', 'NOT_REQUIRED']),
    getAuthorizationInfo: (_mode: unknown, scopes?: unknown) => authorizationInfo(state, scopes),
    // Whether it can prompt from a sidebar call is unconfirmed: here it only throws, as Google does
    // where it cannot prompt.
    requireScopes: (_mode: unknown, scopes: unknown) => {
      if (authorizationInfo(state, scopes).getAuthorizationStatus() !== ('NOT_REQUIRED' as unknown)) {
        throw new Error('Authorization is required to perform that action.');
      }
    },
    newTrigger: guard('newTrigger', (handler: string) => {
      if (typeof handler !== 'string' || handler === '') throw new Error('Invalid argument: functionName');
      return strict('TriggerBuilder', { timeBased: () => clockBuilder(handler) });
    }),
    getUserTriggers: guard('getUserTriggers', (container: unknown) => {
      // Apps Script checks argument types before anything else: a null document is refused.
      if (container === null || container === undefined) {
        throw new Error(`The parameters (${container}) don't match the method signature for ScriptApp.getUserTriggers.`);
      }
      // The perProject variant: an add-on's time-driven trigger is not listed per document.
      if (state.variants.triggerListing === 'perProject') return [];
      const id = documentIdOf(container) ?? state.documentId;
      return mine()
        .filter((t) => t.documentId === id)
        .map(triggerObject);
    }),
    getProjectTriggers: guard('getProjectTriggers', () => mine().map(triggerObject)),
    deleteTrigger: guard('deleteTrigger', (trigger: GoogleAppsScript.Script.Trigger) => {
      const id = trigger?.getUniqueId?.();
      const d = data();
      const i = d.triggers.findIndex((t) => t.id === id && t.owner === state.user);
      if (i < 0) throw new Error('No item with the given ID could be found.');
      d.triggers.splice(i, 1);
    }),
  };
  return strict('ScriptApp', service) as unknown as GoogleAppsScript.Script.ScriptApp;
}

function documentIdOf(container: unknown): string | undefined {
  const getId = (container as { getId?: () => string } | null)?.getId;
  return typeof getId === 'function' ? getId.call(container) : undefined;
}
