import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../app/http';
import { t } from '../app/messages';
import { generate } from './api';

export type TurnStatus = 'waiting' | 'streaming' | 'done' | 'stopped' | 'failed' | 'refused';

/** One request and its answer (a conversation holds several, other tools one). */
export interface Turn {
  id: number;
  fields: Record<string, string>;
  /** Everything received so far. */
  text: string;
  status: TurnStatus;
  /** A refusal's or the stream's error message. */
  error?: string;
  generationId?: string;
}

/** Characters revealed per tick and the tick: the typing effect catches up with what arrived within ~8 ticks. */
const TYPE_TICK_MS = 30;
const typeStep = (behind: number) => Math.max(2, Math.ceil(behind / 8));

/**
 * Runs generations of one tool: streams each answer into its turn, Stop aborts the fetch (the server then aborts its
 * upstream call), and a conversational tool keeps the conversation id the first answer's header gave.
 */
export function useGeneration(slug: string, conversational: boolean) {
  const [turns, setTurns] = useState<Turn[]>([]);
  /** How much of the last turn is on screen (the typing effect). */
  const [shown, setShown] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const conversationId = useRef<string | undefined>(undefined);
  const nextId = useRef(1);

  const update = (id: number, change: (turn: Turn) => Partial<Turn>) =>
    setTurns((list) => list.map((turn) => (turn.id === id ? { ...turn, ...change(turn) } : turn)));

  const last = turns[turns.length - 1];
  const running = last?.status === 'waiting' || last?.status === 'streaming';

  // Typing effect: reveal the received text a few characters at a time.
  const lastLength = last?.text.length ?? 0;
  useEffect(() => {
    if (shown >= lastLength) return;
    const timer = setTimeout(() => setShown((value) => Math.min(lastLength, value + typeStep(lastLength - value))), TYPE_TICK_MS);
    return () => clearTimeout(timer);
  }, [shown, lastLength]);

  const start = useCallback(
    async (fields: Record<string, string>, options: { replaceLast?: boolean } = {}) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const id = nextId.current++;
      const turn: Turn = { id, fields, text: '', status: 'waiting' };
      setShown(0);
      setTurns((list) => {
        if (!conversational) return [turn];
        return [...(options.replaceLast ? list.slice(0, -1) : list), turn];
      });
      let ended = false;
      try {
        await generate(
          slug,
          { fields, conversationId: conversational ? conversationId.current : undefined },
          {
            signal: abort.signal,
            onStart: (result) => {
              if (result.conversationId) conversationId.current = result.conversationId;
              update(id, () => ({ status: 'streaming', generationId: result.generationId }));
            },
            onPiece: (piece) => {
              if (piece.type === 'content') update(id, (current) => ({ text: current.text + piece.text }));
              else if (piece.type === 'error') update(id, () => ({ error: piece.message }));
              else ended = true;
            },
          },
        );
        // A stream without [DONE] broke off: what arrived may be incomplete.
        update(id, (current) => (current.error || !ended ? { status: 'failed', error: current.error ?? t('ai.streamBroken') } : { status: 'done' }));
      } catch (error) {
        if (abort.signal.aborted || (error instanceof ApiError && error.kind === 'aborted')) {
          update(id, () => ({ status: 'stopped' }));
          // Stopped: show at once what arrived, the typing effect has nothing left to reveal.
          setShown(Number.MAX_SAFE_INTEGER);
        } else {
          const message = error instanceof Error ? error.message : String(error);
          update(id, (current) =>
            current.status === 'waiting' ? { status: 'refused', error: message } : { status: 'failed', error: current.error ?? t('ai.streamBroken') },
          );
        }
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [slug, conversational],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  /** Asks the last request again (in a conversation: in place of the last turn). */
  const regenerate = useCallback(() => {
    if (last) void start(last.fields, { replaceLast: true });
  }, [last, start]);

  /** A conversation starts over (a new conversation id comes with its first answer). */
  const reset = useCallback(() => {
    controller.current?.abort();
    conversationId.current = undefined;
    setTurns([]);
    setShown(0);
  }, []);

  // Leaving the page stops a running stream.
  useEffect(() => () => controller.current?.abort(), []);

  return { turns, shown, running, start, stop, regenerate, reset };
}
