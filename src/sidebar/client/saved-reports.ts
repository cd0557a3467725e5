import type { ReportListView, RunReportRequest, RunReportResult } from '../../shared/types';
import { isScheduled } from '../../reports/schedule';
import { clear, el, setStatus } from './dom';
import type { Rpc } from './rpc';
import { reportCard } from './saved-card';
import { offerSave } from './saved-offer';
import type { SidebarContext, SidebarSection } from './section';
import { outcomesText, ownerLine, siteNames } from './saved-words';
import { refreshUntilDone } from './saved-refresh';

/**
 * The "Saved" tab: saved reports with their status, Run / Edit / Delete, a schedule editor, who
 * runs the schedules (with Take over), and saving the report just run in the builder. Every value
 * from the server goes in as text (el's `text`, textContent), never as HTML. The card, its edit
 * form, the save offer, the editors and the words each live in a saved-*.ts file of their own.
 */
export interface SavedReportsApi {
  run: Rpc;
  /** Whether a credential is saved (absent: assumed so); the owner line depends on it. */
  configured?: () => boolean;
  /** Whether this user is in demo mode, whose schedules are the demo's. */
  demo?: () => boolean;
}

export interface SavedReportsHandle {
  /** Reloads the list from the server. */
  reload(): void;
  /** Shows the "save this report" form filled from a builder request. */
  offerSave(request: RunReportRequest, label?: string, ran?: RunReportResult): void;
  /** Takes the offer back (the builder's form changed since that run). */
  withdrawSave(): void;
  /** Says again who runs the schedules and lists the reports again (the credential or the demo changed). */
  settingsChanged(): void;
}

/** What the parts of the Saved tab share: the server, the status line, and the tab's own actions. */
export interface SavedScreen {
  api: SavedReportsApi;
  status: HTMLElement;
  saveBox: HTMLElement;
  /** Runs one server call with the buttons locked and its failure shown in words. */
  act<T>(label: string, work: () => Promise<T>, after?: (value: T) => void): void;
  /** Reloads the list, then `then`. */
  load(then?: () => void): void;
  /** Refreshes these reports (all without ids) and says how it went. */
  refresh(ids?: string[]): void;
}

/** Runs one server call at a time with the tab's buttons locked, its failure shown in words. */
function lockedActions(container: HTMLElement, status: HTMLElement): Pick<SavedScreen, 'act'> & { busy(): boolean } {
  let busy = false;
  const act = <T>(label: string, work: () => Promise<T>, after?: (value: T) => void): void => {
    if (busy) return;
    busy = true;
    setStatus(status, label);
    for (const b of Array.from(container.querySelectorAll('button'))) b.disabled = true;
    work()
      .then((value) => {
        setStatus(status, '');
        after?.(value);
      })
      .catch((error: Error) => setStatus(status, error.message, 'error'))
      .finally(() => {
        busy = false;
        for (const b of Array.from(container.querySelectorAll('button'))) b.disabled = false;
      });
  };
  return { act, busy: () => busy };
}

/**
 * Asks the server for the list and draws it. A list asked for before the user's last click on a
 * card (Edit, Delete) would close the editor or the confirmation that click opened: the tab asks on
 * each visit, and on a slow day it answers after the click. So only a list asked for since is
 * drawn; `then` runs either way (it says how an action went).
 */
function listLoader(
  list: HTMLElement,
  api: SavedReportsApi,
  status: HTMLElement,
  render: (view: ReportListView) => void,
): SavedScreen['load'] {
  let asked = 0;
  list.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest('button')) asked++;
    },
    true,
  );
  return (then) => {
    const ticket = ++asked;
    api
      .run('listReports')
      .then((view) => {
        if (ticket === asked) render(view);
        then?.();
      })
      .catch((error: Error) => setStatus(status, error.message, 'error'));
  };
}

export function mountSavedReports(container: HTMLElement, api: SavedReportsApi): SavedReportsHandle {
  const status = el('div', { className: 'status', hidden: true, 'data-test': 'saved-status' });
  const ownerBox = el('div', { className: 'state', 'data-test': 'schedule-owner' });
  const saveBox = el('div', { className: 'block notice', hidden: true, 'data-test': 'save-last-run' });
  const list = el('div', { className: 'block', 'data-test': 'saved-list' });
  const refreshAll = el('button', { type: 'button', text: 'Refresh all' });
  container.append(saveBox, ownerBox, el('div', { className: 'buttons' }, refreshAll), status, list);

  const { act, busy } = lockedActions(container, status);

  const refresh = (ids?: string[]) =>
    act(
      'Refreshing\u2026 (large reports can take a few minutes)',
      () => refreshUntilDone(api.run, ids, (text) => setStatus(status, text)),
      (outcomes) => {
        const { text, kind } = outcomesText(outcomes);
        load(() => setStatus(status, text, kind));
      },
    );

  let shown: ReportListView | null = null;
  function renderOwner(view: ReportListView): void {
    shown = view;
    clear(ownerBox);
    const anyScheduled = view.reports.some((r) => isScheduled(r.schedule));
    // Without the trigger permission, the problem line is the whole story: no trigger of this user's
    // can run, and Take over (meant for another person's stopped schedule) would be refused too.
    const blocked = view.scheduleOwner.permissionMissing === true;
    if (!blocked)
      ownerBox.appendChild(
        el('div', { text: ownerLine(view.scheduleOwner, anyScheduled, api.configured?.() ?? true, api.demo?.() ?? false) }),
      );
    if (view.scheduleOwner.problem) ownerBox.appendChild(el('div', { className: 'error', text: view.scheduleOwner.problem }));
    if (anyScheduled && !blocked && (!view.scheduleOwner.isMine || !view.scheduleOwner.active)) {
      const take = el('button', { type: 'button', text: 'Take over' });
      take.addEventListener('click', () => act('Taking over the schedules\u2026', () => api.run('takeOverSchedule'), render));
      ownerBox.append(
        el('div', {
          className: 'hint gray',
          text: 'Take over if that person left or their schedule stopped: the schedules then run with your account and credential.',
        }),
        el('div', { className: 'buttons' }, take),
      );
    }
  }

  function render(view: ReportListView): void {
    renderOwner(view);
    clear(list);
    refreshAll.hidden = view.reports.length === 0;
    if (view.reports.length === 0) {
      list.appendChild(
        el('p', {
          className: 'gray',
          text: 'No saved reports yet. Run a report, then save it here to refresh it on demand or on a schedule.',
        }),
      );
      return;
    }
    for (const r of view.reports) list.appendChild(reportCard(screen, r, view.timeZone));
  }

  const load = listLoader(list, api, status, render);

  const screen: SavedScreen = { api, status, saveBox, act, load, refresh };
  let mode: string | null = null;
  refreshAll.addEventListener('click', () => refresh());
  load();
  // A visit shows the reports as they are now: an old "Saved." must not sit above a card that failed since.
  return {
    reload: () => {
      if (!busy()) setStatus(status, '');
      load();
    },
    offerSave: (request, label, ran) => offerSave(screen, request, label, ran),
    withdrawSave: () => {
      clear(saveBox);
      saveBox.hidden = true;
    },
    // Starting or ending the demo swaps the whole list (demo reports live apart): a stale card
    // must not stay on the tab, so the list is fetched again, not only the owner line. The first
    // settings of the page only say what the mount's own load already shows.
    settingsChanged: () => {
      const now = `${api.demo?.() === true}/${api.configured?.() !== false}`;
      if (mode !== null && mode !== now) load();
      else if (shown) renderOwner(shown);
      mode = now;
    },
  };
}

/**
 * The tab, for main.ts's SECTIONS list: `createSavedReportsSection()`. After a run in the builder
 * the tab holds a filled "Save this report" form (a builder button can simply show this tab).
 */
export function createSavedReportsSection(): SidebarSection {
  let handle: SavedReportsHandle | null = null;
  return {
    id: 'saved',
    title: 'Saved',
    mount(root: HTMLElement, ctx: SidebarContext): void {
      const mounted = mountSavedReports(root, {
        run: ctx.rpc,
        configured: () => ctx.settings()?.configured !== false,
        demo: () => ctx.settings()?.demo === true,
      });
      handle = mounted;
      ctx.on('report-ran', ({ request, label, result }) => mounted.offerSave(request, label, result));
      ctx.on('sites-loaded', (list) => {
        siteNames.clear();
        for (const site of list) if (site.name) siteNames.set(site.id, site.name);
      });
      ctx.on('report-edited', () => mounted.withdrawSave());
      ctx.on('settings-changed', () => mounted.settingsChanged());
    },
    shown(): void {
      // Status changes behind the page's back (schedules, other editors): fresh on every visit.
      handle?.reload();
    },
  };
}
