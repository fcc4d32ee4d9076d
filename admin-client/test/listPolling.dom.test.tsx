// @vitest-environment jsdom
import { ListBase, ResourceContextProvider, useListContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { useListPolling } from '../src/components/useListPolling';
import { dataProvider } from '../src/providers/dataProvider';
import { bodyText, render, useAdminHarness, waitFor } from './support/adminHarness';
import { serve, usePaymentServer } from './support/paymentServer';

useAdminHarness();
// The loopback server of the payment tests speaks the same envelope for any path.
usePaymentServer();

/** The rows of the list with their progress, read again while one is still indexing. */
function Rows() {
  useListPolling((row) => row.status === 'indexing', 300);
  const { data } = useListContext();
  return <div>{data?.map((row) => `${String(row.id)}:${String(row.status)}:${String(row.progress)}%`).join(' ')}</div>;
}

describe('useListPolling', () => {
  it('on a server slower than its interval, shows each answer and reads again only after it, never two reads at once', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    let reads = 0;
    serve(async ({ method, path }) => {
      if (method !== 'GET' || !path.endsWith('/list')) return undefined;
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      reads += 1;
      const progress = reads * 10;
      // Twice the polling interval.
      await new Promise((r) => setTimeout(r, 600));
      inFlight -= 1;
      return { data: { rows: [{ docId: 7, status: reads < 3 ? 'indexing' : 'indexed', progress }], total: 1 } };
    });
    render(
      <ResourceContextProvider value="check/document">
        <ListBase disableSyncWithLocation>
          <Rows />
        </ListBase>
      </ResourceContextProvider>,
      dataProvider,
      [],
    );
    await waitFor(() => bodyText().includes(':indexing:10%'), 5000);
    // The second and third answers arrive and are shown: none was cancelled by a newer read started before it came.
    await waitFor(() => bodyText().includes(':indexing:20%'), 5000);
    await waitFor(() => bodyText().includes(':indexed:30%'), 5000);
    expect(mostInFlight).toBe(1);
    // Nothing is indexing any more: the list stays still.
    await new Promise((r) => setTimeout(r, 1000));
    expect(reads).toBe(3);
  }, 20_000);
});
