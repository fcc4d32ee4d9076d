import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { CHECK_TYPES, type PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import type { CheckProductPublicDto, CreateProductDto, ProductQueryDto, UpdateProductDto } from './check-product.dto';
import { CheckProduct } from './check-product.entity';

/** Check products: one per public route (the unique index on path_url backs it). */
@Injectable()
export class CheckProductService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(CheckProduct);
  }

  async list(query: ProductQueryDto): Promise<PageResult<CheckProduct>> {
    const qb = this.repo.createQueryBuilder('p');
    if (query.productName) qb.andWhere('p.product_name ILIKE :name', { name: `%${escapeLike(query.productName)}%` });
    if (query.checkType) qb.andWhere('p.check_type = :checkType', { checkType: query.checkType });
    if (query.status) qb.andWhere('p.status = :status', { status: query.status });
    return paginate(qb, query, {
      sortable: { productId: 'p.product_id', sort: 'p.sort', price: 'p.price', createTime: 'p.create_time' },
      defaultOrder: { 'p.sort': 'ASC', 'p.product_id': 'ASC' },
    });
  }

  async get(productId: string): Promise<CheckProduct> {
    const product = await this.repo.findOneBy({ productId });
    if (!product) throw ServiceException.notFound('check.product.notFound');
    return product;
  }

  /** What the public site sells: enabled products by sort, with what their type checks. */
  async publicList(): Promise<CheckProductPublicDto[]> {
    const products = await this.repo.find({ where: { status: '0' }, order: { sort: 'ASC', productId: 'ASC' } });
    return products.map((p) => {
      const type = CHECK_TYPES[p.checkType];
      return {
        productId: p.productId,
        productName: p.productName,
        price: p.price,
        priceMode: p.priceMode,
        image: p.image,
        pathUrl: p.pathUrl,
        description: p.description,
        sort: p.sort,
        checkType: p.checkType,
        kind: type.kind,
        charLimit: type.charLimit,
        libraryKinds: [...type.libraryKinds],
        reports: [...type.reports],
      };
    });
  }

  /** Names of products by id (orders show the name they were bought under, or the type's when the product is gone). */
  async names(productIds: (string | null)[]): Promise<Map<string, string>> {
    const ids = [...new Set(productIds.filter((id): id is string => !!id))];
    if (!ids.length) return new Map();
    return new Map(
      (await this.repo.find({ where: { productId: In(ids) }, select: { productId: true, productName: true } })).map((p) => [
        p.productId,
        p.productName,
      ]),
    );
  }

  async create(caller: LoginUser, dto: CreateProductDto): Promise<CheckProduct> {
    return this.saveUnique(
      dto,
      this.repo.create({ ...this.fields(dto), status: dto.status ?? '0', createBy: caller.userName, updateBy: caller.userName }),
    );
  }

  async update(caller: LoginUser, dto: UpdateProductDto): Promise<CheckProduct> {
    const product = await this.get(dto.productId);
    Object.assign(product, this.fields(dto), { status: dto.status ?? product.status, updateBy: caller.userName });
    return this.saveUnique(dto, product);
  }

  async remove(productIds: string[]): Promise<void> {
    const products = await this.repo.findBy({ productId: In(productIds) });
    if (products.length !== productIds.length) throw ServiceException.notFound('check.product.notFound');
    await this.repo.delete({ productId: In(productIds) });
  }

  private fields(dto: CreateProductDto) {
    return {
      productName: dto.productName,
      price: dto.price,
      priceMode: dto.priceMode,
      image: dto.image ?? '',
      pathUrl: dto.pathUrl,
      description: dto.description ?? '',
      sort: dto.sort,
      checkType: dto.checkType,
      remark: dto.remark ?? '',
    };
  }

  /** The unique index decides (no check-then-insert race); its violation becomes a message naming the path. */
  private async saveUnique(dto: CreateProductDto, product: CheckProduct): Promise<CheckProduct> {
    try {
      return await this.repo.save(product);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('check.product.pathTaken', { productName: dto.productName, pathUrl: dto.pathUrl });
      throw error;
    }
  }
}
