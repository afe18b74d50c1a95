import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { BufferedLogDestination, type WriteSome } from '../../server/src/logging/buffered-log-destination';

/** A stand-in for standard output: every write it was given, as the bytes it took. */
function recordingOutput(): { writes: string[]; text: () => string; writeSome: WriteSome } {
  const chunks: Buffer[] = [];
  return {
    get writes() {
      return chunks.map((chunk) => chunk.toString('utf8'));
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
    writeSome: (bytes, offset, length) => {
      chunks.push(Buffer.from(bytes.subarray(offset, offset + length)));
      return length;
    },
  };
}

const ROOT = path.resolve(__dirname, '../..');

describe('the server log destination', () => {
  afterEach(() => jest.useRealTimers());

  it('When pino logs lines, then they reach standard output in order, together in one write when flushed', () => {
    const output = recordingOutput();
    const logger = pino({ base: null, timestamp: false }, new BufferedLogDestination(output.writeSome, 4096, 60_000));
    logger.info('first');
    logger.warn({ studio: 'salsa-city' }, 'second');
    expect(output.writes).toEqual([]);
    logger.flush();
    expect(output.writes).toHaveLength(1);
    expect(output.text().split('\n').filter(Boolean).map((line) => JSON.parse(line))).toEqual([
      { level: 30, msg: 'first' },
      { level: 40, studio: 'salsa-city', msg: 'second' },
    ]);
  });

  it('When the buffer is full, then the lines gathered so far are written before the next one, each line whole', () => {
    const output = recordingOutput();
    const destination = new BufferedLogDestination(output.writeSome, 100, 60_000);
    const lines = Array.from({ length: 7 }, (_, index) => `${String(index).padStart(2, '0')} ${'x'.repeat(26)}\n`);
    for (const line of lines) destination.write(line);
    destination.flushSync();
    expect(output.text()).toBe(lines.join(''));
    expect(output.writes.length).toBeGreaterThan(2);
    for (const write of output.writes) expect(write.endsWith('\n')).toBe(true);
  });

  it('When a line is longer than the whole buffer, then it is written whole, after the lines before it', () => {
    const output = recordingOutput();
    const destination = new BufferedLogDestination(output.writeSome, 64, 60_000);
    destination.write('short\n');
    const long = `${'y'.repeat(500)}\n`;
    destination.write(long);
    destination.write('after\n');
    destination.flushSync();
    expect(output.writes).toEqual(['short\n', long, 'after\n']);
  });

  it('When lines hold accents, other scripts and emoji, then their UTF-8 bytes are written intact', () => {
    const output = recordingOutput();
    const destination = new BufferedLogDestination(output.writeSome, 64, 60_000);
    const lines = ['Café Tánger ñ\n', 'Ballet классический 芭蕾\n', 'Salsa 💃🏽 night\n', '"quoted" \\ back\n'];
    for (const line of lines) destination.write(line);
    destination.flushSync();
    expect(output.text()).toBe(lines.join(''));
  });

  it('When the server is quiet, then its lines are written within the flush period, without waiting for more', () => {
    jest.useFakeTimers();
    const output = recordingOutput();
    const logger = pino({ base: null, timestamp: false }, new BufferedLogDestination(output.writeSome, 4096, 1000));
    logger.warn('a warning on a quiet server');
    jest.advanceTimersByTime(999);
    expect(output.writes).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(JSON.parse(output.text())).toEqual({ level: 40, msg: 'a warning on a quiet server' });
  });

  it('When pino flushes at shutdown, then the lines are written before its callback runs', () => {
    const output = recordingOutput();
    const logger = pino({ base: null, timestamp: false }, new BufferedLogDestination(output.writeSome, 4096, 60_000));
    logger.info('draining in-flight requests, then exiting');
    const seenAtCallback: string[] = [];
    logger.flush(() => seenAtCallback.push(output.text()));
    expect(seenAtCallback).toEqual([`${JSON.stringify({ level: 30, msg: 'draining in-flight requests, then exiting' })}\n`]);
  });

  it('When standard output is full for a moment (EAGAIN) or takes part of a write, then every byte is written once, in order', () => {
    const taken: Buffer[] = [];
    let calls = 0;
    const destination = new BufferedLogDestination(
      (bytes, offset, length) => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('resource temporarily unavailable'), { code: 'EAGAIN' });
        const some = Math.min(length, 5);
        taken.push(Buffer.from(bytes.subarray(offset, offset + some)));
        return some;
      },
      4096,
      60_000,
    );
    destination.write('one line\n');
    destination.write('and another\n');
    destination.flushSync();
    expect(Buffer.concat(taken).toString()).toBe('one line\nand another\n');
  });

  it('When nobody reads standard output any more (EPIPE), then logging goes on without an error and nothing more is written', () => {
    let calls = 0;
    const destination = new BufferedLogDestination(
      () => {
        calls += 1;
        throw Object.assign(new Error('broken pipe'), { code: 'EPIPE' });
      },
      4096,
      60_000,
    );
    const logger = pino({ base: null }, destination);
    logger.info('lost');
    expect(() => logger.flush()).not.toThrow();
    logger.info('also lost');
    expect(() => logger.flush()).not.toThrow();
    expect(calls).toBe(1);
  });

  it('When the server dies of an uncaught error, then the lines it logged before are on standard output', () => {
    const script = [
      "const { createLogger } = require('./server/src/server');",
      "const logger = createLogger('info');",
      "logger.info('the last line before the crash');",
      "setImmediate(() => { throw new Error('an uncaught failure'); });",
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(child.status).toBe(1);
    expect(child.stderr).toContain('an uncaught failure');
    const lines = child.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line));
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'the last line before the crash', service: 'studio-data' })]);
  });
});
