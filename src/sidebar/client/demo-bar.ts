import type { SettingsView } from '../../shared/types';
import { clear, el, setStatus } from './dom';
import type { SidebarContext } from './section';

/**
 * Demo mode in the sidebar: "Try it with demo data" where no credential is set up, and, while the
 * demo is on, a bar above every tab that says the numbers are demo data, with "End demo".
 */
export function tryDemoButton(ctx: SidebarContext, status: HTMLElement): HTMLButtonElement {
  const button = el('button', { type: 'button', className: 'action', 'data-test': 'start-demo', text: 'Try it with demo data' });
  button.addEventListener('click', () => {
    button.disabled = true;
    ctx
      .rpc('startDemo')
      .then((view) => {
        ctx.emit('settings-changed', view);
        ctx.showSection('report');
      })
      .catch((error: Error) => setStatus(status, error.message, 'error'))
      .finally(() => {
        button.disabled = false;
      });
  });
  return button;
}

export function renderDemoBar(bar: HTMLElement, view: SettingsView, ctx: SidebarContext, say: (message: string) => void): void {
  clear(bar);
  bar.hidden = view.demo !== true;
  if (bar.hidden) return;
  const end = el('button', { type: 'button', 'data-test': 'end-demo', text: 'End demo' });
  const status = el('div', { className: 'status', hidden: true });
  end.addEventListener('click', () => {
    end.disabled = true;
    ctx
      .rpc('endDemo')
      .then((after) => {
        ctx.emit('settings-changed', after);
        if (after.demoEnded) {
          const { reports, alerts } = after.demoEnded;
          say(
            `Demo ended: ${reports} saved report${reports === 1 ? '' : 's'} and ${alerts} alert${alerts === 1 ? '' : 's'} removed. The demo's sheets stay, labelled "Demo data"; delete them when you like.`,
          );
        }
        ctx.showSection(after.configured ? 'report' : 'settings');
      })
      .catch((error: Error) => setStatus(status, error.message, 'error'))
      .finally(() => {
        end.disabled = false;
      });
  });
  bar.append(
    el('strong', { text: 'Demo data' }),
    ' \u00b7 built-in sample data for a few sites; nothing is fetched and no credential is used. ',
    end,
    status,
  );
}
