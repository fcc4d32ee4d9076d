import { Global, Injectable, Logger, Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** What happened, by event name: the payload each emitter gives (ids and a few facts; listeners look up the rest). */
export interface AppEventMap {
  /** A check order ended failed. */
  'check.failed': { orderId: string; errorKey?: string; errorArgs?: Record<string, string | number> };
  /** A check order was paid online (the order moved to paid). */
  'order.paid': { orderId: string; channel: string; amount: number };
  /** A refund row was written (staff, or the automatic refund of a surplus payment). */
  'refund.requested': { orderId: string; refundId: string; amount: number; reason: string; actor: string; surplus: boolean };
  /** A CMS publish task ended failed. */
  'publish.failed': { taskId: string; error: string };
  /** A CMS publish task of a site finished (done or with failed pages): dynamic pages of the site drop their cache. */
  'cms.site.published': { siteId: string };
  /** CMS content went on the site (published, by staff or on schedule): its ids, committed. */
  'cms.content.published': { contentIds: string[] };
  /** CMS content left the site (offline, archived, deleted, or its page moved): its ids, committed. */
  'cms.content.offline': { contentIds: string[] };
  /** A staff member signed in (listeners decide whether the address is new to them). */
  'staff.signIn': { userName: string; ipaddr: string; browser: string; os: string };
}

export type AppEventName = keyof AppEventMap;

/** Facts every event carries: a unique id (listeners use it to do their work once) and when it was emitted. */
export interface AppEventMeta {
  id: string;
  time: Date;
}

export type AppEventListener<E extends AppEventName> = (payload: AppEventMap[E], meta: AppEventMeta) => void | Promise<void>;

/**
 * A small typed in-process event bus. `emit` never throws and never waits: listeners run after the emitter's current
 * step, and a failing listener is logged, so emitting from a payment or a sign-in cannot break it.
 */
@Injectable()
export class EventBus {
  private readonly logger = new Logger('Events');
  private readonly listeners = new Map<AppEventName, Set<AppEventListener<AppEventName>>>();

  /** Subscribes; returns the function that unsubscribes (call it when the listener's module stops). */
  on<E extends AppEventName>(event: E, listener: AppEventListener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as AppEventListener<AppEventName>);
    return () => set.delete(listener as AppEventListener<AppEventName>);
  }

  emit<E extends AppEventName>(event: E, payload: AppEventMap[E]): void {
    const set = this.listeners.get(event);
    if (!set?.size) return;
    const meta: AppEventMeta = { id: randomUUID(), time: new Date() };
    for (const listener of [...set]) {
      setImmediate(() => {
        Promise.resolve()
          .then(() => listener(payload, meta))
          .catch((error: unknown) =>
            this.logger.error({ event, message: error instanceof Error ? error.message : String(error) }, 'Event listener failed'),
          );
      });
    }
  }
}

/**
 * The process's bus. Code outside Nest's injection (or whose constructor should not change for one line) imports it;
 * Nest code may inject `EventBus` (the same instance, see EventsModule).
 */
export const appEvents = new EventBus();

/** Makes the process's event bus injectable everywhere. */
@Global()
@Module({ providers: [{ provide: EventBus, useValue: appEvents }], exports: [EventBus] })
export class EventsModule {}
