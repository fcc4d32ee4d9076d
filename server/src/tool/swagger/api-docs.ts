import { Controller, Get, Injectable, Module } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags, type OpenAPIObject } from '@nestjs/swagger';
import { RequirePermission } from '../../auth/permission';
import { ServiceException } from '../../common/errors/service-exception';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';

/** Holds the OpenAPI document app.factory builds once the routes are known. */
@Injectable()
export class ApiDocsHolder {
  document?: OpenAPIObject;
}

/** 系统工具 > 系统接口: the OpenAPI document for the console's own viewer, with the staff token. */
@ApiTags('tool')
@ApiBearerAuth()
@Controller('tool/swagger')
export class ApiDocsController {
  constructor(private readonly holder: ApiDocsHolder) {}

  @Get('api-docs')
  @RequirePermission('tool:swagger:list')
  @ApiOperation({ summary: 'The OpenAPI 3 document of this API as `data` of the envelope' })
  @ApiEnvelope()
  docs(): OpenAPIObject {
    if (!this.holder.document) throw ServiceException.notFound();
    return this.holder.document;
  }
}

@Module({
  controllers: [ApiDocsController],
  providers: [ApiDocsHolder],
  exports: [ApiDocsHolder],
})
export class ApiDocsModule {}
