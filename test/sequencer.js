/**
 * Jest's order (failed first, then longest first by the last run's times, else biggest file first),
 * except that a suite with no time on record yet (a fresh clone, as CI runs) that walks a browser
 * goes first. Those are the longest suites while their files are small: started last, one of them
 * kept a worker busy for the run's last 12 s while the other had nothing left to do.
 */
const Sequencer = require('@jest/test-sequencer').default;

const WALKS = /[\\/]test[\\/](playground|browser)[\\/]|\.browser\.test\.ts$/;

class WalksFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const first = (test) => test.duration == null && WALKS.test(test.path);
    return [...sorted.filter(first), ...sorted.filter((test) => !first(test))];
  }
}

module.exports = WalksFirst;
