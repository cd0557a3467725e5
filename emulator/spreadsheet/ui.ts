/** The emulated Ui (menus, sidebars, dialogs, alerts) and toasts, recorded for tests. */
import { guard, type Permission } from './guard';

export type MenuItem = { label: string; handler: string } | { label: string; items: Array<MenuItem | null> } | null;

export interface RecordedMenu {
  title: string;
  /** null stands for a separator. */
  items: MenuItem[];
}

export interface RecordedHtml {
  title: string;
  html: string;
}

export interface RecordedAlert {
  title: string | null;
  prompt: string;
  buttons: string | null;
  /** What the emulated user answered. */
  response: string;
}

export interface RecordedToast {
  message: string;
  title: string;
  seconds: number | null;
}

export const BUTTON = { OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO', CLOSE: 'CLOSE' } as const;
export const BUTTON_SET = { OK: 'OK', OK_CANCEL: 'OK_CANCEL', YES_NO: 'YES_NO', YES_NO_CANCEL: 'YES_NO_CANCEL' } as const;

/** A Ui.Button value (the emulator's are their names) or its name. */
export type ButtonLike = string | GoogleAppsScript.Base.Button;

export interface UiRecorder {
  menus: RecordedMenu[];
  sidebars: RecordedHtml[];
  dialogs: Array<RecordedHtml & { modal: boolean }>;
  alerts: RecordedAlert[];
  prompts: RecordedAlert[];
  toasts: RecordedToast[];
  /**
   * What a prompt with no queued answer gets (default: OK with no text). The playground sets Cancel
   * to learn what a menu item asks before its user has answered.
   */
  promptFallback: { button: string; text?: string } | null;
  /** Queue the answers the emulated user gives to the next alerts/prompts (default: OK). */
  respondWith(...responses: Array<ButtonLike | { button: ButtonLike; text?: string }>): void;
  /** The Ui object SpreadsheetApp.getUi() returns. */
  readonly ui: unknown;
  lastSidebar(): RecordedHtml | undefined;
  /** The menu with that title (the add-on menu is recorded under the add-on's name, "Add-on"). */
  menu(title?: string): RecordedMenu | undefined;
  reset(): void;
}

interface HtmlOutputLike {
  getTitle?(): string;
  getContent?(): string;
}

function htmlOf(output: unknown): RecordedHtml {
  const o = output as HtmlOutputLike;
  if (!o || typeof o.getContent !== 'function') throw new Error('Invalid argument: userInterface');
  return { title: typeof o.getTitle === 'function' ? String(o.getTitle() ?? '') : '', html: String(o.getContent()) };
}

export function createUiRecorder(permission: Permission): UiRecorder {
  const answers: Array<{ button: string; text?: string }> = [];
  const nextAnswer = (fallback: string) => answers.shift() ?? { button: fallback, text: '' };

  const recorder: Omit<UiRecorder, 'ui'> & { ui: unknown } = {
    menus: [],
    sidebars: [],
    dialogs: [],
    alerts: [],
    prompts: [],
    toasts: [],
    promptFallback: null,
    ui: undefined,
    respondWith(...responses) {
      for (const r of responses)
        answers.push(
          typeof r === 'object' && r !== null && 'button' in r ? { button: String(r.button), text: r.text } : { button: String(r) },
        );
    },
    lastSidebar() {
      return recorder.sidebars[recorder.sidebars.length - 1];
    },
    menu(title) {
      return title === undefined ? recorder.menus[recorder.menus.length - 1] : recorder.menus.find((m) => m.title === title);
    },
    reset() {
      for (const list of [recorder.menus, recorder.sidebars, recorder.dialogs, recorder.alerts, recorder.prompts, recorder.toasts])
        list.length = 0;
      answers.length = 0;
      recorder.promptFallback = null;
    },
  };

  const newMenu = (title: string) => {
    const items: MenuItem[] = [];
    const menu: Record<string, unknown> = {
      addItem(caption: string, functionName: string) {
        items.push({ label: String(caption), handler: String(functionName) });
        return proxy;
      },
      addSeparator() {
        items.push(null);
        return proxy;
      },
      addSubMenu(sub: { __recorded?: () => RecordedMenu }) {
        const inner = sub?.__recorded?.();
        if (!inner) throw new Error('Invalid argument: menu');
        items.push({ label: inner.title, items: inner.items });
        return proxy;
      },
      addToUi() {
        const existing = recorder.menus.findIndex((m) => m.title === title);
        const recorded = { title, items: [...items] };
        // Building the same menu again (onOpen runs again) replaces it, as in Sheets.
        if (existing >= 0) recorder.menus[existing] = recorded;
        else recorder.menus.push(recorded);
      },
      __recorded: () => ({ title, items: [...items] }),
      toString: () => 'Menu',
    };
    const proxy = guard('Menu', menu, () => 'full');
    return proxy;
  };

  const ui: Record<string, unknown> = {
    Button: BUTTON,
    ButtonSet: BUTTON_SET,
    createAddonMenu: () => newMenu('Add-on'),
    createMenu: (caption: string) => newMenu(String(caption)),
    showSidebar(output: unknown) {
      recorder.sidebars.push(htmlOf(output));
    },
    showModalDialog(output: unknown, title: string) {
      recorder.dialogs.push({ ...htmlOf(output), title: String(title), modal: true });
    },
    showModelessDialog(output: unknown, title: string) {
      recorder.dialogs.push({ ...htmlOf(output), title: String(title), modal: false });
    },
    alert(...args: unknown[]) {
      // alert(prompt) | alert(prompt, buttons) | alert(title, prompt, buttons)
      const [title, prompt, buttons] =
        args.length >= 3
          ? [String(args[0]), String(args[1]), String(args[2])]
          : [null, String(args[0]), args[1] === undefined ? null : String(args[1])];
      const response = nextAnswer(BUTTON.OK).button;
      recorder.alerts.push({ title, prompt, buttons, response });
      return response;
    },
    prompt(...args: unknown[]) {
      const [title, prompt, buttons] =
        args.length >= 3
          ? [String(args[0]), String(args[1]), String(args[2])]
          : [null, String(args[0]), args[1] === undefined ? null : String(args[1])];
      const answer = answers.shift() ?? recorder.promptFallback ?? { button: BUTTON.OK, text: '' };
      recorder.prompts.push({ title, prompt, buttons, response: answer.button });
      return { getResponseText: () => answer.text ?? '', getSelectedButton: () => answer.button };
    },
    toString: () => 'Ui',
  };
  recorder.ui = guard('Ui', ui, permission);
  return recorder as UiRecorder;
}

export function recordToast(recorder: UiRecorder, message: unknown, title?: unknown, seconds?: unknown): void {
  recorder.toasts.push({
    message: String(message),
    title: title === undefined ? '' : String(title),
    seconds: typeof seconds === 'number' ? seconds : null,
  });
}
