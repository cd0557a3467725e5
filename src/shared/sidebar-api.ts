import type {
  AlertCheckSummary,
  AlertDefinition,
  AlertListView,
  AlertView,
  CatalogEntryView,
  ConnectionResult,
  DashboardRequest,
  DashboardResult,
  DateOptionsView,
  DeleteAlertOptions,
  RefreshOutcome,
  ReportDefinition,
  ReportListView,
  RunContinuing,
  RunProgress,
  RunReportRequest,
  RunReportResult,
  SavedReportView,
  SettingsInput,
  SettingsView,
  SiteView,
  WarehouseDestination,
  WarehouseExportResult,
  WarehouseTestResult,
} from './types';

/**
 * The server functions the sidebar page calls by name through google.script.run, as gas-client
 * types them: Code.ts is checked against this (renaming or changing one fails the build, not the
 * page at run time), and the page's rpc only accepts these names with these arguments.
 * Property syntax, not methods, so parameters are checked strictly.
 */
export interface SidebarApi {
  saveSettings: (input: SettingsInput) => SettingsView;
  getSettings: () => SettingsView;
  clearSettings: () => SettingsView;
  startDemo: () => SettingsView;
  endDemo: () => SettingsView;
  testConnection: () => ConnectionResult;
  getCatalog: () => CatalogEntryView[];
  listSites: () => SiteView[];
  getDateOptions: (request: { siteId: string; report: string }) => DateOptionsView;
  runReport: (request: RunReportRequest) => RunReportResult | RunContinuing;
  getRunProgress: (runId: string) => RunProgress | null;
  saveReport: (definition: ReportDefinition) => SavedReportView;
  listReports: () => ReportListView;
  deleteReport: (id: string) => { deleted: boolean };
  approveReport: (id: string) => SavedReportView;
  refreshReports: (ids?: string[]) => RefreshOutcome[];
  takeOverSchedule: () => ReportListView;
  exportReportNow: (id: string) => WarehouseExportResult;
  testWarehouse: (destination: WarehouseDestination) => WarehouseTestResult;
  listAlerts: () => AlertListView;
  saveAlert: (definition: AlertDefinition) => AlertView;
  /** Only the maker's own, or (with `confirm`) one whose maker no longer has access. */
  deleteAlert: (id: string, options?: DeleteAlertOptions) => { deleted: boolean };
  checkAlertsNow: () => AlertCheckSummary;
  createDashboard: (request: DashboardRequest) => DashboardResult;
}

export type SidebarFunction = keyof SidebarApi;
