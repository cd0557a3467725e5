import type { Rpc } from './rpc';
import type { RunReportRequest, RunReportResult, SettingsView, SiteView } from '../../shared/types';

/** What the sections tell each other (e.g. saved reports can offer to save the last run). */
export interface SidebarEvents {
  'settings-changed': SettingsView;
  'report-ran': { request: RunReportRequest; result: RunReportResult; label?: string };
  /** The sites the credential sees, as the builder loaded them (other tabs show their names). */
  'sites-loaded': SiteView[];
  /** The builder's form no longer shows the last run: its "save this report" offer is stale. */
  'report-edited': null;
}

export interface SidebarContext {
  rpc: Rpc;
  on<K extends keyof SidebarEvents>(event: K, listener: (value: SidebarEvents[K]) => void): void;
  emit<K extends keyof SidebarEvents>(event: K, value: SidebarEvents[K]): void;
  showSection(id: string): void;
  hasSection(id: string): boolean;
  /** The settings as last loaded or saved; null until the first load. */
  settings(): SettingsView | null;
}

/**
 * One tab of the sidebar. A new section (saved reports) is a file exporting one of these, added
 * to the list in main.ts; it builds its own DOM inside `root`.
 */
export interface SidebarSection {
  id: string;
  title: string;
  mount(root: HTMLElement, ctx: SidebarContext): void;
  /** Called each time its tab is shown. */
  shown?(): void;
}
