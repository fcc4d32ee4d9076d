/**
 * How an order gets paid. A provider decides, when the order is created, whether it is paid at once or waits for
 * a confirmation; later providers (WeChat Pay, Alipay) implement the same interface with their callbacks.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Whether this provider takes an order of this fee (fen). */
  accepts(totalFee: number): boolean;
  /** What follows creation: `paid` at once, or `pending` until confirm() is called (a callback or staff). */
  start(order: { orderNo: string; totalFee: number }): Promise<{ outcome: 'paid' | 'pending' }>;
  /** Whether a caller may confirm payment by hand (staff in the back office). */
  readonly manualConfirm: boolean;
}

/** Price 0: nothing to pay, the order is paid when created. */
export const freeProvider: PaymentProvider = {
  name: 'free',
  manualConfirm: false,
  accepts: (totalFee) => totalFee === 0,
  start: async () => ({ outcome: 'paid' }),
};

/** Paid outside the system (transfer, cash): the order waits until staff confirm the payment in the back office. */
export const manualProvider: PaymentProvider = {
  name: 'manual',
  manualConfirm: true,
  accepts: (totalFee) => totalFee > 0,
  start: async () => ({ outcome: 'pending' }),
};

export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = [freeProvider, manualProvider];

/** The first provider that takes the fee: free for 0, manual otherwise (until online providers exist). */
export function providerFor(totalFee: number, providers: readonly PaymentProvider[] = PAYMENT_PROVIDERS): PaymentProvider {
  const provider = providers.find((p) => p.accepts(totalFee));
  if (!provider) throw new Error(`No payment provider takes a fee of ${totalFee}`);
  return provider;
}
