import { describe, expect, it } from 'vitest';
import { FallbackAigcScorer } from './fallback-scorer';
import type { AigcScorer } from './types';

const scorer = (name: string, result: () => Promise<number[]>): AigcScorer => ({
  model: { backend: name === 'offline' ? 'offline' : 'logprob', name, version: '1' },
  score: result,
});

describe('FallbackAigcScorer', () => {
  it('scores with the primary backend while it answers', async () => {
    const s = new FallbackAigcScorer(
      scorer('llm', async () => [0.9]),
      scorer('offline', async () => [0.1]),
    );
    expect(await s.score(['段落'])).toEqual([0.9]);
    expect(s.model.name).toBe('llm');
    expect(s.lastError).toBeUndefined();
  });

  it('falls back to the offline model when the backend fails, and names it', async () => {
    const s = new FallbackAigcScorer(
      scorer('llm', async () => {
        throw new Error('HTTP 503 from the logprob backend');
      }),
      scorer('offline', async () => [0.2]),
    );
    expect(await s.score(['段落'])).toEqual([0.2]);
    expect(s.model).toMatchObject({ backend: 'offline', name: 'offline' });
    expect(s.lastError).toBe('HTTP 503 from the logprob backend');
  });
});
