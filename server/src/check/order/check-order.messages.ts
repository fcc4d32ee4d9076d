import { defineMessages } from '../../common/i18n/i18n';

/** Messages of check orders (`/check/order`). */
export const CHECK_ORDER_MESSAGES = defineMessages({
  'zh-CN': {
    'check.order.notFound': '检测订单不存在',
    'check.order.illegalTransition': '订单当前状态为“{from}”，不能变为“{to}”',
    'check.order.status.created': '待支付',
    'check.order.status.paid': '已支付',
    'check.order.status.queued': '排队中',
    'check.order.status.checking': '检测中',
    'check.order.status.done': '已完成',
    'check.order.status.failed': '检测失败',
    'check.order.status.cancelled': '已取消',
    'check.order.status.refunded': '已退款',
  },
  'zh-TW': {
    'check.order.notFound': '檢測訂單不存在',
    'check.order.illegalTransition': '訂單目前狀態為「{from}」，不能變為「{to}」',
    'check.order.status.created': '待付款',
    'check.order.status.paid': '已付款',
    'check.order.status.queued': '排隊中',
    'check.order.status.checking': '檢測中',
    'check.order.status.done': '已完成',
    'check.order.status.failed': '檢測失敗',
    'check.order.status.cancelled': '已取消',
    'check.order.status.refunded': '已退款',
  },
  en: {
    'check.order.notFound': 'The check order does not exist',
    'check.order.illegalTransition': 'The order is "{from}" and cannot become "{to}"',
    'check.order.status.created': 'Awaiting payment',
    'check.order.status.paid': 'Paid',
    'check.order.status.queued': 'Queued',
    'check.order.status.checking': 'Checking',
    'check.order.status.done': 'Done',
    'check.order.status.failed': 'Check failed',
    'check.order.status.cancelled': 'Cancelled',
    'check.order.status.refunded': 'Refunded',
  },
});
