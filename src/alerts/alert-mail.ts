import { findReport } from '../catalog/reports';
import type { AlertReading } from './evaluate';
import type { StoredAlert } from './alert-store';
import { formatFraction, formatValue, span } from './format';
import type { Mailing } from './mail';

/** What a firing alert says: its name, the site, the metric, both values and the change. Nothing secret. */
export function alertMail(alert: StoredAlert, reading: AlertReading): Mailing {
  const column = findReport(alert.report)?.columns.find((c) => c.field === alert.metric);
  const money = (v: number | '') => (v === '' ? 'none' : formatValue(v, column));
  const site = alert.siteId === 'all' ? 'all sites' : alert.siteId;
  const change = typeof reading.fraction === 'number' ? ` ${formatFraction(reading.fraction)}` : '';
  const lines = [`Your Creator Reporting alert "${alert.name}" fired.`, '', `Site: ${site}`, `Metric: ${reading.metricLabel}`];
  if (reading.current) lines.push(`Value: ${money(reading.current.value)} (${span(reading.current)})`);
  if (reading.previous)
    lines.push(`Previous value: ${money(reading.previous.value)} (${span(reading.previous)}, ${reading.previous.label})`);
  if (typeof reading.change === 'number' && typeof reading.fraction === 'number') {
    lines.push(`Change: ${money(reading.change)} (${formatFraction(reading.fraction)})`);
  }
  lines.push('', reading.message);
  return { subject: `Creator Reporting alert: ${reading.metricLabel} on ${site}${change}`, lines };
}
