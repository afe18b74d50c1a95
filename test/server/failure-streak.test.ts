import pino from 'pino';
import { failureStreak } from '../../server/src/logging/failure-streak';

describe('a task that fails again and again, in the log', () => {
  it('When a poll fails every second through an outage, then the log says so once, again once a minute with the count, and once when it works again', () => {
    const lines: { level: number; msg: string; failuresSoFar?: number; failures?: number; err?: { message: string } }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    let clock = Date.parse('2026-12-01T12:00:00Z');
    const polls = failureStreak(logger, { failing: 'could not refresh studio change counters', recovered: 'studio change counters refreshed again' }, {}, () => clock);

    for (let second = 0; second < 90; second += 1) {
      polls.failed(new Error('connect ECONNREFUSED 127.0.0.1:3306'));
      clock += 1000;
    }
    polls.succeeded();
    polls.succeeded();
    polls.failed(new Error('Connection lost'));

    expect(lines.map(({ level, msg, failuresSoFar, failures, err }) => ({ level, msg, failuresSoFar, failures, err: err?.message }))).toEqual([
      { level: 40, msg: 'could not refresh studio change counters', failuresSoFar: undefined, failures: undefined, err: 'connect ECONNREFUSED 127.0.0.1:3306' },
      { level: 40, msg: 'could not refresh studio change counters', failuresSoFar: 61, failures: undefined, err: 'connect ECONNREFUSED 127.0.0.1:3306' },
      { level: 30, msg: 'studio change counters refreshed again', failuresSoFar: undefined, failures: 90, err: undefined },
      { level: 40, msg: 'could not refresh studio change counters', failuresSoFar: undefined, failures: undefined, err: 'Connection lost' },
    ]);
  });
});
