import type { BillLine } from '../payment-gateway';

/**
 * Reads WeChat Pay's trade bill (交易账单, bill_type ALL): a header line of column names, one line per trade or refund
 * whose every field starts with a backtick "`" (so that spreadsheets keep numbers as text), then a summary part
 * starting with the line `总交易单数,...`. Amounts are yuan with two decimals, turned into fen exactly.
 */

/** "12.34" yuan → 1234 fen, by digits, never through floating point; throws on anything else. */
export function yuanToFen(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "2026-11-25 10:00:00" China time → the instant. */
function chinaTime(text: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not a bill time: ${JSON.stringify(text)}`);
  return new Date(`${match[1]}T${match[2]}+08:00`);
}

/**
 * The payments (state SUCCESS) and refunds (state REFUND) of a bill; throws when a needed column or value is missing.
 * A refund is billed on the day WeChat accepted it, whatever became of it since (the bill is a snapshot).
 */
export function parseTradeBill(csv: string): BillLine[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0) return [];
  const header = lines[headerIndex].split(',').map((h) => h.trim());
  const column = (...names: string[]) => {
    const index = header.findIndex((h) => names.includes(h));
    if (index < 0) throw new Error(`the bill has no column ${names[0]}`);
    return index;
  };
  const at = {
    time: column('交易时间'),
    providerTradeNo: column('微信订单号'),
    outTradeNo: column('商户订单号'),
    state: column('交易状态'),
    // A few old merchants' bills still say 总金额 where today's say 应结订单金额 (WeChat's bill format notes).
    settledAmount: column('应结订单金额', '总金额'),
    outRefundNo: column('商户退款单号'),
    refundAmount: column('退款金额'),
  };
  const result: BillLine[] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    if (line.startsWith('总交易单数')) break;
    if (!line.startsWith('`')) continue;
    // Every field starts with a backtick, so ",`" separates fields even when a product name holds a comma.
    const fields = line.slice(1).split(',`');
    if (fields.length < header.length) throw new Error('a bill line has fewer fields than the header');
    const field = (index: number) => fields[index].trim();
    const state = field(at.state);
    if (state === 'SUCCESS') {
      result.push({
        kind: 'payment',
        outTradeNo: field(at.outTradeNo),
        providerTradeNo: field(at.providerTradeNo),
        amount: yuanToFen(field(at.settledAmount)),
        time: chinaTime(field(at.time)),
      });
    } else if (state === 'REFUND') {
      result.push({
        kind: 'refund',
        outTradeNo: field(at.outTradeNo),
        providerTradeNo: field(at.providerTradeNo),
        amount: yuanToFen(field(at.refundAmount)),
        outRefundNo: field(at.outRefundNo),
        time: chinaTime(field(at.time)),
      });
    }
  }
  return result;
}
