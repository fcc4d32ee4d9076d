import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { CheckProductPublicDto, CreateProductDto, ProductDto, ProductQueryDto, UpdateProductDto } from './check-product.dto';
import type { CheckProduct } from './check-product.entity';
import { CheckProductService } from './check-product.service';

const TITLE = '检测产品';

@ApiTags('check/product')
@ApiBearerAuth()
@Controller('check/product')
export class CheckProductController {
  constructor(private readonly products: CheckProductService) {}

  @ListRoute<CheckProduct>('list', {
    exportPermission: 'check:product:export',
    fileName: 'check.product.exportFile',
    columns: [
      { key: 'productId', header: 'field.productId', width: 10 },
      { key: 'productName', header: 'field.productName', width: 24 },
      { key: 'checkType', header: 'field.checkType', width: 12 },
      { key: 'pathUrl', header: 'field.pathUrl', width: 14 },
      { key: 'price', header: 'field.price', width: 12 },
      { key: 'priceMode', header: 'field.priceMode', width: 14, format: (v) => t(`check.product.priceMode.${String(v)}`) },
      { key: 'status', header: 'field.status', format: (v) => t(`check.product.status.${String(v)}`) },
      { key: 'sort', header: 'field.sort' },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission('check:product:list')
  @ApiOperation({ summary: 'Check products, paged; POST with cc-export: 1 downloads them (needs check:product:export too)' })
  @ApiEnvelope(ProductDto, { paged: true })
  list(@Query() query: ProductQueryDto): Promise<PageResult<CheckProduct>> {
    return this.products.list(query);
  }

  @Get(':productId')
  @RequirePermission('check:product:query')
  @ApiOperation({ summary: 'One check product' })
  @ApiEnvelope(ProductDto)
  get(@Param('productId', IdPipe) productId: string): Promise<CheckProduct> {
    return this.products.get(productId);
  }

  @Post()
  @RequirePermission('check:product:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a check product (path unique)' })
  @ApiEnvelope(ProductDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateProductDto): Promise<CheckProduct> {
    return this.products.create(user, dto);
  }

  @Put()
  @RequirePermission('check:product:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a check product' })
  @ApiEnvelope(ProductDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateProductDto): Promise<CheckProduct> {
    return this.products.update(user, dto);
  }

  @Delete(':productIds')
  @RequirePermission('check:product:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete check products (comma list); orders keep their own copy of type and fee' })
  @ApiEnvelope()
  async remove(@Param('productIds', IdListPipe) productIds: string[]): Promise<void> {
    await this.products.remove(productIds);
  }
}

/** What the public site sells (`GET /check/products`): open to visitors, so the product pages show prices before sign-in. */
@ApiTags('check/product')
@Controller('check/products')
export class CheckProductPublicController {
  constructor(private readonly products: CheckProductService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Enabled check products, by sort, with what each checks (libraries, reports, character limit)' })
  @ApiEnvelope(CheckProductPublicDto, { isArray: true })
  list(): Promise<CheckProductPublicDto[]> {
    return this.products.publicList();
  }
}
