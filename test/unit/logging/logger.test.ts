import { describe, expect, it, vi } from 'vitest';
import { DivertableDestination } from '../../../src/logging/divertable-destination.js';
import { createLogger, logFormat } from '../../../src/logging/logger.js';
import { sink } from '../../support/memory-sink.js';

const SECRET = 'gb_api_3xAmPlE-s3cr3t-t0k3n';

describe('createLogger', () => {
  it('writes JSON lines with token, authorization and url fields redacted', () => {
    const out = sink();
    const logger = createLogger({ destination: out, format: 'json' });
    logger.info({ token: SECRET, request: { authorization: `Bearer ${SECRET}`, url: `https://x/a?sig=${SECRET}` }, target: 'docs' }, 'calling the API');
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!) as Record<string, any>;
    expect(record).toMatchObject({ level: 30, app: 'docsync', msg: 'calling the API', target: 'docs', token: '[redacted]' });
    expect(record.request).toEqual({ authorization: '[redacted]', url: '[redacted]' });
    expect(out.text()).not.toContain(SECRET);
  });

  it('redacts the same fields in the pretty format', async () => {
    const out = sink();
    const logger = createLogger({ destination: out, format: 'pretty' });
    logger.warn({ token: SECRET, nested: { secret: SECRET }, target: 'docs' }, 'rate limited');
    await vi.waitFor(() => expect(out.text()).toContain('rate limited'), { timeout: 2_000 });
    const text = out.text();
    expect(text).toContain('WARN');
    expect(text).toContain('[redacted]');
    expect(text).toContain('target: "docs"');
    expect(text).not.toContain(SECRET);
    // Human-readable, not a JSON object per line.
    expect(() => JSON.parse(text.split('\n')[0]!) as unknown).toThrow();
  });

  it('honours the level', () => {
    const out = sink();
    const logger = createLogger({ destination: out, format: 'json', level: 'warn' });
    logger.info({}, 'hidden');
    logger.warn({}, 'shown');
    expect(out.text()).not.toContain('hidden');
    expect(out.text()).toContain('shown');
  });
});

describe('pretty colours', () => {
  const SGR = new RegExp(String.raw`\u001b\[[0-9;]*m`);
  const pretty = (env: Record<string, string>, color?: boolean): string => {
    const out = sink();
    createLogger({ destination: out, format: 'pretty', env, ...(color === undefined ? {} : { color }) }).warn({ target: 'docs' }, 'look');
    return out.text();
  };

  it('follow FORCE_COLOR and NO_COLOR, and an explicit choice over both', () => {
    expect(pretty({})).not.toMatch(SGR);
    expect(pretty({ FORCE_COLOR: '1' })).toMatch(SGR);
    expect(pretty({ NO_COLOR: '1' }, true)).toMatch(SGR);
    expect(pretty({ FORCE_COLOR: '1' }, false)).not.toMatch(SGR);
    expect(pretty({ FORCE_COLOR: '0' })).toContain('WARN');
  });
});

describe('DivertableDestination', () => {
  it('sends whole lines elsewhere until restored', () => {
    const out = sink();
    const lines = new DivertableDestination(out);
    const logger = createLogger({ destination: lines, format: 'pretty', env: {} });
    const diverted: string[] = [];
    logger.warn({}, 'before');
    const restore = lines.divert((line) => diverted.push(line));
    logger.warn({ target: 'docs' }, 'during');
    restore();
    logger.warn({}, 'after');
    expect(out.text()).toMatch(/WARN: before\n[^]*WARN: after\n$/);
    expect(out.text()).not.toContain('during');
    expect(diverted).toHaveLength(1);
    expect(diverted[0]).toMatch(/WARN: during\n {4}target: "docs"\n$/);
  });
});

describe('logFormat', () => {
  it('is pretty in a terminal and JSON elsewhere', () => {
    expect(logFormat({ env: {}, isTTY: true })).toBe('pretty');
    expect(logFormat({ env: {}, isTTY: false })).toBe('json');
  });

  it('follows DOCSYNC_LOG_FORMAT, and an explicit format over both', () => {
    expect(logFormat({ env: { DOCSYNC_LOG_FORMAT: 'json' }, isTTY: true })).toBe('json');
    expect(logFormat({ env: { DOCSYNC_LOG_FORMAT: 'pretty' }, isTTY: false })).toBe('pretty');
    expect(logFormat({ env: { DOCSYNC_LOG_FORMAT: 'bogus' }, isTTY: false })).toBe('json');
    expect(logFormat({ format: 'json', env: { DOCSYNC_LOG_FORMAT: 'pretty' }, isTTY: true })).toBe('json');
  });
});
