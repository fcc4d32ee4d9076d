import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { CHECK_TYPES, checkFee, type PageResult } from '@zhiwen/shared';
import type { LoginUser, MemberSession } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { isCheckInputError, parseDocument, type ParsedDocument } from '../engine/ingest';
import { inputErrorArgs } from '../library/check-document.service';
import { CheckProductService } from '../product/check-product.service';
import { CheckOrderTransitionService, newOrderNo } from './check-order-transition.service';
import type { CreateOrderDto, MyOrderQueryDto, OrderDetailDto, OrderDto, OrderQueryDto } from './check-order.dto';
import { CheckOrder, CheckOrderLog } from './check-order.entity';
import { PAYMENT_PROVIDERS, providerFor } from './payment-provider';

/** An uploaded paper as multer hands it over. */
export interface UploadedPaper {
  originalname: string;
  buffer: Buffer;
}

/** Where an order's paper is kept. */
export const paperKeyOf = (orderId: string) => `check/orders/${orderId}/paper`;

/** Actor of the log rows the system writes itself (a free order paid on creation). */
const SYSTEM_ACTOR = 'system';

export function toOrderDto(o: CheckOrder): OrderDto {
  return {
    orderId: o.orderId,
    orderNo: o.orderNo,
    title: o.title,
    author: o.author,
    productId: o.productId,
    checkType: o.checkType,
    totalFee: o.totalFee,
    charCount: o.charCount,
    status: o.status,
    payProvider: o.payProvider,
    payTime: o.payTime,
    fileName: o.fileName,
    memberId: o.memberId,
    tid: o.tid,
    remark: o.remark,
    createTime: o.createTime,
    updateTime: o.updateTime,
  };
}

/** Orders of paper checks: members place and read their own, staff list them and move them by hand. */
@Injectable()
export class CheckOrderService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly products: CheckProductService,
    private readonly transitions: CheckOrderTransitionService,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CheckOrder);
  }

  /**
   * Places an order: the paper is read first (a file that cannot be checked, or is longer than the type allows, is
   * refused before anything is stored), then the order, its creation log row and the paper are stored together,
   * then the payment provider for the fee decides whether it is paid at once.
   */
  async create(member: MemberSession, dto: CreateOrderDto, file: UploadedPaper | undefined): Promise<OrderDetailDto> {
    if (!file) throw new ServiceException('check.order.noFile');
    const product = await this.products.get(dto.productId);
    if (product.status !== '0') throw new ServiceException('check.order.productDisabled', { productName: product.productName });
    const type = CHECK_TYPES[product.checkType];
    const fileName = file.originalname.slice(0, 255);
    const paper = await this.parse(file.buffer, fileName, type.charLimit, type.name);
    const totalFee = checkFee(product.price, product.priceMode, paper.countedChars);
    const provider = providerFor(totalFee);

    const order = await this.dataSource.transaction(async (m) => {
      const created = await m.save(
        m.create(CheckOrder, {
          orderNo: newOrderNo(),
          title: dto.title,
          author: dto.author ?? '',
          productId: product.productId,
          // The order keeps its own type and fee: later product changes do not rewrite what was bought.
          checkType: product.checkType,
          totalFee,
          charCount: paper.countedChars,
          status: 'created',
          payProvider: provider.name,
          fileName,
          fileMd5: createHash('md5').update(file.buffer).digest('hex'),
          memberId: member.id,
        }),
      );
      created.fileKey = paperKeyOf(created.orderId);
      await m.save(created);
      await m.save(m.create(CheckOrderLog, { orderId: created.orderId, fromStatus: '', toStatus: 'created', actor: member.userName }));
      // Stored last inside the transaction: a failed write rolls the order back, so no order lacks its paper.
      await this.storage.put(created.fileKey, file.buffer);
      return created;
    });

    const { outcome } = await provider.start({ orderNo: order.orderNo, totalFee });
    if (outcome === 'paid') await this.transitions.transition(order.orderId, 'paid', SYSTEM_ACTOR, provider.name, { payTime: new Date() });
    return this.detail(order.orderId);
  }

  /** The member's own orders, newest first. */
  async myList(memberId: string, query: MyOrderQueryDto): Promise<PageResult<OrderDto>> {
    const qb = this.repo.createQueryBuilder('o').where('o.member_id = :memberId', { memberId });
    if (query.status) qb.andWhere('o.status = :status', { status: query.status });
    return this.page(qb, query);
  }

  /** One of the member's own orders; another member's answers "not found", as if it did not exist. */
  async myGet(memberId: string, orderNo: string): Promise<OrderDetailDto> {
    const order = await this.repo.findOneBy({ orderNo, memberId });
    if (!order) throw ServiceException.notFound('check.order.notFound');
    return this.withLog(order);
  }

  async list(query: OrderQueryDto): Promise<PageResult<OrderDto>> {
    const qb = this.repo.createQueryBuilder('o');
    if (query.orderNo) qb.andWhere('o.order_no = :orderNo', { orderNo: query.orderNo });
    if (query.title) qb.andWhere('o.title ILIKE :title', { title: `%${escapeLike(query.title)}%` });
    if (query.status) qb.andWhere('o.status = :status', { status: query.status });
    if (query.checkType) qb.andWhere('o.check_type = :checkType', { checkType: query.checkType });
    if (query.memberId) qb.andWhere('o.member_id = :memberId', { memberId: query.memberId });
    return this.page(qb, query);
  }

  detail(orderId: string): Promise<OrderDetailDto> {
    return this.find(orderId).then((o) => this.withLog(o));
  }

  /** Staff confirm a payment made outside the system; only orders of a provider that waits for that. */
  async confirmPayment(orderId: string, caller: LoginUser, reason = ''): Promise<OrderDetailDto> {
    const order = await this.find(orderId);
    const provider = PAYMENT_PROVIDERS.find((p) => p.name === order.payProvider);
    if (!provider?.manualConfirm) throw new ServiceException('check.order.notManualPayment', { provider: order.payProvider || '-' });
    await this.transitions.transition(orderId, 'paid', caller.userName, reason, { payTime: new Date() });
    return this.detail(orderId);
  }

  async cancel(orderId: string, caller: LoginUser, reason: string): Promise<OrderDetailDto> {
    await this.transitions.transition(orderId, 'cancelled', caller.userName, reason);
    return this.detail(orderId);
  }

  /** Marks the order refunded (the money goes back outside the system for now); the machine says from which states. */
  async refund(orderId: string, caller: LoginUser, reason: string): Promise<OrderDetailDto> {
    await this.transitions.transition(orderId, 'refunded', caller.userName, reason);
    return this.detail(orderId);
  }

  private async find(orderId: string): Promise<CheckOrder> {
    const order = await this.repo.findOneBy({ orderId });
    if (!order) throw ServiceException.notFound('check.order.notFound');
    return order;
  }

  private async withLog(order: CheckOrder): Promise<OrderDetailDto> {
    const log = await this.transitions.history(order.orderId);
    return {
      ...toOrderDto(order),
      log: log.map((l) => ({ logId: l.logId, fromStatus: l.fromStatus, toStatus: l.toStatus, actor: l.actor, reason: l.reason, createTime: l.createTime })),
    };
  }

  private async page(qb: SelectQueryBuilder<CheckOrder>, query: MyOrderQueryDto): Promise<PageResult<OrderDto>> {
    const page = await paginate(qb, query, {
      sortable: { orderId: 'o.order_id', totalFee: 'o.total_fee', charCount: 'o.char_count', status: 'o.status', createTime: 'o.create_time', payTime: 'o.pay_time' },
      defaultOrder: { 'o.order_id': 'DESC' },
    });
    return { total: page.total, rows: page.rows.map(toOrderDto) };
  }

  /**
   * Reads the paper with the type's character limit. Input errors become the translated `check.input.*` message;
   * a paper over the limit gets a message naming the type and its limit, which is what the member can act on.
   */
  private async parse(buffer: Buffer, fileName: string, charLimit: number, typeName: string): Promise<ParsedDocument> {
    try {
      return await parseDocument(buffer, fileName, { maxChars: charLimit });
    } catch (error) {
      if (!isCheckInputError(error)) throw error;
      if (error.code === 'too_large' && error.details.limit === 'chars') {
        throw new ServiceException('check.order.tooLong', { checkType: typeName, max: charLimit, actual: error.details.actual ?? 0 });
      }
      throw new ServiceException(error.message, inputErrorArgs(error.details as Record<string, string | number>));
    }
  }
}
