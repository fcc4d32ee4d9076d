import { describe, expect, it } from 'vitest';
import { publicError } from './health.service';

// The health report is public: why a component is down, never where it lives (issue 15).
describe('publicError', () => {
  it.each([
    ['connect ECONNREFUSED 127.0.0.1:54329', 'connect ECONNREFUSED'],
    ['connect ECONNREFUSED ::1:5432', 'connect ECONNREFUSED'],
    ['connect ECONNREFUSED [::1]:6379', 'connect ECONNREFUSED'],
    ['connect ENOENT /var/run/postgresql/.s.PGSQL.5432', 'connect ENOENT'],
    ['getaddrinfo ENOTFOUND db.internal.example', 'getaddrinfo ENOTFOUND'],
    ['Redis connection to localhost:6379 failed', 'Redis connection to failed'],
    ['connect to postgres://zhiwen:secret@10.0.0.5:5432/zhiwen failed', 'connect to failed'],
  ])('%s → %s', (message, expected) => {
    expect(publicError(message)).toBe(expected);
  });

  it('keeps messages that name no place', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'the database system is shutting down',
      'timed out after 2000 ms',
      'Connection is closed.',
    ]) {
      expect(publicError(message)).toBe(message);
    }
  });
});
