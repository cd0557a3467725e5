import { isPercentMetric, thresholdHint, thresholdInput, thresholdOf, thresholdWords } from '../../../src/sidebar/client/alert-threshold';

describe('an alert threshold in a person\u2019s words', () => {
  test('a percent metric is asked in percent and sent as the fraction it is compared with', () => {
    expect(isPercentMetric('traffic/summary', 'bounceRate')).toBe(true);
    expect(isPercentMetric('earnings', 'rpm')).toBe(false);
    expect(thresholdOf('above', '50', true)).toBe(0.5);
    expect(thresholdOf('below', '15', false)).toBe(15);
    expect(thresholdOf('changeBelow', '20', true)).toBe(-0.2);
    expect(thresholdOf('above', '', true)).toBeUndefined();
    expect(thresholdHint('above', true)).toBe('Percent: 50 means 50%.');
    expect(thresholdHint('above', false)).toMatch(/metric\u2019s own unit/);
  });

  test('a card says a percent metric\u2019s threshold in percent, a change as a percent, money as typed', () => {
    expect(thresholdWords({ report: 'traffic/summary', metric: 'bounceRate', condition: 'above', threshold: 0.5 })).toBe('50%');
    expect(thresholdWords({ report: 'traffic/summary', metric: 'bounceRate', condition: 'above', threshold: 0.584 })).toBe('58.4%');
    expect(thresholdWords({ report: 'earnings', metric: 'rpm', condition: 'changeBelow', threshold: -0.2 })).toBe('20%');
    expect(thresholdWords({ report: 'earnings', metric: 'rpm', condition: 'below', threshold: 15 })).toBe('15');
  });

  test('an edited alert shows its threshold as it was typed: percent for a change or a percent metric', () => {
    expect(thresholdInput({ report: 'traffic/summary', metric: 'bounceRate', condition: 'above', threshold: 0.5 })).toBe('50');
    expect(thresholdInput({ report: 'earnings', metric: 'rpm', condition: 'changeBelow', threshold: -0.2 })).toBe('20');
    expect(thresholdInput({ report: 'earnings', metric: 'rpm', condition: 'below', threshold: 15 })).toBe('15');
  });
});
