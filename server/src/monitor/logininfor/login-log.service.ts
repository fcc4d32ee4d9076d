import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { ClientInfo } from '../../common/http/client-info';
import { LoginLog } from './login-log.entity';

/** Writes the login log: every attempt of staff and members, its result and message. */
@Injectable()
export class LoginLogService {
  constructor(@InjectRepository(LoginLog) private readonly logs: Repository<LoginLog>) {}

  /** `realm` tells back-office sign-ins (staff) from the public site's (members). */
  async record(userName: string, client: ClientInfo, success: boolean, msg: string, realm: 'staff' | 'member' = 'staff'): Promise<void> {
    await this.logs.insert({
      userName: userName.slice(0, 100),
      ipaddr: client.ipaddr,
      browser: client.browser,
      os: client.os,
      userAgent: client.userAgent,
      status: success ? '0' : '1',
      msg: msg.slice(0, 255),
      realm,
    });
  }
}
