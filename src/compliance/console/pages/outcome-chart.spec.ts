import { renderPage } from '../../../web/render-page';
import { consoleMessages } from '../console-messages';
import { niceMaximum, niceTicks, OutcomeChart, OutcomeTable } from './outcome-chart';

const day = (date: string, transferred: number, failed = 0) => ({
  day: date,
  counts: { transferred, cancelled: 0, expired: 0, failed, open: 0 },
});

// Called as a function (no JSX) so that the build's exclusion of *.spec.ts keeps it out of dist/.
describe('outcome chart', () => {
  it('rounds the axis maximum up to 1, 2 or 5 times a power of ten, at least 4', () => {
    expect([0, 3, 4, 5, 11, 20, 21, 99, 101, 4999].map(niceMaximum)).toEqual([
      4, 4, 4, 5, 20, 20, 50, 100, 200, 5000,
    ]);
  });

  it('puts gridlines at round numbers only', () => {
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(niceTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(50)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(niceTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(2000)).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('draws one stacked bar per day, a segment per non-zero outcome, with heights proportional to counts', () => {
    const svg = renderPage(
      OutcomeChart({
        days: [day('2026-11-01', 2, 2), day('2026-11-02', 0), day('2026-11-03', 4)],
        text: consoleMessages('en'),
        lang: 'en',
      }),
    );
    const heights = [
      ...svg.matchAll(/height="([\d.]+)" fill="[^"]+" data-outcome="(\w+)" data-count="(\d+)"/g),
    ].map((m) => [m[2], Number(m[3]), Number(m[1])]);
    expect(heights).toEqual([
      ['transferred', 2, 112],
      ['failed', 2, 112],
      ['transferred', 4, 224],
    ]);
    expect(svg).toContain('<title>Nov 1, 2026: 2 Failed</title>');
    expect(svg.match(/<g data-day=/g)).toHaveLength(3);
  });

  it('writes the days as the reader does: on the axis, in the bar titles and in the table', () => {
    const days = [day('2026-11-04', 1), day('2026-11-05', 0)];
    const de = renderPage(OutcomeChart({ days, text: consoleMessages('de'), lang: 'de' }));
    expect(de).toContain('>4.11.</text>');
    expect(de).toContain('<title>04.11.2026: 1 Übertragen</title>');
    expect(de.replace(/data-day="[^"]*"/g, '')).not.toContain('11-04');
    const en = renderPage(OutcomeChart({ days, text: consoleMessages('en'), lang: 'en' }));
    expect(en).toContain('>Nov 4</text>');
    const table = renderPage(OutcomeTable({ days, text: consoleMessages('de'), lang: 'de' }));
    expect(table).toContain('<th scope="row">05.11.2026</th>');
  });
});
