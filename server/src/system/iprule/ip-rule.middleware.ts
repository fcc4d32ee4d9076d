import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ServiceException } from '../../common/errors/service-exception';
import { IpAccessService } from './ip-access.service';

/** Refuses (403) a request from an address the IP rules do not let in. */
@Injectable()
export class IpRuleMiddleware implements NestMiddleware {
  constructor(private readonly access: IpAccessService) {}

  use(req: Request, _res: Response, next: NextFunction): void {
    if (!this.access.allows(req.ip)) throw ServiceException.forbidden('iprule.denied', { ip: req.ip ?? '-' });
    next();
  }
}
